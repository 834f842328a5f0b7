"""The events a decision causes, with the state they lead to.

A ruleset's `decide` adds events one at a time and reads `chronicle.state` to see their
effect before deciding the next one (is the trick complete? can the borrower pay?). The
state is always the fold of the events by the ruleset's own `apply`, so what `decide` saw
and what a replay computes cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

S = TypeVar("S")
E = TypeVar("E")


class Chronicle(Generic[S, E]):
    __slots__ = ("_apply", "events", "state")

    def __init__(self, state: S, apply: Callable[[S, E], S]) -> None:
        self.state = state
        self.events: list[E] = []
        self._apply = apply

    def add(self, event: E) -> None:
        self.events.append(event)
        self.state = self._apply(self.state, event)
