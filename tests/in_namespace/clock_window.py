"""The time for each decision and the host's word past the grace, in the window (issue 40,
items 3 and 4), at the shipped settings (only the table's clock is faster): run in a
network namespace by tests/test_net_clock.py.

- A person hosts Coup from the window with a time for each decision; a friend joins with
  `join --bot`. At the host's own turn the seat's clock counts down at its plate; its time
  running out, the computer chooses for the host's seat, and says so. The friend's
  program is killed: past the grace the host is asked; Escape waits longer (the
  countdown starts again), and the question comes again; the keys then let the computer
  play the seat, and the game is played to its end, the computer in the friend's seat.
- A friend joins `coup-detat host --time` from the window: the clock counts down at the
  friend's own plate; the friend lets it run out, and is told the computer chose; the
  game is then played to its end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from player_kit import Person, shipped_app
from ui_kit import type_over

import game.ui.table.over_network as over_network
from game.net.hosted import Chair
from game.ui.app import App
from game.ui.scenes.away_friend import AwayFriendDialog
from game.ui.scenes.hosting import HostingScene
from game.ui.scenes.joining import JoinScene, WaitingRoom
from game.ui.scenes.new_game import FRIEND_CHOICE
from game.ui.table.felt import Felt
from game.ui.table.online import OnlineTable
from game.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parents[2]
BOT = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
WAIT = 30.0  # seconds of the wall clock for what the network brings
GRACE = 2.0  # seconds the host's window waits for a friend, in this test
SHOTS = os.environ.get("COUP_DETAT_TEST_SHOTS")  # a folder for screenshots, to look at


def env(home: Path) -> dict[str, str]:
    return {**os.environ, "COUP_DETAT_HOME": str(home)}


def frames_until(app: App, done: Any, what: str, seconds: float = WAIT) -> None:
    """The window's frames until `done()` (the network's pace: no person acts)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not {what} within {seconds:g} s"
        app.frame()
        assert app.crash is None, app.crash
        time.sleep(0.005)


def clocks_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, float]]:
    """The seat clocks the table draws from now on: (the seat whose plate it is drawn on,
    the seconds)."""
    drawn: list[tuple[int, float]] = []
    draw, plate_of = over_network.draw_seat_clock, Felt.plate_of
    plates: dict[tuple[int, ...], int] = {}  # the plates the table looked up, by seat

    def looking_up(felt: Felt, seat: int) -> pygame.Rect:
        plate = plate_of(felt, seat)
        plates[tuple(plate)] = seat
        return plate

    def recording(surface: pygame.Surface, plate: pygame.Rect, scale: float,
                  seconds: float) -> pygame.Rect:
        drawn.append((plates[tuple(plate)], seconds))
        return draw(surface, plate, scale, seconds)

    monkeypatch.setattr(Felt, "plate_of", looking_up)
    monkeypatch.setattr(over_network, "draw_seat_clock", recording)
    return drawn


def host_out_of_time(person: Person, app: App, table: TableScene,
                     drawn: list[tuple[int, float]]) -> None:
    """At the host's own turn: the clock at the plate; the time running out (a second,
    for the test), the computer chooses for the host's seat, and says so."""
    assert isinstance(table.network.online, OnlineTable)
    hosted = table.network.online.hosting.table
    seat, left = table.network.online.time_left() or (None, None)
    assert seat == 0 and left is not None and 50 < left <= 60
    person.frames(2)
    assert drawn and drawn[-1][0] == 0 and drawn[-1][1] <= left
    shot(app, "host-clock")
    hosted.decision_clock.seconds = 1.0
    turns = len(table.session.match.turns)
    frames_until(app, lambda: "Time ran out for Alex: the computer chose for Alex."
                 in table.log.lines, "timed out")  # told in the log, and over the table
    assert table.session.match.turns[turns].seat == 0
    hosted.decision_clock.seconds = 60.0


def wait_longer(person: Person, app: App, table: TableScene, chair: Chair) -> None:
    """The first question past the grace: Escape waits longer, the countdown again."""
    dialog = app.scene
    assert isinstance(dialog, AwayFriendDialog)
    assert dialog.title == "Zoé has been away for 0:02"
    assert table.moving  # the table goes on under the question
    shot(app, "grace-dialog")
    waited_from = chair.away_since
    person.press(pygame.K_ESCAPE)
    assert app.scene is table and not chair.let_play
    assert chair.away_since is not None and waited_from is not None
    assert chair.away_since > waited_from
    assert isinstance(table.network.online, OnlineTable)
    words = table.network.online.away_words()
    assert words is not None and words.startswith("Zoé lost the connection: waiting")


def let_the_computer_play(person: Person, app: App, table: TableScene, chair: Chair) -> None:
    """The second: the keys let the computer play the seat."""
    assert isinstance(app.scene, AwayFriendDialog)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN):
        person.press(key)  # on Wait longer, on Let the computer play, pressed
    assert app.scene is table and chair.let_play


