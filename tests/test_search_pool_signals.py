"""Ctrl+C or a hang-up that comes while the search's workers start: the pool's owner gets
it once the pool is in hand (to end it), and the workers started never do."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from types import FrameType
from typing import Any

import pytest

from game.ai.search import SearchPool
from game.ai.search import pool as pool_module

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals held as on Linux")


def held_and_ignored() -> tuple[set[int], set[int]]:
    """In a worker: the interrupts it holds, and those it ignores."""
    held = {int(number) for number in signal.pthread_sigmask(signal.SIG_BLOCK, [])}
    ignored = {int(number) for number in (signal.SIGINT, signal.SIGHUP)
               if signal.getsignal(number) is signal.SIG_IGN}
    return held, ignored


@pytest.fixture
def handlers_restored() -> Iterator[None]:
    numbers = (signal.SIGINT, signal.SIGHUP)
    previous = {number: signal.getsignal(number) for number in numbers}
    yield
    for number, handler in previous.items():
        signal.signal(number, handler)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGHUP],
                         ids=["SIGINT", "SIGHUP"])
def test_an_interrupt_while_the_workers_start_reaches_the_owner_after(
        monkeypatch: pytest.MonkeyPatch, handlers_restored: None, number: int) -> None:
    pool = SearchPool(2)
    told: list[tuple[int, bool]] = []  # each interrupt the owner got, with its pool in hand?

    def owner(got: int, frame: FrameType | None) -> None:
        told.append((got, pool.started))

    signal.signal(number, owner)

    class InterruptedAsItStarts(ProcessPoolExecutor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            os.kill(os.getpid(), number)  # as a terminal's Ctrl+C or hang-up would
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(pool_module, "ProcessPoolExecutor", InterruptedAsItStarts)
    try:
        pool.warm()
        assert told == [(number, True)]
        executor = pool._running()
        assert executor is not None
        workers = [executor.submit(held_and_ignored) for _ in range(4)]
        for worker in workers:
            held, ignored = worker.result(timeout=60)
            assert {signal.SIGINT, signal.SIGHUP} <= held
            assert ignored == {signal.SIGINT, signal.SIGHUP}
    finally:
        pool.shutdown()
    here = {int(n) for n in signal.pthread_sigmask(signal.SIG_BLOCK, [])}
    assert not here & {signal.SIGINT, signal.SIGHUP}, "the owner lets them through again"


def test_a_halted_pool_leaves_no_thread_of_its_executor_behind() -> None:
    """Halted (Ctrl+C, SIGTERM), the pool returns once the executor's own thread is gone
    too: left running, it closed its wake-up pipe while the interpreter's exit wrote to it
    ("OSError: Bad file descriptor" after "Stopped: …", a CI failure)."""
    before = set(threading.enumerate())  # (other tests' pools may still be ending)
    pool = SearchPool()
    pool.warm()
    pool.halt()
    managers = [thread for thread in set(threading.enumerate()) - before
                if type(thread).__name__ == "_ExecutorManagerThread"]
    assert not any(thread.is_alive() for thread in managers)
