"""The loop sleeps while nothing moves; whatever a key sets moving must still be drawn
where it lands. In a real window (Xvfb, real X keys sent by xdotool, as in
test_real_window.py) the key wakes the sleeping loop; the frames that follow must go on
until the table has caught up, so that the screen shows what the table is, without the
mouse having to move.

Time runs at the player kit's speed: an animation lasts a few milliseconds of the wall
clock, less than a frame takes, which is the case the loop must hold (a slow first frame
after an undo, on a player's machine, did the same).
"""

from __future__ import annotations

import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from player_kit import Person, shipped_app
from test_real_window import GAMES, XHands, real_window, x_display  # noqa: F401 (fixtures)

from game.rules.card_play import PlayCard
from game.system import paths
from game.ui.app import App
from game.ui.table.scene import TableScene

QUIET_SECONDS = 0.4  # of the wall clock: the loop must be asleep by then


def _card_turn(table: TableScene) -> bool:
    playable = [d for d in table.session.match.legal()
                if isinstance(d, PlayCard) and d.suit is None]
    return Person.table_waits_for_the_person(table) and bool(playable)


def _run_quietly(app: App, seconds: float) -> None:
    """The loop as `App.run` turns it (asleep while nothing moves), for `seconds`."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        app.frame()


def _xdotool(display: str, *command: str) -> None:
    subprocess.Popen(["xdotool", "sleep", "0.05", *command],
                     env={"DISPLAY": display, "PATH": "/usr/bin:/bin:/usr/local/bin"})


def _shown_as_it_is(app: App, what: str) -> None:
    """The screen as last drawn is the table as it is now: drawing again changes nothing."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    if pygame.image.tobytes(app.screen, "RGB") != shown:
        picture = paths.data_dir() / "stale.png"
        pygame.image.save(app.screen, str(picture))
        pytest.fail(f"after {what} the window still shows the table mid-way "
                    f"(as it should be: {picture})")


def _a_trick_played(app: App, display: str) -> tuple[Person, TableScene]:
    random.seed(5)
    person = Person(app, seed=5, hands=XHands(display))
    table = person.start(GAMES["coup-detat"])
    person.play_until(lambda: _card_turn(table))
    card = next(d.card for d in table.session.match.legal() if isinstance(d, PlayCard))
    person.click(person.card_spot(table, card))
    person.play_until(lambda: _card_turn(table))  # the computers have played on
    return person, table


@pytest.mark.parametrize("keys, what", [("ctrl+z", "Ctrl+Z"), ("Right", "Right")])
def test_a_key_in_a_real_window_is_drawn_until_the_table_has_caught_up(
        keys: str, what: str, real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        _, table = _a_trick_played(app, real_window)
        _run_quietly(app, QUIET_SECONDS)
        rewinds, selected = table.session.match.rewinds, table.felt.selected
        _xdotool(real_window, "keydown", keys)  # held as a person holds it, a moment
        _run_quietly(app, QUIET_SECONDS * 2)
        _xdotool(real_window, "keyup", keys)
        changed: Callable[[], bool] = (
            (lambda: table.session.match.rewinds > rewinds) if keys == "ctrl+z"
            else (lambda: table.felt.selected != selected))
        assert changed(), f"{what} was not taken"
        _shown_as_it_is(app, what)
        _run_quietly(app, QUIET_SECONDS)  # (let go before the next test)
