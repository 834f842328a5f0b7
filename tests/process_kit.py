"""Processes a test started, and theirs, as /proc tells them (Linux only)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest


def children_of(pid: int) -> set[int]:
    """Every process whose parent is `pid`, and theirs, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended meanwhile
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found: set[int] = set()
    new = {pid}
    while new:
        new = {child for child, parent in parents.items() if parent in new} - found
        found |= new
    return found


def ended(pid: int) -> bool:
    """Has the process ended? (A zombie waiting to be collected has.)"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] in ("Z", "X")


def wait_for(condition: Callable[[], object], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} after {seconds:g} s")
        time.sleep(0.05)


def workers_of(run: subprocess.Popen[bytes]) -> set[int]:
    """The Hard player's worker processes (spawned by multiprocessing) under way."""
    return {pid for pid in children_of(run.pid)
            if b"spawn_main" in _command_line(pid)}


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def bot_pids(pids: Path) -> set[int]:
    """The pids the misbehaving bot `stubborn` wrote to its file."""
    return {int(pid) for pid in pids.read_text().split()} if pids.exists() else set()


def all_ended(pids: set[int]) -> None:
    """Wait (bounded) until every one of `pids` has ended."""
    for pid in pids:
        wait_for(partial(ended, pid), 5.0, f"process {pid} is still running")


def kill_what_is_left(run: subprocess.Popen[bytes], pids: Path) -> None:
    """What a failed test left running: the run's whole group, and the bots it started
    (each in a group of its own)."""
    if run.poll() is None:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
    for pid in bot_pids(pids):
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
