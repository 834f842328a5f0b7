"""The first moments of the window: a launch prints nothing, and nothing shown for the first
time (a fanfare, a card's back, the New game screen) is prepared inside a frame."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from player_kit import shipped_app
from test_real_window import x_display  # noqa: F401 (the fixture)
from ui_kit import bluff_table, close_window, table

from game.cards import Card
from game.games.coup.table import hud as coup_hud
from game.services.settings import Settings
from game.ui import glyphs, sound
from game.ui.app import App, FrameStats
from game.ui.art import card_art, character_cards
from game.ui.table.scene import TableScene

ROOT = Path(__file__).parent.parent
OPENED_SECONDS = 60.0  # of the wall clock: the window is open by then


def test_the_window_opens_without_a_warning(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = App(Settings())
        try:
            app.frame(idle_wait=False)
        finally:
            close_window(app)
    assert [str(warning.message) for warning in caught] == []


def _window_shown(display: str, pid: int) -> bool:
    found = subprocess.run(["xdotool", "search", "--pid", str(pid)],
                           env={**os.environ, "DISPLAY": display}, capture_output=True,
                           text=True, timeout=10)
    return bool(found.stdout.strip())


def test_a_normal_start_prints_nothing(x_display: str, tmp_path: Path) -> None:  # noqa: F811
    """The program as a player starts it, in a real window: nothing on either stream."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("SDL_VIDEODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    environment |= {"DISPLAY": x_display, "COUP_DETAT_HOME": str(tmp_path),
                    "SDL_AUDIODRIVER": "dummy"}
    game = subprocess.Popen([sys.executable, "-m", "game"], env=environment, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        until = time.perf_counter() + OPENED_SECONDS
        while not _window_shown(x_display, game.pid) and time.perf_counter() < until:
            assert game.poll() is None, game.communicate()
            time.sleep(0.2)
        time.sleep(1.0)  # its first frames drawn
        game.send_signal(signal.SIGTERM)  # closed as by its close button
        out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0
    assert (out, err) == ("", "")


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The window as a player opens it (sound on, through the dummy audio driver)."""
    with shipped_app(tmp_path, monkeypatch) as app:
        yield app


def _first_frame_and_a_moment(app: App) -> None:
    """The first frame, then the loop as it idles (a player reading the Title screen)."""
    app.frame(idle_wait=False)
    until = time.perf_counter() + 10
    while time.perf_counter() < until and any(thread.name == "sounds"
                                              for thread in threading.enumerate()):
        app.frame()
    for _ in range(5):
        app.frame()


def test_no_sound_is_made_inside_a_frame_once_the_window_is_up(
        shipped: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fanfare made at its first play held that frame a tenth of a second."""
    _first_frame_and_a_moment(shipped)
    made: list[str] = []
    monkeypatch.setattr(sound, "synthesize",
                        lambda name, rate=44100: made.append(name) or bytes(64))
    for name in sound.SOUND_NAMES:
        shipped.sounds.play(name)
    assert shipped.sounds.available and made == []


def test_new_game_finds_its_work_done_while_the_title_screen_idles(shipped: App) -> None:
    """Its name boxes' forbidden characters took most of half a second at the click."""
    _first_frame_and_a_moment(shipped)
    assert glyphs.zero_width.cache_info().currsize == 1


def test_the_card_backs_are_drawn_as_the_table_opens_not_in_the_deal(
        shipped: App, monkeypatch: pytest.MonkeyPatch) -> None:
    card_art.clear_caches()  # (drawn by an earlier test in this process, maybe)
    scene = table(shipped, "hccc")
    widths = {scene.layout.card_width, scene.layout.small_card_width}
    drawn: list[int] = []
    draw = card_art.draw_back
    monkeypatch.setattr(card_art, "draw_back",
                        lambda name, width: drawn.append(width) or draw(name, width))
    until = time.perf_counter() + 30
    while not any(not placement.face_up
                  for _, placement in scene.stage.placements(scene.controller.clock())):
        assert time.perf_counter() < until, "no card back was ever shown"
        shipped.frame(idle_wait=False)
    for _ in range(20):
        shipped.frame(idle_wait=False)
    assert widths.isdisjoint(drawn), f"backs drawn in a frame at {sorted(set(drawn))}"


def test_stats_tell_the_longest_frame_after_the_first() -> None:
    stats = FrameStats([0.5, 0.01, 0.03, 0.02])
    assert stats.report()["frame_ms_max_after_first"] == 30.0


def test_a_sound_the_thread_could_not_make_is_made_at_its_first_play(
        shipped: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a traceback on the terminal: the sound is made as it was before."""
    making = sound._mixer_bytes
    uncaught: list[object] = []
    monkeypatch.setattr(threading, "excepthook", lambda raised: uncaught.append(raised))

    def failing_ahead(name: str, init: tuple[int, int, int] | None = None) -> bytes:
        if init is not None:  # the thread's call
            raise MemoryError
        return making(name)

    monkeypatch.setattr(sound, "_mixer_bytes", failing_ahead)
    _first_frame_and_a_moment(shipped)
    shipped.sounds.play("fanfare")
    assert shipped.sounds.available and uncaught == []


def _plates_widths(scene: TableScene) -> set[int]:
    return {coup_hud.card_width(spot, scene.layout.scale)
            for spot in coup_hud.seat_spots(scene.layout, scene.controller.view().players, 0)}


def test_the_influences_backs_are_drawn_as_the_bluffing_table_opens(
        shipped: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bluffing games draw their influences at the plates' widths, which the kit
    names (`art_ahead`): their backs too are made before the first deal's frame."""
    card_art.clear_caches()
    drawn: list[int] = []
    draw = card_art.draw_back
    monkeypatch.setattr(card_art, "draw_back",
                        lambda name, width: drawn.append(width) or draw(name, width))
    scene = bluff_table(shipped, "hccc")
    opened = set(drawn)
    wanted = _plates_widths(scene)
    assert len(wanted) == 2 and wanted <= opened, (wanted, opened)
    drawn.clear()
    for _ in range(120):
        shipped.frame(idle_wait=False)
    assert wanted.isdisjoint(drawn), f"backs drawn in a frame at {sorted(set(drawn))}"


def test_the_characters_faces_are_drawn_before_a_frame_shows_them(
        shipped: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A character's face first drawn in a frame held it about thirty milliseconds: the
    viewer's own are made as the table opens, every other one in the frames' spare time,
    never in a frame's drawing. The computers play on at their pace meanwhile."""
    character_cards.clear_caches()
    drawing, drawn_in_frames, made = [False], [], []
    draw_frame, draw_face = App.draw, character_cards.draw_face

    def watched_frame(app: App) -> None:
        drawing[0] = True
        try:
            draw_frame(app)
        finally:
            drawing[0] = False

    def watched_face(card: Card, width: int, colour: tuple[int, int, int]) -> object:
        (drawn_in_frames if drawing[0] else made).append((card, width))
        return draw_face(card, width, colour)

    monkeypatch.setattr(App, "draw", watched_frame)
    monkeypatch.setattr(character_cards, "draw_face", watched_face)
    scene = bluff_table(shipped, "hccc")
    variant = scene.controller.view().variant
    for _ in range(240):
        shipped.frame(idle_wait=False)
    every = len(coup_hud.VARIANTS[variant].characters) * len(_plates_widths(scene))
    assert drawn_in_frames == [] and len(set(made)) == every, (drawn_in_frames, len(made))
