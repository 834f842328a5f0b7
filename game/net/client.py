"""A friend's machine at a hosted table: the connection to the host, and a seat played
there by an outside program (`coup-detat join --bot`, docs/BOT_PROTOCOL.md unchanged).

What the host sends is checked like anything else that arrives (wire.py): a message that
is not of the wire's shapes is reported and dropped; the legal moves of a question are
read through the rules before the program is asked. The program never learns it plays
over a network: it is asked exactly what it would be asked at this machine's table, and
its answer goes to the host, which alone applies it. A connection lost mid-game is taken
up again with the seat's token, from the last thing told (RECONNECT_FOR seconds at most).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game import __version__
from game.ai.bot import DEFAULT_TIME_LIMIT, ExecPlayer
from game.engine import texts
from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.ruleset import AnyRuleset, Decision
from game.games import get_ruleset
from game.net import wire
from game.net.catch_up import CatchUp
from game.net.decision_clock import time_up_line
from game.net.kept_seats import SeatKeeper
from game.net.wire import (
    CLOSING_WAIT,
    FROM_HOST,
    MOST_FROM_HOST,
    PING_EVERY,
    PING_WAIT,
    VERSION,
    JsonObject,
    WireError,
)
from game.system.paths import APP_NAME

RECONNECT_FOR = 120.0  # seconds a lost connection is taken up again for
OPEN_WAIT = 10.0  # seconds to reach the host
SEEN_KEYS = ("first_dealer", "deals", "moves", "hand_start", "view")
LOOK_EVERY = 0.5  # seconds between looks at whether the seat is stuck (catch_up.py)


class JoinFailed(Exception):
    """The table could not be joined, or was left: why, in a sentence."""


class TurnedAway(JoinFailed):
    """The host turned the seat's token away before welcoming it: the table does not know
    the seat (its game is over, or it is another table now)."""


@dataclass
class Address:
    host: str
    port: int
    relay: bool = False  # a relay's (relay.py), which pipes this machine to the table

    @property
    def uri(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}/"

    def __str__(self) -> str:
        return self.uri.removeprefix("ws://").rstrip("/")

    @property
    def kept_as(self) -> str:
        """As a seat kept for rejoining remembers it: "relay:HOST:PORT" for a relay's."""
        return f"relay:{self}".lower() if self.relay else str(self).lower()


