"""A person hosts a table from the window at the shipped settings (only the clock is
faster), two friends take their seats with `coup-detat join --bot`, and the game is played
to its end: run in a network namespace by tests/test_ui_hosting.py."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from player_kit import Person, shipped_app

from game.services.seat_stream import SeatStream
from game.services.session import FRIEND
from game.ui.scenes.hosting import HostingScene
from game.ui.scenes.new_game import FRIEND_CHOICE
from game.ui.scenes.review import ReviewScene
from game.ui.table.online import OnlineTable
from game.ui.table.scene import TableScene

if TYPE_CHECKING:
    from game.ui.app import App

ROOT = Path(__file__).resolve().parents[2]
BOT = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
JOIN_WAIT = 30.0  # seconds for both friends to take their seats


def join(port: int, code: str, name: str, home: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "game", "join", f"127.0.0.1:{port}", "--code", code.lower(),
         "--name", name, "--bot", BOT], cwd=ROOT, text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env={**__import__("os").environ, "COUP_DETAT_HOME": str(home)})


def threads_recorded(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> set[int]:
    """The threads that call `cls.name` from now on."""
    called_in: set[int] = set()
    method = getattr(cls, name)

    def recorded(*args: object) -> object:
        called_in.add(threading.get_ident())
        return method(*args)
    monkeypatch.setattr(cls, name, recorded)
    return called_in


def seats_taken(person: Person, friends: Sequence[subprocess.Popen[str]],
                within: float = JOIN_WAIT) -> None:
    """The lobby's frames until every friend has taken his seat (Start is offered)."""
    app = person.app
    deadline = time.monotonic() + within
    while not person.enabled("Start"):
        assert time.monotonic() < deadline, "the friends did not take their seats"
        assert all(friend.poll() is None for friend in friends), "a friend left"
        app.frame()  # (the lobby waits for the network: it need not draw meanwhile)
        assert app.crash is None, app.crash


def hosted_lobby(app: App, person: Person, game: str) -> HostingScene:
    """New game: `game` for four, the person, two friends and an Easy computer; Start:
    the lobby of the table hosted."""
    person.frames(3)
    person.click_button("New game")
    form = app.scene
    person.choose(form.game_menu, game)
    if form.players_menu is not None:
        person.choose(form.players_menu, "4 players")
    for menu, kind in zip(form.kind_menus, ["Person", FRIEND_CHOICE, FRIEND_CHOICE,
                                            "Computer: Easy"], strict=True):
        person.choose(menu, kind)
    assert [seat.kind for seat in form.seats()].count(FRIEND) == 2
    person.click_button("Start")
    lobby = app.scene
    assert isinstance(lobby, HostingScene), person.where()
    return lobby


@pytest.mark.parametrize("game", ["Coup", "Coup d'État"], ids=["coup", "coup-detat"])
def test_a_table_hosted_in_the_window_is_played_to_its_end_with_two_friends(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path / "host", monkeypatch) as app:
        person = Person(app, seed=5)
        built_in = threads_recorded(monkeypatch, SeatStream, "build")
        updated_in = threads_recorded(monkeypatch, OnlineTable, "update")
        lobby = hosted_lobby(app, person, game)
        assert lobby.where is not None and lobby.reach is not None
        assert not person.enabled("Start")  # nobody has joined yet
        friends = [join(lobby.where.port, lobby.where.code, name, tmp_path / name)
                   for name in ("Zoé", "Yves")]
        try:
            seats_taken(person, friends)
            names = [chair.name for chair in lobby.chairs]
            assert sorted(names[1:3]) == ["Yves", "Zoé"]
            person.click_button("Start")
            table = app.scene
            assert isinstance(table, TableScene), person.where()
            assert table.session.elsewhere == frozenset({1, 2})
            assert table.controller.viewer == 0  # the host sees his own cards, never theirs
            seating, handed = table.controller.seating, []
            hand_to = seating.handed_to
            monkeypatch.setattr(seating, "handed_to",
                                lambda seat: (handed.append(seat), hand_to(seat)))
            over = person.play_to_the_end(limit_seconds=240)
            assert not set(handed) & table.session.elsewhere
            assert table.controller.viewer == 0
            assert over is app.scene
            assert table.session.over
            results = []
            for friend in friends:
                out, err = friend.communicate(timeout=30)
                assert friend.returncode == 0, err
                results.append(json.loads(out.strip().splitlines()[-1]))
            winners = sorted(table.session.match.ruleset.winners(table.session.match.state))
            assert all(result["winners"] == winners for result in results)
            assert person.decisions > 0
            # what the friends were told was built off the window's render loop
            assert built_in and updated_in and not built_in & updated_in
            assert table.controller.undo_refusal() is not None  # no undo online
            assert not person.enabled("Same players, new deal")  # the friends are gone
            person.click_button("Review the game")
            review = app.scene
            assert isinstance(review, ReviewScene), person.where()
            assert review.seat == 0 and review.limits.seats == (0,)  # the host's person
            assert not person.enabled("All hands") and not review.may_change_seat
            review.review.cancel()
            person.click_button("Back")
        finally:
            for friend in friends:
                if friend.poll() is None:
                    friend.kill()
                    friend.wait()
