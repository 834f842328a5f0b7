"""Worker processes that share a search, owned by whoever plays the games: a table (the
session), a run of simulated games, or a search player left to itself.

Processes are started on the first search that wants more than one (spawned: safe beside
threads and a window) and ended by `shutdown`, so none is left behind when the table or the
run is over; `halt` ends them at once, searching or not, when the run is stopped (Ctrl+C,
SIGTERM). They ignore Ctrl+C and hang-ups: the terminal sends those to every process in
its foreground, and they are their owner's to handle (it ends them), where a worker would
die of them, with a traceback or leaving the resource tracker to complain.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import reduce
from multiprocessing import resource_tracker
from types import TracebackType
from typing import Any

from game.ai.search.estimate import Estimate
from game.ai.search.loop import Policy, search

HALT_WAIT = 5.0  # seconds a terminated worker is waited for
INTERRUPTS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP")  # no SIGHUP on
                   if hasattr(signal, name))  # Windows: what a terminal sends its foreground
STOPS = (*INTERRUPTS, signal.SIGTERM)  # what stops an owner (a run of games)


class SearchPool:
    """Worker processes for the search. Use it as a context manager, or call `shutdown`
    (as often as you like). A search asked of a pool that is shut is made in the asking
    process: no worker is ever started again."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False
        self._lock = threading.Lock()  # a table's thinking thread searches; its window shuts

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def started(self) -> bool:
        """Are worker processes running (or starting)?"""
        return self._executor is not None

    def search(self, policy: Policy[Any], choices: Sequence[Any], seeds: Sequence[int],
               budget: float, max_worlds: int) -> Estimate:
        """One search a seed, each in a worker, sharing `max_worlds`; their findings as one.
        One seed searches here; a worker that dies is searched for here, and the pool is
        started afresh next time."""
        if len(seeds) > 1:
            found = self._shared(policy, choices, seeds, budget, max_worlds)
            if found is not None:
                return found
        return search(policy, choices, seeds[0], budget, max_worlds)

    def _shared(self, policy: Policy[Any], choices: Sequence[Any], seeds: Sequence[int],
                budget: float, max_worlds: int) -> Estimate | None:
        """The workers' findings; None when they cannot search (the pool is shut, or a
        worker died)."""
        executor = None
        share = -(-max_worlds // len(seeds))
        try:
            executor = self._running()
            if executor is None:
                return None
            futures = [executor.submit(search, policy, tuple(choices), seed, budget, share)
                       for seed in seeds]
            return reduce(Estimate.merged, [future.result() for future in futures])
        except (BrokenProcessPool, OSError):
            self._discard(executor)
            return None
        except (RuntimeError, CancelledError):
            if self._closed:  # shut while it searched
                return None
            raise

    def warm(self) -> None:
        """Start the workers now, in the background, so that the first search does not wait
        the second or so spawned processes take to start."""
        self._running()

    def shutdown(self, wait: bool = True) -> None:
        """End the workers (a search under way in one is finished first; with `wait`, this
        returns once they are gone)."""
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> SearchPool:
        return self

    def halt(self) -> None:
        """End the workers now, a search under way in one or not (its owner is stopped:
        Ctrl+C, SIGTERM, an error), and return once they are gone."""
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is None:
            return
        # The executor's processes are not public before Python 3.14 (terminate_workers).
        workers = list((getattr(executor, "_processes", None) or {}).values())
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=HALT_WAIT)
        # Its workers gone, the executor's own thread ends at once: waited for, it cannot
        # close its wake-up pipe while the interpreter's exit writes to it (Python 3.11's
        # concurrent.futures races there: "OSError: Bad file descriptor" at exit).
        executor.shutdown(wait=True, cancel_futures=True)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if error is None:
            self.shutdown()
        else:
            self.halt()

    def _running(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._closed:
                return None
            if self._executor is None:
                with _interrupts_held():  # one that comes meanwhile stops its owner after
                    self._executor = self._started()
            return self._executor

    def _started(self) -> ProcessPoolExecutor:
        """A new pool, its workers all started now, in the background. Ctrl+C and
        hang-ups are held meanwhile: the processes started inherit them held, and ignore
        them from their first task."""
        if os.name == "posix":  # it lets Ctrl+C through again once it has started
            resource_tracker.ensure_running()
        _hold(INTERRUPTS)
        context = multiprocessing.get_context("spawn")
        executor = ProcessPoolExecutor(self.workers, mp_context=context,
                                       initializer=_ignore_interrupts)
        for _ in range(self.workers):
            executor.submit(_ready)
        return executor

    def _discard(self, executor: ProcessPoolExecutor | None) -> None:
        """Forget a broken pool: the next search starts a new one."""
        with self._lock:
            if self._executor is executor:
                self._executor = None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def _ready() -> None:
    """A worker's first task: nothing, once its process has started."""


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl+C and a hang-up are for the process that owns the pool."""
    for number in INTERRUPTS:
        signal.signal(number, signal.SIG_IGN)


def _hold(numbers: Sequence[int]) -> None:
    """Hold these signals in this thread (where the system can): one that comes is
    delivered once they are let through; a process started meanwhile inherits them held."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, numbers)


def _let_through(numbers: Sequence[int]) -> None:
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, numbers)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl+C and hang-ups held while the workers start, then let through: so that the
    processes started meanwhile (the workers, and multiprocessing's resource tracker,
    which would die of a hang-up) never see one, and the owner misses none. In the main
    thread, one that another thread takes meanwhile is kept and raised again after, so
    that its handler does not stop the owner with the pool half started (SIGTERM too)."""
    kept: list[int] = []
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        previous = {number: signal.signal(number, lambda number, _: kept.append(number))
                    for number in STOPS}
    _hold(INTERRUPTS)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        _let_through(INTERRUPTS)
        for number in kept:
            signal.raise_signal(number)
