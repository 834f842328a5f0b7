"""A friend's table shows the host's question whenever it is open (issue 40, item 2):
when the host refuses an answer and the question stands again, its panel comes up again;
and in a whole game in the window at a `coup-detat host` whose every question comes 0.3 s
late, after the table has shown everything before it and found nobody to ask
(tests/in_namespace/late_question_window.py, in a network namespace of its own). Without
it the seat to act had no buttons and waited for ever: a relay test once hung 300 s so
("block for seat 1, caught up: True"). tests/test_ui_friend_question_late.py holds the
late question in this process.

The friend here is the window's own reading of the host's messages (`AtFriends`) fed a
hosted table's very messages in this process (net_privacy_kit), the questions held back
until the test lets them go.
"""

from __future__ import annotations

import json
import queue
from pathlib import Path
from typing import Any

import netns_kit
import pytest
from net_privacy_kit import HostedGame
from ui_kit import open_app

from game.net.at_friends import AtFriends
from game.net.hosted import OPEN
from game.net.wire import JsonObject
from game.ui import screens
from game.ui.app import App
from game.ui.table.friends import FriendsTable
from game.ui.table.scene import TableScene


class LateQuestions:
    """What a `SeatLink` is to `AtFriends`, in this process: the host's messages to one
    connection, but its questions held until `let_go`; what the friend sends, kept (and
    passed to the host only if `passing`)."""

    def __init__(self, game: HostedGame, connection: int) -> None:
        self.game, self.connection = game, connection
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.held: list[JsonObject] = []
        self.sent: list[JsonObject] = []
        self.passing = True
        self._read = 0

    def deliver(self) -> None:
        for sent in self.game.sent[self._read:]:
            if sent.connection == self.connection:
                message = json.loads(sent.text)
                (self.held.append if message["type"] == "decide" else self.inbox.put)(message)
        self._read = len(self.game.sent)

    def let_go(self) -> None:
        for message in self.held:
            self.inbox.put(message)
        self.held.clear()

    def send(self, message: JsonObject) -> None:
        self.sent.append(message)
        if self.passing:
            self.game.table.received(self.connection, message)

    def heard(self, told: int) -> None:
        pass

    def close(self) -> None:
        pass


def panel_shown(table: TableScene) -> bool:
    panel = table.buttons.decisions
    return panel is not None and panel.showing


def at_rest_then_asked(app: App) -> tuple[HostedGame, LateQuestions, AtFriends, TableScene]:
    """A friend's table of Coup (the friend in seat 0) that has shown everything up to his
    first question, which comes only then."""
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    friend = game.connect({"name": "Zoé"})
    game.table.start()
    wire = LateQuestions(game, friend)
    at = AtFriends(wire)  # type: ignore[arg-type]  # the link's part, in this process
    game.answered_elsewhere.add(friend)
    game.play(until=lambda: bool(wire.deliver() or at.pump() or wire.held))
    assert at.session is not None
    table = screens.make("table", app, at.session, from_start=True, online=FriendsTable(at))
    assert isinstance(table, TableScene)
    app.replace(table)
    for _ in range(100):
        app.frame(idle_wait=False)
    assert table.controller.caught_up and table.controller.human_to_act() is None
    assert not panel_shown(table)
    wire.let_go()
    for _ in range(5):
        app.frame(idle_wait=False)
    assert table.controller.human_to_act() == 0 and panel_shown(table)
    return game, wire, at, table


def test_a_question_open_again_after_a_refusal_gets_its_panel_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        game, wire, at, table = at_rest_then_asked(app)
        with game:
            assert at.session is not None and at.session.match.asked is not None
            number = at.session.match.asked[0]
            wire.passing = False  # the answer goes nowhere: the host refuses it instead
            table.turns.decide(at.session.match.legal()[0])
            app.frame(idle_wait=False)
            assert wire.sent[-1]["type"] == "decision" and not panel_shown(table)
            wire.inbox.put({"type": "refused", "reason": "Not now.", "id": number})
            for _ in range(5):
                app.frame(idle_wait=False)
            assert table.controller.human_to_act() == 0
            assert panel_shown(table)


def test_a_whole_game_in_the_window_whose_questions_all_come_late() -> None:
    code = ("import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            "'-p', 'no:xdist', 'tests/in_namespace/late_question_window.py']))")
    done = netns_kit.run_python(code, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
