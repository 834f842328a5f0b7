"""The launcher of an outside program (POSIX): a small process between the game and the
program, which keeps together everything the program starts and ends it all when the
program ends, when the game lets it go, or when the game is gone, however it went (even
killed with SIGKILL, when nothing of the game runs to end anything).

    python -I -S bot_launcher.py FD COMMAND [ARGUMENT ...]

FD is the launcher's end of a socket whose other end only the game holds: its lifeline.
The launcher starts the command in a process group of its own, with the launcher's
standard input, output and error (the game's pipes), and tells the game on the lifeline
what became of it: `{"started": PID}`, or the system's refusal (`{"errno": 2, ...}`).
Then it lets the pipes go (its own copies would keep them open) and waits: for the
program to end, or for the lifeline to end (the game closed it, or the game is gone), or
for SIGTERM, SIGHUP or SIGINT. Then it ends the program's group and, on Linux, every
process the program started, wherever it went, and exits as the program did.

On Linux the launcher is a subreaper (prctl PR_SET_CHILD_SUBREAPER): a process the
program started whose parent ends (a daemon forked twice, a child that called setsid and
was left) becomes the launcher's child, not init's, so that all of them are found among
the launcher's descendants in /proc; and the program itself is killed should the launcher
be (PR_SET_PDEATHSIG). Elsewhere (macOS) the launcher ends the program's group: what left
it is out of reach. docs/BOT_PROTOCOL.md says what holds where.

It imports only the standard library, and only what POSIX has: it is run as a file,
without the game's packages (or, frozen, by the game's executable, given
`bot_processes.LAUNCHER_FLAG`), and never imported on Windows.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
STOPPING = ("SIGTERM", "SIGHUP", "SIGINT")  # these end the program too
ROUNDS = 50  # rounds of ending what the program started, at most...
ENDING = 2.0  # ...and seconds (a program that forks without end is beyond any bound)
WAKE_EVERY = 1.0  # seconds between looks at the program, should a signal go unnoticed


def main(arguments: list[str]) -> int:
    """Start the command and keep it (`arguments`: the lifeline's descriptor, then the
    command); the exit status."""
    command = arguments[1:]
    try:
        lifeline = socket.socket(fileno=int(arguments[0]))
    except (IndexError, ValueError, OSError):
        command = []
    if not command:
        print("bot_launcher: run by the game, with its lifeline and a command",
              file=sys.stderr)
        return 2
    prctl = _prctl()
    if prctl is not None:
        prctl(PR_SET_CHILD_SUBREAPER, 1)
    woken = _waking()
    try:
        program = subprocess.Popen(command, process_group=0,
                                   preexec_fn=_dying_with(os.getpid(), prctl))
    except OSError as error:
        _tell(lifeline, {"errno": error.errno, "strerror": error.strerror,
                         "filename": error.filename})
        return 127
    except ValueError as error:  # a command the system cannot take (a NUL in it)
        _tell(lifeline, {"errno": 0, "strerror": str(error), "filename": None})
        return 127
    _tell(lifeline, {"started": program.pid})
    _let_the_pipes_go()
    try:
        _wait(program.pid, lifeline, woken)
    finally:  # whatever happened to the launcher, what the program started ends
        end_family(program.pid)
    return _status(program.pid)


def _prctl() -> Callable[[int, int], int] | None:
    """Linux's prctl, given an option and its one argument; None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # Linux's libc, asked here only

    try:
        call = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    unused = ctypes.c_ulong(0)
    return lambda option, argument: int(  # prctl takes its arguments as unsigned longs
        call(option, ctypes.c_ulong(argument), unused, unused, unused))


def _dying_with(launcher: int,
                prctl: Callable[[int, int], int] | None) -> Callable[[], None] | None:
    """What the program's process does before it becomes the program (the launcher has no
    other thread, so this is safe): on Linux, ask to be killed should the launcher be."""
    if prctl is None:
        return None

    def set_up() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != launcher:  # the launcher was killed already
            os._exit(1)

    return set_up


def _waking() -> int:
    """A pipe that a child's end (SIGCHLD) or a signal that stops the launcher writes to,
    so that waiting on it and on the lifeline notices either at once."""
    readable, writable = os.pipe()
    os.set_blocking(writable, False)
    for name in ("SIGCHLD", *STOPPING):
        signal.signal(getattr(signal, name), _noticed)
    signal.set_wakeup_fd(writable, warn_on_full_buffer=False)
    return readable


STOPPED: list[int] = []  # the signals that stopped the launcher


def _noticed(number: int, frame: object) -> None:
    if signal.Signals(number).name in STOPPING:
        STOPPED.append(number)


def _tell(lifeline: socket.socket, what: dict[str, object]) -> None:
    with contextlib.suppress(OSError):  # the game is gone: the lifeline's end says so
        lifeline.sendall(json.dumps(what).encode("utf-8") + b"\n")


