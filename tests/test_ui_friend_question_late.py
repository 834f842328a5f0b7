"""A friend's table shows the host's question when it comes after the events before it, in a
later frame: so it does when a seat is taken up again, told the whole game at once and asked
a moment later. Its buttons once stayed those made before the question came, none, and the
table said "Your turn" for ever (seen by hand: a window closed and its seat rejoined).

The host is a hosted table in this process (net_privacy_kit: no sockets); the friend's
window is the real one at the shipped settings, reading the host's messages through
`AtFriends` as from its connection."""

from __future__ import annotations

from pathlib import Path

import pytest
from net_privacy_kit import HostedGame
from player_kit import Person, shipped_app
from test_net_seat_review import Wire

from game.net.at_friends import AtFriends
from game.net.hosted import OPEN
from game.ui import screens
from game.ui.table.scene import TableScene

QUESTION = "decide"


class WireHoldingQuestions(Wire):
    """The host's messages to the friend, the questions held back until `release`."""

    held = True

    def deliver(self) -> None:
        while self._read < len(self.game.sent):
            sent = self.game.sent[self._read]
            if sent.connection == self.connection:
                if self.held and sent.message["type"] == QUESTION:
                    return  # (this one and all after it, once released)
                self.inbox.put(sent.message)
            self._read += 1


def test_a_question_that_comes_after_the_table_has_shown_its_events_is_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    friend = game.connect({"name": "Zoé"})
    game.answered_elsewhere.add(friend)
    game.table.start()
    game.play(until=lambda: any(sent.connection == friend and sent.message["type"] == QUESTION
                                for sent in game.sent))
    wire = WireHoldingQuestions(game, friend)
    at = AtFriends(wire)  # type: ignore[arg-type]  # the link's part, in this process
    with shipped_app(tmp_path, monkeypatch) as app, game:
        person = Person(app, seed=5)
        app.push(screens.make("waiting_room", app, at, rejoining=False))
        wire.deliver()
        table = _table_shown(person)
        assert table.session.match.pending.seat == at.seat and not table.buttons.decisions

        wire.held = False
        wire.deliver()
        app.wake()  # as the link does when a message comes
        person.frames(5)
        legal = table.session.match.legal()
        assert legal and table.buttons.decisions is not None
        assert len(table.buttons.decisions.buttons) >= 1


def _table_shown(person: Person) -> TableScene:
    """The friend's table, once it has shown everything it was told."""
    for _ in range(3000):
        person.frames(1)
        table = person.app.scene
        if isinstance(table, TableScene) and table.controller.caught_up \
                and not table.stage.busy(table.controller.clock()):
            person.frames(3)
            return table
    raise AssertionError(f"the friend's table was not shown: {person.where()}")
