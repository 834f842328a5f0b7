"""A hosted table played in this process, without sockets, for the privacy tests: friends
faked by connections that say hello to a `HostedTable` and answer each question it sends
them with a legal move of the question, computers in the other seats, and every message
the table sends kept with the true state of the match at the moment it was sent.

States are immutable values, so keeping the match's state is a snapshot; an online table
takes nothing back, so the turns and events then were the first `turns` and `events` of
the match's at the end.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.follower import Follower
from game.net import wire
from game.net.hosted_tables import HostedTables, hosted_table
from game.net.wire import JsonObject

PATIENCE = 60.0  # seconds a game may take here, computers' thinking included
FIRST_FRIEND = 100  # the first friend's connection; each new connection takes the next


@dataclass(frozen=True)
class Sent:
    """A message the table sent, and the match as it stood when it did."""

    connection: int
    message: JsonObject
    text: str  # as it went on the wire
    state: Any
    turns: int
    events: int


class HostedGame:
    """A hosted table of `plan` (open seats for friends, computers' levels), its every
    message to every connection kept."""

    def __init__(self, ruleset: str, plan: Sequence[str], options: Mapping[str, object], *,
                 seed: int, grace: float = 3600.0) -> None:
        self.sent: list[Sent] = []
        self.closed: dict[int, str] = {}
        self._thought = threading.Event()
        self.table = hosted_table(ruleset, options, plan, send=self._send, close=self._close,
                                  seed=seed, grace=grace, wake=self._thought.set)
        self.rng = random.Random(seed)
        self.seat_of: dict[int, int] = {}  # connection -> the seat it holds, once welcomed
        self.away: set[int] = set()  # connections dropped
        self._connections = iter(range(FIRST_FRIEND, FIRST_FRIEND + 1000))
        self._answered: set[tuple[int, int]] = set()  # (connection, question)
        self.answered_elsewhere: set[int] = set()  # connections whose questions a test
        #   answers itself (a friend's machine played in the test)
        self._read = 0

    # What the table does ---------------------------------------------------------------
    def _send(self, connection: int, message: JsonObject) -> None:
        assert connection not in self.away, f"{message['type']} sent to a lost connection"
        text = wire.encode(message)
        message = json.loads(text)  # as it goes (test_net_games checks it as a friend would)
        match = self.match_of(connection)
        self.sent.append(Sent(connection, message, text, None if match is None else match.state,
                              0 if match is None else len(match.turns),
                              0 if match is None else len(match.events)))
        if message["type"] == "welcome":
            self.seat_of[connection] = message["seat"]

    def match_of(self, connection: int) -> Any:
        """The match the connection is told of (at two tables, its table's), once begun."""
        table = self.table
        if isinstance(table, HostedTables):
            seat = table.seat_of(connection)
            if seat is None:
                return None
            table = table.tables[table.split.place(seat)[0]]
        return None if table.session is None else table.session.match

    def _close(self, connection: int, reason: str) -> None:
        self.closed[connection] = reason

    # What friends do -------------------------------------------------------------------
    def connect(self, hello: JsonObject) -> int:
        """A new connection that says `hello` (the server checked its shape and code)."""
        connection = next(self._connections)
        self.table.hello(connection, {"type": "hello", "version": wire.VERSION,
                                      "code": "ABCDEF", **hello})
        return connection

    def seat_friends(self, names: Sequence[str]) -> list[int]:
        """Each name takes the next open seat; the game starts. Their connections."""
        connections = [self.connect({"name": name}) for name in names]
        self.table.start()
        return connections

    def drop(self, connection: int) -> None:
        self.away.add(connection)
        self.table.dropped(connection)

    def token(self, seat: int) -> str:
        token = self.table.chairs[seat].token
        assert token is not None
        return token

    def to(self, connection: int) -> list[Sent]:
        return [sent for sent in self.sent if sent.connection == connection]

    def play(self, until: Callable[[], bool] = lambda: False) -> None:
        """Answer every question sent to a connection still there with a legal move of
        it, and let computers play, until the game is over or `until()`."""
        deadline = time.monotonic() + PATIENCE
        while not self.table.over and not until():
            assert time.monotonic() < deadline, "the game did not end in time"
            if not self._answer():
                self._thought.clear()
                self.table.step()
                if not self._answer():
                    self._thought.wait(0.01)

    def _answer(self) -> bool:
        """Answer the next question sent since last time, if there is one (one at a
        time: `until` is asked again after each)."""
        while self._read < len(self.sent):
            sent = self.sent[self._read]
            self._read += 1
            message, connection = sent.message, sent.connection
            if message["type"] != "decide" or connection in self.away \
                    or connection in self.answered_elsewhere \
                    or (connection, message["id"]) in self._answered:
                continue
            self._answered.add((connection, message["id"]))
            self.table.received(connection, {"type": "decision", "id": message["id"],
                                             "move": self.rng.choice(message["legal"])})
            return True
        return False

    def close(self) -> None:
        self.table.close()

    def __enter__(self) -> HostedGame:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    # The truth -------------------------------------------------------------------------
    def states_after_events(self) -> list[Any]:
        """The state just after each event of the match, in order."""
        session = self.table.session
        assert session is not None
        return [state for _, state in Follower(session.match, from_start=True).new_events()]
