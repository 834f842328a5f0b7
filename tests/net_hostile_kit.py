"""A hostile friend at a real host, and the honest game beside it (tests/test_net_hostile.py).

Run in a network namespace of its own (tests/netns_kit.py): `python -c "import
net_hostile_kit; net_hostile_kit.main('fuzzed')"` prints one JSON report on stdout.

A table of Coup for four (`coup-detat host`, seeded, a long grace so that no stand-in ever
plays): two honest `join --bot` seats play their first legal move each time
(tests/bots/first_legal.py); the third friend's seat is held by this kit, `Hostile`: it
plays its first legal move too, so the game is the same as with a third honest seat, and
meanwhile it sends everything a hostile program could. On its own connection: decisions
for another seat, out of turn, replays of its old answers, moves the rules refuse, each
answer twice, frames that are binary, not JSON, not objects, nested deep, a message of
10 MB, and for a few seconds 10,000 messages a second (taking its seat up again with its
token each time the host closes the connection). On new connections at the door: the
same bad frames, hellos with wrong codes (the pauses must grow), of another version,
with random tokens, after every seat is taken, and connections that never say hello.

The report says what the host answered to each, how long the honest game took, and where
each game's save is, for the test to compare decision for decision with the same game
played by three honest seats (`main('honest')`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from netns_kit import ROOT, environment, program
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.protocol import State

from game.net import wire

CODE = "HJK234"
TABLE = ("--ruleset", "coup-detat", "--short", "--seats", "open,open,open,medium")
SEED = 11
FIRST_LEGAL = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'first_legal.py'}"
HONEST = ("Ann", "Bob")
THIRD = "Cid"  # the third friend: honest in the honest game, hostile in the fuzzed one
GAME_LIMIT = 120.0  # seconds a game may take, with the fuzzer, on a loaded machine
FLOOD_SECONDS = 3.0
FLOOD_RATE = 10_000  # messages a second
WRONG_CODES = 4  # guesses, one after the other: pauses of 0.5, 1, 2, 4 s
IDLE = 50  # connections that never say hello
BIG = 10 * 1024 * 1024
PR_SET_PDEATHSIG = 1  # prctl(2)
JsonObject = dict[str, Any]


# The programs ----------------------------------------------------------------------------

class Programs:
    """The host and the honest seats, as processes; each ends with the run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.started: list[subprocess.Popen[str]] = []

    def start(self, name: str, *arguments: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            program(*arguments), stdout=subprocess.PIPE, text=True, cwd=ROOT,
            stderr=open(self.folder / f"{name}.err", "w"),  # noqa: SIM115 (the child's)
            env=environment(self.folder / "home"), preexec_fn=_ends_with_this_process)
        self.started.append(process)
        return process

    def err(self, name: str) -> str:
        return (self.folder / f"{name}.err").read_text(encoding="utf-8", errors="replace")

    def end(self) -> None:
        for process in self.started:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
            if process.stdout is not None:
                process.stdout.close()


