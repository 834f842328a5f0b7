"""A connection past its share of messages is read slowly (server.DROPPED_READ a second)
until it is cut (server.MOST_DROPPED): a flood read as fast as it came held the
interpreter from the window's thread beside the server's. What it sends faster waits
unread on its way. On 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import contextlib
import time

from test_net_relay_hostile import read_all
from websockets.exceptions import ConnectionClosed

from game.net import server, wire
from game.net.client import Address, connect_to
from game.net.server import TableServer

CODE = "FLOODS"
LIMIT = 60.0  # seconds, at most, for the whole flood


def test_a_flood_is_read_slowly_then_cut() -> None:
    table = TableServer(CODE, listen="127.0.0.1", port=0, log=lambda line: None)
    port = table.start()
    try:
        seconds, said = asyncio.run(_flooded(port))
    finally:
        table.stop()
    handed = []
    while not table.inbox.empty():
        handed.append(table.inbox.get_nowait().kind)
    assert "Too many messages." in said
    # read as fast as it came, the flood was cut in a twentieth of a second
    slowest = (server.MOST_DROPPED - 1) / server.DROPPED_READ
    assert seconds >= 0.8 * slowest, seconds
    # the table was handed its share, never the flood
    assert handed.count("message") <= server.BURST + server.RATE * seconds + 5, handed


async def _flooded(port: int) -> tuple[float, list[str]]:
    async with asyncio.timeout(LIMIT):
        socket = await connect_to(Address("127.0.0.1", port), CODE)
        await socket.send(wire.encode({"type": "hello", "version": wire.VERSION,
                                       "code": CODE, "name": "Flood"}))
        said: list[str] = []
        reader = asyncio.create_task(read_all(socket, said))
        started = time.monotonic()
        with contextlib.suppress(ConnectionClosed):
            while not reader.done():
                await socket.send(wire.encode({"type": "undo"}))
                await asyncio.sleep(0)
        await reader
        return time.monotonic() - started, said

