"""Whole games over the network for the tests: a headless host (`coup-detat host`) and a
`join --bot` for each friend's seat, all in one network namespace (netns_kit), started,
waited for and ended by a small driver that runs in the namespace and says, in one JSON
line, what each program did.

`play(...)` runs a game and returns that summary; `drive(...)` is the driver, run inside
the namespace (`python -c "import net_games_kit; ..."`). Every program the driver starts
ends with it: once the game is over, or at its deadline, when what is left is killed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import netns_kit

BOTS = Path(__file__).resolve().parent / "bots"
RANDOM_BOT = netns_kit.ROOT / "docs" / "bots" / "random_bot.py"
LISTENING_WITHIN = 40.0  # seconds a loaded machine may take to start the host
ENDING_WITHIN = 15.0  # seconds the host may take to end once its friends have


def seeded_bot(seed: int) -> str:
    """The command of a bot that plays the same moves at every run (tests/bots)."""
    return f"{sys.executable} {BOTS / 'seeded_bot.py'} {seed}"


def random_bot() -> str:
    """The command of the bot the documentation gives authors (docs/bots)."""
    return f"{sys.executable} {RANDOM_BOT}"


@dataclass(frozen=True)
class Friend:
    name: str
    bot: str  # the command that plays the seat
    record: Path | None = None


def play(ruleset: str, seats: Sequence[str], friends: Sequence[Friend], *, save: Path,
         seed: int, flags: Sequence[str] = (), within: float = 60.0,
         home: Path | None = None, relay: bool = False) -> dict[str, Any]:
    """Host a game of `ruleset` for `seats` (open, or a computer's level) and join it with
    `friends`, in a network namespace of its own; what each program did (`drive`).
    `relay`: a `coup-detat relay` runs there too, and the host and friends meet on it."""
    config = {"ruleset": ruleset, "seats": list(seats), "save": str(save), "seed": seed,
              "flags": list(flags), "within": within, "relay": relay,
              "friends": [{"name": friend.name, "bot": friend.bot,
                           "record": None if friend.record is None else str(friend.record)}
                          for friend in friends]}
    code = f"import json, net_games_kit; net_games_kit.drive(json.loads({json.dumps(config)!r}))"
    run = netns_kit.run_python(code, timeout=within + LISTENING_WITHIN + 30, home=home)
    lines = run.stdout.strip().splitlines()
    assert run.returncode == 0 and lines, \
        f"the driver failed (status {run.returncode}): {run.stdout[-2000:]}{run.stderr[-3000:]}"
    summary: dict[str, Any] = json.loads(lines[-1])
    return summary


class Program:
    """A program started by the driver, what it writes read as it writes it."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.out: list[str] = []
        self.err: list[str] = []
        self.first_line = threading.Event()
        self._readers = [threading.Thread(target=self._read, args=(stream, lines), daemon=True)
                         for stream, lines in ((self.process.stdout, self.out),
                                               (self.process.stderr, self.err))]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: IO[str] | None, lines: list[str]) -> None:
        assert stream is not None
        for line in stream:
            lines.append(line.rstrip("\n"))
            if lines is self.out:
                self.first_line.set()
        self.first_line.set()  # the program ended without a line: nothing more to wait for

    def wait(self, deadline: float) -> int | None:
        """Its exit status, or None if it is still running at `deadline`."""
        try:
            status = self.process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return None
        for reader in self._readers:
            reader.join(timeout=5)
        return status

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def summary(self, status: int | None) -> dict[str, Any]:
        return {"status": status, "out": self.out, "err": self.err[-40:]}


def drive(config: dict[str, Any]) -> None:
    """In the namespace: host, join, wait; print what each program did, in one line."""
    started = time.monotonic()
    relay, through = (relaying() if config.get("relay") else (None, ()))
    host = Program(netns_kit.program(
        "host", "--ruleset", config["ruleset"], "--seats", ",".join(config["seats"]),
        "--listen", "127.0.0.1", "--port", "0", "--json", "--save", config["save"],
        "--seed", str(config["seed"]), *config["flags"], *through))
    joins: list[Program] = []
    summary: dict[str, Any] = {}
    try:
        host.first_line.wait(LISTENING_WITHIN)
        if not host.out:
            summary["failure"] = "the host printed no line"
            return
        listening = json.loads(host.out[0])
        summary["listening"] = listening
        for friend in config["friends"]:
            record = () if friend["record"] is None else ("--record", friend["record"])
            at = (listening["relay"], "--relay") if relay else (
                f"127.0.0.1:{listening['port']}",)
            joins.append(Program(netns_kit.program(
                "join", *at, "--code", listening["code"],
                "--name", friend["name"], "--bot", friend["bot"], *record)))
        deadline = started + config["within"]
        summary["joins"] = [join.summary(join.wait(deadline)) for join in joins]
        summary["host"] = host.summary(host.wait(max(deadline, time.monotonic() +
                                                     ENDING_WITHIN)))
        summary["seconds"] = round(time.monotonic() - started, 2)
    finally:
        for program in (*joins, host):
            program.end()
        summary.setdefault("host", host.summary(host.process.returncode))
        if relay is not None:
            relay.process.terminate()  # as its operator stops it: SIGTERM
            summary["relay"] = relay.summary(relay.wait(time.monotonic() + ENDING_WITHIN))
            relay.end()
        print(json.dumps(summary), flush=True)


def relaying() -> tuple[Program, tuple[str, str]]:
    """A relay on loopback, and the host's flags that open its table there."""
    relay = Program(netns_kit.program("relay", "--listen", "127.0.0.1", "--port", "0",
                                      "--json"))
    relay.first_line.wait(LISTENING_WITHIN)
    port = json.loads(relay.out[0])["port"] if relay.out else 0
    return relay, ("--relay", f"127.0.0.1:{port}")
