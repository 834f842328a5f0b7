"""A host's table opened on a relay as well (relay.py): the host's control connection to
the relay, kept open and taken up again when it is lost (with the pauses of a friend's
program, client.py), and for each friend the relay announces, a connection of the host's
own to the relay, served by the table's server exactly as a friend's connection to its
door (server.py): the same hello, code, token and checks, the same messages."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import Awaitable, Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine import texts
from game.net import wire
from game.net.client import Address, connect_to, retry_delays
from game.net.relay_wire import FROM_RELAY, MOST_RELAY_HELLO, RelayRefused, said_to_relay
from game.net.wire import WireError

UNREACHED = (OSError, TimeoutError, InvalidHandshake, InvalidURI)


class RelayLink:
    """The table `code` open on the relay at `address`: `run` until cancelled, each friend's
    pipe handed to `serve`. `state`: what the host is told of it, in a sentence;
    `answered`: set once the relay first answered (opened the table, or refused it);
    `wake`: called (in the server's thread) when `state` changes."""

    def __init__(self, address: Address, code: str,
                 serve: Callable[[ClientConnection], Awaitable[None]],
                 log: Callable[[str], None], wake: Callable[[], None] = lambda: None,
                 key: str | None = None) -> None:
        """`key`: the secret that takes the code up again once lost (a table opened
        again after its host stopped has its own again: the relay holds its code for it)."""
        self.address, self.code = address, code
        self._serve, self._log, self._wake = serve, log, wake
        self.state = f"Opening the table on the relay at {address}…"
        self.open = False
        self.answered = threading.Event()
        self.key = key or secrets.token_urlsafe(18)
        self._pipes: set[asyncio.Task[None]] = set()

    async def run(self) -> None:
        delays = retry_delays()
        try:
            while True:
                try:
                    control = await connect_to(self.address)
                    await said_to_relay(control, "relay-host", "relay-hosting",
                                        table=self.code, key=self.key)
                except RelayRefused as refusal:
                    self._say(f"The relay at {self.address} refused the table: {refusal}")
                except UNREACHED as error:
                    self._say(f"The relay at {self.address} cannot be reached: "
                              f"{texts.brief(error)}.")
                else:
                    delays = retry_delays()
                    self._say(f"The table is open on the relay at {self.address}.", True)
                    await self._follow(control)
                    self._say(f"The connection to the relay at {self.address} was lost: "
                              "taking it up again.")
                await asyncio.sleep(next(delays))
        finally:
            for pipe in list(self._pipes):
                pipe.cancel()

    def _say(self, state: str, open_: bool = False) -> None:
        """Log `state` if it is news (a relay refusing at each attempt is said once; the
        first answer's refusal is the caller's to say, as `state`)."""
        self.open = open_
        if state != self.state:
            if open_ or self.answered.is_set():
                self._log(state)
            self.state = state
            self._wake()  # a window shows it
        self.answered.set()

    async def _follow(self, control: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async with control:
                async for frame in control:
                    try:
                        message = wire.decode(frame, FROM_RELAY, most=MOST_RELAY_HELLO)
                    except WireError:
                        continue  # a relay of a later version, perhaps: nothing to do
                    if message["type"] == "relay-friend":
                        task = asyncio.create_task(self._accept(message["pipe"]))
                        self._pipes.add(task)
                        task.add_done_callback(self._pipes.discard)

    async def _accept(self, pipe: str) -> None:
        """The friend's pipe, served as a friend's connection is at the door."""
        try:
            socket = await connect_to(self.address)
            await said_to_relay(socket, "relay-accept", "relay-joined", pipe=pipe)
        except UNREACHED:
            return  # the friend's program asks again
        await self._serve(socket)