def _ends_with_this_process() -> None:
    """In the child, before it runs: killed if this kit's process ends first (a test's
    time limit kills only the process it started)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def host(programs: Programs, save: Path, *table: str) -> tuple[subprocess.Popen[str], int]:
    """`coup-detat host` (`table`: its ruleset and seats; the fuzzer's by default), and
    the port it listens on."""
    process = programs.start("host", "host", *(table or TABLE), "--listen", "127.0.0.1",
                             "--port", "0", "--json", "--code", CODE, "--save", str(save),
                             "--seed", str(SEED), "--grace", "3600")
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise RuntimeError(f"the host did not listen: {programs.err('host')}")
    return process, int(json.loads(line)["port"])


def join(programs: Programs, port: int, name: str, *more: str) -> subprocess.Popen[str]:
    """An honest seat, once the host has seated it (so that seats go in order)."""
    process = programs.start(name, "join", f"127.0.0.1:{port}", "--code", CODE,
                             "--name", name, "--bot", FIRST_LEGAL, *more)
    _wait_for(lambda: "Seated at seat" in programs.err(name), f"{name} to be seated",
              process, programs.err)
    return process


def _wait_for(done: Callable[[], bool], what: str, process: subprocess.Popen[str],
              err: Callable[[str], str]) -> None:
    deadline = time.monotonic() + 20
    while not done():
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"waited in vain for {what}: {err('host')[-2000:]}")
        time.sleep(0.02)


def finished(process: subprocess.Popen[str]) -> JsonObject:
    """How a program ended (killed, status -9, if it had not)."""
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)
    out = process.stdout.read() if process.stdout is not None else ""
    return {"status": process.returncode, "out": out.strip()[-2000:]}


# The hostile seat --------------------------------------------------------------------------

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
        self.flood_seconds = 0.0
        self.attacks_done = 0.0

    # Playing --------------------------------------------------------------------------
    async def play(self) -> None:
        """Hold the seat to the game's end, taking it up again each time it is lost."""
        while self.result is None:
            try:
                async with connect(self.uri, max_size=wire.MOST_FROM_HOST, compression=None,
                                   open_timeout=10, close_timeout=1, proxy=None) as socket:
                    self.connections += 1
                    await socket.send(wire.encode(self._hello()))
                    self.socket = socket
                    await self._follow(socket)
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
        return {**hello, "token": self.token, "since": self.told}

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
        """Moves the rules refuse now (legal at an earlier question, not at this one, or
        no move at all), and the first legal one for another seat."""
        seat, legal = question["seat"], question["legal"]
        now = {_normal(move) for move in legal}
        earlier = [move for move in self.seen if _normal(move) not in now][-2:]
        self.seen = [*self.seen[-50:], *legal]
        other = (seat + 1) % self.seats
        return [*earlier, {"seat": seat, "teleport": True}, {**legal[0], "seat": other}]

    # Attacks on its own connection ----------------------------------------------------
    async def send(self, frame: str | bytes) -> None:
        await self.connected.wait()
        socket = self.socket
        if socket is not None:  # (AttributeError: see `play`)
            with contextlib.suppress(ConnectionClosed, AttributeError):
                await socket.send(frame)

    async def replays_and_out_of_turn(self) -> None:
        """Its old answers again, in turn and out of it; a stand-in for an old question."""
        for _ in range(40):
            for number, move in list(self.answered.items())[-3:]:
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


BAD_FRAMES: list[str | bytes] = [
    b"\x00\x01binary", "not JSON", "[1, 2, 3]", '"a text"', "null", '{"type": "teleport"}',
    '{"type": "decision", "id": true, "move": {}}', '{"type": "resend", "since": NaN}',
    '{"type": "decision", "id": 1, "move": ' + "[" * 5_000 + "]" * 5_000 + "}",
    '{"type": "hello", "version": 1, "code": "HJK234", "name": "again"}',
]


def _reason_kind(reason: str) -> str:
    """A refusal's reason without its numbers, to count the kinds."""
    return "".join("#" if char.isdigit() else char for char in reason)[:90]


def _normal(move: JsonObject) -> str:
    return json.dumps(move, sort_keys=True)


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


# The games --------------------------------------------------------------------------------

async def _watch(processes: list[subprocess.Popen[str]], since: float,
                 host: subprocess.Popen[str], report: JsonObject) -> None:
    """Until every one of `processes` has ended: how long since `since`, and the
    processor time the host had taken by then."""
    while any(process.poll() is None for process in processes):
        report["host processor seconds"] = processor_seconds(host.pid)
        await asyncio.sleep(0.02)
    report["honest seconds"] = round(time.monotonic() - since, 2)


def processor_seconds(pid: int) -> float | None:
    """A process's processor time so far, user and system (Linux's /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)


async def _fuzzed(port: int, honest: list[subprocess.Popen[str]],
                  host: subprocess.Popen[str]) -> JsonObject:
    hostile = Hostile(port)
    started = time.monotonic()
    playing = asyncio.create_task(hostile.play())
    await hostile.connected.wait()
    report: JsonObject = {"honest seconds": None}
    watching = asyncio.create_task(_watch(honest, started, host, report))
    report["door"], _ = await asyncio.gather(at_the_door(port), _attacks(hostile))
    try:
        async with asyncio.timeout(GAME_LIMIT):
            await playing
            await watching
    except TimeoutError:
        playing.cancel()
    report["seat"] = {
        "result": hostile.result, "refusals": dict(hostile.refusals),
        "byes": dict(hostile.byes), "connections": hostile.connections,
        "wrongly accepted": hostile.wrongly_accepted, "answered": len(hostile.answered),
        "flooded": hostile.flooded, "flood seconds": round(hostile.flood_seconds, 2),
        "attacks done after": round(hostile.attacks_done - started, 2),
        "answering seconds": round(hostile.answering, 2),
        "last question": hostile.question and hostile.question["id"]}
    return report


async def _honest(port: int, honest: list[subprocess.Popen[str]],
                  host: subprocess.Popen[str], programs: Programs) -> JsonObject:
    started = time.monotonic()
    third = join(programs, port, THIRD)
    report: JsonObject = {"honest seconds": None}
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(GAME_LIMIT):
            await _watch([*honest, third], started, host, report)
    return report


async def _attacks(hostile: Hostile) -> None:
    for attack in (hostile.bad_frames, hostile.replays_and_out_of_turn, hostile.big_message,
                   hostile.too_many_bad_frames, hostile.flood):
        await attack()
    hostile.attacks_done = time.monotonic()


def game(kind: str, folder: Path) -> JsonObject:
    """One game, honest or fuzzed; what happened, for the test."""
    programs = Programs(folder / kind)
    save = folder / f"{kind}.json"
    try:
        hosting, port = host(programs, save)
        honest = [join(programs, port, name) for name in HONEST]
        if kind == "honest":
            report = asyncio.run(_honest(port, honest, hosting, programs))
        else:
            report = asyncio.run(_fuzzed(port, honest, hosting))
        with contextlib.suppress(subprocess.TimeoutExpired):
            hosting.wait(timeout=GAME_LIMIT if report["honest seconds"] else 1)
        report.update(host=finished(hosting), save=str(save),
                      honest=[finished(process) for process in honest],
                      host_err=programs.err("host")[-3000:],
                      honest_err=[programs.err(name)[-2000:] for name in HONEST])
        return report
    finally:
        programs.end()


def stolen(folder: Path) -> JsonObject:
    """An honest seat's token, read from its --record, in another program's hands: the
    seat is that program's (by design: the token is the seat's secret)."""
    programs = Programs(folder)
    record = folder / "Ann.jsonl"
    try:
        hosting, port = host(programs, folder / "stolen.json", "--ruleset", "coup",
                             "--seats", "open,medium")
        ann = join(programs, port, "Ann", "--record", str(record))
        _wait_for(lambda: '"type":"accepted"' in record.read_text(encoding="utf-8"),
                  "Ann's first decision", ann, programs.err)
        token = json.loads(record.read_text(encoding="utf-8").splitlines()[0])["token"]
        thief = Hostile(port, token)
        asyncio.run(asyncio.wait_for(thief.play(), GAME_LIMIT))
        hosting.wait(timeout=GAME_LIMIT)
        ann_accepted = record.read_text(encoding="utf-8").count('"type":"accepted"')
        return {"host": finished(hosting), "ann": finished(ann), "ann_err": programs.err("Ann"),
                "ann_accepted": ann_accepted,
                "thief": {"seat": thief.seat, "result": thief.result,
                          "accepted": len(thief.accepted)},
                "save": str(folder / "stolen.json")}
    finally:
        programs.end()


def main() -> None:
    """The honest game, then the fuzzed one: a JSON object of both on stdout."""
    folder = Path(os.environ.get("NET_HOSTILE_FOLDER", "."))
    print(json.dumps({kind: game(kind, folder) for kind in ("honest", "fuzzed")}))
