"""A friend's window draws the table ahead while it waits in the host's lobby, from the
game and options the host's welcome names: the table's first frame finds its pictures
made. A welcome naming a game or options this program does not play draws nothing ahead
and changes nothing else (the game itself starts from the host's `start`)."""

from __future__ import annotations

import queue
import time
from pathlib import Path

import pytest
from net_privacy_kit import HostedGame
from player_kit import Person, shipped_app
from test_net_seat_review import Wire
from test_ui_table_to_come import PICTURES, made

from game.net.at_friends import AtFriends
from game.net.hosted import OPEN
from game.ui import screens
from game.ui.table.scene import TableScene

IDLE_SECONDS = 60.0


class Inbox:
    """A link that only brings what the test puts in its inbox."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[object] = queue.Queue()
        self.sent: list[object] = []

    def send(self, message: object) -> None:
        self.sent.append(message)

    def heard(self, told: int) -> None:
        pass

    def close(self) -> None:
        pass


def test_the_friends_table_finds_its_pictures_made(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for picture in PICTURES:
        picture.cache_clear()  # type: ignore[attr-defined]
    game = HostedGame("coup-detat", [OPEN, "easy", "easy", "easy"], {"players": 4}, seed=3)
    friend = game.connect({"name": "Zoé"})
    game.answered_elsewhere.add(friend)
    wire = Wire(game, friend)
    at = AtFriends(wire)  # type: ignore[arg-type]  # the link's part, in this process
    with shipped_app(tmp_path, monkeypatch) as app, game:
        person = Person(app, seed=3)
        app.push(screens.make("waiting_room", app, at, rejoining=False))
        wire.deliver()  # the welcome
        until = time.monotonic() + IDLE_SECONDS
        person.frames(2)
        while app.ahead.drawing:
            assert time.monotonic() < until, "the work ahead was never done"
            app.frame(idle_wait=True)
        assert at.coming == ("coup-detat", {"players": 4})
        before = made()
        assert before > 10
        game.table.start()
        wire.deliver()
        for _ in range(200):
            app.frame(idle_wait=False)
            if isinstance(app.scene, TableScene):
                break
        assert isinstance(app.scene, TableScene)
        app.frame(idle_wait=False)
        assert made() == before


@pytest.mark.parametrize("table", [
    {"ruleset": "chess", "options": {"players": 2}},
    {"ruleset": "coup", "options": {"players": 40}},
    {"ruleset": "coup", "options": "all"},
    {"ruleset": ["coup"], "options": {}},
    {"options": {"players": 3}}])
def test_a_welcome_to_a_game_not_played_here_draws_nothing_ahead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: dict[str, object]) -> None:
    link = Inbox()
    at = AtFriends(link)  # type: ignore[arg-type]
    link.inbox.put({"type": "welcome", "version": 1, "seat": 1, "token": "t" * 22,
                    "table": {"title": "Alex's table", "seats": [], **table}})
    with shipped_app(tmp_path, monkeypatch) as app:
        app.push(screens.make("waiting_room", app, at, rejoining=False))
        for _ in range(5):
            app.frame(idle_wait=False)
        assert at.coming is None and not app.ahead.drawing
