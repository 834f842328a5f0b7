"""The relay's own few messages (relay.py), before it pipes a friend to a host: the only
ones it reads. Past them, it forwards the wire's messages (wire.py) untouched, both ways.

A host opens its table on a relay with a control connection that says
`{"type": "relay-host", "version": 1, "table": CODE, "key": SECRET}` and is answered
`relay-hosting`;
when a friend says `{"type": "relay-join", "version": 1, "table": CODE}`, the host is told
`{"type": "relay-friend", "pipe": ID}` and opens a connection of its own that says
`{"type": "relay-accept", "version": 1, "pipe": ID}`; the friend is answered
`relay-joined`, and from then on what either sends reaches the other as it was sent. A
refusal is the connection closed with its reason, one line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from game.net import wire
from game.net.wire import TEXT, WHOLE, Field, JsonObject, WireError

RELAY_VERSION = 1
"""The version of the relay's messages (a relay does not read the wire's own version)."""
MOST_RELAY_HELLO = 1024  # bytes: the largest of the relay's messages
ANSWER_WAIT = 15.0  # seconds a relay has to answer a hello (a friend's waits on its host)

TO_RELAY: Mapping[str, Mapping[str, Field]] = {
    # `key`: the host's own secret, which takes its code up again when its connection
    # is lost (no one else can, for a minute: relay.py)
    "relay-host": {"version": WHOLE, "table": TEXT, "key": TEXT},
    "relay-join": {"version": WHOLE, "table": TEXT},
    "relay-accept": {"version": WHOLE, "pipe": TEXT},
}
FROM_RELAY: Mapping[str, Mapping[str, Field]] = {
    "relay-hosting": {},
    "relay-friend": {"pipe": TEXT},
    "relay-joined": {},
}


class RelayRefused(ConnectionError):
    """The relay closed the connection instead of answering: its reason, as it said it."""


def hello(kind: str, **fields: object) -> str:
    """A hello to the relay, as it goes on the wire."""
    return wire.encode({"type": kind, "version": RELAY_VERSION, **fields})


async def said_to_relay(socket: ClientConnection, kind: str, answer: str,
                        **fields: object) -> None:
    """Say `kind` to the relay on `socket` and wait for its `answer`; `RelayRefused` if
    it refuses or answers anything else (the socket is then closed), `TimeoutError` if it
    does not answer within ANSWER_WAIT."""
    try:
        await socket.send(hello(kind, **fields))
        async with asyncio.timeout(ANSWER_WAIT):
            frame = await socket.recv()
        message = wire.decode(frame, FROM_RELAY, most=MOST_RELAY_HELLO)
    except ConnectionClosed as closed:
        reason = closed.rcvd.reason if closed.rcvd is not None else ""
        raise RelayRefused(reason or "the relay closed the connection") from None
    except (WireError, TimeoutError) as error:
        await socket.close()
        if isinstance(error, TimeoutError):
            raise
        raise RelayRefused(f"the relay answered what no relay says ({error})") from None
    if message["type"] != answer:
        await socket.close()
        raise RelayRefused(f"the relay answered {message['type']}, not {answer}")


def relay_message(frame: str | bytes) -> JsonObject:
    """A hello to the relay, checked; `WireError` otherwise."""
    return wire.decode(frame, TO_RELAY, most=MOST_RELAY_HELLO)
