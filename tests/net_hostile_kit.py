"""A hostile friend at a real host, and the honest game beside it (tests/test_net_hostile.py).

Run in a network namespace of its own (tests/netns_kit.py): `python -c "import
net_hostile_kit; net_hostile_kit.main('games')"` prints one JSON report on stdout; its
folder is NET_HOSTILE_FOLDER.

The 1966 game for four, short (`coup-detat host`, seeded, a grace of an hour so that no
stand-in ever plays), is played twice. First by three honest `join --bot` seats that
answer their first legal move (tests/bots/first_legal.py); then by two of them beside a
hostile friend in the third seat (tests/hostile_friend.py), which plays the same moves
while it sends everything a hostile program could, and attacks the door meanwhile. The
report says what the host answered to each attack, how long the honest seats took to
finish (and the host's processor time by then), how long the table waited for the
hostile seat's own answers, how each program ended and where each game's save is: the
test compares the two games decision for decision.

`stolen`: an honest seat's token, read from its `--record`, in another program's hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hostile_friend import CODE, THIRD, Hostile, at_the_door
from netns_kit import ROOT, environment, program

TABLE = ("--ruleset", "coup-detat", "--short", "--seats", "open,open,open,medium")
SEED = 11
FIRST_LEGAL = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'first_legal.py'}"
HONEST = ("Ann", "Bob")
GAME_LIMIT = 120.0  # seconds a game may take, with the fuzzer, on a loaded machine
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


def join(programs: Programs, port: int, name: str, *more: str, bot: str = FIRST_LEGAL
         ) -> subprocess.Popen[str]:
    """An honest seat, once the host has seated it (so that seats go in order)."""
    process = programs.start(name, "join", f"127.0.0.1:{port}", "--code", CODE,
                             "--name", name, "--bot", bot, *more)
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


def finished(process: subprocess.Popen[str], wait: float = 20) -> JsonObject:
    """How a program ended (killed, status -9, if it had not within `wait` seconds)."""
    try:
        process.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
    out = process.stdout.read() if process.stdout is not None else ""
    return {"status": process.returncode, "out": out.strip()[-2000:]}


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
    report["door"], _ = await asyncio.gather(at_the_door(port), hostile.attack())
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
        report.update(host=finished(hosting, 1), save=str(save),
                      honest=[finished(process) for process in honest],
                      host_err=programs.err("host")[-3000:],
                      **{"host traceback": "Traceback" in programs.err("host")},
                      honest_err=[programs.err(name)[-2000:] for name in HONEST])
        return report
    finally:
        programs.end()


def stolen(folder: Path) -> JsonObject:
    """An honest seat's token, read from its --record, in another program's hands: the
    seat is that program's (by design: the token is the seat's secret). It takes the seat
    while the honest seat's program is thinking (a second a question), so that the seat's
    connection is closed before its answer is sent."""
    programs = Programs(folder)
    record = folder / "Ann.jsonl"
    try:
        hosting, port = host(programs, folder / "stolen.json", "--ruleset", "coup",
                             "--seats", "open,medium")
        ann = join(programs, port, "Ann", "--record", str(record), bot=f"{FIRST_LEGAL} 1")
        _wait_for(lambda: _thinking_after_an_answer(record), "Ann's second question", ann,
                  programs.err)
        token = json.loads(record.read_text(encoding="utf-8").splitlines()[0])["token"]
        thief = Hostile(port, token)
        asyncio.run(asyncio.wait_for(thief.play(), GAME_LIMIT))
        hosting.wait(timeout=GAME_LIMIT)
        ann_accepted = record.read_text(encoding="utf-8").count('"type":"accepted"')
        return {"host": finished(hosting), "ann": finished(ann), "ann_err": programs.err("Ann"),
                "ann_accepted": ann_accepted,
                "thief": {"seat": thief.seat, "result": thief.result,
                          "accepted": len(thief.accepted), "byes": dict(thief.byes),
                          "connections": thief.connections},
                "save": str(folder / "stolen.json")}
    finally:
        programs.end()


def _thinking_after_an_answer(record: Path) -> bool:
    """Has the seat had an answer accepted, and been asked again since?"""
    kinds = [json.loads(line)["type"]
             for line in record.read_text(encoding="utf-8").splitlines()]
    return "accepted" in kinds and kinds[-1] == "decide"


def main(what: str) -> None:
    """The honest game, then the fuzzed one ('games'), or a token stolen ('stolen'): a
    JSON object on stdout."""
    folder = Path(os.environ.get("NET_HOSTILE_FOLDER", "."))
    if what == "stolen":
        print(json.dumps(stolen(folder)))
    else:
        print(json.dumps({kind: game(kind, folder) for kind in ("honest", "fuzzed")}))
