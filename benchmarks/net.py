"""Across machines: a decision's round trip to a hosted table, and the host's loop while a
friend floods it.

    python -m benchmarks.net [--decisions 300] [--delayed-decisions 60] [--seconds 10]
                             [--json] [--relay-only]

It runs in a network namespace of its own, with only its loopback interface: started
outside one, it starts itself again under `unshare --net` (as root; otherwise `unshare
--user --map-root-user --net`), loopback up, as the tests do (tests/netns_kit.py). By
hand: `unshare --net -- sh -c 'ip link set lo up && exec python -m benchmarks.net'`.

The table is a `HeadlessHost` in this process, as `coup-detat host` runs it (its table
kept in a folder of its own as its game goes, to be continued); its friends are another
process (this module with `--friends`), each seat a WebSocket connection that
answers its first legal move at once, as `join --bot` does once its program has answered.

- **Round trip**: from the moment a friend sends its decision to the moment it receives
  `accepted`, and to the moment it (or any friend) receives the next question, p50 and
  p95 over `--decisions` decisions at least (whole games are played): at the 1966 game
  (short) for four friends (no computer between the questions), and for one friend and
  three computers at the random level (the quickest: the question comes after their
  moves).
- **Through a relay**: the same round trips, the host's table opened on a `coup-detat
  relay` (another process, on loopback) and every friend reaching it through the relay
  only (`--relay-only`: these, and the four friends' direct ones beside them, alone);
  and the relay's hop alone: a message of a decision's size sent and echoed back, one at
  a time, `--echoes` times (500: within the relay's burst, past which a friend's messages
  are passed on at 1,000 a second), through the relay to an echoing host, and to the same echo
  listening directly (both ends in this process, the relay in its own).
- **With 100 ms of delay**: the same for four friends, with `tc qdisc add dev lo root
  netem delay 100ms` in the namespace, where netem is there (a kernel module, sch_netem:
  the report says when it is not). Loopback carries both ways, so a round trip crosses
  it twice: 200 ms are added. Where netem is not, the same through a relay of this
  module's (another process) that holds every chunk 100 ms each way.
- **The host's loop with a flood**: Coup for six friends (the most a table seats online),
  played over and over for `--seconds` (what each game leaves collected before the next:
  a host plays one game a process), once quietly and once with one of the six sending
  10,000 messages a second (taking its seat up again with its token each time the host
  closes the connection, quiet for its first 20 ms so that its answer gets there, else
  the game would wait for it): the longest gap between two iterations of `HeadlessHost.run`
  once the game has begun, and the longest iteration's own work (what arrived, handed to
  the table; the table's step), on the clock, in the game thread's processor time (which
  other programs on a busy machine do not lengthen), and less the passes of Python's
  collector of cycles within it (a full one stops every thread). The loop waits up to
  TICK (50 ms) when nothing arrives.

A benchmark, not a test: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net import wire
from game.net.client import Address
from game.net.headless import TICK, HeadlessHost
from game.net.kept_table import TableKeeper
from game.net.relay_wire import said_to_relay

ROOT = Path(__file__).resolve().parent.parent
IN_NAMESPACE = "COUP_DETAT_BENCHMARK_NAMESPACE"
CODE = "BNCH23"
FOUR_FRIENDS = ("coup-detat", {"players": 4, "short_game": True}, ["open"] * 4)
ONE_FRIEND = ("coup-detat", {"players": 4, "short_game": True}, ["open", *["random"] * 3])
SIX_FRIENDS = ("coup", {"players": 6}, ["open"] * 6)
FLOOD_RATE = 10_000  # messages a second
QUIET = 0.02  # seconds a flooding friend's connection is quiet first
DELAY = 100  # ms added on loopback (each packet: a round trip crosses it twice)
JsonObject = dict[str, Any]


# The friends' process -------------------------------------------------------------------

class Friends:
    """Seats at one table, each answering its first legal move; the round trips seen."""

    def __init__(self, port: int, seats: int, flood: bool, relayed: bool = False) -> None:
        self.uri = f"ws://127.0.0.1:{port}/"
        self.seats, self.flood, self.relayed = seats, flood, relayed
        self.accepted: list[float] = []  # seconds from a decision sent to its `accepted`
        self.next: list[float] = []  # ...to the next question, to any seat
        self.sent: dict[int, float] = {}  # question: when its answer was sent
        self.last_sent: float | None = None
        self.again: asyncio.Task[None] | None = None
        self.tokens: dict[int, str] = {}  # each seat's, once welcomed
        self.flooded = 0

    async def play(self) -> JsonObject:
        await asyncio.gather(*(self._seat(seat, self.flood and seat == 0)
                               for seat in range(self.seats)))
        return {"accepted": self.accepted, "next": self.next, "flooded": self.flooded}

    async def _seat(self, number: int, flooding: bool) -> None:
        """One seat to the game's end, taken up again with its token when it is lost
        (until the host has gone)."""
        over, refused = False, 0
        while not over and refused < 100:
            try:
                async with connect(self.uri, max_size=wire.MOST_FROM_HOST, proxy=None,
                                   compression=None, close_timeout=1) as socket:
                    if self.relayed:
                        await said_to_relay(socket, "relay-join", "relay-joined", table=CODE)
                    refused = 0
                    token = self.tokens.get(number)
                    hello: JsonObject = {"type": "hello", "version": wire.VERSION,
                                         "code": CODE}
                    hello.update({"token": token} if token else {"name": f"F{number}"})
                    await socket.send(wire.encode(hello))
                    flood = asyncio.create_task(self._flood(socket)) if flooding else None
                    try:
                        over = await self._follow(socket, number, flooding)
                    finally:
                        if flood is not None:
                            flood.cancel()
            except OSError:
                refused += 1
                await asyncio.sleep(0.01)
            except (ConnectionClosed, InvalidHandshake, TimeoutError):
                await asyncio.sleep(0.01)

    async def _follow(self, socket: ClientConnection, number: int, flooding: bool) -> bool:
        """What the host sends, answered, until the game is over (True) or the connection
        ends (False)."""
        async for frame in socket:
            now = time.perf_counter()
            message = wire.decode(frame, wire.FROM_HOST, most=wire.MOST_FROM_HOST)
            kind = message["type"]
            if kind == "welcome":
                self.tokens[number] = message["token"]
            elif kind == "decide":
                if self.last_sent is not None:
                    self.next.append(now - self.last_sent)
                    self.last_sent = None
                await self._answer(socket, message)
                if flooding:  # its answer may drown in its own flood: again, until accepted
                    self.again = asyncio.create_task(self._again(socket, message))
            elif kind == "accepted" and message["id"] in self.sent:
                self.accepted.append(now - self.sent.pop(message["id"]))
            elif kind == "end":
                return True
            elif kind == "bye":
                socket.transport.abort()
        return False

    async def _answer(self, socket: ClientConnection, question: JsonObject) -> None:
        answer = wire.encode({"type": "decision", "id": question["id"],
                              "move": question["legal"][0]})
        self.sent[question["id"]] = self.last_sent = time.perf_counter()
        await socket.send(answer)

    async def _again(self, socket: ClientConnection, question: JsonObject) -> None:
        with contextlib.suppress(ConnectionClosed):
            while question["id"] in self.sent:
                await asyncio.sleep(0.1)
                if question["id"] in self.sent:
                    await socket.send(wire.encode({"type": "decision", "id": question["id"],
                                                   "move": question["legal"][0]}))

    async def _flood(self, socket: ClientConnection) -> None:
        """FLOOD_RATE messages a second once QUIET has passed on a connection (its answer
        to the question asked again as the seat comes back goes first: else the game
        would wait for it as long as the flood lasts)."""
        junk = wire.encode({"type": "undo"})
        await asyncio.sleep(QUIET)
        tick = time.monotonic()
        with contextlib.suppress(ConnectionClosed):
            while True:
                for _ in range(FLOOD_RATE // 100):
                    await socket.send(junk)
                    self.flooded += 1
                tick += 0.01
                await asyncio.sleep(max(0.0, tick - time.monotonic()))


def friends_main(port: int, seats: int, flood: bool, relayed: bool) -> None:
    print(json.dumps(asyncio.run(Friends(port, seats, flood, relayed).play())), flush=True)


# A relay that delays (where netem is not) ---------------------------------------------

async def _relay(target: int, delay: float) -> None:
    """Forward each connection to `target`, every chunk `delay` seconds late each way
    (as netem delays every packet on loopback), in order."""

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream, upwriter = await asyncio.open_connection("127.0.0.1", target)
        await asyncio.gather(_late(reader, upwriter, delay), _late(upstream, writer, delay))

    server = await asyncio.start_server(connection, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


async def _late(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                delay: float) -> None:
    loop = asyncio.get_running_loop()
    chunks: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def read() -> None:
        while data := await reader.read(65536):
            chunks.put_nowait((loop.time() + delay, data))
        chunks.put_nowait((loop.time() + delay, b""))

    reading = asyncio.create_task(read())
    with contextlib.suppress(ConnectionError):
        while True:
            when, data = await chunks.get()
            await asyncio.sleep(max(0.0, when - loop.time()))
            if not data:
                break
            writer.write(data)
            await writer.drain()
    writer.close()
    reading.cancel()


# The host's process -----------------------------------------------------------------------

class Collector:
    """The time Python's collector of cycles has taken in this process (all its threads
    wait for it)."""

    def __init__(self) -> None:
        self.seconds = self._started = 0.0
        gc.callbacks.append(self._noticed)

    def _noticed(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started


COLLECTOR = Collector()


class Watched:
    """A hosted table whose loop is timed: each iteration's start and its work."""

    def __init__(self, table: tuple[str, JsonObject, list[str]]) -> None:
        ruleset, options, plan = table
        self.folder = tempfile.TemporaryDirectory()  # the kept table, written at each turn
        keeper = TableKeeper(Path(self.folder.name) / "hosted-table.json")
        keeper.hold()
        self.host = HeadlessHost(ruleset, options, plan, listen="127.0.0.1", port=0,
                                 code=CODE, seed=1, keeper=keeper)
        self.starts: list[float] = []  # of the iterations once the game has begun
        self.work: list[float] = []  # each one's, on the clock
        self.processor: list[float] = []  # and in the game thread's processor time
        self.collected: list[float] = []  # and the collector's passes within it
        pump, step, hosted = self.host.hosting.pump, self.host.table.step, self.host.table
        began = collecting = 0.0

        def timed_pump() -> int:
            nonlocal began, collecting
            if hosted.started:  # (the iteration that starts the game is the first frame)
                self.starts.append(time.perf_counter())
                began, collecting = time.thread_time(), COLLECTOR.seconds
            return pump()

        def timed_step(computers: bool = True) -> None:
            step(computers)
            if self.starts and len(self.work) < len(self.starts):
                self.work.append(time.perf_counter() - self.starts[-1])
                self.processor.append(time.thread_time() - began)
                self.collected.append(COLLECTOR.seconds - collecting)

        self.host.hosting.pump = timed_pump  # type: ignore[method-assign]
        self.host.table.step = timed_step  # type: ignore[method-assign]

    def play(self, seats: int, flood: bool = False, delay: int = 0,
             relayed: bool = False) -> JsonObject:
        """The game to its end with `seats` friends (one flooding; through a relay that
        delays each way by `delay` ms; `relayed`: through a `coup-detat relay`); what
        they saw."""
        port = self.host.open().port
        if relayed:
            with _game_relay() as relay_port:
                link = self.host.server.open_on_relay(Address("127.0.0.1", relay_port))
                if not (link.answered.wait(30) and link.open):
                    raise SystemExit(f"the relay did not open the table: {link.state}")
                return self._played(relay_port, seats, flood, relayed=True)
        with _relayed(port, delay) as port:
            return self._played(port, seats, flood)

    def _played(self, port: int, seats: int, flood: bool, relayed: bool = False
                ) -> JsonObject:
        friends = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.net", "--friends", str(port), str(seats),
             *(["--flood"] if flood else []), *(["--through-relay"] if relayed else [])],
            stdout=subprocess.PIPE, text=True, cwd=ROOT)
        try:
            try:
                finished = _within(600, self.host)
            finally:
                self.host.close()  # (a friend away at the end learns it so, and goes)
                self.folder.cleanup()
            out, _ = friends.communicate(timeout=30)
        finally:
            if friends.poll() is None:
                friends.kill()
                friends.wait()
        if not finished:
            raise SystemExit("a game did not end within ten minutes")
        seen: JsonObject = json.loads(out.splitlines()[-1])
        return seen

    def gaps(self) -> list[float]:
        """Seconds between the starts of two iterations (once the game has begun)."""
        return [later - earlier for earlier, later in itertools.pairwise(self.starts)]


