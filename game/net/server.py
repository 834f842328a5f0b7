"""The host's door: a WebSocket server (the `websockets` library, on asyncio) in a thread
of its own, so that nothing a friend's machine does can make the game's thread, or the
window's, wait.

Each connection must say hello first (within HELLO_WAIT seconds), with the wire's version
and the table's code: a program of another version is told so in one line and goes; a
wrong code is answered only after a pause that doubles with each wrong guess from the same
address (so that a code cannot be guessed), and the connection closes. Past the door,
every message is checked against the wire's shapes (wire.py) and, if good, handed to the
game's thread as an `Arrival` in `inbox`; a bad one is refused with its reason, and a
connection that keeps sending bad ones, or more than its share of messages, is closed.
The game's thread sends with `send`, which never waits: messages queue for the
connection's writer, and a connection that stops reading is closed before its queue
grows without end (its friend comes back and asks again from where it stopped).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import wire
from game.net.wire import (
    CLOSING_WAIT,
    FROM_FRIEND,
    MOST_FROM_FRIEND,
    PING_EVERY,
    PING_WAIT,
    VERSION,
    JsonObject,
    WireError,
)

HELLO_WAIT = 10.0  # seconds a new connection has to say hello
RATE = 40.0  # messages a second a connection may send, on average...
BURST = 80.0  # ...and at once
MOST_REFUSED = 20  # bad messages before a connection is closed
MOST_DROPPED = 400  # messages over its share before a connection is closed...
DROPPED_READ = 200.0  # ...read at most this many a second meanwhile (the rest wait unread)
MOST_QUEUED = 20_000  # messages waiting for a connection that does not read them
GUESS_PAUSE = 0.5  # seconds before a wrong code is answered, doubled at each wrong guess...
MOST_GUESS_PAUSE = 16.0  # ...up to this
CLOSE_WAIT = 5.0  # seconds the server waits, when it stops, for what is queued to go
LOG = logging.getLogger("coup-detat.net")

if TYPE_CHECKING:
    from game.net.client import Address
    from game.net.relay_link import RelayLink

Socket = ServerConnection | ClientConnection  # a friend's at the door, or a relay's pipe


@dataclass(frozen=True)
class Arrival:
    """What a connection did, for the game's thread: said hello, sent a message, or ended."""

    kind: str  # "hello", "message", "dropped"
    connection: int
    message: JsonObject | None = None

STEPPING_OUT = ""  # in a connection's queue: it closes without a goodbye (the table is kept)