def _let_the_pipes_go() -> None:
    """The program has its own copies of the game's pipes: the launcher's would keep
    them open when the program closes them or ends (the game would never learn it)."""
    nothing = os.open(os.devnull, os.O_RDWR)
    for number in (0, 1, 2):
        os.dup2(nothing, number)
    os.close(nothing)


def _wait(program: int, lifeline: socket.socket, woken: int) -> None:
    """Until the program ends, the lifeline ends (the game let it go, or is gone) or a
    signal stops the launcher; the ends of the program's children, adopted or not, are
    collected meanwhile."""
    watching = select.poll()  # (select.select refuses a descriptor past 1023)
    for descriptor in (lifeline.fileno(), woken):
        watching.register(descriptor, select.POLLIN)
    while not STOPPED:
        ready = {descriptor for descriptor, _ in watching.poll(WAKE_EVERY * 1000)}
        if woken in ready:
            os.read(woken, 512)
        if lifeline.fileno() in ready:
            try:
                if not lifeline.recv(512):
                    return
            except OSError:
                return
        if _collect(program):
            return


def _collect(program: int, *, the_program_too: bool = False) -> bool:
    """Collect every child of the launcher that has ended, the program too only if told
    (left uncollected, its number, its group's, cannot be given to another process before
    its group is ended); has the program ended?"""
    waitid = getattr(os, "waitid", None)  # not on macOS before Python 3.13
    if waitid is None:
        return _collect_every_one(program)
    while True:
        try:
            ended = waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True  # no child left: the program was collected already
        if ended is None:
            return False
        if ended.si_pid == program and not the_program_too:
            return True
        with contextlib.suppress(ChildProcessError):
            _, status = os.waitpid(ended.si_pid, 0)
            if ended.si_pid == program:
                PROGRAM_ENDED.append(status)


PROGRAM_ENDED: list[int] = []  # the program's wait status, once collected


def _collect_every_one(program: int) -> bool:
    """`_collect` where the system cannot look at an ended child without collecting it:
    the program is collected with the others."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return True
        if pid == 0:
            return bool(PROGRAM_ENDED)
        if pid == program:
            PROGRAM_ENDED.append(status)


def end_family(program: int) -> None:
    """End the program's group, then (on Linux) every process below the launcher: each
    stopped first, so that none starts another meanwhile, then killed, in rounds, as the
    ends of some hand their children to the launcher; all of them collected."""
    with contextlib.suppress(OSError):
        os.killpg(program, signal.SIGKILL)
    deadline = time.monotonic() + ENDING
    family = descendants(os.getpid())
    stopped: set[int] = set()
    for _ in range(ROUNDS):
        running = {pid for pid, state in family.items() if state not in "TtZX"} - stopped
        if not running or time.monotonic() > deadline:
            break
        for pid in running:
            _signal(pid, signal.SIGSTOP)
        stopped |= running
        family = descendants(os.getpid())
    for _ in range(ROUNDS):
        alive = [pid for pid, state in family.items() if state not in "ZX"]
        for pid in alive:
            _signal(pid, signal.SIGKILL)
        _collect(program, the_program_too=True)
        if not alive or time.monotonic() > deadline:
            break
        time.sleep(0.005)
        family = descendants(os.getpid())
    _collect(program, the_program_too=True)


def descendants(root: int) -> dict[int, str]:
    """Every process below `root`, with its state ("S", "R", "T", "Z"...), from /proc;
    none where there is no /proc."""
    parents: dict[int, tuple[int, str]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return {}
    for name in entries:
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as stat:
                    fields = stat.read().rpartition(b")")[2].split()
                parents[int(name)] = (int(fields[1]), fields[0].decode("ascii", "replace"))
            except (OSError, IndexError, ValueError):  # it ended meanwhile: nothing to read
                continue
    found: dict[int, str] = {}
    new = {root}
    while new:
        new = {pid for pid, (parent, _) in parents.items() if parent in new} - found.keys()
        found |= {pid: parents[pid][1] for pid in new}
    return found


def _signal(pid: int, number: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, number)


def _status(program: int) -> int:
    """Collect the program; the launcher's exit status is its own: its code, or, killed by
    a signal, the same signal (without a core file of the launcher)."""
    if not PROGRAM_ENDED:
        try:
            PROGRAM_ENDED.append(os.waitpid(program, 0)[1])
        except ChildProcessError:
            return 1
    code = os.waitstatus_to_exitcode(PROGRAM_ENDED[0])
    if code >= 0:
        return code
    import resource  # POSIX's: imported here, where it is needed

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    with contextlib.suppress(OSError, ValueError):
        signal.signal(-code, signal.SIG_DFL)
    signal.set_wakeup_fd(-1)
    os.kill(os.getpid(), -code)
    return 128 - code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
