"""Whatever an outside program starts ends with its game (issue 39, item 11), measured on
Linux from /proc: a child that leaves the bot's session (`setsid`), a daemon started as
daemons start (forked twice, in a session of its own, its parent gone), and a bot that
ignores the end of its input and SIGTERM, when `simulate` itself is killed with SIGKILL
and nothing of the game runs to end them. What no program can promise is said in
docs/BOT_PROTOCOL.md.

Each test ends, in a `finally`, whatever it finds still running of what it started."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from process_kit import children_of, ended, wait_for
from test_bot_faults import within

from game.ai import bot_processes
from game.services import simulate

pytestmark = pytest.mark.skipif(sys.platform != "linux",
                                reason="reads /proc for processes; the subreaper is Linux's")

ROOT = Path(__file__).parent.parent
BOT = Path(__file__).parent / "bots" / "misbehaving.py"
STARTING = 90.0  # seconds a loaded machine may take to start a run and its bot
ENDING = 10.0  # seconds what the bot started may take to end once the game has ended
OURS = (b"misbehaving.py", b"time.sleep(600)", b"bot_launcher")  # in our processes' commands


def bot(behaviour: str, pids: Path) -> str:
    return f"exec:{sys.executable} {BOT} {behaviour} {pids}"


def told(pids: Path) -> set[int]:
    """The pids the bot (or what it started) wrote to the file."""
    return {int(pid) for pid in pids.read_text().split()} if pids.exists() else set()


def ours(pid: int) -> bool:
    """Is the process still running one of this test's (not a process that took its pid
    once it ended)?"""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return any(mark in command for mark in OURS)


def end_what_is_left(pids: set[int]) -> None:
    """SIGKILL whatever of `pids` is still ours: a failed test leaves nothing behind."""
    for pid in pids:
        if ours(pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def all_end(pids: set[int]) -> None:
    wait_for(lambda: all(ended(pid) for pid in pids), ENDING,
             f"still running: {sorted(pid for pid in pids if not ended(pid))}")


# What a bot started, after the game --------------------------------------------------------

@pytest.mark.parametrize("behaviour", ["setsid", "daemon"])
def test_what_a_bot_started_outside_its_group_ends_with_the_game(behaviour: str,
                                                                 tmp_path: Path) -> None:
    """A process group ends only its members: a child in a session of its own, and a
    daemon, end with the game all the same."""
    pids = tmp_path / "pids"
    try:
        summary = within(STARTING, lambda: simulate.run(
            {"players": 3, "short_game": True}, 1, seed=2,
            seats=["random", "random", bot(behaviour, pids)], time_limit=30.0))
        assert summary.games == 1 and summary.bot_faults == 0, summary.bot_log
        started = told(pids)
        assert len(started) == 1, "the bot told what it started"
        all_end(started)
    finally:
        end_what_is_left(told(pids))


LEFT_UNFINISHED = """
import sys
import time
from game.ai.bot import ExecPlayer
from game.games import get_ruleset

rules = get_ruleset("coup-detat")
options = rules.parse_options({"players": 3})
bot = ExecPlayer(sys.argv[1], seat=0, ruleset=rules, options=options, history=dict)
deadline = time.monotonic() + 60
while not open(sys.argv[2]).read().strip() and time.monotonic() < deadline:
    time.sleep(0.02)