class _Bucket:
    """A connection's share of messages: RATE a second on average, BURST at once; and
    beyond its share, an answer to each question the table asked it (two bots at a duel
    decide faster than RATE: their answers were dropped, and their game stood still)."""

    def __init__(self) -> None:
        self.level, self.when = BURST, time.monotonic()
        self.owed = 0  # questions asked and not yet answered

    def take(self) -> bool:
        if self.owed:
            self.owed -= 1
            return True
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.when) * RATE)
        self.when = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class TableServer:
    def __init__(self, code: str, *, listen: str = "0.0.0.0", port: int = 0,
                 wake: Callable[[], None] | None = None,
                 log: Callable[[str], None] | None = None) -> None:
        self.code = code
        self._log = log or LOG.info
        self.listen, self.port = listen, port
        self.inbox: queue.Queue[Arrival] = queue.Queue()
        self._wake = wake or (lambda: None)
        self._ids = itertools.count(1)
        self._queues: dict[int, asyncio.Queue[JsonObject | str]] = {}
        self._buckets: dict[int, _Bucket] = {}
        self._guesses: dict[str, int] = {}  # wrong codes by address
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._for_good = True
        self._ready = threading.Event()
        self._failure: OSError | None = None
        self._sending = threading.Lock()
        self._unsent: list[tuple[int, JsonObject | str]] = []  # for the server's thread
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self._relayed: list[asyncio.Task[None]] = []

    # From the game's thread --------------------------------------------------------------
    def start(self) -> int:
        """Listen; the port listened on. `OSError` if it cannot (the port is taken)."""
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure
        return self.port

    def open_on_relay(self, relay: Address, key: str | None = None) -> RelayLink:
        """Open the table on a relay as well (relay_link.py), once listening: friends
        who reach the relay come in through the same door as at this machine (`key`:
        the link's, to take up the code of a table opened again)."""
        from game.net.relay_link import RelayLink

        link = RelayLink(relay, self.code, self._serve, self._log, self._wake, key)
        self._call(self._relay, link)
        return link

    def _relay(self, link: RelayLink) -> None:
        self._relayed.append(asyncio.get_running_loop().create_task(link.run()))

    def send(self, connection: int, message: JsonObject) -> None:
        self._outgoing(connection, message)

    def close_connection(self, connection: int, reason: str) -> None:
        """Close once what was sent before has gone."""
        self._outgoing(connection, reason)

    def _outgoing(self, connection: int, item: JsonObject | str) -> None:
        """Queued in order, the server's thread woken once for all that a step sends
        (woken for each message, it took the interpreter from the window's loop some
        90 times a decision at a table of six: 40 ms of a frame)."""
        with self._sending:
            self._unsent.append((connection, item))
            if len(self._unsent) > 1:
                return  # the server's thread has been woken already
        if not self._call(self._put_unsent):
            with self._sending:
                self._unsent.clear()  # no server to send it (not started, or stopped)

    def stop(self, wait: bool = True, *, for_good: bool = True) -> None:
        """Close every connection once what is queued for it has gone (within
        CLOSE_WAIT), then stop listening; `wait`: until it has. `for_good` False: the
        table is kept, to be opened again, and the friends are not bid goodbye (their
        programs take the connection up again when it is back); a table stopped so once is
        not bid goodbye by a stop after it (which only waits)."""
        self._for_good = self._for_good and for_good
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has just ended
                loop.call_soon_threadsafe(stopping.set)
        if wait and self._thread.is_alive():
            self._thread.join(timeout=CLOSE_WAIT + 2)

    def _call(self, function: Callable[..., None], *arguments: Any) -> bool:
        """Run `function` in the server's thread; False if there is none to run it."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(function, *arguments)
                return True
        return False

    # In the server's thread ----------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except OSError as error:
            self._failure = error
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        async with serve(self._serve, self.listen, self.port, max_size=MOST_FROM_FRIEND,
                         max_queue=4, compression=None, ping_interval=PING_EVERY,
                         ping_timeout=PING_WAIT, close_timeout=CLOSING_WAIT, logger=LOG,
                         server_header=None) as server:
            self.port = server.sockets[0].getsockname()[1] if server.sockets else self.port
            self._ready.set()
            await self._stopping.wait()
            for relayed in self._relayed:  # no more friends come through a relay
                relayed.cancel()
            for number in list(self._queues):
                self._put(number, "The table has closed." if self._for_good else STEPPING_OUT)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(CLOSE_WAIT):
                    while self._queues:
                        await asyncio.sleep(0.02)
            server.close()

    def _put_unsent(self) -> None:
        with self._sending:
            unsent, self._unsent = self._unsent, []
        for connection, item in unsent:
            self._put(connection, item)

    def _put(self, connection: int, item: JsonObject | str) -> None:
        outgoing = self._queues.get(connection)
        if outgoing is None:
            return
        if outgoing.qsize() >= MOST_QUEUED:
            item = "Your machine has not read what the table sent it for too long."
        elif isinstance(item, dict) and item.get("type") == "decide" \
                and connection in self._buckets:
            self._buckets[connection].owed += 1
        outgoing.put_nowait(item)

    async def _serve(self, socket: Socket) -> None:
        hello = await self._door(socket)
        if hello is None:
            return
        number = next(self._ids)
        outgoing: asyncio.Queue[JsonObject | str] = asyncio.Queue()
        self._queues[number] = outgoing
        self._buckets[number] = _Bucket()
        self._arrive(Arrival("hello", number, hello))
        writer = asyncio.create_task(self._write(socket, outgoing))
        try:
            await self._read(socket, number)
        finally:
            self._arrive(Arrival("dropped", number))
            outgoing.put_nowait("The connection has ended.")  # after a reason given before
            with contextlib.suppress(TimeoutError, ConnectionClosed):
                async with asyncio.timeout(1.0):
                    await asyncio.shield(writer)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
            self._queues.pop(number, None)
            self._buckets.pop(number, None)
            await socket.close()

    async def _door(self, socket: Socket) -> JsonObject | None:
        """The hello, if the connection may come in; else it is told why and closed."""
        try:
            async with asyncio.timeout(HELLO_WAIT):
                frame = await socket.recv()
        except (TimeoutError, ConnectionClosed):
            await socket.close(reason="no hello")
            return None
        version = wire.version_of(frame)
        if version is not None and version != VERSION:
            self._log(f"A friend's program speaks version {version} of the wire, and this "
                      f"one {VERSION}: it was turned away.")
            await self._turn_away(
                socket, f"This table speaks version {VERSION} of the game's wire and your "
                        f"program version {version}: both need the same version of "
                        "Coup d'État.")
            return None
        try:
            hello = wire.decode(frame, FROM_FRIEND, most=MOST_FROM_FRIEND)
        except WireError as error:
            await self._turn_away(socket, str(error))
            return None
        if hello["type"] != "hello":
            await self._turn_away(socket, "Say hello first.")
            return None
        address = str(socket.remote_address[0]) if socket.remote_address else "?"
        if wire.normal_code(hello["code"]) != self.code:
            guesses = self._guesses.get(address, 0)
            self._guesses[address] = guesses + 1
            await asyncio.sleep(min(MOST_GUESS_PAUSE, GUESS_PAUSE * 2 ** guesses))
            await self._turn_away(socket, "That is not this table's code.")
            return None
        return hello

    async def _turn_away(self, socket: Socket, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(wire.encode({"type": "bye", "reason": reason}))
        await socket.close(reason=_close_reason(reason))

    async def _read(self, socket: Socket, number: int) -> None:
        bucket, refused, dropped = self._buckets[number], 0, 0
        with contextlib.suppress(ConnectionClosed):
            async for frame in socket:
                if not bucket.take():
                    dropped += 1
                    if dropped == 1 or dropped % 100 == 0:
                        self._put(number, {"type": "refused", "reason":
                                           "Too many messages: some were not read."})
                    if dropped >= MOST_DROPPED:
                        self._put(number, "Too many messages.")
                        return
                    # A flood read as fast as it came held the interpreter from the
                    # window's thread: left unread, it waits in the system's buffers.
                    await asyncio.sleep(1 / DROPPED_READ)
                    continue
                try:
                    message = wire.decode(frame, FROM_FRIEND, most=MOST_FROM_FRIEND)
                except WireError as error:
                    refused += 1
                    self._put(number, {"type": "refused", "reason": str(error)})
                    if refused >= MOST_REFUSED:
                        self._put(number, "Too many messages the table could not read.")
                        return
                    continue
                if message["type"] == "hello":
                    self._put(number, {"type": "refused", "reason": "You said hello already."})
                    continue
                self._arrive(Arrival("message", number, message))

    async def _write(self, socket: Socket,
                     outgoing: asyncio.Queue[JsonObject | str]) -> None:
        while True:
            item = await outgoing.get()
            if item == STEPPING_OUT:
                await socket.close(code=1001, reason="The table will be back.")
                return
            if isinstance(item, str):  # the reason it closes
                with contextlib.suppress(ConnectionClosed):
                    await socket.send(wire.encode({"type": "bye", "reason": item}))
                await socket.close(reason=_close_reason(item))
                return
            await socket.send(wire.encode(item))

    def _arrive(self, arrival: Arrival) -> None:
        self.inbox.put(arrival)
        self._wake()


def _close_reason(reason: str) -> str:
    """A WebSocket close frame holds at most 123 bytes of reason."""
    data = reason.encode("utf-8")[:120]
    return data.decode("utf-8", "ignore")
