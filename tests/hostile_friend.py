"""The hostile friend of tests/net_hostile_kit.py: a seat that plays its first legal move
while it sends everything a hostile program could, and the attacks at a table's door.

`Hostile` holds a friend's seat (an open one, or the seat of a token it was given): it
answers each question with its first legal move (so that the game is the one an honest
seat playing so would play), and before and after each answer sends moves the rules
refuse, one for another seat, and the same answer again. Its attacks on its own
connection: frames that are binary, not JSON, not objects, nested deep; replays of its
old answers, in turn and out of it; a message of 10 MB; more bad frames than the host
reads; and FLOOD_RATE messages a second for FLOOD_SECONDS, taking its seat up again with
its token (asking for the whole game told) each time the host closes the connection.
`at_the_door`: the same bad frames on new connections, hellos with wrong codes one after
the other, of another version, with tokens not of the table, after every seat is taken,
and connections that never say hello.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections import Counter
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.protocol import State

from game.net import wire

CODE = "HJK234"  # the table's
FLOOD_SECONDS = 3.0
FLOOD_RATE = 10_000  # messages a second
WRONG_CODES = 4  # guesses, one after the other: pauses of 0.5, 1, 2, 4 s
IDLE = 50  # connections that never say hello
BIG = 10 * 1024 * 1024
THIRD = "Cid"  # the name the hostile friend takes a seat with
JsonObject = dict[str, Any]


# The seat --------------------------------------------------------------------------

class Hostile:
    """The third friend's seat: plays its first legal move, and sends whatever it can."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.uri = f"ws://127.0.0.1:{port}/"
        self.token = token  # a seat's, to take it (else it takes an open one)
        self.seat: int | None = None
        self.told = 0
        self.question: JsonObject | None = None
        self.answered: dict[int, JsonObject] = {}  # question: the answer that counted
        self.accepted: set[int] = set()
        self.answering_tasks: set[asyncio.Task[None]] = set()
        self.asked_at: dict[int, float] = {}  # question: when it was first received
        self.answering = 0.0  # seconds from its questions to their answers' acceptance
        self.seen: list[JsonObject] = []  # legal moves of earlier questions
        self.seats = 0
        self.socket: ClientConnection | None = None
        self.connected = asyncio.Event()
        self.result: JsonObject | None = None
        self.refusals: Counter[str] = Counter()
        self.byes: Counter[str] = Counter()
        self.wrongly_accepted: list[int] = []
        self.connections = 0
        self.flooded = 0
        self.flooding = False
        self.flood_seconds = 0.0
        self.attacks_done = 0.0

    # Playing --------------------------------------------------------------------------
    async def play(self) -> None:
        """Hold the seat to the game's end, taking it up again each time it is lost (until
        the table has gone: its port refused for two seconds)."""
        refused = 0
        while self.result is None and refused < 200:
            try:
                async with connect(self.uri, max_size=wire.MOST_FROM_HOST, compression=None,
                                   open_timeout=10, close_timeout=1, proxy=None) as socket:
                    refused = 0
                    self.connections += 1
                    await socket.send(wire.encode(self._hello()))
                    self.socket = socket
                    await self._follow(socket)
            except ConnectionRefusedError:
                refused += 1
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
                pass
            except AttributeError:  # websockets 17 aborting a transport already gone,
                pass  # after a send the host cut short (10 MB)
            finally:
                self.socket = None
                self.connected.clear()
            await asyncio.sleep(0.01)

    def _hello(self) -> JsonObject:
        hello: JsonObject = {"type": "hello", "version": wire.VERSION, "code": CODE}
        if self.token is None:
            return {**hello, "name": THIRD}
        # flooding, it asks for the whole game told each time it comes back
        return {**hello, "token": self.token, "since": 0 if self.flooding else self.told}

    async def _follow(self, socket: ClientConnection) -> None:
        async for frame in socket:
            message = wire.decode(frame, wire.FROM_HOST, most=wire.MOST_FROM_HOST)
            kind = message["type"]
            if kind == "welcome":
                self.token, self.seat = message["token"], message["seat"]
                self.seats = len(message["table"]["seats"])
                self.connected.set()
            elif kind == "told" and message["n"] == self.told:
                self.told += 1
            elif kind == "decide":
                self.question = message
                self.asked_at.setdefault(message["id"], time.monotonic())
                task = asyncio.create_task(self._answer(socket, message))
                self.answering_tasks.add(task)
                task.add_done_callback(self.answering_tasks.discard)
            elif kind == "accepted":
                self._accepted(message["id"])
            elif kind == "refused":
                self.refusals[_reason_kind(message["reason"])] += 1
            elif kind == "bye":  # a hostile program does not wait for a polite close
                self.byes[message["reason"]] += 1
                socket.transport.abort()
            elif kind == "end":
                self.result = message["result"]
                return

    def _accepted(self, number: int) -> None:
        if number not in self.answered or number in self.accepted:
            self.wrongly_accepted.append(number)
        self.accepted.add(number)
        self.answering += time.monotonic() - self.asked_at.get(number, time.monotonic())

    async def _answer(self, socket: ClientConnection, question: JsonObject) -> None:
        """Before its answer, moves the rules refuse and one for another seat; the answer,
        again until it is accepted (its own flood may have had it dropped); once accepted,
        the same answer again."""
        number, legal, told = question["id"], question["legal"], self.told
        with contextlib.suppress(ConnectionClosed, AttributeError):
            for move in self._refused_moves(question):
                await socket.send(wire.encode({"type": "decision", "id": number,
                                               "move": move}))
            answer = wire.encode({"type": "decision", "id": number, "move": legal[0]})
            self.answered[number] = legal[0]
            while number not in self.accepted and self.question is question \
                    and self.told == told:  # (what it is told next comes of the answer)
                await socket.send(answer)
                await asyncio.sleep(0.3)
            await socket.send(answer)

    def _refused_moves(self, question: JsonObject) -> list[JsonObject]:
        """Moves the rules refuse now (legal at an earlier question, and of a verb and
        value no move of this one has: a COUP with a suit is a COUP where no suit is
        asked, the suit let go; or no move at all), and the first legal one for another
        seat."""
        seat, legal = question["seat"], question["legal"]
        now = {_verb(move) for move in legal}
        earlier = [move for move in self.seen if _verb(move) not in now][-2:]
        self.seen = [*self.seen[-50:], *legal]
        other = (seat + 1) % self.seats
        return [*earlier, {"seat": seat, "teleport": True}, {**legal[0], "seat": other}]

    # Attacks on its own connection ----------------------------------------------------
    async def attack(self) -> None:
        """Every attack, one after the other."""
        for attack in (self.bad_frames, self.replays_and_out_of_turn, self.big_message,
                       self.too_many_bad_frames, self.flood):
            await attack()
        self.attacks_done = time.monotonic()

    async def send(self, frame: str | bytes) -> None:
        await self.connected.wait()
        socket = self.socket
        if socket is not None:  # (AttributeError: see `play`)
            with contextlib.suppress(ConnectionClosed, AttributeError):
                await socket.send(frame)

    async def replays_and_out_of_turn(self) -> None:
        """Its old answers again, in turn and out of it; a stand-in for an old question."""
        for _ in range(40):  # (only answers accepted: a stand-in for the question still
            # open is the seat's own choice, and would change the game, as it may)
            done = [(number, move) for number, move in self.answered.items()
                    if number in self.accepted]
            for number, move in done[-3:]:
                await self.send(wire.encode({"type": "decision", "id": number, "move": move}))
                await self.send(wire.encode({"type": "stand_in", "id": number}))
            await asyncio.sleep(0.05)

    async def bad_frames(self) -> None:
        for frame in BAD_FRAMES:
            await self.send(frame)
            await asyncio.sleep(0.01)

    async def too_many_bad_frames(self) -> None:
        """More bad messages than the host reads before it closes the connection."""
        await self._closing(["not JSON"] * 30)

    async def big_message(self) -> None:
        await self._closing(["x" * BIG])

    async def _closing(self, frames: list[str]) -> None:
        """Send what makes the host close the connection; wait until the seat is taken
        up again."""
        await self.connected.wait()
        before = self.connections
        for frame in frames:
            await self.send(frame)
        while self.connections == before or not self.connected.is_set():
            await asyncio.sleep(0.01)

    async def flood(self) -> None:
        """FLOOD_RATE messages a second for FLOOD_SECONDS, whatever the host closes."""
        await self.connected.wait()
        junk = [wire.encode({"type": "resend", "since": 0}), wire.encode({"type": "undo"}),
                wire.encode({"type": "decision", "id": 0, "move": {}})]
        started = time.monotonic()
        self.flooding = True
        batch = FLOOD_RATE // 100
        tick = started
        while time.monotonic() - started < FLOOD_SECONDS:
            socket = self.socket
            if socket is None or socket.state is not State.OPEN:
                await asyncio.sleep(0.001)
                continue
            with contextlib.suppress(ConnectionClosed, AttributeError):
                for index in range(batch):
                    await socket.send(junk[index % len(junk)])
                    self.flooded += 1
            tick += 0.01
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
        self.flood_seconds = time.monotonic() - started
        self.flooding = False