print("started", flush=True)  # the program leaves without finish(): `end_all` ends it
"""


@pytest.mark.parametrize("behaviour", ["setsid", "daemon"])
def test_what_a_bot_started_ends_when_the_game_leaves_without_letting_it_go(
        behaviour: str, tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    pids.write_text("")
    try:
        run = subprocess.run(
            [sys.executable, "-c", LEFT_UNFINISHED, bot(behaviour, pids)[len("exec:"):],
             str(pids)], capture_output=True, text=True, timeout=STARTING, cwd=ROOT)
        assert run.stdout.strip() == "started", run.stdout + run.stderr
        started = told(pids)
        assert len(started) == 1
        all_end(started)
    finally:
        end_what_is_left(told(pids))


# simulate killed with SIGKILL ----------------------------------------------------------------

@pytest.mark.parametrize("behaviour", ["stubborn", "setsid", "daemon"])
def test_what_a_bot_started_ends_when_simulate_is_killed(behaviour: str,
                                                         tmp_path: Path) -> None:
    """SIGKILL to `simulate`: no handler, no atexit runs. The bot that ignores the end of
    its input and SIGTERM, a child in a session of its own, a daemon: all end."""
    pids = tmp_path / "pids"
    command = [sys.executable, "-m", "game", "simulate", "--players", "3", "--short",
               "--games", "50", "--seats", "random,random,random",
               "--seat", f"2={bot(behaviour, pids)}"]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, start_new_session=True)
    started: set[int] = set()
    try:
        wait_for(lambda: told(pids), STARTING, "the bot has not started")
        started = children_of(run.pid) | told(pids)
        run.kill()
        run.wait(timeout=ENDING)
        all_end(started | told(pids))
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        end_what_is_left(started | told(pids))


# The launcher, on its own ---------------------------------------------------------------------

def test_a_program_that_cannot_be_started_is_told_as_the_system_says() -> None:
    """The launcher starts the program: a command that names no program is refused as
    starting it directly would be."""
    with pytest.raises(FileNotFoundError) as refusal:
        bot_processes.launch("no-such-program-anywhere --flag")
    assert refusal.value.filename == "no-such-program-anywhere"
    assert not bot_processes.RUNNING, "nothing is left counted as running"


def test_the_frozen_game_runs_the_launcher_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frozen, there is no launcher's file to run: the game's executable is the launcher
    when given LAUNCHER_FLAG (as `python -m game` is here), and plays as well."""
    with monkeypatch.context() as frozen:
        frozen.setattr(sys, "frozen", True, raising=False)
        assert bot_processes.launcher_command() == [sys.executable,
                                                    bot_processes.LAUNCHER_FLAG]
    monkeypatch.setattr(bot_processes, "launcher_command",
                        lambda: [sys.executable, "-m", "game", bot_processes.LAUNCHER_FLAG])
    example = f"exec:{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
    summary = within(STARTING, lambda: simulate.run(
        {"players": 3, "short_game": True}, 1, seed=2,
        seats=["random", "random", example], time_limit=30.0))
    assert summary.games == 1 and summary.bot_faults == 0, summary.bot_log


@pytest.mark.parametrize(("command", "status"), [
    ("sh -c 'echo out; echo err >&2; exit 3'", 3),
    ("sh -c 'echo out; echo err >&2; kill -TERM $$'", -signal.SIGTERM),
])
def test_the_launcher_hands_on_the_programs_output_and_its_status(command: str,
                                                                  status: int) -> None:
    """The game knows the launcher as the program: what the program writes, and how it
    ended (for the log's "it exited (status 3)")."""
    process = bot_processes.launch(command)
    try:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read() == b"out\n" and process.stderr.read() == b"err\n"
        assert process.wait(timeout=ENDING) == status
    finally:
        bot_processes.end_group(process)
        bot_processes.RUNNING.discard(process)
        process.wait(timeout=ENDING)


def test_a_game_with_over_a_thousand_files_open_keeps_its_bot() -> None:
    """The launcher's lifeline keeps the game's number for it, here past 1023, where
    select.select refuses a descriptor (the launcher failed, and its bot ended mid-game)."""
    opened = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        example = f"exec:{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
        summary = within(STARTING, lambda: simulate.run(
            {"players": 3, "short_game": True}, 1, seed=2,
            seats=["random", "random", example], time_limit=30.0))
        assert summary.games == 1 and summary.bot_faults == 0, summary.bot_log
    finally:
        for descriptor in opened:
            os.close(descriptor)


STREAMS_CLOSED = """
import os, sys
from game.ai import bot_processes
os.close(0); os.close(1)  # the game's standard input and output closed (started detached)
process = bot_processes.launch("sh -c 'echo out; echo err >&2; exit 3'")
said = (process.stdout.read(), process.stderr.read(), process.wait(timeout=10))
bot_processes.end_group(process)
print(repr(said), file=sys.stderr)
"""


def test_a_game_started_with_its_standard_streams_closed_keeps_its_bot() -> None:
    """The lifeline is never given a number the program's pipes take in the launcher."""
    run = subprocess.run([sys.executable, "-c", STREAMS_CLOSED], capture_output=True,
                         text=True, timeout=STARTING, cwd=ROOT)
    assert run.stderr.strip().splitlines()[-1] == "(b'out\\n', b'err\\n', 3)", run.stderr
