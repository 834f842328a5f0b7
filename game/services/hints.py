"""Hints: what the Hard player would do in the place of the person to decide, worked out in
a worker thread from that seat's view only (at a friend's table too: on the friend's
machine, from the view its host sent). A hint belongs to the position it was asked about;
once the game has moved on (a decision, an undo) it is forgotten."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future

from game.ai.levels import levels_for, make_player
from game.ai.search import SearchPool
from game.engine.ruleset import Decision, View

HINT_BUDGET = 0.8  # seconds the Hard player thinks for a hint

Position = tuple[int, int]  # (decisions made, undos and redos): a position of the game
Found = tuple[Decision, str]  # the decision, and why in words


class Hints:
    def __init__(self, ruleset_id: str, executor: Executor, pool: SearchPool,
                 on_done: Callable[[], None] | None = None) -> None:
        self.ruleset_id = ruleset_id
        self._executor = executor
        self._pool = pool
        self._on_done = on_done
        self._asked: tuple[Position, Future[Found]] | None = None

    @property
    def available(self) -> bool:
        """Is there a Hard player for this game to ask?"""
        return "hard" in levels_for(self.ruleset_id)

    def ask(self, position: Position, view: View, legal: Sequence[Decision],
            budget: float = HINT_BUDGET) -> None:
        """Ask, in the worker, what the Hard player would do at `position`."""
        if self.fresh(position) is not None or not self.available:
            return
        future = self._executor.submit(self._advise, budget, view, list(legal))
        if self._on_done is not None:
            callback = self._on_done
            future.add_done_callback(lambda _: callback())
        self._asked = (position, future)

    def _advise(self, budget: float, view: View, legal: list[Decision]) -> Found:
        """The Hard player's decision and reason (a player that gives no reason: its
        decision alone)."""
        adviser = make_player("hard", ruleset=self.ruleset_id, pool=self._pool, budget=budget)
        advise = getattr(adviser, "advise", None)
        if advise is not None:
            return advise(view, legal)
        return adviser.decide(view, legal), "It is what the Hard player would do."

    def fresh(self, position: Position) -> Future[Found] | None:
        """The hint asked about `position`, if that is the one asked about."""
        if self._asked is None:
            return None
        asked, future = self._asked
        if asked != position:
            self._asked = None  # asked about a position that is gone
            return None
        return future

    def found(self, position: Position, legal: Sequence[Decision]) -> Found | None:
        """The hint for `position`, once it is ready."""
        future = self.fresh(position)
        if future is None or not future.done():
            return None
        try:
            return future.result()
        except Exception as error:  # the game must go on, whatever broke
            self._asked = None
            return legal[0], f"(The hint failed: {error!r}.)"

    def thinking(self, position: Position) -> bool:
        future = self.fresh(position)
        return future is not None and not future.done()
