"""The programs playing seats, as processes: each started in a group of its own and counted
among those running until it is let go, so that whatever ends the game (an error, Ctrl+C,
SIGTERM) ends them too, with everything they started."""

from __future__ import annotations

import atexit
import os
import shlex
import signal
import subprocess
import sys
import threading
from typing import Any

RUNNING: set[subprocess.Popen[bytes]] = set()  # the programs playing, till they are let go


def launch(command: str) -> subprocess.Popen[bytes]:
    """Start the program in a group of its own, and count it among those running, on a
    thread of its own: a signal's handler (Ctrl+C) raises in the main thread only, so it
    cannot come between the program's start and its counting, which would leave it
    running unknown. Interrupted, this waits for that thread all the same."""
    outcome: list[subprocess.Popen[bytes] | OSError | ValueError] = []

    def start() -> None:
        try:
            process = subprocess.Popen(
                arguments(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, **group_options())
        except (OSError, ValueError) as error:
            outcome.append(error)
            return
        RUNNING.add(process)
        outcome.append(process)

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


@atexit.register
def end_all() -> None:
    """End every program still playing, with all it started: the game is leaving without
    letting them go (an error, Ctrl+C, SIGTERM). In their own groups, the terminal's Ctrl+C
    does not reach them; they end with the game all the same."""
    for process in list(RUNNING):
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
    """End the program and, on POSIX, every process it started (they share its group,
    unless they left it). Windows ends the program alone."""
    try:
        if windows if windows is not None else os.name == "nt":
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)
    except OSError:  # all of them have ended already
        pass


def arguments(command: str) -> str | list[str]:
    """The command as the system starts it: split as a POSIX shell would, or whole on
    Windows, which parses a command line itself (and whose paths' backslashes a POSIX
    split would take for escapes)."""
    return command if sys.platform == "win32" else shlex.split(command)
