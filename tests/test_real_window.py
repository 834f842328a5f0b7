"""A real window: the program's X11 video driver on a virtual screen (Xvfb), played with
real X input (XTEST, sent by xdotool), as a player's mouse and keyboard send it.

SDL's dummy driver, which every other window test uses, has no input of its own: a test
posts events into the queue between frames. Here the input comes from outside while the
window's loop sleeps in its idle wait, the way a player's does; a click arrives as a press
and a release together (an instant click: xdotool, a quick tap on a trackpad). A game of
each ruleset is played from the Title screen to its end at the shipped settings; the
table must never stop drawing while something is due, and every click and key must be
taken.

Needs Xvfb and xdotool (.ci/run installs them); where they cannot be had, the tests are
skipped and say why.
"""

from __future__ import annotations

import os
import random
import select
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from player_kit import Person, Seating, Sending, shipped_app

from game.cards import Card
from game.rules.card_play import PlayCard
from game.ui.table.scene import TableScene

SCREEN = (1600, 1000)
KEYSYMS = {pygame.K_RETURN: "Return", pygame.K_SPACE: "space", pygame.K_TAB: "Tab",
           pygame.K_LEFT: "Left", pygame.K_RIGHT: "Right", pygame.K_ESCAPE: "Escape",
           **{pygame.K_1 + n: str(n + 1) for n in range(9)}}
SETTLE = "0.03"  # seconds xdotool waits before a click or key: the loop is asleep by then


@pytest.fixture(scope="module")
def x_display() -> Iterator[str]:
    """A virtual X screen of our own, for this module's tests."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"a real window needs {' and '.join(missing)} "
                    "(apt-get install xvfb xdotool; .ci/run installs them)")
    with virtual_screen() as display:
        yield display


@contextmanager
def virtual_screen(size: tuple[int, int] = SCREEN) -> Iterator[str]:
    """An X screen of its own (Xvfb picks a free number and tells it), as ":N"."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
         "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        waiting = select.poll()  # (select.select refuses a descriptor past 1023)
        waiting.register(read, select.POLLIN)
        ready = waiting.poll(20_000)
        number = os.read(read, 32).decode().strip() if ready else ""
        if not number:
            pytest.fail("Xvfb did not start")
        yield f":{number}"
    finally:
        os.close(read)
        server.terminate()
        server.wait(timeout=10)


class XHands:
    """The person's gestures as real X input: the pointer moved, then, a moment later (the
    window's loop asleep by then), a click whose press and release come together, or a
    key pressed and let go at once."""

    def __init__(self, display: str) -> None:
        self.environment = {**os.environ, "DISPLAY": display}
        window = pygame.display.get_wm_info()["window"]
        geometry = self._run("getwindowgeometry", "--shell", str(window)).stdout
        fields = dict(line.split("=", 1) for line in geometry.split())
        self.origin = (int(fields["X"]), int(fields["Y"]))

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["xdotool", *command], env=self.environment, check=True,
                              capture_output=True, text=True, timeout=10)

    def _later(self, *command: str) -> Sending:
        sender = subprocess.Popen(["xdotool", "sleep", SETTLE, *command],
                                  env=self.environment)
        return lambda: sender.poll() is None

    def move(self, point: tuple[int, int]) -> Sending:
        """On its way until the window has seen the pointer there."""
        x, y = (self.origin[0] + point[0], self.origin[1] + point[1])
        self._run("mousemove", str(x), str(y))  # (--sync would wait for ever if it is there)
        until = time.perf_counter() + 1.0
        return lambda: pygame.mouse.get_pos() != point and time.perf_counter() < until

    def click(self) -> Sending:
        return self._later("click", "1")

    def press(self, key: int) -> Sending:
        return self._later("key", KEYSYMS[key])

    def chord(self, keys: str) -> Sending:
        """Keys as xdotool names them, pressed together and let go ("ctrl+s", "F2")."""
        return self._later("key", keys)

    def type(self, words: str) -> Sending:
        """`words` typed on the keyboard, one key after another."""
        return self._later("type", "--delay", "8", "--", words)


PERSON, MEDIUM = "Person", "Computer: Medium"
GAMES = {
    "coup-detat": Seating("Coup d'État", 3, [PERSON, MEDIUM, MEDIUM], toggles=["Short game"]),
    "coup-detat-duel": Seating("Coup d'État for two", 2, [PERSON, MEDIUM]),
    "coup": Seating("Coup", 3, [PERSON, MEDIUM, MEDIUM]),
    "coup-inquisitor": Seating("Coup with the Inquisitor", 2, [PERSON, MEDIUM]),
}


@pytest.fixture
def real_window(x_display: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    return x_display


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_game_in_a_real_window_plays_to_its_end_with_real_clicks_and_keys(
        ruleset: str, real_window: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(len(ruleset))  # the deal New game draws
    with shipped_app(tmp_path, monkeypatch) as app:
        assert pygame.display.get_driver() == "x11"
        person = Person(app, seed=len(ruleset), hands=XHands(real_window))
        table = person.start(GAMES[ruleset])
        person.play_to_the_end()
        assert table.session.over and table.session.match.ruleset.id == ruleset
        assert person.decisions > 0 and person.by_key > 0


def test_an_instant_click_on_a_card_plays_it_and_leaves_nothing_on_the_pointer(
        real_window: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The press and the release reach the sleeping loop together; the card is played at
    once and does not follow the pointer."""
    random.seed(5)
    with shipped_app(tmp_path, monkeypatch) as app:
        hands = XHands(real_window)
        person = Person(app, seed=5, hands=hands)
        table = person.start(GAMES["coup-detat"])
        played = 0
        while played < 3:
            person.play_until(lambda: _card_turn(table))
            card = _playable(table)[0]
            turns = len(table.session.match.turns)
            person.click(person.card_spot(table, card))
            assert len(table.session.match.turns) > turns, f"{card} was not played"
            assert table.felt.drag is None, f"{card} stuck to the pointer"
            assert card not in table.controller.view().hand
            played += 1


def _card_turn(table: TableScene) -> bool:
    return Person.table_waits_for_the_person(table) and bool(_playable(table))


def _playable(table: TableScene) -> list[Card]:
    return [d.card for d in table.session.match.legal()
            if isinstance(d, PlayCard) and d.suit is None]
