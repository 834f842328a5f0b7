"""What a hosted table tells its friends, built in the thread that sends (as a window's
table has it built, off its render loop: game/net/telling.py, keeping_thread.py), is what
the table building it at once tells, in the same order. No sockets: the table's messages
are recorded as they are sent."""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

import pytest

from game.net.headless import table_kept
from game.net.hosted import HostedTable
from game.net.keeping_thread import KeepingThread
from game.net.telling import Built
from game.net.wire import JsonObject
from game.services.seat_stream import SeatStream

FRIENDS = (1, 2, 3)  # the connections, a friend's each
WAIT = 60.0  # seconds, at most, for a whole game


class Played:
    """A seeded game of Coup for three friends, each answering its first legal move;
    what each connection was sent, in order."""

    def __init__(self, threaded: bool) -> None:
        self.sent: dict[int, list[JsonObject]] = {connection: [] for connection in FRIENDS}
        self.lock = threading.Lock()
        self.answered: set[tuple[int, int]] = set()  # (connection, question)
        self.keeping = KeepingThread(None) if threaded else None
        send = self.keeping.send if self.keeping else self.record
        close = self.keeping.close_connection if self.keeping else (lambda to, reason: None)
        self.table = HostedTable("coup", {"players": 3}, ["open"] * 3, seed=11, send=send,
                                 close=close)
        if self.keeping is not None:
            self.keeping.pass_to(self.record, lambda to, reason: None)
            self.table.later = self.keeping.later

    def record(self, connection: int, message: JsonObject) -> None:
        with self.lock:
            self.sent[connection].append(message)

    def play(self) -> dict[int, list[JsonObject]]:
        try:
            for connection, name in zip(FRIENDS, ("Ann", "Bea", "Zoé"), strict=True):
                self.table.hello(connection, {"type": "hello", "version": 1, "code": "C",
                                              "name": name})
            self.table.start()
            deadline = time.monotonic() + WAIT
            while not self._ended():
                assert time.monotonic() < deadline, "the game did not end"
                self._answer()
                self.table.step()
                time.sleep(0.001)
        finally:
            if self.keeping is not None:
                self.keeping.stop()
                self.keeping.join(10)
        return self.sent

    def _ended(self) -> bool:
        with self.lock:
            return all(messages and messages[-1]["type"] == "end"
                       for messages in self.sent.values())

    def _answer(self) -> None:
        """Each friend answers the question it was sent last, once."""
        with self.lock:
            asked = {connection: next((m for m in reversed(messages)
                                       if m["type"] == "decide"), None)
                     for connection, messages in self.sent.items()}
        for connection, question in asked.items():
            if question is not None and (connection, question["id"]) not in self.answered:
                self.answered.add((connection, question["id"]))
                self.table.received(connection, {"type": "decision", "id": question["id"],
                                                 "move": question["legal"][0]})


def same_each_time(message: JsonObject) -> JsonObject:
    """A message but what is drawn at random each time: the cards a seat cannot see, as
    it is told them, and its token."""
    drawn = {"told": ("event", "state"), "welcome": ("token",)}.get(message["type"], ())
    return {key: value for key, value in message.items() if key not in drawn}


def test_what_the_friends_are_told_built_in_another_thread_is_the_same_in_order() -> None:
    at_once, in_thread = Played(threaded=False).play(), Played(threaded=True).play()
    for connection in FRIENDS:
        told = [message["n"] for message in in_thread[connection] if message["type"] == "told"]
        assert told == list(range(len(told))) and len(told) > 20  # each number once, in order
        assert [same_each_time(m) for m in in_thread[connection]] == \
            [same_each_time(m) for m in at_once[connection]]
        positions = [message["n"] for message in in_thread[connection]
                     if message["type"] == "state"]
        assert positions == sorted(positions) and positions[-1] == len(told)


