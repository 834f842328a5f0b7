"""`coup-detat simulate` stopped from outside: Ctrl+C (SIGINT to the terminal's whole
foreground group), SIGTERM, SIGHUP. Whatever stops it, the program ends promptly, in one
line and without a traceback, and every process it started ends with it: the outside
program (which here ignores every signal but SIGKILL) and Hard's worker processes."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from process_kit import all_ended, bot_pids, children_of, kill_what_is_left, wait_for, workers_of

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc for processes")

ROOT = Path(__file__).parent.parent
BOT = Path(__file__).parent / "bots" / "misbehaving.py"
GAMES = 50
STARTING = 90.0  # seconds a loaded machine may take to start the run, its bot, its workers
PROMPTLY = 15.0  # seconds a stopped run may take to end
STOPPED = re.compile(rf"Stopped: \d+ of {GAMES} games played\.")


def started(tmp_path: Path, seats: str) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """`simulate` in a session of its own (as in a terminal of its own), with the stubborn
    bot at seat 2 (it writes its pid to a file); and the files of its pids and stderr."""
    pids, errors = tmp_path / "bot-pids", tmp_path / "stderr"
    command = [sys.executable, "-m", "game", "simulate", "--players", "3", "--short",
               "--games", str(GAMES), "--seats", seats, "--budget", "0.2",
               "--seat", f"2=exec:{sys.executable} {BOT} stubborn {pids}"]
    with errors.open("wb") as stderr:
        run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr,
                               start_new_session=True)
    return run, pids, errors


def stop(run: subprocess.Popen[bytes], number: int, whole_group: bool) -> int:
    """Send the signal (to the run's whole group, as a terminal's Ctrl+C is); its status."""
    if whole_group:
        os.killpg(run.pid, number)
    else:
        os.kill(run.pid, number)
    try:
        return run.wait(timeout=PROMPTLY)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        pytest.fail(f"still running {PROMPTLY:g} s after signal {number}")


CASES = [  # (signal, to the whole group, the seats besides the bot, the exit status)
    (signal.SIGINT, True, "random,random", 130),
    (signal.SIGINT, False, "random,random", 130),
    (signal.SIGTERM, False, "random,random", 128 + signal.SIGTERM),
    (signal.SIGHUP, False, "random,random", 128 + signal.SIGHUP),
    (signal.SIGINT, True, "hard,random", 130),
    (signal.SIGTERM, False, "hard,random", 128 + signal.SIGTERM),
    (signal.SIGTERM, True, "hard,random", 128 + signal.SIGTERM),
    (signal.SIGHUP, True, "hard,random", 128 + signal.SIGHUP),
]


@pytest.mark.parametrize(("number", "whole_group", "others", "status"), CASES,
                         ids=[f"{signal.Signals(n).name}-{'group' if g else 'pid'}-{o}"
                              for n, g, o, _ in CASES])
def test_a_stopped_run_ends_in_one_line_with_every_process_it_started(
        tmp_path: Path, number: int, whole_group: bool, others: str, status: int) -> None:
    run, pids, errors = started(tmp_path, f"{others},random")
    started_by_it: set[int] = set()
    try:
        wait_for(lambda: pids.exists() and pids.read_text().strip(), STARTING,
                 "the bot has not started")
        if others.startswith("hard"):
            wait_for(lambda: len(workers_of(run)) >= 2, STARTING,
                     "Hard's workers have not started")
        started_by_it = children_of(run.pid)
        assert stop(run, number, whole_group) == status, errors.read_text()
        told = errors.read_text()
        assert "Traceback" not in told, told
        assert len(told.splitlines()) == 1 and STOPPED.fullmatch(told.strip()), told
        all_ended(bot_pids(pids) | started_by_it)
    finally:
        kill_what_is_left(run, pids)
