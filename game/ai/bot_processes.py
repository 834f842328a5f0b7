"""The programs playing seats, as processes: each started in a group of its own and counted
among those running until it is let go, so that whatever ends the game (an error, Ctrl+C,
SIGTERM) ends them too, with everything they started.

On POSIX each program is started by a launcher of its own (game/ai/bot_launcher.py), the
process the game knows as the program's: its standard input, output and error are the
program's, its exit status the program's. It holds the program and everything the program
starts together, and ends them all when the program ends, when the game lets it go (the
game closes its end of the launcher's lifeline), or when the game is gone, however it
went: a SIGKILL to the game closes the lifeline too. Windows starts the program itself, in
a process group of its own.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

LAUNCHER = Path(__file__).resolve().with_name("bot_launcher.py")  # a file: run without imports
LAUNCHER_FLAG = "--bot-launcher"  # the frozen game's executable, run as the launcher
RUNNING: set[subprocess.Popen[bytes]] = set()  # the programs playing, till they are let go
LIFELINES: dict[subprocess.Popen[bytes], socket.socket] = {}  # each launcher's, the game's end
STARTING = 60.0  # seconds a launcher may take to start its program (a loaded machine)
LETTING_GO = 3.0  # seconds a launcher may take to end its program and what it started


def launch(command: str) -> subprocess.Popen[bytes]:
    """Start the program in a group of its own (through its launcher, on POSIX), and
    count it among those running, on a thread of its own: a signal's handler (Ctrl+C)
    raises in the main thread only, so it cannot come between the program's start and its
    counting, which would leave it running unknown. Interrupted, this waits for that
    thread all the same. `OSError` (as the system refused to start it) or `ValueError`
    if it cannot be started."""
    outcome: list[subprocess.Popen[bytes] | OSError | ValueError] = []

    def start() -> None:
        try:
            outcome.append(_started(command))
        except (OSError, ValueError) as error:
            outcome.append(error)

    starter = threading.Thread(target=start, daemon=True)
    starter.start()
    try:
        starter.join()
    finally:  # interrupted: whoever ends the run finds the program counted (`end_all`)
        starter.join()
    started = outcome[0]
    if isinstance(started, OSError | ValueError):
        raise started
    return started


def _started(command: str) -> subprocess.Popen[bytes]:
    """The program started and counted; on POSIX, its launcher, once it has said that
    the program started."""
    pipes: dict[str, Any] = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE,
                             "stderr": subprocess.PIPE, "bufsize": 0}
    if os.name == "nt":
        process = subprocess.Popen(arguments(command), **pipes, **group_options())
        RUNNING.add(process)
        return process
    given = arguments(command)
    ours, theirs = socket.socketpair()
    try:
        lifeline = _above_the_standard_streams(theirs.fileno())
    finally:
        theirs.close()
    try:
        process = subprocess.Popen([*launcher_command(), str(lifeline), *given],
                                   **pipes, **group_options(), pass_fds=(lifeline,))
    except BaseException:
        ours.close()
        raise
    finally:
        os.close(lifeline)
    RUNNING.add(process)
    LIFELINES[process] = ours
    try:
        _check_started(process, ours)
    except BaseException:
        end_group(process)
        RUNNING.discard(process)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=LETTING_GO)
        raise
    return process


def _above_the_standard_streams(descriptor: int) -> int:
    """A copy of `descriptor` numbered 3 or more: the launcher keeps it under the same
    number, and one of 0, 1 or 2 (free in a game started with its standard streams closed)
    would be given the program's pipes there instead."""
    import fcntl  # POSIX's: this is POSIX only

    return fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 3)


def _check_started(process: subprocess.Popen[bytes], lifeline: socket.socket) -> None:
    """What the launcher says became of the program; `OSError` if it did not start, as
    the system said why."""
    lifeline.settimeout(STARTING)
    said = b""
    try:
        while not said.endswith(b"\n") and (piece := lifeline.recv(4096)):
            said += piece
    except TimeoutError:
        raise OSError(f"its launcher did not start it within {STARTING:g} s") from None
    except OSError:
        pass
    finally:
        lifeline.settimeout(None)
    try:
        report = json.loads(said)
    except ValueError:
        report = None
    if isinstance(report, dict) and isinstance(report.get("started"), int):
        return
    if isinstance(report, dict) and isinstance(report.get("errno"), int):
        raise OSError(report["errno"] or None, str(report.get("strerror")),
                      *([report["filename"]] if report.get("filename") else []))
    raise OSError("its launcher ended before it could start it")


def launcher_command() -> list[str]:
    """How the launcher is run: its file by this Python, without the game's packages or
    the player's Python settings (it needs none); frozen, by the game's executable."""
    if getattr(sys, "frozen", False):
        return [sys.executable, LAUNCHER_FLAG]
    return [sys.executable, "-I", "-S", str(LAUNCHER)]


@atexit.register
def end_all() -> None:
    """End every program still playing, with all it started: the game is leaving without
    letting them go (an error, Ctrl+C, SIGTERM). In their own groups, the terminal's Ctrl+C
    does not reach them; they end with the game all the same. Their launchers are told at
    once, to end theirs side by side."""
    running = list(RUNNING)
    for process in running:
        _cut_lifeline(process)
    for process in running:
        end_group(process)
        RUNNING.discard(process)


def watch(process: subprocess.Popen[bytes]) -> None:
    """Once the program has ended, end what it started: they may hold its output open, and
    then the end of its output, which tells the game it has ended, would never come.
    Where the system allows, the ended program is left to be collected later (by _stop),
    so that its number, its group's, is not given to another process meanwhile."""
    waitid = getattr(os, "waitid", None)
    try:
        if waitid is not None and os.name != "nt":
            waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)
        else:
            process.wait()
    except ChildProcessError:  # collected already, by _stop or _ended
        pass
    end_group(process)


def group_options(windows: bool | None = None) -> dict[str, Any]:
    """What starts the program in a process group of its own, to be ended whole."""
    if windows if windows is not None else os.name == "nt":
        return {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200)}
    return {"start_new_session": True}


def end_group(process: subprocess.Popen[bytes], windows: bool | None = None) -> None:
    """End the program and, on POSIX, every process it started: its launcher ends them
    (on Linux, wherever they went; elsewhere, those still in its group), then whatever is
    left in the launcher's group is killed. Windows ends the program alone."""
    try:
        if windows if windows is not None else os.name == "nt":
            process.kill()
            return
        _cut_lifeline(process)
        _wait_uncollected(process, LETTING_GO)
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:  # all of them have ended already
        pass


def _cut_lifeline(process: subprocess.Popen[bytes]) -> None:
    """Tell the program's launcher to end it, with all it started."""
    lifeline = LIFELINES.pop(process, None)
    if lifeline is not None:
        lifeline.close()


def _wait_uncollected(process: subprocess.Popen[bytes], seconds: float) -> None:
    """Wait up to `seconds` for the process to end, leaving it to be collected later, so
    that its number, its group's, is not given to another process meanwhile."""
    waitid = getattr(os, "waitid", None)  # not on macOS before Python 3.13
    if waitid is None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=seconds)
        return
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT):
                return
        except ChildProcessError:  # collected already: it has ended
            return
        time.sleep(0.01)


def arguments(command: str) -> str | list[str]:
    """The command as the system starts it: split as a POSIX shell would, or whole on
    Windows, which parses a command line itself (and whose paths' backslashes a POSIX
    split would take for escapes)."""
    return command if sys.platform == "win32" else shlex.split(command)
