"""Hard: search over the deals the seat cannot rule out.

Perfect-information Monte Carlo: imagine a deal consistent with everything the seat has
seen (game/ai/determinize.py), try every legal decision in it, play the rest of the hand
out with the fast simulator, and score each decision by the francs it brings the seat
(the Directorship's worth included). The same imagined deals serve every decision, so
they are compared on equal terms. Repeat until the time budget is spent; choose the best
average. Two processes share the work on two cores.

It sees the view and the legal decisions only: the imagined deals come from the view, so
two positions that look the same to it get the same thought.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from game.ai.determinize import sample, world
from game.ai.fastsim import Hand
from game.ai.knowledge import knowledge
from game.ai.medium import director_choice
from game.rules.coup_detat.decide import decide
from game.rules.coup_detat.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    Pass,
    PlayCard,
    StopRun,
)
from game.rules.coup_detat.events import HandEnded, Paid, TreasuryTaken
from game.rules.coup_detat.state import Phase, State
from game.rules.coup_detat.view import CoupDetatView, legal, view

DEFAULT_BUDGET = 0.8  # seconds per decision: "about a second", p95 within 1.0 s
MAX_WORLDS = 4000  # enough: more changes nothing measurable


SURE = 2.0
"""Standard errors: two decisions whose averages differ by less are as good as each other,
as far as the search can tell (its noise)."""


class Verdict(Enum):
    """How the search's advice compares with the next best decision."""

    BETTER = "better"  # better beyond the search's noise
    CLOSE = "close"  # within the noise: about as good
    SAME = "same"  # the same result in every deal imagined


