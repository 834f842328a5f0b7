"""The connection of a window's seat to a friend's table, in a thread of its own.

The window never waits for the network: what the host sends is checked (wire.py) and put
in `inbox` for the window to read at its next frame; what the window sends is queued and
written by this thread. A connection lost mid-game is taken up again with the seat's token
and the number of the next thing to be told, for RECONNECT_FOR seconds; the window is told
(`Lost`, `Back`) and finally `Ended` with the reason, if it ends. With a `keeper`, the seat
is kept in the player's folder from the host's welcome to the game's end (kept_seats.py),
written by this thread, so that the window's Continue (or joining again) takes it up.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine import texts
from game.net import wire
from game.net.client import (
    RECONNECT_FOR,
    Address,
    SeatOnline,
    connect_to,
    host_name,
    retry_delays,
    seat_name_in,
)
from game.net.kept_seats import KeptSeat, SeatKeeper
from game.net.wire import FROM_HOST, MOST_FROM_HOST, JsonObject, WireError


@dataclass(frozen=True)
class Lost:
    """The connection was lost: it is being taken up again."""


@dataclass(frozen=True)
class Back:
    """The connection is back."""


@dataclass(frozen=True)
class Ended:
    """The connection has ended for good, and why (None: the game is over, or the window
    closed it)."""

    reason: str | None


Arrival = JsonObject | Lost | Back | Ended


class SeatLink:
    def __init__(self, address: Address, code: str, name: str, *,
                 wake: Callable[[], None] | None = None, keeper: SeatKeeper | None = None,
                 kept: KeptSeat | None = None) -> None:
        """`kept`: the seat taken before, taken up again (with its token, from the start of
        what it was told: this window knows nothing of the game yet)."""
        self.address = address
        self.seat = SeatOnline(wire.normal_code(code), name)
        if kept is not None:
            self.seat.token, self.seat.seat = kept.token, kept.seat
        self.keeper = keeper
        self._welcomed_here = False  # the host welcomed the seat on this connection
        self.inbox: queue.Queue[Arrival] = queue.Queue()
        self._wake = wake or (lambda: None)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[JsonObject] | None = None
        self._closing: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="seat-link", daemon=True)

    # From the window's thread --------------------------------------------------------------
    def start(self) -> None:
        self._thread.start()

    def send(self, message: JsonObject) -> None:
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(outbox.put_nowait, message)

    def close(self) -> None:
        """End the connection (not waited for); the seat stays kept, to be taken up."""
        loop, closing = self._loop, self._closing
        if loop is not None and closing is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(closing.set)

    def join(self, timeout: float) -> None:
        """Wait for the connection's thread to end (after `close`), `timeout` seconds at
        most."""
        self._thread.join(timeout)

    def heard(self, told: int) -> None:
        """The window has been told up to `told` events: a connection taken up again asks
        from there."""
        self.seat.told = told

    # In the link's thread -------------------------------------------------------------------
    def _run(self) -> None:
        try:
            reason = asyncio.run(self._main())
        except Exception as error:  # whatever breaks here, the window hears it in words
            reason = f"The connection failed: {texts.brief(error)}"
        if self.keeper is not None:
            self.keeper.release()
        self._arrive(Ended(reason))

    async def _main(self) -> str | None:
        self._loop = asyncio.get_running_loop()
        self._outbox, self._closing = asyncio.Queue(), asyncio.Event()
        waited, lost = 0.0, False
        for delay in retry_delays():
            if self._closing.is_set():
                return None
            try:
                socket = await connect_to(self.address, self.seat.code)
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
                if self.seat.token is None:
                    return (f"The table at {self.address} cannot be reached: "
                            f"{texts.brief(error)}.")
            else:
                waited = 0.0
                if lost:
                    self._arrive(Back())
                ended = await self._follow(socket)
                if ended is not None:
                    return ended or None
                if self.seat.token is None:
                    return "The host closed the connection."
                lost = True
                self._arrive(Lost())
            if waited > RECONNECT_FOR:
                return f"The table at {self.address} has not answered for {RECONNECT_FOR:g} s."
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._closing.wait()
            waited += delay
        return None

    async def _follow(self, socket: ClientConnection) -> str | None:
        """Say hello and follow the table; why it ended ("": the game is over or the window
        closed it), None if the connection was lost."""
        assert self._outbox is not None and self._closing is not None
        self._welcomed_here = False
        async with socket:
            with contextlib.suppress(ConnectionClosed):
                await socket.send(wire.encode(self.seat.hello()))
                writer = asyncio.create_task(self._write(socket))
                closing = asyncio.create_task(self._close_on_leaving(socket))
                try:
                    async for frame in socket:
                        ended = self._heard(frame)
                        if ended is not None:
                            return ended
                        if closing.done():
                            return ""
                finally:
                    writer.cancel()
                    closing.cancel()
        return "" if self._closing.is_set() else None

    async def _close_on_leaving(self, socket: ClientConnection) -> None:
        """The window closed the connection: it ends now, not at the host's next message
        (the seat's lock is let go at once, for another window to take it up)."""
        assert self._closing is not None
        await self._closing.wait()
        await socket.close()

    def _heard(self, frame: str | bytes) -> str | None:
        try:
            message = wire.decode(frame, FROM_HOST, most=MOST_FROM_HOST)
        except WireError as error:
            self._arrive({"type": "refused", "reason": f"The host sent a message that could "
                                                       f"not be read: {error}."})
            return None
        kind = message["type"]
        if kind == "welcome":
            self.seat.token, self.seat.seat = message["token"], message["seat"]
            self._welcomed_here = True
            self._keep(message["table"])
        self._arrive(message)
        if kind == "bye":
            if not self._welcomed_here and self.keeper is not None:
                self.keeper.forget()  # the table does not know the seat (any more)
            return str(message["reason"])
        if kind == "end":
            self.seat.result = message["result"]
            if self.keeper is not None:
                self.keeper.forget()
        return None

    def _keep(self, table: JsonObject) -> None:
        keeper, seat, token = self.keeper, self.seat.seat, self.seat.token
        if keeper is None or seat is None or token is None:
            return
        ruleset = table.get("ruleset")
        keeper.keep(seat, seat_name_in(table, seat) or self.seat.name, token,
                    ruleset if isinstance(ruleset, str) else "?", 0, host=host_name(table))

    async def _write(self, socket: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            message = await self._outbox.get()
            await socket.send(wire.encode(message))

    def _arrive(self, arrival: Arrival) -> None:
        self.inbox.put(arrival)
        self._wake()