def test_the_table_in_another_thread_builds_what_it_tells_there(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built_in: set[int] = set()
    build = SeatStream.build

    def recorded(stream: SeatStream, telling: Any) -> JsonObject:
        built_in.add(threading.get_ident())
        return build(stream, telling)
    monkeypatch.setattr(SeatStream, "build", recorded)
    Played(threaded=True).play()
    assert built_in and threading.get_ident() not in built_in
    built_in.clear()
    Played(threaded=False).play()
    assert built_in == {threading.get_ident()}


class Deferred(Played):
    """The same game, but nothing the table sends or gives to be built later is built or
    sent until the game is over (a keeping thread that fell far behind): each friend
    answers the question the table has open, read from the table itself."""

    def __init__(self) -> None:
        super().__init__(threaded=False)
        self.waiting: list[Built] = []
        self.table.later = self.waiting.append
        self.table.tell.send = lambda connection, message: self.waiting.append(
            lambda send: send(connection, message))

    def play(self) -> dict[int, list[JsonObject]]:
        for connection, name in zip(FRIENDS, ("Ann", "Bea", "Zoé"), strict=True):
            self.table.hello(connection, {"type": "hello", "version": 1, "code": "C",
                                          "name": name})
        self.table.start()
        session = self.table.session
        assert session is not None
        while not session.over:
            self._answer()
            self.table.step()
        assert self.waiting, "the table gave nothing to build later"
        for built in self.waiting:
            built(self.record)
        return self.sent

    def _answer(self) -> None:
        session = self.table.session
        assert session is not None
        for seat, chair in enumerate(self.table.chairs):
            stream = chair.stream
            if stream is not None and stream.question_id is not None:
                move = session.ruleset.decision_to_json(session.match.legal()[0])
                self.table.received(FRIENDS[seat], {"type": "decision",
                                                    "id": stream.question_id, "move": move})
                return


def test_what_is_built_after_the_game_went_on_is_what_it_was_when_given() -> None:
    """The questions (the seat's history, legal decisions and view), positions and events
    built once the whole game is over say what they said when the table gave them."""
    at_once, deferred = Played(threaded=False).play(), Deferred().play()
    for connection in FRIENDS:
        kinds = [message["type"] for message in deferred[connection]]
        assert kinds.count("decide") > 5 and kinds.count("state") > 5
        assert [same_each_time(m) for m in deferred[connection]] == \
            [same_each_time(m) for m in at_once[connection]]


def test_the_questions_and_positions_are_built_in_another_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's thread takes the match as it stands; the question and the position
    are made in the keeping thread."""
    taken_in: set[int] = set()
    built_in: set[int] = set()

    def recorded(made: Any) -> Any:
        def taking(stream: SeatStream) -> Any:
            taken_in.add(threading.get_ident())
            build = made(stream)
            if build is None:
                return None

            def building() -> JsonObject:
                built_in.add(threading.get_ident())
                return build()  # type: ignore[no-any-return]
            return building
        return taking
    monkeypatch.setattr(SeatStream, "asked", recorded(SeatStream.asked))
    monkeypatch.setattr(SeatStream, "position_later", recorded(SeatStream.position_later))
    Played(threaded=True).play()
    assert taken_in == {threading.get_ident()}
    assert built_in and threading.get_ident() not in built_in


def test_what_a_seat_was_told_is_kept_as_text_and_sent_again_as_it_was() -> None:
    """Kept for a friend who asks again, what each seat was told is text: nothing the
    collector walks at each of its full passes (a window's frame waits for them)."""
    played = Played(threaded=False)
    sent = played.play()
    for seat, connection in enumerate(FRIENDS):
        stream = played.table.chairs[seat].stream
        assert stream is not None and stream.told
        assert not any(gc.is_tracked(told) for told in stream.told)
        assert stream.since(0) == [message for message in sent[connection]
                                   if message["type"] == "told"]
        assert stream.since(5) == stream.since(0)[5:]


def test_the_kept_table_taken_now_and_written_later_is_the_table_of_then() -> None:
    played = Deferred()
    table = played.table
    for connection, name in zip(FRIENDS, ("Ann", "Bea", "Zoé"), strict=True):
        table.hello(connection, {"type": "hello", "version": 1, "code": "C", "name": name})
    table.start()
    for _ in range(6):
        played._answer()
        table.step()
    taken = table_kept(table, "K7MQ2D", "0.0.0.0", 4747, None)
    document, then = taken.json_later(), taken.to_json()
    decisions = len(table.session.match.turns) if table.session else 0
    for _ in range(6):
        played._answer()
        table.step()
    assert table.session is not None and len(table.session.match.turns) > decisions
    later = document()
    assert later["game"]["log"] == then["game"]["log"]  # type: ignore[index]
    assert len(later["game"]["log"]) == decisions  # type: ignore[index, arg-type]
    assert later == then
