"""What a hosted table tells its friends of the game's events, built where its host says:
at once (a host without a window), or at a window's in the thread that sends the table's
messages (keeping_thread.py), so that the render loop only numbers what happened. Each
seat's stream numbers its events where the game is played (the match grows there); what
is built of them reads only the events and states, which never change, and is sent in
the order the table gave it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.ruleset import Event, State
from game.net.wire import JsonObject
from game.services.seat_stream import SeatStream

Send = Callable[[int, JsonObject], None]  # (connection, message)
Built = Callable[[Send], None]  # messages built, then sent through the `send` given
Later = Callable[[Built], None]  # where and when the table's messages are built


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
