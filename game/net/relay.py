"""A relay (`coup-detat relay`): a small server on a machine that a host and its friends
can all reach, so that none of them opens a port. The host connects out to it with its
table's code, friends connect out to it with the same code, and the relay pipes each
friend's connection to a connection the host opens for it (relay_wire.py says how).

The relay holds no game and reads nothing past its own hello: what a friend and the host
send each other goes through as it was sent, and the host checks a friend's hello, code
and token exactly as at its own door (server.py). It guards itself: a code it does not
hold is answered only after a pause that doubles with each such code from the same
address; a friend waits ACCEPT_WAIT seconds at most for its host; frames are no larger
than the wire allows each way; a friend's messages are passed on at RATE a second at most
(a flood waits at the relay, and the host's own share cuts it); tables and pipes are
counted. A host's control connection that ends ends its pipes (its friends' programs
come back, as they do when a host drops) and frees its code, but for the host's own key
for a minute: no one else takes its table's place while it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import relay_wire, wire
from game.net.relay_wire import RELAY_VERSION
from game.net.wire import (
    CLOSING_WAIT,
    MOST_FROM_FRIEND,
    MOST_FROM_HOST,
    PING_EVERY,
    PING_WAIT,
    WireError,
)

DEFAULT_PORT = 4748  # the relay's port, unless told (a host's default is 4747)
HELLO_WAIT = 10.0  # seconds a new connection has to say its hello
ACCEPT_WAIT = 10.0  # seconds a friend waits for its host to open its pipe
MOST_TABLES = 500  # tables a relay holds at once
MOST_PIPES = 2000  # friends' pipes open (or waiting) at once, all tables together
MOST_TABLE_PIPES = 32  # of one table
# A friend's messages passed on a second, on average, and at once: far more than a seat's
# answers need (one a question; the host's own share, 40 a second beyond its questions,
# cuts floods, server.py), few enough that a flood costs the relay little
RATE = 1000.0
BURST = 1000.0
MISS_PAUSE = 0.5  # seconds before an unknown code is answered, doubled at each one...
MOST_MISS_PAUSE = 16.0  # ...up to this...
MISSES_KEPT = 600.0  # ...and forgotten this long after an address's last (a relay runs long)
MOST_MISSERS = 10_000  # addresses remembered before those forgotten are let go
HELD_FOR = 60.0  # seconds a host's code is kept for its key once its connection is lost
LOG = logging.getLogger("coup-detat.relay")


@dataclass
class _Table:
    control: ServerConnection
    waiting: dict[str, asyncio.Future[ServerConnection]] = field(default_factory=dict)
    pipes: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def count(self) -> int:
        return len(self.waiting) + len(self.pipes)


class _Pace:
    """A friend's share of messages: RATE a second on average, BURST at once; past it,
    the next waits its turn."""

    def __init__(self) -> None:
        self.level, self.when = BURST, time.monotonic()

    async def take(self) -> None:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.when) * RATE)
        self.when = now
        if self.level < 1:
            await asyncio.sleep((1 - self.level) / RATE)
            self.level, self.when = 1.0, time.monotonic()
        self.level -= 1


class Relay:
    def __init__(self, *, listen: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 log: Callable[[str], None] | None = None,
                 accept_wait: float = ACCEPT_WAIT) -> None:
        self.listen, self.port = listen, port
        self.accept_wait = accept_wait
        self._log = log or LOG.info
        self._tables: dict[str, _Table] = {}
        self._held: dict[str, tuple[str, float]] = {}  # codes of hosts away: key, until
        # unknown codes and pipes asked for, by address: how many, and when last
        self._misses: dict[str, tuple[int, float]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failure: OSError | None = None
        self._thread: threading.Thread | None = None

    # In a thread of its own (tests, benchmarks) -------------------------------------------
    def start(self) -> int:
        """Listen, in a thread; the port listened on. `OSError` if it cannot."""
        self._thread = threading.Thread(target=self._run, name="relay", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure
        return self.port

    def stop(self) -> None:
        """Stop relaying (its pipes close), and wait for its thread."""
        self.stop_soon()
        if self._thread is not None:
            self._thread.join(timeout=CLOSING_WAIT + 5)

    def stop_soon(self) -> None:
        """Stop relaying, from any thread (or a signal's handler), not waited for."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopping.set)

    def _run(self) -> None:
        try:
            asyncio.run(self.serve())
        except OSError as error:
            self._failure = error
        finally:
            self._ready.set()

    # The relay ----------------------------------------------------------------------------
    async def serve(self, listening: Callable[[int], None] | None = None) -> None:
        """Relay until `stop` (`listening`: told the port, once it listens)."""
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        async with serve(self._serve, self.listen, self.port, max_size=MOST_FROM_FRIEND,
                         max_queue=2, compression=None, ping_interval=PING_EVERY,
                         ping_timeout=PING_WAIT, close_timeout=CLOSING_WAIT, logger=LOG,
                         server_header=None) as server:
            self.port = server.sockets[0].getsockname()[1] if server.sockets else self.port
            self._ready.set()
            if listening is not None:
                listening(self.port)
            await self._stopping.wait()
            server.close()

    async def _serve(self, socket: ServerConnection) -> None:
        try:
            async with asyncio.timeout(HELLO_WAIT):
                frame = await socket.recv()
            message = relay_wire.relay_message(frame)
        except (TimeoutError, ConnectionClosed):
            await socket.close(reason="No hello.")
            return
        except WireError as error:
            await _refuse(socket, f"The relay could not read your hello: {error}.")
            return
        if message["version"] != RELAY_VERSION:
            await _refuse(socket, f"This relay speaks version {RELAY_VERSION} of its "
                                  f"messages and your program {message['version']}.")
            return
        kind = message["type"]
        if kind == "relay-host":
            await self._host(socket, wire.normal_code(message["table"]), message["key"])
        elif kind == "relay-join":
            await self._join(socket, wire.normal_code(message["table"]))
        else:
            await self._accept(socket, message["pipe"])

    async def _host(self, socket: ServerConnection, code: str, key: str) -> None:
        if not wire.valid_code(code):
            await _refuse(socket, "That is not a table code.")
            return
        if code in self._tables or not self._free(code, key):
            await _refuse(socket, "Another host holds a table with this code on this relay.")
            return
        if len(self._tables) >= MOST_TABLES:
            await _refuse(socket, "This relay holds all the tables it can: try later.")
            return
        table = self._tables[code] = _Table(socket)
        self._log(f"A table opened on the relay ({len(self._tables)} open).")
        try:
            await socket.send(wire.encode({"type": "relay-hosting"}))
            async for _ in socket:  # the host says nothing here: it only keeps it open
                await _refuse(socket, "A host's connection to the relay carries no messages.")
        except ConnectionClosed:
            pass
        finally:
            del self._tables[code]
            self._held[code] = (key, time.monotonic() + HELD_FOR)
            for waiting in table.waiting.values():
                waiting.cancel()
            for pipe in list(table.pipes):
                pipe.cancel()
            self._log(f"A table closed on the relay ({len(self._tables)} open).")

    def _free(self, code: str, key: str) -> bool:
        """May a host of `key` take `code`? Not one held for another's key (its host's
        connection lost: it comes back) for HELD_FOR seconds."""
        now = time.monotonic()
        self._held = {held: (owner, until) for held, (owner, until) in self._held.items()
                      if until > now}
        return self._held.get(code, (key, 0.0))[0] == key

    async def _join(self, socket: ServerConnection, code: str) -> None:
        table = self._tables.get(code)
        if table is None:
            await self._missed(socket, "No table with this code is open on this relay.")
            return
        if table.count >= MOST_TABLE_PIPES or self._pipes() >= MOST_PIPES:
            await _refuse(socket, "This relay has as many friends at tables as it can.")
            return
        pipe = secrets.token_urlsafe(18)  # told only to the host: no one else can accept
        accepted: asyncio.Future[ServerConnection] = asyncio.get_running_loop().create_future()
        table.waiting[pipe] = accepted
        try:
            await table.control.send(wire.encode({"type": "relay-friend", "pipe": pipe}))
            async with asyncio.timeout(self.accept_wait):
                host = await accepted
        except (TimeoutError, ConnectionClosed, asyncio.CancelledError):
            await _refuse(socket, "The table's host did not answer through the relay.")
            return
        finally:
            table.waiting.pop(pipe, None)
        task = asyncio.current_task()
        assert task is not None
        table.pipes.add(task)
        try:
            await socket.send(wire.encode({"type": "relay-joined"}))
            await _pipe(socket, host)
        except (ConnectionClosed, asyncio.CancelledError):
            pass
        finally:
            table.pipes.discard(task)
            await _close_both(socket, host)

    async def _accept(self, socket: ServerConnection, pipe: str) -> None:
        waiting = next((table.waiting.get(pipe) for table in self._tables.values()
                        if pipe in table.waiting), None)
        if waiting is None or waiting.done():
            await self._missed(socket, "No friend waits on this pipe.")
            return
        # The host's messages may be as large as the wire allows them: the relay's own
        # limit, the friend's, was for the hello (websockets reads it at each frame)
        socket.protocol.max_message_size = MOST_FROM_HOST
        try:
            await socket.send(wire.encode({"type": "relay-joined"}))
        except ConnectionClosed:
            return
        waiting.set_result(socket)
        await socket.wait_closed()  # the friend's side pipes, and closes both

    async def _missed(self, socket: ServerConnection, reason: str) -> None:
        """A code (or pipe) the relay does not hold: answered after a pause that doubles."""
        address = str(socket.remote_address[0]) if socket.remote_address else "?"
        misses, last = self._misses.get(address, (0, 0.0))
        now = time.monotonic()
        if now - last > MISSES_KEPT:
            misses = 0
        if len(self._misses) >= MOST_MISSERS:
            self._misses = {key: value for key, value in self._misses.items()
                            if now - value[1] <= MISSES_KEPT}
        self._misses[address] = (misses + 1, now)
        await asyncio.sleep(min(MOST_MISS_PAUSE, MISS_PAUSE * 2 ** misses))
        await _refuse(socket, reason)

    def _pipes(self) -> int:
        return sum(table.count for table in self._tables.values())


async def _pipe(friend: ServerConnection, host: ServerConnection) -> None:
    """What each sends, to the other, until either ends."""
    ways = [asyncio.create_task(_forward(friend, host, _Pace())),
            asyncio.create_task(_forward(host, friend, None))]
    try:
        await asyncio.wait(ways, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for way in ways:
            way.cancel()
        for way in ways:
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await way


async def _forward(source: ServerConnection, target: ServerConnection,
                   pace: _Pace | None) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for frame in source:
            if pace is not None:
                await pace.take()
            await target.send(frame)


async def _close_both(friend: ServerConnection, host: ServerConnection) -> None:
    """Each side closed, saying why as the other did (a host's bye went through before)."""
    reasons = {friend: host.close_reason or "The table's pipe on the relay has ended.",
               host: friend.close_reason or "The friend's pipe on the relay has ended."}
    await asyncio.gather(*(side.close(reason=_short(reasons[side])) for side in reasons),
                         return_exceptions=True)


async def _refuse(socket: ServerConnection, reason: str) -> None:
    await socket.close(reason=_short(reason))


def _short(reason: str) -> str:
    """A WebSocket close frame holds at most 123 bytes of reason."""
    return reason.encode("utf-8")[:120].decode("utf-8", "ignore")
