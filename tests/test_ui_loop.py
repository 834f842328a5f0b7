"""The window's loop as a player's runs it: its idle wait keeps input in order and wakes
for everything due; runs nobody watches say when the crash screen came up; and every
game, opened by the command line at the shipped settings, plays without a crash."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pygame
import pytest
from monkey_kit import person_to, sit
from player_kit import Person, shipped_app
from ui_kit import bluff_table

from game.games.coup_detat.table.motion import BoardMotion
from game.ui import main
from game.ui.app import App
from game.ui.scene import Scene

RULESETS = ("coup-detat", "coup-detat-duel", "coup", "coup-inquisitor")


class Recorder(Scene):
    """A scene that notes the mouse buttons' events it is given, in order."""

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.seen: list[int] = []

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.seen.append(event.type)
        return True


def test_a_click_that_wakes_the_sleeping_loop_is_handled_press_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A press and its release arrive together while the loop sleeps (an instant click):
    the press, which woke it, is handled before the release queued behind it."""
    with shipped_app(tmp_path, monkeypatch) as app:
        recorder = Recorder(app)
        app.replace(recorder)
        app.frame()

        def click_soon() -> None:
            time.sleep(0.05)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, button=1, pos=(5, 5), touch=False))

        clicking = threading.Thread(target=click_soon)
        clicking.start()
        deadline = time.perf_counter() + 5
        while len(recorder.seen) < 2 and time.perf_counter() < deadline:
            app.frame()  # idle: it sleeps in its wait until the click comes
        clicking.join()
        assert recorder.seen == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]


def test_frames_drawn_back_to_back_leave_the_computers_thread_its_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow machine (or a sped-up clock) draws frames with no pause between them. The
    computers think on a thread of this process, which must still get the GIL: it once
    waited seconds for it, while a Medium move takes microseconds."""
    with shipped_app(tmp_path, monkeypatch) as app:
        app.frame_rate = 0  # no wait for the next frame
        bluff_table(app, "hccc", seed=3)
        app.frame(idle_wait=False)
        with ThreadPoolExecutor(max_workers=1) as thread:
            thread.submit(time.monotonic).result()  # the thread exists and is idle
            for _ in range(5):
                asked = time.monotonic()
                job = thread.submit(time.monotonic)
                while not job.done() and time.monotonic() < asked + 3:
                    app.frame(idle_wait=False)
                waited = (job.result() if job.done() else time.monotonic()) - asked
                assert waited < 0.3, f"the thread's job waited {waited:.2f} s to start"


def test_a_dagger_on_its_way_keeps_the_loop_drawing_until_it_is_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dagger gliding along the Director's Board (a hand named, an undo) keeps the
    table busy: the loop went to sleep with it midway, until the mouse moved."""
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        table = sit(app, "hccc", seed=2, until=person_to("choose"))
        loop_for(app, seconds=1.0)
        board = table.kit.motion
        assert isinstance(board, BoardMotion)
        places = board.dagger_places(table.controller.view(), table.layout)
        assert board.daggers == places and not table.busy
        board.daggers = [x - 40 for x in places]  # midway, as a glide leaves them
        assert table.busy
        loop_for(app, seconds=2.0)
        assert board.daggers == places


def loop_for(app: App, seconds: float) -> None:
    """The window's own loop, with its idle wait, and no input, for `seconds`."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        app.frame()


def test_a_run_nobody_watches_ends_at_the_crash_screen_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))

    def broken(*args: object, **keywords: object) -> None:
        raise ValueError("max() arg is an empty sequence")

    monkeypatch.setattr("game.games.coup.table.hud.draw_deck", broken)
    status = main.run(autoplay="coup", frames=200, seed=1)
    reports = list((tmp_path / "crash-reports").glob("crash-*.json"))
    assert status == 1 and len(reports) == 1
    error = capsys.readouterr().err
    assert "crash screen" in error and "max() arg is an empty sequence" in error
    assert str(reports[0]) in error


def test_a_run_until_the_game_is_over_says_when_it_did_not_get_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    assert main.run(autoplay="coup", frames=5, until_over=True, seed=1) == 1
    assert "had not ended after 5 frames" in capsys.readouterr().err
    monkeypatch.setenv(main.TIME_SCALE, "200")
    assert main.run(autoplay="coup", frames=20000, until_over=True, seed=1) == 0


@pytest.mark.parametrize("scale", ["0", "-2", "fast", "inf", "nan", "1e308", "1e-300",
                                   "9" * 5000])
def test_a_time_scale_that_makes_no_sense_is_refused_in_words(
        scale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """1e308 once made the table's time infinite (the crash screen); 1e-300 made a pause
    last for ever."""
    monkeypatch.setenv(main.TIME_SCALE, scale)
    with pytest.raises(SystemExit, match=r"must be a number from 0\.01 to 10000") as refused:
        main.time_scale()
    assert len(str(refused.value)) < 120


def test_the_fastest_time_scale_plays_a_game_to_its_end_without_the_crash_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    monkeypatch.setenv(main.TIME_SCALE, f"{main.FASTEST_TIME:g}")
    assert main.run(autoplay="coup-detat-duel", frames=20000, until_over=True, seed=3) == 0


def test_every_game_plays_from_the_command_line_at_the_shipped_settings(
        tmp_path: Path) -> None:
    """`coup-detat --autoplay RULESET --frames 400`, as the issue's reporter ran it: no
    settings file, animations and computers at their normal pace; it exits 0 and writes
    no crash report. The four run side by side."""
    runs = {}
    for ruleset in RULESETS:
        home = tmp_path / ruleset
        home.mkdir()
        environment = {**os.environ, "COUP_DETAT_HOME": str(home),
                       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        runs[ruleset] = (home, subprocess.Popen(
            [sys.executable, "-m", "game", "--autoplay", ruleset, "--frames", "400",
             "--seed", "3"], env=environment, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True))
    for ruleset, (home, run) in runs.items():
        _, errors = run.communicate(timeout=120)
        assert run.returncode == 0, f"{ruleset}: {errors[-2000:]}"
        assert not list(home.rglob("crash-*.json")), f"{ruleset} showed the crash screen"


def test_quick_clicks_on_ones_own_cards_each_count_while_the_hand_settles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Bastille exchange at normal speed: a card picked rises for a moment; a second
    card clicked meanwhile is picked too (the click was taken to skip the rise)."""
    with shipped_app(tmp_path, monkeypatch, speed=1.0) as app:
        table = sit(app, "hc", seed=14, until=person_to("discard"))
        loop_for(app, seconds=1.0)
        first, second = table.felt.in_hand()[:2]
        person = Person(app, seed=1)
        person.click(person.card_spot(table, first))
        assert table.stage.busy(table.controller.clock()), "the picked card is on its way up"
        person.click(person.card_spot(table, second))
        assert table.felt.marked == {first, second}