BAD_FRAMES: list[str | bytes] = [
    b"\x00\x01binary", "not JSON", "[1, 2, 3]", '"a text"', "null", '{"type": "teleport"}',
    '{"type": "decision", "id": true, "move": {}}', '{"type": "resend", "since": NaN}',
    '{"type": "decision", "id": 1, "move": ' + "[" * 5_000 + "]" * 5_000 + "}",
    '{"type": "hello", "version": 1, "code": "HJK234", "name": "again"}',
]


def _reason_kind(reason: str) -> str:
    """A refusal's reason without its numbers, to count the kinds."""
    return "".join("#" if char.isdigit() else char for char in reason)[:90]


def _verb(move: JsonObject) -> str:
    """A move's verb and its value (its first field but the seat): `play` `"KH"`."""
    verb = next((name for name in move if name != "seat"), "")
    return f"{verb} {json.dumps(move.get(verb))}"


# At the door ------------------------------------------------------------------------------

async def door(port: int, first: str | bytes, *, wait: float = 30.0) -> JsonObject:
    """What the host answers a new connection whose first frame is `first`: the reason
    it gives (its `bye`, or the close frame's), and how long it took."""
    started = time.monotonic()
    answer: JsonObject = {"bye": None, "close": None, "frames": 0}
    socket = await connect(f"ws://127.0.0.1:{port}/", open_timeout=10, proxy=None,
                           compression=None, max_size=wire.MOST_FROM_HOST)
    try:
        await socket.send(first)
        async with asyncio.timeout(wait):
            async for frame in socket:
                answer["frames"] += 1
                message = json.loads(frame)
                if message.get("type") == "bye":
                    answer["bye"] = message["reason"]
    except ConnectionClosed:
        pass
    finally:
        with contextlib.suppress(ConnectionClosed, AttributeError):
            await socket.close()
    answer["close"], answer["code"] = socket.close_reason, socket.close_code
    answer["seconds"] = round(time.monotonic() - started, 3)
    return answer


