"""Worker processes that share a search, owned by whoever plays the games: a table (the
session), a run of simulated games, or a search player left to itself.

Processes are started on the first search that wants more than one (spawned: safe beside
threads and a window) and ended by `shutdown`, so none is left behind when the table or the
run is over.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Sequence
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import reduce
from types import TracebackType
from typing import Any

from game.ai.search.estimate import Estimate
from game.ai.search.loop import Policy, search


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
        executor = self._running()
        if executor is not None:
            for _ in range(self.workers):
                executor.submit(_ready)

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

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.shutdown()

    def _running(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._closed:
                return None
            if self._executor is None:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
            return self._executor

    def _discard(self, executor: ProcessPoolExecutor | None) -> None:
        """Forget a broken pool: the next search starts a new one."""
        with self._lock:
            if self._executor is executor:
                self._executor = None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def _ready() -> None:
    """A worker's first task: nothing, once its process has started."""
