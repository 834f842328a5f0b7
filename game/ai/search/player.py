"""The search player (Hard, in every game): it thinks by the search, within a time budget a
decision, in worker processes; a game's Hard player says only what is its own (the policy:
how to imagine a world and play a decision out; which decisions are worth trying; the
words of a hint).

It sees the view and the legal decisions only: the imagined worlds come from the view, so
two positions that look the same to it get the same thought.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.search.estimate import Estimate, Verdict
from game.ai.search.loop import MAX_WORLDS, Policy
from game.ai.search.pool import SearchPool

DEFAULT_BUDGET = 0.8  # seconds per decision: "about a second", p95 within 1.0 s


class SearchPlayer:
    """A game's Hard player is this with its `policy` and `explain`, and where its game
    needs it, its own shortlist of decisions and time budget."""

    def __init__(self, seed: int | str | None = None, budget: float = DEFAULT_BUDGET,
                 workers: int = 2, max_worlds: int = MAX_WORLDS,
                 pool: SearchPool | None = None) -> None:
        """`budget` seconds a decision, shared by `workers` processes of the `pool` (one of
        its own, if none is given, ended by `close`); `max_worlds` caps the worlds imagined
        (a small cap with a large budget makes the player deterministic, for tests)."""
        self._rng = random.Random(seed)
        self.budget = budget
        self.workers = workers
        self.max_worlds = max_worlds
        self._own_pool = pool is None
        self.pool = pool if pool is not None else SearchPool(workers)

    def policy(self, seen: Any) -> Policy[Any]:
        """The game's part in a search from this view."""
        raise NotImplementedError

    def explain(self, found: Estimate, ranking: Sequence[int]) -> str:
        """Why the advice, in the game's words (`ranking`: found's decisions, best first)."""
        raise NotImplementedError

    def shortlist(self, seen: Any, choices: Sequence[Any]) -> Sequence[Any]:
        """The decisions worth searching (all of them, unless a game has too many)."""
        return choices

    def budget_for(self, seen: Any) -> float:
        """The seconds to think about this position (the whole budget, unless a game
        knows better)."""
        return self.budget

    def decide(self, seen: Any, choices: Sequence[Any]) -> Any:
        return self.think(seen, choices).best()

    def think(self, seen: Any, choices: Sequence[Any]) -> Estimate:
        choices = self.shortlist(seen, choices)
        if len(choices) == 1:
            return Estimate(tuple(choices), (0.0,), 1)
        return self._search(seen, choices)

    def evaluate(self, seen: Any, choices: Sequence[Any], played: Any) -> Estimate | None:
        """For a review: what the search finds of the decisions it would weigh here and of
        `played` (one of `choices`, the decision someone made in this seat); None where
        there was nothing to choose."""
        if len(choices) == 1:
            return None
        weighed = list(self.shortlist(seen, choices))
        if played not in weighed:
            weighed.append(played)
        return self._search(seen, weighed)

    def remember(self, seen: Any, played: Any) -> None:
        """For a review that starts part way: a decision made in this seat that it is not
        asked to judge, for a player that learns from what it sees (nothing to learn, by
        default)."""

    def _search(self, seen: Any, choices: Sequence[Any]) -> Estimate:
        seeds = [self._rng.randrange(2**62) for _ in range(self.workers)]
        return self.pool.search(self.policy(seen), choices, seeds, self.budget_for(seen),
                                self.max_worlds)

    def advise(self, seen: Any, choices: Sequence[Any]) -> tuple[Any, str]:
        """The decision it would make, with a short reason, for a hint."""
        found = self.think(seen, choices)
        ranking = found.ranking()
        best = found.decisions[ranking[0]]
        if len(ranking) == 1:
            return best, "It is the only thing you can do."
        return best, self.explain(found, ranking)

    def close(self) -> None:
        """End its own worker processes (a pool it was given is its owner's to end)."""
        if self._own_pool:
            self.pool.shutdown()


def percent(share: float) -> str:
    return f"{share:.0%}"


def next_best(found: Estimate, ranking: Sequence[int], name: Callable[[Any], str],
              figure: Callable[[float], str]) -> str:
    """A hint's words on the decision ranked after the advice (`name` names a decision,
    `figure` words an average)."""
    best, second = ranking[0], ranking[1]
    if len(ranking) > 2 and all(found.verdict(best, other) is Verdict.SAME
                                for other in ranking[1:]):
        return "any other choice does exactly as well"
    return beside(name(found.decisions[second]), figure(found.average(second)),
                  found.verdict(best, second), higher=found.average(second) > found.average(best))


def beside(second: str, figure: str, verdict: Verdict, *, higher: bool = False) -> str:
    """The next best decision beside the advice, in the words of the comparison the choice
    made: "the next best, 9♥, +650 F" when the advice is better beyond the search's noise;
    else "9♥ is about as good (+790 F)", so that a hint never seems to advise the worse
    of two figures. Where the advice is the player's usual play, kept because nothing
    beat it beyond the noise, a second that came out `higher` is said to have done so."""
    if verdict is Verdict.SAME:
        return f"{second} does exactly as well in every deal"
    if verdict is Verdict.CLOSE and higher:
        return (f"{second} came out a little higher ({figure}), but not by more than the "
                "search's noise, so it keeps to its usual play")
    if verdict is Verdict.CLOSE:
        return (f"{second} is about as good ({figure}): the difference is within the "
                "search's noise")
    return f"the next best, {second}, {figure}"