@contextlib.contextmanager
def _relayed(port: int, delay: int) -> Iterator[int]:
    """The port friends reach the table at: through a delaying relay if `delay`."""
    if not delay:
        yield port
        return
    relay = subprocess.Popen([sys.executable, "-m", "benchmarks.net", "--relay", str(port),
                              str(delay)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert relay.stdout is not None
        yield int(relay.stdout.readline())
    finally:
        relay.kill()
        relay.wait()


@contextlib.contextmanager
def _game_relay() -> Iterator[int]:
    """A `coup-detat relay` on loopback, in a process of its own: its port."""
    relay = subprocess.Popen([sys.executable, "-m", "game", "relay", "--listen", "127.0.0.1",
                              "--port", "0", "--json"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    try:
        assert relay.stdout is not None
        yield int(json.loads(relay.stdout.readline())["port"])
    finally:
        relay.terminate()
        relay.wait()


def _within(seconds: float, host: HeadlessHost) -> bool:
    timer = threading.Timer(seconds, host.stopped.set)
    timer.start()
    try:
        return host.run()
    finally:
        timer.cancel()


def round_trips(table: tuple[str, JsonObject, list[str]], decisions: int,
                delay: int = 0, relayed: bool = False) -> JsonObject:
    """Games at `table` until `decisions` decisions were timed: p50 and p95 of each."""
    accepted: list[float] = []
    following: list[float] = []
    games = 0
    while len(accepted) < decisions:
        seen = Watched(table).play(table[2].count("open"), delay=delay, relayed=relayed)
        accepted += seen["accepted"]
        following += seen["next"]
        games += 1
    return {"games": games, "decisions": len(accepted), "accepted": _spread(accepted),
            "next question": _spread(following)}


def loop_gaps(seconds: float, flood: bool) -> JsonObject:
    """Games of Coup for six friends for `seconds`: the host loop's longest gap, work."""
    gaps: list[float] = []
    work: list[float] = []
    processor: list[float] = []
    collected: list[float] = []  # the collector's passes within each iteration
    games = flooded = 0
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        gc.collect()  # what the games before left: a host plays one game a process
        watched = Watched(SIX_FRIENDS)
        flooded += watched.play(6, flood)["flooded"]
        gaps += watched.gaps()
        work += watched.work
        processor += watched.processor
        collected += watched.collected
        games += 1
    elapsed = time.monotonic() - started
    return {"games": games, "iterations": len(work), "flooded": flooded,
            "flooded a second": round(flooded / elapsed),
            "longest gap ms": round(max(gaps) * 1000, 2),
            "gap p99 ms": round(_percentile(gaps, 99) * 1000, 2),
            "longest work ms": round(max(work) * 1000, 2),
            "work p99 ms": round(_percentile(work, 99) * 1000, 2),
            "longest processor ms": round(max(processor) * 1000, 2),
            "longest less the collector ms": round(max(
                spent - passes for spent, passes in zip(work, collected, strict=True)) * 1000, 2),
            "longest collector in an iteration ms": round(max(collected) * 1000, 2)}


def _spread(seconds: Sequence[float]) -> JsonObject:
    return {"p50 ms": round(statistics.median(seconds) * 1000, 2),
            "p95 ms": round(_percentile(seconds, 95) * 1000, 2),
            "max ms": round(max(seconds) * 1000, 2), "n": len(seconds)}


def _percentile(values: Sequence[float], percent: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * percent / 100))]


@contextlib.contextmanager
def delayed_loopback(milliseconds: int) -> Iterator[str | None]:
    """Loopback with `milliseconds` of delay on every packet (netem), while inside; the
    reason it cannot be, if so (yielded; None when it is delayed)."""
    if shutil.which("tc") is None:
        yield "tc (iproute2) is not installed"
        return
    add = subprocess.run(["tc", "qdisc", "add", "dev", "lo", "root", "netem", "delay",
                          f"{milliseconds}ms"], capture_output=True, text=True, check=False)
    if add.returncode != 0:
        yield f"tc netem: {add.stderr.strip() or add.returncode}"
        return
    try:
        yield None
    finally:
        subprocess.run(["tc", "qdisc", "del", "dev", "lo", "root"], check=False)


async def _echoes(count: int, relayed: bool) -> list[float]:
    """Seconds for each of `count` echoes of a decision-sized message, one at a time: to
    an echo listening here, or through a `coup-detat relay` to an echo that opened a
    table there."""
    message = wire.encode({"type": "decision", "id": 123, "move": {"kind": "x" * 120}})

    async def echo(socket: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in socket:
                await socket.send(frame)

    async def timed(socket: ClientConnection) -> list[float]:
        seconds = []
        for _ in range(count):
            began = time.perf_counter()
            await socket.send(message)
            await socket.recv()
            seconds.append(time.perf_counter() - began)
        await socket.close()
        return seconds

    if not relayed:
        async with serve(echo, "127.0.0.1", 0, compression=None) as server:
            port = server.sockets[0].getsockname()[1]
            async with connect(f"ws://127.0.0.1:{port}/", proxy=None,
                               compression=None) as socket:
                return await timed(socket)
    with _game_relay() as port:
        uri = f"ws://127.0.0.1:{port}/"
        async with connect(uri, proxy=None, compression=None) as control:
            await said_to_relay(control, "relay-host", "relay-hosting", table=CODE,
                                key="the benchmark's")
            async with connect(uri, proxy=None, compression=None) as friend:
                joining = asyncio.create_task(
                    said_to_relay(friend, "relay-join", "relay-joined", table=CODE))
                pipe = json.loads(await control.recv())["pipe"]
                async with connect(uri, proxy=None, compression=None) as host:
                    await said_to_relay(host, "relay-accept", "relay-joined", pipe=pipe)
                    await joining
                    echoing = asyncio.create_task(echo(host))
                    seconds = await timed(friend)
                    echoing.cancel()
                    return seconds


def relay_hop(count: int) -> JsonObject:
    return {"direct": _spread(asyncio.run(_echoes(count, relayed=False))),
            "through the relay": _spread(asyncio.run(_echoes(count, relayed=True)))}


def measure(args: argparse.Namespace) -> JsonObject:
    report: JsonObject = {"the relay's hop, echoes": relay_hop(args.echoes),
                          "four friends": round_trips(FOUR_FRIENDS, args.decisions)}
    if not args.relay_only:
        report["one friend, three random computers"] = round_trips(ONE_FRIEND, args.decisions)
    report["four friends through a relay"] = round_trips(FOUR_FRIENDS, args.decisions,
                                                         relayed=True)
    report["one friend, three random computers, through a relay"] = round_trips(
        ONE_FRIEND, args.decisions, relayed=True)
    if args.relay_only:
        return report
    with delayed_loopback(DELAY) as unavailable:
        report[f"four friends, {DELAY} ms on loopback"] = unavailable or round_trips(
            FOUR_FRIENDS, args.delayed_decisions)
    if unavailable:
        report[f"four friends, {DELAY} ms each way through a relay"] = round_trips(
            FOUR_FRIENDS, args.delayed_decisions, delay=DELAY)
    report["six friends, quiet"] = loop_gaps(args.seconds, flood=False)
    report["six friends, one flooding"] = loop_gaps(args.seconds, flood=True)
    return report


# Starting -------------------------------------------------------------------------------

def in_a_namespace(argv: Sequence[str], module: str = "benchmarks.net") -> int:
    """This benchmark (`module`) again, in a network namespace of its own (loopback up)."""
    unshare = ["unshare", "--net"] if os.geteuid() == 0 else \
        ["unshare", "--user", "--map-root-user", "--net"]
    command = [*unshare, "--", "sh", "-c", 'ip link set lo up && exec "$@"', "sh",
               sys.executable, "-m", module, *argv]
    return subprocess.run(command, env={**os.environ, IN_NAMESPACE: "1"}, cwd=ROOT,
                          check=False).returncode


def started_in_a_namespace(argv: Sequence[str], module: str = "benchmarks.net") -> int | None:
    """Outside the benchmark's namespace, the benchmark run again in one: how it ended;
    None inside it (measure there)."""
    if sys.platform != "linux":
        raise SystemExit("this benchmark runs in a network namespace: Linux only")
    if os.environ.get(IN_NAMESPACE) == "1":
        return None
    return in_a_namespace(argv, module)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--delayed-decisions", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="of Coup for six, quiet and flooded")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--relay-only", action="store_true",
                        help="only the round trips through a relay, and four friends' direct")
    parser.add_argument("--echoes", type=int, default=500,
                        help="of the relay's hop (more than its burst, 1,000, are paced)")
    parser.add_argument("--through-relay", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--friends", nargs=2, type=int, help=argparse.SUPPRESS)
    parser.add_argument("--flood", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--relay", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(arguments)
    if args.friends:
        friends_main(args.friends[0], args.friends[1], args.flood, args.through_relay)
        return 0
    if args.relay:
        asyncio.run(_relay(args.relay[0], args.relay[1] / 1000))
        return 0
    started = started_in_a_namespace(arguments)
    if started is not None:
        return started
    report = measure(args)
    print(json.dumps(report, indent=2) if args.json else _words(report))
    return 0


def _words(report: JsonObject) -> str:
    lines = []
    for name, measured in report.items():
        if isinstance(measured, str):
            lines.append(f"{name}: not measured ({measured})")
        elif "direct" in measured:
            lines.extend(f"{name}, {way}: p50 {spread['p50 ms']} ms, p95 {spread['p95 ms']} ms "
                         f"({spread['n']})" for way, spread in measured.items())
        elif "accepted" in measured:
            accepted, following = measured["accepted"], measured["next question"]
            lines.append(f"{name} ({measured['decisions']} decisions, {measured['games']} "
                         f"games): accepted p50 {accepted['p50 ms']} ms, p95 "
                         f"{accepted['p95 ms']} ms; next question p50 "
                         f"{following['p50 ms']} ms, p95 {following['p95 ms']} ms")
        else:
            lines.append(f"{name} ({measured['games']} games, {measured['iterations']} "
                         f"iterations, {measured['flooded a second']:,} messages flooded "
                         f"a second): longest "
                         f"gap {measured['longest gap ms']} ms (p99 "
                         f"{measured['gap p99 ms']} ms; TICK {TICK * 1000:g} ms), longest "
                         f"work {measured['longest work ms']} ms (p99 "
                         f"{measured['work p99 ms']} ms; in processor time "
                         f"{measured['longest processor ms']} ms; less the collector's "
                         f"passes {measured['longest less the collector ms']} ms; theirs "
                         f"at most {measured['longest collector in an iteration ms']} ms)")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