def shot(app: App, name: str) -> None:
    if SHOTS:
        app.screenshot(Path(SHOTS) / f"{name}-{app.size[0]}x{app.size[1]}.png")


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)], ids=["1280", "960"])
def test_the_host_is_asked_past_the_grace_and_sees_the_time_at_the_plate(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = clocks_drawn(monkeypatch)
    with shipped_app(tmp_path / "host", monkeypatch, size=size) as app:
        person = Person(app, seed=3, keyboard=0.0)
        person.frames(3)
        person.click_button("New game")
        form = app.scene
        person.choose(form.game_menu, "Coup")
        person.choose(form.players_menu, "3 players")
        for menu, kind in zip(form.kind_menus, ["Person", FRIEND_CHOICE, "Computer: Easy"],
                              strict=True):
            person.choose(menu, kind)
        person.click_button("Time per decision: off")
        person.click_button("Time per decision: 30 s")
        assert person.enabled("Time per decision: 1 min")
        shot(app, "new-game")
        person.click_button("Start")
        lobby = app.scene
        assert isinstance(lobby, HostingScene) and lobby.hosting is not None
        hosted = lobby.hosting.table
        assert hosted.decision_clock.seconds == 60.0 and hosted.ask_after_grace
        hosted.grace = GRACE  # (the window's is a minute)
        assert lobby.where is not None
        friend = subprocess.Popen(
            [sys.executable, "-m", "game", "join", f"127.0.0.1:{lobby.where.port}", "--code",
             lobby.where.code, "--name", "Zoé", "--bot", BOT], cwd=ROOT, text=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(tmp_path / "zoe"),
            start_new_session=True)
        try:
            frames_until(app, lambda: person.enabled("Start"), "joined")
            person.click_button("Start")
            table = app.scene
            assert isinstance(table, TableScene) and isinstance(table.network.online, OnlineTable)
            # Killed at once, while she is surely in the game: the host's questions on her
            # and the host's own turn come in the order the game brings them
            os.killpg(friend.pid, signal.SIGKILL)  # the friend's program and its bot
            friend.wait()
            chair, answers = hosted.chairs[1], iter((wait_longer, let_the_computer_play))
            clock_seen = False
            while not clock_seen or not chair.let_play:
                person.play_until(lambda seen=clock_seen: isinstance(  # type: ignore[misc]
                    app.scene, AwayFriendDialog) or (
                    not seen and Person.table_waits_for_the_person(table)))
                if isinstance(app.scene, AwayFriendDialog):
                    next(answers)(person, app, table, chair)
                else:
                    host_out_of_time(person, app, table, drawn)
                    clock_seen = True
            over = person.play_to_the_end(limit_seconds=240)
            assert over is app.scene and table.session.over
            assert chair.stood_in or chair.connection is not None
            assert any(turn.seat == 1 for turn in table.session.match.turns)
        finally:
            if friend.poll() is None:
                os.killpg(friend.pid, signal.SIGKILL)
                friend.wait()


def test_a_friends_table_counts_the_seconds_down_and_says_when_the_computer_chose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = clocks_drawn(monkeypatch)
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--ruleset", "coup", "--seats", "medium,open",
         "--listen", "127.0.0.1", "--port", "0", "--json", "--seed", "11", "--time", "5"],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=env(tmp_path / "host"))
    try:
        assert host.stdout is not None
        listening = json.loads(host.stdout.readline())
        with shipped_app(tmp_path / "friend", monkeypatch) as app:
            person = Person(app, seed=7)
            person.frames(3)
            person.click_button("Play with friends")
            assert not drawn  # no table, no clock
            person.click_button("Join a table")
            form = app.scene
            assert isinstance(form, JoinScene)
            for box, words in ((form.address, f"127.0.0.1:{listening['port']}"),
                               (form.code, str(listening["code"])), (form.name, "Zoé")):
                type_over(app, box, words)
                person.press(pygame.K_TAB)  # on to the next box, by the keyboard
            person.click_button("Join")
            frames_until(app, lambda: not isinstance(app.scene, JoinScene | WaitingRoom),
                         "at the table")
            table = app.scene
            assert isinstance(table, TableScene)
            frames_until(app, lambda: table.network.online is not None
                         and table.network.online.time_left() is not None, "asked")
            assert table.network.online is not None
            timed = table.network.online.time_left()
            assert timed is not None and timed[0] == 1 and 0 < timed[1] <= 5
            frames_until(app, lambda: drawn and drawn[-1][1] < timed[1] - 1, "counting down")
            shot(app, "friend-clock")
            assert {seat for seat, _ in drawn} == {1}  # only a person's (the friend's own)
            frames_until(app, lambda: "Time ran out for you: the computer chose for you."
                         in table.log.lines, "told the time ran out")
            over = person.play_to_the_end(limit_seconds=300)
            assert over is app.scene and table.session.over
        _, err = host.communicate(timeout=60)
        assert host.returncode == 0, err
        assert "Time ran out for Zoé: the computer chose for Zoé." in err
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
