"""A run of `coup-detat simulate` stopped by a signal: ended in order, and told."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """Ctrl+C, SIGTERM and SIGHUP stop a run (`simulate.Stopped`, raised in the main
    thread), which ends what it started before the program goes: without this, SIGTERM
    and SIGHUP end the program at once, atexit unrun, its outside programs left running.
    The first of them stops it; those that come while it stops are ignored."""
    from game.services.simulate import Stopped

    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set what a signal does (a test's thread)
        return
    stopping = False

    def stop(number: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if not stopping:
            stopping = True
            raise Stopped(number)

    names = ("SIGINT", "SIGTERM", "SIGHUP")  # Windows has no SIGHUP
    numbers = [getattr(signal, name) for name in names if hasattr(signal, name)]
    previous = {number: signal.signal(number, stop) for number in numbers}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def stopped(stop: BaseException, played_if_over: int, games: int) -> int:
    """A stopped run, told in one line; the exit status of a program ended by the signal
    (130 for Ctrl+C). `played_if_over`: the games played if the run was over (stopped as
    its summary was told)."""
    from game.ai import bot_processes
    from game.services.simulate import Stopped

    assert isinstance(stop, Stopped)
    bot_processes.end_all()  # one started as the run was stopped, before its player knew of it
    played = played_if_over if stop.games_played is None else stop.games_played
    with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone
        print(f"Stopped: {played:,} of {games:,} games played.", file=sys.stderr)
    return 128 + stop.signal_number