def parse_address(text: str) -> Address:
    """"HOST:PORT" (an IPv6 address in brackets: "[::1]:4000"); `ValueError` otherwise."""
    host, colon, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]") if host.startswith("[") else host
    if not colon or not host or not port.isascii() or not port.isdigit() \
            or not 0 < int(port) < 65536 or any(c.isspace() for c in host):
        raise ValueError(f"an address is HOST:PORT (such as 192.168.1.20:4000), "
                         f"not {texts.quoted(text, 40)}")
    return Address(host, int(port))


@dataclass
class SeatOnline:
    """What this machine knows of its seat at the table: its token, what it was told."""

    code: str
    name: str
    token: str | None = None
    seat: int | None = None
    told: int = 0  # messages "told" received, in order: the next number asked for
    ruleset: AnyRuleset | None = None
    options: JsonObject = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    over: bool = False  # the host's last position says the game is over (its end to come)
    result: JsonObject | None = None

    def hello(self) -> JsonObject:
        message: JsonObject = {"type": "hello", "version": VERSION,
                               "program": f"{APP_NAME} {__version__}", "code": self.code}
        if self.token is not None:
            message.update(token=self.token, since=self.told)
        else:
            message["name"] = self.name
        return message


class BotAtTable:
    """A seat at a hosted table played by an outside program."""

    def __init__(self, address: Address, code: str, name: str, command: str, *,
                 time_limit: float = DEFAULT_TIME_LIMIT,
                 record: IO[str] | None = None,
                 say: Callable[[str], None] = lambda line: None,
                 keeper: SeatKeeper | None = None) -> None:
        """`keeper`: the seat is kept in the player's folder (kept_seats.py), and one
        kept there for this table is taken up again."""
        self.address = address
        self.seat = SeatOnline(wire.normal_code(code), name)
        self.command = command
        self.time_limit = time_limit
        self.record = record
        self.say = say
        self.player: ExecPlayer | None = None
        self.answered: int | None = None  # the question last answered by a decision
        self.keeper = keeper
        self.taken_up = False  # the seat was kept from before, and not welcomed yet
        self.welcomed_here = False  # the host welcomed the seat on this connection
        self.catch_up = CatchUp()  # when to ask the host to tell again (a message lost)
        self.thinking = False  # the program is answering a question
        self.settled = -1  # the last of the seat's questions the host settled

    def play(self) -> JsonObject:
        """Play the seat to the game's end; its result. `JoinFailed` if the table cannot be
        joined or the host goes."""
        self._take_up()
        try:
            return asyncio.run(self._play())
        finally:
            if self.player is not None:
                self.player.abandon()
            if self.keeper is not None:
                self.keeper.release()

    def _take_up(self) -> None:
        kept = self.keeper.take_up() if self.keeper is not None else None
        if kept is None:
            return
        seat = self.seat
        seat.token, seat.seat, seat.told = kept.token, kept.seat, kept.told
        self.taken_up = True
        self.say(f"Taking up your seat {kept.seat + 1} at {self.address} again, as {kept.name}.")

    async def _play(self) -> JsonObject:
        waited, delays = 0.0, retry_delays()
        while True:
            try:
                socket = await connect_to(self.address, self.seat.code)
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
                if self.seat.token is None:
                    raise JoinFailed(f"The table at {self.address} cannot be reached: "
                                     f"{texts.brief(error)}") from None
            else:
                waited, delays = 0.0, retry_delays()  # the pauses start short again
                try:
                    result = await self._follow_on(socket)
                except TurnedAway:
                    if not (self.taken_up or self.seat.ruleset is None):
                        raise  # the game this program played is gone
                    self._join_anew()
                    continue
                if result is not None:
                    return result
                if self.seat.token is None:
                    raise JoinFailed("The host closed the connection.")
                self.say("The connection to the table was lost: taking it up again.")
            if waited > RECONNECT_FOR:
                raise JoinFailed(f"The table at {self.address} has not answered for "
                                 f"{RECONNECT_FOR:g} s.")
            delay = next(delays)
            await asyncio.sleep(delay)
            waited += delay

    def _join_anew(self) -> None:
        """The seat taken before (kept from another run, or taken in a lobby the host
        has left since) is not at this table: take a new one."""
        self.taken_up = False
        self.seat = SeatOnline(self.seat.code, self.seat.name)
        self.catch_up, self.settled = CatchUp(), -1  # another game: numbered from its start
        self.say("Your seat taken before is not at this table any more: joining it anew.")

    async def _follow_on(self, socket: ClientConnection) -> JsonObject | None:
        """`_follow` on `socket` until it ends, and the socket closed."""
        with contextlib.suppress(ConnectionClosed):
            async with socket:
                return await self._follow(socket)
        return None

    async def _follow(self, socket: ClientConnection) -> JsonObject | None:
        """Say hello, then answer what the host asks; the result once the game is over,
        None if the connection ended first."""
        self.welcomed_here = False
        self.catch_up.moved()
        await socket.send(wire.encode(self.seat.hello()))
        asking = asyncio.create_task(self._ask_again(socket))
        try:
            async for frame in socket:
                self._write_record(frame)
                try:
                    message = wire.decode(frame, FROM_HOST, most=MOST_FROM_HOST)
                except WireError as error:
                    self.say(f"The host sent a message that could not be read: {error}.")
                    continue
                answer = await self._heard(message)
                if answer is not None:
                    # Closed while its program thought: what the host said before (a bye:
                    # the seat taken up on another connection) is still to be read, not lost
                    with contextlib.suppress(ConnectionClosed):
                        await socket.send(wire.encode(answer))
                    self.catch_up.moved()
                if self.seat.result is not None:
                    return self.seat.result
                await self._ask_if_stuck(socket)  # a told past what it has: at once
        finally:
            asking.cancel()
        return None

    async def _ask_again(self, socket: ClientConnection) -> None:
        """While the connection lasts, look each LOOK_EVERY seconds whether the seat is
        stuck (a question lost: catch_up.py)."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(LOOK_EVERY)
                await self._ask_if_stuck(socket)

    async def _ask_if_stuck(self, socket: ClientConnection) -> None:
        """Ask the host to tell again if a message of its was lost (its `end` too, once its
        position says the game is over), once the game is under way, never while the
        program thinks."""
        seat = self.seat
        if seat.ruleset is None or seat.result is not None:
            return
        since = self.catch_up.wanted(seat.told, self.thinking, seat.over)
        if since is not None:
            with contextlib.suppress(ConnectionClosed):
                await socket.send(wire.encode({"type": "resend", "since": since}))

    def _write_record(self, frame: str | bytes) -> None:
        if self.record is not None and isinstance(frame, str):
            self.record.write(frame.replace("\n", " ") + "\n")
            self.record.flush()

    async def _heard(self, message: JsonObject) -> JsonObject | None:
        kind = message["type"]
        seat = self.seat
        if kind == "welcome":
            self._welcomed(message)
        elif kind == "start":
            self._started(message)
        elif kind == "told":
            self.catch_up.told(message["n"], seat.told)
            if message["n"] == seat.told:
                seat.told += 1
        elif kind == "state":
            pending = message["pending"]
            seat.over = bool(pending.get("over"))
            self.catch_up.position(message["n"], pending.get("seat") == seat.seat
                                   and not seat.over)
        elif kind == "decide":
            if message["id"] <= self.settled:
                return None  # sent again before the host had the answer: settled since
            if self.keeper is not None:
                self.keeper.told(seat.told)
            return await self._decide(message)
        elif kind == "accepted":
            self._settle(message["id"])
        elif kind == "refused":
            self.say(f"The host refused: {message['reason']}")
            number = message.get("id")
            if number is not None and number == self.answered and number > self.settled:
                # its question stands:
                self.answered = None  # the host's Easy player decides it instead
                return {"type": "stand_in", "id": number}
        elif kind == "seat":
            state = "is back" if message["connected"] else "lost the connection"
            self.say(f"{message['name']} {state}.")
        elif kind == "time_up":
            self._time_up(message)
        elif kind == "end":
            seat.result = message["result"]
            if self.player is not None:
                self.player.finish(seat.result)
                self.player = None
            if self.keeper is not None:
                self.keeper.forget()
        elif kind == "bye":
            self._bye(message["reason"])
        return None

    def _time_up(self, message: JsonObject) -> None:
        """The computer chose for a seat whose time ran out: said; for this seat, the
        program's late answer (refused) is not handed to the host's Easy player."""
        self.say(time_up_line(message, self.seat.seat))
        if message["seat"] == self.seat.seat:
            self._settle(message["id"])

    def _settle(self, number: int) -> None:
        """The host settled the seat's question `number` (took the answer, or let the
        computer choose): a refusal of an answer to it, or the question sent again (in
        answer to a resend asked before the answer came), is left alone."""
        self.settled = max(self.settled, number)
        if number == self.answered:
            self.answered = None

    def _welcomed(self, message: JsonObject) -> None:
        seat = self.seat
        seat.token, seat.seat = message["token"], message["seat"]
        self.taken_up, self.welcomed_here = False, True
        table = message["table"]
        self.say(f"Seated at seat {seat.seat + 1} of {table.get('title', '?')}.")
        if self.keeper is not None:
            ruleset = table.get("ruleset")
            self.keeper.keep(seat.seat, seat_name_in(table, seat.seat) or seat.name,
                             seat.token, ruleset if isinstance(ruleset, str) else "?",
                             seat.told)

    def _bye(self, reason: str) -> None:
        """The host closes the connection, saying why. Before it welcomed a seat's token,
        that means the table does not know the seat: it is no longer kept."""
        if self.seat.token is not None and not self.welcomed_here:
            if self.keeper is not None:
                self.keeper.forget()
            raise TurnedAway(f"The host said: {reason}")
        raise JoinFailed(f"The host said: {reason}")

    def _started(self, message: JsonObject) -> None:
        seat = self.seat
        try:
            seat.ruleset = get_ruleset(message["ruleset"])
            options = seat.ruleset.parse_options(message["options"])
        except (KeyError, MalformedEntry) as error:
            raise JoinFailed(f"The host plays a game this program does not know: "
                             f"{texts.brief(error)}") from None
        seat.options, seat.names = message["options"], list(message["names"])
        if self.player is None:
            self.player = ExecPlayer(self.command, seat=message["seat"], ruleset=seat.ruleset,
                                     options=options, history=dict,
                                     time_limit=self.time_limit, log=self.say)

    async def _decide(self, question: JsonObject) -> JsonObject:
        seat, player = self.seat, self.player
        number = question["id"]
        if seat.ruleset is None or player is None:
            return {"type": "stand_in", "id": number}
        legal = legal_moves(seat.ruleset, question["legal"], question["seat"])
        if not legal:
            self.say("The host asked with moves this program cannot read.")
            return {"type": "stand_in", "id": number}
        seen = {key: question[key] for key in SEEN_KEYS if key in question}
        self.thinking = True
        try:
            chosen: Decision | None = await asyncio.get_running_loop().run_in_executor(
                None, player.answer, seen, legal)
        finally:
            self.thinking = False
        if chosen is None:  # the program's fault is in the log; the host's Easy decides
            return {"type": "stand_in", "id": number}
        self.answered = number
        return {"type": "decision", "id": number,
                "move": seat.ruleset.decision_to_json(chosen)}


def seat_name_in(table: JsonObject, seat: int) -> str | None:
    """The seat's name in a welcome's table, as the host named it."""
    seats = table.get("seats")
    entry = seats[seat] if isinstance(seats, list) and 0 <= seat < len(seats) else None
    name = entry.get("name") if isinstance(entry, dict) else None
    return name if isinstance(name, str) and name else None


def host_name(table: JsonObject) -> str:
    """The name of the host's person at a welcome's table ("" if none is there)."""
    seats = table.get("seats")
    for entry in seats if isinstance(seats, list) else []:
        if isinstance(entry, dict) and entry.get("kind") == "host":
            name = texts.seat_name(entry.get("name"))
            if name:
                return name
    return ""


def legal_moves(ruleset: AnyRuleset, entries: list[Any], seat: int) -> list[Decision]:
    """The host's legal moves read by the rules (what cannot be read is left out)."""
    legal = []
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        with contextlib.suppress(IllegalMove, MalformedEntry, ValueError, TypeError,
                                 KeyError, RecursionError):
            decision = ruleset.decision_from_json({**entry, "seat": seat})
            if decision.seat == seat:
                legal.append(decision)
    return legal


async def connect_to(address: Address, code: str | None = None) -> ClientConnection:
    """A connection to the table at `address` (never through a proxy: a table is reached
    directly, on the network it is on); through a relay's, to its table `code` (`OSError`
    if the relay refuses, saying why)."""
    socket = await connect(address.uri, proxy=None, open_timeout=OPEN_WAIT,
                           max_size=MOST_FROM_HOST, compression=None,
                           ping_interval=PING_EVERY, ping_timeout=PING_WAIT,
                           close_timeout=CLOSING_WAIT, user_agent_header=None)
    if address.relay and code is not None:
        from game.net.relay_wire import said_to_relay

        await said_to_relay(socket, "relay-join", "relay-joined", table=code)
    return socket


def retry_delays() -> Iterator[float]:
    """Pauses between attempts to reach the table again: growing, a little random."""
    delay = 0.25
    while True:
        yield delay * (1 + random.random() / 4)
        delay = min(delay * 2, 4.0)
