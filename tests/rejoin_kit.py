"""A table of friends whose connections fail, played out inside a network namespace:
what tests/test_net_rejoin.py runs there (`netns_kit.run_python`), one scenario at a time.

A scenario starts a headless host and `join --bot` friends (the random bot of docs/bots),
each with a home folder of its own (COUP_DETAT_HOME: what it keeps there is its alone),
kills or cuts what it means to, and prints one JSON object of what it saw: the tests
judge it. Everything it starts ends before it returns, whatever happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import netns_kit

ROOT = netns_kit.ROOT
BOT = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
RULESET = ("--ruleset", "coup-detat", "--short", "--seats", "open,open,random")
WAIT = 40.0  # seconds a scenario waits for any one thing before it gives up

Record = list[dict[str, Any]]


def wait_for(what: str, ready: Callable[[], object], timeout: float = WAIT) -> Any:
    """What `ready` returns once it is true; AssertionError naming `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        found = ready()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(0.02)


def read_record(path: Path) -> Record:
    """The messages a seat's --record holds so far (a line being written is left out)."""
    if not path.exists():
        return []
    messages = []
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):
            messages.append(json.loads(line))
    return messages


def count(record: Record, kind: str) -> int:
    return sum(message.get("type") == kind for message in record)


def seat_news(record: Record, seat: int) -> list[bool]:
    """What the seat of `record` was told of `seat`'s connection, in order."""
    return [message["connected"] for message in record
            if message.get("type") == "seat" and message.get("seat") == seat]


def descendants(pid: int) -> list[int]:
    """The processes `pid` started, and theirs (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


class Scene:
    """The processes of one scenario, and the folder their files go to."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: list[subprocess.Popen[bytes]] = []
        self.facts: dict[str, Any] = {"timeline": []}
        self.began = time.monotonic()

    def mark(self, what: str) -> None:
        """Note when `what` happened (seconds into the scenario), for the report."""
        self.facts["timeline"].append(f"{time.monotonic() - self.began:.2f} {what}")

    def start(self, name: str, *arguments: str) -> subprocess.Popen[bytes]:
        """This checkout's program, its output in NAME.out and NAME.err, its own home."""
        home = self.folder / f"home-{name.rstrip('0123456789')}"
        out = open(self.folder / f"{name}.out", "wb")  # noqa: SIM115 (the child holds it)
        err = open(self.folder / f"{name}.err", "wb")  # noqa: SIM115
        with out, err:
            process = subprocess.Popen(netns_kit.program(*arguments), stdout=out, stderr=err,
                                       env=netns_kit.environment(home), cwd=ROOT)
        self.processes.append(process)
        return process

    def output(self, name: str, stream: str = "out") -> str:
        path = self.folder / f"{name}.{stream}"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def host(self, name: str, *arguments: str) -> tuple[subprocess.Popen[bytes], dict]:
        """A headless host (`--json`), and what it said once it listened."""
        self.mark(f"{name} starts")
        process = self.start(name, "host", "--listen", "127.0.0.1", "--json", *arguments)

        def listening() -> dict | None:
            for line in self.output(name).splitlines():
                with contextlib.suppress(ValueError):
                    said = json.loads(line)
                    if said.get("listening"):
                        return said
            if process.poll() is not None:
                raise AssertionError(f"the host ended: {self.output(name, 'err')}")
            return None

        said = wait_for("the host to listen", listening)
        self.mark(f"{name} listens")
        return process, said

    def join(self, name: str, port: int, code: str) -> subprocess.Popen[bytes]:
        self.mark(f"{name} joins")
        return self.start(name, "join", f"127.0.0.1:{port}", "--code", code, "--name",
                          name.rstrip("0123456789").capitalize(), "--bot", BOT,
                          "--record", str(self.record_path(name)))

    def record_path(self, name: str) -> Path:
        return self.folder / f"{name}.jsonl"

    def record(self, name: str) -> Record:
        return read_record(self.record_path(name))

    def seat_of(self, name: str) -> int:
        welcome = wait_for(f"{name} to be welcomed", lambda: next(
            (m for m in self.record(name) if m.get("type") == "welcome"), None))
        return int(welcome["seat"])

    def after_decisions(self, name: str, decisions: int) -> None:
        wait_for(f"{decisions} decisions of {name}",
                 lambda: count(self.record(name), "accepted") >= decisions)

    def table(self, grace: str, decisions: int, *, via: Callable[[int], int] = int
              ) -> tuple[subprocess.Popen[bytes], dict, subprocess.Popen[bytes],
                         subprocess.Popen[bytes], int]:
        """A host saving to game.json, and Ada (through `via`, given the host's port: the
        port she joins at) and Bob at its table, once Ada has made `decisions`: the host,
        what it said, Ada, Bob, and Ada's seat."""
        host, said = self.host("host", *RULESET, "--port", "0", "--grace", grace, "--save",
                               str(self.folder / "game.json"))
        ada = self.join("ada", via(said["port"]), said["code"])
        bob = self.join("bob", said["port"], said["code"])
        seat = self.seat_of("ada")
        self.after_decisions("ada", decisions)
        return host, said, ada, bob, seat

    def kill(self, process: subprocess.Popen[bytes]) -> float:
        """SIGKILL `process`; when it was killed."""
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        self.mark(f"killed {process.args[3]}")
        return time.monotonic()

    def finish(self, *names_and_processes: tuple[str, subprocess.Popen[bytes]]) -> None:
        """Wait for each to end; their exit status and last line of output as facts."""
        for name, process in names_and_processes:
            try:
                status: int | str = process.wait(timeout=WAIT * 2)
            except subprocess.TimeoutExpired:
                status = "still running"
            self.mark(f"{name} ended")
            lines = self.output(name).strip().splitlines()
            self.facts[name] = {"status": status, "last": lines[-1] if lines else "",
                                "err": self.output(name, "err")[-1500:]}

    def close(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                process.wait(timeout=10)

    def seat_decisions(self, seat: int) -> int:
        """The decisions of `seat` in the host's save."""
        saved = json.loads((self.folder / "game.json").read_text(encoding="utf-8"))
        return sum(entry.get("seat") == seat for entry in saved["log"])

    def replays(self) -> bool:
        from game.engine import saves
        from game.services.catalogue import CATALOGUE

        return saves.read(self.folder / "game.json", catalogue=CATALOGUE).over


def views_true_to_the_game(scene: Scene, record: Record, seat: int) -> bool:
    """Is every `state` of `record` the view `seat` had when that many events had been
    told, as the host's save replays the game? (Its cards, after coming back too.)"""
    from game.engine import saves
    from game.formats.support import formats_of
    from game.services.catalogue import CATALOGUE

    saved = saves.read(scene.folder / "game.json", catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame)
    match = saved.match
    view_json = formats_of(match.ruleset.id).protocol.view_json
    states = {turn.first_event: turn.state_before for turn in match.turns}
    states[len(match.events)] = match.state
    for message in record:
        if message.get("type") == "state":
            state = states.get(message["n"])
            if state is None or view_json(match.ruleset.view(state, seat)) != message["view"]:
                return False
    return True


# Scenarios -----------------------------------------------------------------------------
def friend_killed_comes_back(scene: Scene) -> None:
    """Ada's join is SIGKILLed mid-game, started again the same way, and plays on."""
    host, said, ada, bob, seat = scene.table("60", 15)
    kept = wait_for("Ada's seat to be kept", lambda: _kept_seats(scene, "ada"))
    programs = descendants(ada.pid)
    killed = scene.kill(ada)
    wait_for("Ada's bot to end", lambda: not any(map(running, programs)), timeout=10)
    scene.facts["bot_ended_after"] = time.monotonic() - killed
    scene.facts["bot_programs"] = len(programs)
    wait_for("Bob to be told Ada dropped", lambda: seat_news(scene.record("bob"), seat))
    first = scene.record("ada")
    scene.record_path("ada").rename(scene.folder / "ada-before.jsonl")
    ada = scene.join("ada", said["port"], said["code"])
    scene.finish(("ada", ada), ("bob", bob), ("host", host))
    again = scene.record("ada")
    scene.facts.update(
        seat=seat, kept_token=kept[0]["token"] == _welcome(first)["token"],
        kept_after=_kept_seats(scene, "ada"), welcomed_again=_welcome(again),
        accepted_before=count(first, "accepted"), accepted_after=count(again, "accepted"),
        saved=scene.seat_decisions(seat), replays=scene.replays(),
        first_question_after=_first(again, "decide", "id"),
        last_question_before=_last(first, "decide", "id"),
        views_true=views_true_to_the_game(scene, first + again, seat),
        bob_told=seat_news(scene.record("bob"), seat))


DAMAGED = "{not JSON"


def friend_never_back(scene: Scene) -> None:
    """Ada's join is killed and not started again: past the grace a computer plays. The
    host's and Bob's kept files were damaged before: they are kept aside. Then a new table
    at the same address, with the same code, does not know Ada's seat kept from the first:
    her join, run again, takes a new seat there."""
    for home, name in (("host", "hosted-table.json"), ("bob", "online-seats.json")):
        (scene.folder / f"home-{home}" / "online").mkdir(parents=True)
        (scene.folder / f"home-{home}" / "online" / name).write_text(DAMAGED)
    host, said, ada, bob, seat = scene.table("1", 10)
    scene.kill(ada)
    scene.finish(("bob", bob), ("host", host))
    first = scene.record("ada")
    scene.facts.update(seat=seat, accepted=count(first, "accepted"),
                       saved=scene.seat_decisions(seat), replays=scene.replays(),
                       bob_told=seat_news(scene.record("bob"), seat),
                       kept_aside=sorted(path.name for path in scene.folder.glob(
                           "home-*/online/*.damaged-*") if path.read_text() == DAMAGED),
                       kept_for_ada=len(_kept_seats(scene, "ada")))
    ada = scene.join("ada2", said["port"], said["code"])  # before the host listens: it waits
    host, said = scene.host("host2", "--ruleset", "coup", "--seats", "open,random",
                            "--port", str(said["port"]), "--code", said["code"])
    scene.finish(("ada2", ada), ("host2", host))
    scene.facts["kept_for_ada_after"] = len(_kept_seats(scene, "ada"))


def friend_back_after_grace(scene: Scene) -> None:
    """Ada is away past the grace (a computer plays her seat), then comes back to it."""
    host, said, ada, bob, seat = scene.table("1", 10)
    scene.kill(ada)
    wait_for("the computer to stand in", lambda: "is still away" in scene.output("host", "err"))
    questions = count(scene.record("bob"), "decide")
    wait_for("Bob to play on", lambda: count(scene.record("bob"), "decide") >= questions + 4)
    first = scene.record("ada")
    scene.record_path("ada").rename(scene.folder / "ada-before.jsonl")
    ada = scene.join("ada", said["port"], said["code"])
    scene.finish(("ada", ada), ("bob", bob), ("host", host))
    again = scene.record("ada")
    scene.facts.update(seat=seat, accepted_before=count(first, "accepted"),
                       accepted_after=count(again, "accepted"),
                       saved=scene.seat_decisions(seat), replays=scene.replays(),
                       views_true=views_true_to_the_game(scene, first + again, seat),
                       bob_told=seat_news(scene.record("bob"), seat))


def host_killed_continues(scene: Scene) -> None:
    """The host is SIGKILLed mid-game and started again with --continue."""
    host, said, ada, bob, seat = scene.table("60", 15)
    scene.kill(host)
    kept = scene.folder / "home-host" / "online" / "hosted-table.json"
    scene.facts["kept_while_away"] = kept.exists()
    host, again = scene.host("host2", "--continue")
    scene.finish(("ada", ada), ("bob", bob), ("host2", host))
    record = scene.record("ada")
    scene.facts.update(seat=seat, first=said, again=again, kept_after=kept.exists(),
                       welcomes=count(record, "welcome"), accepted=count(record, "accepted"),
                       saved=scene.seat_decisions(seat), replays=scene.replays(),
                       views_true=views_true_to_the_game(scene, record, seat))


def host_continues_elsewhere(scene: Scene) -> None:
    """The host is SIGKILLed mid-game, and so are its friends' programs; it is opened
    again on another port (`--continue --port 0`), and the friends join again at it."""
    host, said, ada, bob, seat = scene.table("60", 15)
    for process in (host, ada, bob):
        scene.kill(process)
    token = _welcome(scene.record("ada"))["token"]
    scene.record_path("ada").rename(scene.folder / "ada-before.jsonl")
    host, again = scene.host("host2", "--continue", "--port", "0")
    ada = scene.join("ada", again["port"], again["code"])
    bob = scene.join("bob", again["port"], again["code"])
    scene.finish(("ada", ada), ("bob", bob), ("host2", host))
    welcomed = _welcome(scene.record("ada"))
    scene.facts.update(first=said, again=again, seat=seat, seat_again=welcomed.get("seat"),
                       same_token=welcomed.get("token") == token,
                       kept_after=_kept_seats(scene, "ada"), replays=scene.replays())


def connection_cut(scene: Scene) -> None:
    """Ada reaches the host through a proxy, which stalls (and then lets no connection
    through, as a cable pulled would), then passes again, then drops the connection."""
    proxies: list[Proxy] = []

    def through_a_proxy(port: int) -> int:
        proxies.append(Proxy(port))
        return proxies[0].port

    try:
        host, _, ada, bob, seat = scene.table("60", 10, via=through_a_proxy)
        proxy = proxies[0]
        stalled = proxy.stall()
        wait_for("Bob to be told Ada dropped",
                 lambda: seat_news(scene.record("bob"), seat) == [False])
        scene.facts["stall_told_after"] = time.monotonic() - stalled
        wait_for("Ada's program to try again", lambda: proxy.attempts)
        scene.facts["stall_retried_after"] = proxy.attempts[0] - stalled
        mended = proxy.mend()
        wait_for("Ada to be back", lambda: seat_news(scene.record("bob"), seat) == [False, True])
        scene.facts["back_after_mended"] = time.monotonic() - mended
        accepted = count(scene.record("ada"), "accepted")
        scene.after_decisions("ada", accepted + 10)
        dropped = proxy.drop()
        wait_for("Bob to be told Ada dropped again",
                 lambda: len(seat_news(scene.record("bob"), seat)) >= 3)
        scene.facts["drop_told_after"] = time.monotonic() - dropped
        wait_for("Ada to be back again", lambda: len(seat_news(scene.record("bob"), seat)) >= 4)
        scene.facts["drop_back_after"] = time.monotonic() - dropped
        scene.finish(("ada", ada), ("bob", bob), ("host", host))
        scene.facts.update(seat=seat, bob_told=seat_news(scene.record("bob"), seat),
                           replays=scene.replays())
    finally:
        for proxy in proxies:
            proxy.close()


class InItsThread:
    """A server on 127.0.0.1 (`_listen` opens it and says its `port`) whose loop runs in a
    thread of its own, started and listening once made."""

    def __init__(self, target: int) -> None:
        self.target = target  # the host's port, where it forwards to
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    async def _listen(self) -> None:
        raise NotImplementedError


class Proxy(InItsThread):
    """A TCP forwarder between a friend and the host, on a port of its own, that can stall
    (stop forwarding, and turn new connections away until mended) or drop."""

    def __init__(self, port: int) -> None:
        self.attempts: list[float] = []  # when a connection was turned away, while down
        self.down = False
        self._pipes: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter,
                                list[asyncio.Task[None]]]] = []
        super().__init__(port)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._connected, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _connected(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        if self.down:
            self.attempts.append(time.monotonic())
            writer.close()
            return
        upstream_reader, upstream = await asyncio.open_connection("127.0.0.1", self.target)
        tasks = [asyncio.create_task(_pump(reader, upstream)),
                 asyncio.create_task(_pump(upstream_reader, writer))]
        self._pipes.append((writer, upstream, tasks))

    def _call(self, function: Callable[[], None]) -> float:
        done = threading.Event()

        def call() -> None:
            function()
            done.set()

        self._loop.call_soon_threadsafe(call)
        done.wait(10)
        return time.monotonic()

    def stall(self) -> float:
        """Forward nothing more on the connections there are (they stay open), and let
        no new one through; when it began."""
        def stall() -> None:
            self.down = True
            for _, _, tasks in self._pipes:
                for task in tasks:
                    task.cancel()

        return self._call(stall)

    def mend(self) -> float:
        """Let new connections through again (the stalled ones stay stalled)."""
        def mend() -> None:
            self.down = False

        return self._call(mend)

    def drop(self) -> float:
        """Close every connection there is, at both ends."""
        def drop() -> None:
            for client, upstream, tasks in self._pipes:
                for task in tasks:
                    task.cancel()
                client.close()
                upstream.close()
            self._pipes.clear()

        return self._call(drop)

    def close(self) -> None:
        self.drop()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, asyncio.CancelledError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
        writer.close()


def _kept_seats(scene: Scene, name: str) -> list[dict]:
    path = scene.folder / f"home-{name}" / "online" / "online-seats.json"
    with contextlib.suppress(OSError, ValueError):
        return list(json.loads(path.read_text(encoding="utf-8"))["seats"])
    return []


def _welcome(record: Record) -> dict:
    return next((m for m in record if m.get("type") == "welcome"), {})


def _first(record: Record, kind: str, key: str) -> Any:
    return next((m[key] for m in record if m.get("type") == kind), None)


def _last(record: Record, kind: str, key: str) -> Any:
    return next((m[key] for m in reversed(record) if m.get("type") == kind), None)


SCENARIOS = {function.__name__: function for function in (
    friend_killed_comes_back, friend_never_back, friend_back_after_grace,
    host_killed_continues, host_continues_elsewhere, connection_cut)}


def main(name: str, folder: str, scenarios: dict[str, Callable[[Scene], None]] | None = None
         ) -> None:
    """Play scenario `name` (of `scenarios`, by default these) in `folder`; print what was
    seen as one JSON line."""
    scene = Scene(Path(folder))
    try:
        (scenarios or SCENARIOS)[name](scene)
    except Exception as error:  # said to the test, which fails saying it
        scene.facts["failed"] = f"{type(error).__name__}: {error}"
    finally:
        scene.close()
        scene.facts["seconds"] = time.monotonic() - scene.began
        scene.facts.setdefault("errors", {n: scene.output(n, "err")[-1500:] for n in (
            "relay", "host", "host2", "ada", "bob") if scene.output(n, "err")})
    print(json.dumps(scene.facts, default=str))
    sys.stdout.flush()
    os._exit(0)  # the proxy's thread, if any, goes with it