@dataclass(frozen=True)
class Estimate:
    """What the search found: each decision's average over the deals it imagined, and for
    each two decisions how far apart they came out deal by deal (`pairs`, the sums of the
    squared differences for the pairs in `itertools.combinations` order), which says
    whether a difference of averages is more than the search's noise."""

    decisions: tuple[Any, ...]  # a ruleset's decisions
    totals: tuple[float, ...]
    worlds: int
    pairs: tuple[float, ...] = ()

    def average(self, index: int) -> float:
        return self.totals[index] / max(1, self.worlds)

    def ranking(self) -> list[int]:
        return sorted(range(len(self.decisions)), key=self.average, reverse=True)

    def best(self) -> Any:
        return self.decisions[self.ranking()[0]]

    def beyond_noise(self, index: int, other: int) -> bool:
        """Is decision `index` better than `other` by more than the search's noise (their
        difference deal by deal, over as many deals as were imagined)?"""
        if index == other or self.worlds < 2 or not self.pairs:
            return False
        mean = self.average(index) - self.average(other)
        variance = max(0.0, self._squares(index, other) / self.worlds - mean * mean)
        return mean > SURE * (variance / (self.worlds - 1)) ** 0.5

    def verdict(self, advice: int, other: int) -> Verdict:
        """The advice beside another decision, by the same rule the choice follows."""
        if self.pairs and self._squares(advice, other) == 0.0:
            return Verdict.SAME
        return Verdict.BETTER if self.beyond_noise(advice, other) else Verdict.CLOSE

    def _squares(self, index: int, other: int) -> float:
        low, high = sorted((index, other))
        count = len(self.decisions)
        return self.pairs[low * count - low * (low + 1) // 2 + high - low - 1]

    def merged(self, other: Estimate) -> Estimate:
        return replace(self, totals=_summed(self.totals, other.totals),
                       worlds=self.worlds + other.worlds,
                       pairs=_summed(self.pairs, other.pairs))


def _summed(these: Sequence[float], those: Sequence[float]) -> tuple[float, ...]:
    return tuple(a + b for a, b in zip(these, those, strict=True))


class SearchTally:
    """The search's results, deal by deal, summed up into an `Estimate`."""

    def __init__(self, choices: Sequence[Any]) -> None:
        self.choices = tuple(choices)
        self.totals = [0.0] * len(choices)
        self.pairs = [0.0] * (len(choices) * (len(choices) - 1) // 2)
        self.worlds = 0

    def add(self, results: Sequence[float]) -> None:
        """Each decision's result in one imagined deal."""
        pair = 0
        for index, result in enumerate(results):
            self.totals[index] += result
            for other in results[index + 1:]:
                self.pairs[pair] += (result - other) ** 2
                pair += 1
        self.worlds += 1

    def estimate(self) -> Estimate:
        return Estimate(self.choices, tuple(self.totals), self.worlds, tuple(self.pairs))


def estimate(seen: CoupDetatView, choices: Sequence[Decision], seed: int | str,
             budget: float, max_worlds: int = MAX_WORLDS) -> Estimate:
    """Search for `budget` seconds (or `max_worlds` deals) from one process."""
    rng = random.Random(seed)
    known = knowledge(seen)
    me = seen.seat
    assert me is not None
    tally = SearchTally(choices)
    deadline = time.perf_counter() + budget
    while tally.worlds < max_worlds and (tally.worlds == 0 or time.perf_counter() < deadline):
        imagined = world(seen, known, sample(known, rng))
        tally.add([_value_of(imagined, choice, me, rng) for choice in choices])
    return tally.estimate()


def _value_of(state: State, choice: Decision, me: int, rng: random.Random) -> float:
    """The francs `choice` brings `me` in one imagined deal, the hand played out."""
    decided = decide(state, choice)
    if any(isinstance(event, HandEnded) for event in decided.events):
        return _settled_gain(decided.events, me)
    after = decided.state
    if after.phase is Phase.CHOOSE:  # he declined: the Director names the hand as he would
        director = after.director
        assert director is not None
        naming = director_choice(view(after, director), legal(after))
        after = decide(after, naming).state
    return Hand.from_state(after).play_out(rng)[me]


def _settled_gain(events: Sequence[object], me: int) -> float:
    """What the hand's last decision paid `me` (the rare case it ends the hand)."""
    gain = 0.0
    for event in events:
        if isinstance(event, Paid):
            gain += event.amount * ((event.payee == me) - (event.payer == me))
        elif isinstance(event, TreasuryTaken) and event.seat == me:
            gain += event.amount
    return gain


class HardPlayer:
    """The search player of the 1966 game; the game for two's (game/ai/duel/hard.py) is
    this one with its own search, words and shortlist of decisions."""

    search: Callable[..., Estimate] = staticmethod(estimate)  # run in worker processes

    def __init__(self, seed: int | str | None = None, budget: float = DEFAULT_BUDGET,
                 workers: int = 2, max_worlds: int = MAX_WORLDS) -> None:
        """`budget` seconds a decision; `max_worlds` caps the deals imagined (a small cap
        with a large budget makes the player deterministic, for tests)."""
        self._rng = random.Random(seed)
        self.budget = budget
        self.workers = workers
        self.max_worlds = max_worlds

    def decide(self, seen: Any, choices: Sequence[Any]) -> Any:
        return self.think(seen, choices).best()

    def shortlist(self, seen: Any, choices: Sequence[Any]) -> Sequence[Any]:
        """The decisions worth searching (all of them, unless a game has too many)."""
        return choices

    def budget_for(self, seen: Any) -> float:
        """The seconds to think about this position (the whole budget, unless a game
        knows better)."""
        return self.budget

    def think(self, seen: Any, choices: Sequence[Any]) -> Estimate:
        choices = self.shortlist(seen, choices)
        if len(choices) == 1:
            return Estimate(tuple(choices), (0.0,), 1)
        seeds = [self._rng.randrange(2**62) for _ in range(self.workers)]
        budget = self.budget_for(seen)
        if self.workers <= 1:
            return self.search(seen, choices, seeds[0], budget, self.max_worlds)
        share = -(-self.max_worlds // self.workers)
        try:
            futures = [_pool(self.workers).submit(self.search, seen, tuple(choices), seed,
                                                  budget, share) for seed in seeds]
            results = [future.result() for future in futures]
        except (BrokenProcessPool, OSError):
            _POOLS.pop(self.workers, None)  # a worker died: think here, a new pool next time
            return self.search(seen, choices, seeds[0], budget, self.max_worlds)
        combined = results[0]
        for result in results[1:]:
            combined = combined.merged(result)
        return combined

    def advise(self, seen: Any, choices: Sequence[Any]) -> tuple[Any, str]:
        """The decision it would make, with a short reason, for a hint."""
        found = self.think(seen, choices)
        ranking = found.ranking()
        best = found.decisions[ranking[0]]
        if len(ranking) == 1:
            return best, "It is the only thing you can do."
        return best, self.explain(found, ranking)

    def explain(self, found: Estimate, ranking: Sequence[int]) -> str:
        return (f"Over {found.worlds} deals consistent with what you have seen, it comes "
                f"to {francs(found.average(ranking[0]))} on average; "
                f"{next_best(found, ranking, describe, francs)}.")


def francs(amount: float) -> str:
    return f"{amount:+,.0f} F"


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
                  found.verdict(best, second))


def beside(second: str, figure: str, verdict: Verdict) -> str:
    """The next best decision beside the advice, in the words of the comparison the choice
    made: "the next best, 9♥, +650 F" when the advice is better beyond the search's noise;
    else "9♥ is about as good (+790 F)", so that a hint never seems to advise the worse
    of two figures."""
    if verdict is Verdict.SAME:
        return f"{second} does exactly as well in every deal"
    if verdict is Verdict.CLOSE:
        return (f"{second} is about as good ({figure}): the difference is within the "
                "search's noise")
    return f"the next best, {second}, {figure}"


def describe(decision: Decision) -> str:
    """A decision in a few words."""
    match decision:
        case PlayCard(_, card, suit) if suit is not None:
            return f"leading COUP as {suit.plural}"
        case PlayCard(_, card):
            return card.label
        case AttemptCoup(_, hand_type):
            return f"a coup in {hand_type.label}"
        case DeclineCoup():
            return "declining the coup"
        case ChooseHandType(_, hand_type):
            return hand_type.label
        case Pass():
            return "passing"
        case StopRun():
            return "stopping the run"
    return str(decision)


_POOLS: dict[int, Executor] = {}


def _pool(workers: int) -> Executor:
    """Worker processes, started once (spawned: safe beside threads and a window)."""
    pool = _POOLS.get(workers)
    if pool is None:
        context = multiprocessing.get_context("spawn")
        pool = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=context)
    return pool

