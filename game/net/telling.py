"""What a hosted table sends its seats' connections (`Teller`), and what it tells its
friends of the game built where its host says: at once (a host without a window), or at a
window's in the thread that sends the table's messages (keeping_thread.py), so that the
render loop only numbers what happened and takes the match as it stands. Each seat's
stream numbers its events where the game is played (the match grows there); what is built
of them, of a seat's position and of its question reads only the events, states and the
match as it stood, which never change, and is sent in the order the table gave it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from game.engine.ruleset import Event, State
from game.net.decision_clock import DecisionClock
from game.net.wire import JsonObject
from game.services.seat_stream import SeatStream

Send = Callable[[int, JsonObject], None]  # (connection, message)
Close = Callable[[int, str], None]  # (connection, the reason it is closed)
Built = Callable[[Send], None]  # messages built, then sent through the `send` given
Later = Callable[[Built], None]  # where and when the table's messages are built


class Chair(Protocol):
    """What the teller reads of a seat's chair (hosted.py's `Chair`)."""

    connection: int | None
    stream: SeatStream | None
    asked: int | None


class Teller:
    """The messages of a hosted table to its chairs' connections, in the order given."""

    def __init__(self, chairs: Sequence[Chair], send: Send, close: Close,
                 decision_clock: DecisionClock) -> None:
        """`send` and `close` reach a connection (they never wait)."""
        self.chairs, self.send, self.close = chairs, send, close
        self.decision_clock = decision_clock
        # built here, unless the host says where (a window: keeping_thread.py)
        self.later: Later = lambda built: built(self.send)

    def tell_all(self, message: JsonObject) -> None:
        for chair in self.chairs:
            if chair.connection is not None:
                self.send(chair.connection, message)

    def refuse(self, connection: int, reason: str, number: int | None = None) -> None:
        message: JsonObject = {"type": "refused", "reason": reason}
        if number is not None:
            message["id"] = number
        self.send(connection, message)

    def refuse_and_close(self, connection: int, reason: str) -> None:
        self.send(connection, {"type": "bye", "reason": reason})
        self.close(connection, reason)

    def events(self, events: Sequence[tuple[Event, State]]) -> None:
        """The game's new events (each with the state after it), told every friend."""
        self.later(events_told([(chair.stream, chair.connection) for chair in self.chairs
                                if chair.stream is not None], events))

    def again(self, stream: SeatStream, connection: int, since: int) -> None:
        """What `stream` told from `since` on, sent again."""
        self.later(told_since(stream, connection, since))

    def position(self, stream: SeatStream, connection: int) -> None:
        """The seat's position now, with the seconds left to the seat to act when timed."""
        self.later(sent(connection, stream.position_later(),
                        self.decision_clock.left(len(stream.match.turns))))

    def ask(self, seat: int) -> None:
        """The seat's question, if it must decide and was not asked it on this
        connection, with the seconds it has left when timed."""
        chair = self.chairs[seat]
        stream, connection = chair.stream, chair.connection
        if stream is None or connection is None:
            return
        number = stream.question_id
        if number is None or chair.asked == number:
            return
        asked = stream.asked()
        assert asked is not None
        chair.asked = number
        self.later(sent(connection, asked, self.decision_clock.left(number)))


def sent(connection: int, message: Callable[[], JsonObject], left: float | None) -> Built:
    """The work that builds `message` and sends it, with the seconds `left` when timed."""
    def build(send: Send) -> None:
        built = message()
        if left is not None:
            built["time_left"] = round(left, 1)
        send(connection, built)
    return build


def events_told(streams: Sequence[tuple[SeatStream, int | None]],
                events: Sequence[tuple[Event, State]]) -> Built:
    """The new `events` (each with the state after it), numbered now in each seat's
    stream; the work that builds what each seat is told of them and sends it to the
    seat's connection of now (none: the seat is away, and asks again when back)."""
    numbered = [[(stream, connection, stream.next_told(event, state))
                 for stream, connection in streams] for event, state in events]

    def build(send: Send) -> None:
        for tellings in numbered:
            for stream, connection, telling in tellings:
                message = stream.build(telling)
                if connection is not None:
                    send(connection, message)
    return build


def told_since(stream: SeatStream, connection: int, since: int) -> Built:
    """The work that sends again what `stream` told from `since` on (built by then)."""
    def send_again(send: Send) -> None:
        for told in stream.since(since):
            send(connection, told)
    return send_again