def _hello(**fields: Any) -> str:
    """A hello, its texts escaped (a half of a surrogate pair is no UTF-8: only JSON's
    escape carries it)."""
    return json.dumps({"type": "hello", "version": wire.VERSION, "code": CODE, **fields})


async def at_the_door(port: int) -> JsonObject:
    """Every attack at the door: bad first frames, a big one, wrong codes one after the
    other, another version, tokens not of this table, a hello with every seat taken,
    connections that never say hello."""
    report: JsonObject = {}
    idle = [await connect(f"ws://127.0.0.1:{port}/", proxy=None) for _ in range(IDLE)]
    opened = time.monotonic()
    report["bad first frames"] = [await door(port, frame) for frame in BAD_FRAMES[:-1]]
    report["before hello"] = await door(port, '{"type": "undo"}')
    report["big"] = await door(port, "x" * BIG)
    report["another version"] = await door(port, wire.encode(
        {"type": "hello", "version": wire.VERSION + 1, "code": CODE, "spoken": "v2"}))
    report["random tokens"] = [await door(port, _hello(token=secrets.token_urlsafe(18)))
                               for _ in range(5)]
    report["strange tokens"] = [await door(port, _hello(token=token))
                                for token in ("é" * 24, "\ud800", "", "x" * 200)]
    report["a seat, all taken"] = await door(port, _hello(name="Dee"))
    report["wrong codes"] = [await door(port, wire.encode(
        {"type": "hello", "version": wire.VERSION, "code": f"ZZZZZ{index + 2}"}))
        for index in range(WRONG_CODES)]
    report["idle"] = await _idle_closed(idle, opened)
    return report


async def _idle_closed(idle: list[ClientConnection], opened: float) -> JsonObject:
    """How long the host took to close the connections that never said hello."""
    closed_after: list[float] = []
    for socket in idle:
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            async with asyncio.timeout(max(0.1, opened + 20 - time.monotonic())):
                await socket.recv()
        closed_after.append(time.monotonic() - opened)
        await socket.close()
    reasons = Counter(str(socket.close_reason) for socket in idle)
    return {"count": len(idle), "reasons": dict(reasons),
            "last closed after": round(max(closed_after), 2)}
