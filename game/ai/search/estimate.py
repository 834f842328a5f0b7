"""What a search found: each decision's average result over the worlds imagined, and whether
one decision is better than another beyond the search's noise."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

SURE = 2.0
"""Standard errors: two decisions whose averages differ by less are as good as each other,
as far as the search can tell (its noise)."""


class Verdict(Enum):
    """How the search's advice compares with the next best decision."""

    BETTER = "better"  # better beyond the search's noise
    CLOSE = "close"  # within the noise: about as good
    SAME = "same"  # the same result in every world imagined


@dataclass(frozen=True)
class Estimate:
    """What the search found: each decision's average over the worlds it imagined, and for
    each two decisions how far apart they came out world by world (`pairs`, the sums of the
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
        difference world by world, over as many worlds as were imagined)?"""
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
        """Two searches of the same decisions (two workers') as one."""
        return replace(self, totals=_summed(self.totals, other.totals),
                       worlds=self.worlds + other.worlds,
                       pairs=_summed(self.pairs, other.pairs))


@dataclass(frozen=True)
class PairedEstimate(Estimate):
    """An estimate whose first decision is the favourite (a hand-written player's choice):
    another ranks above it only when it is better beyond the search's noise."""

    def ranking(self) -> list[int]:
        sure = [i for i in range(len(self.decisions)) if self.beats_favourite(i)]
        rest = [i for i in super().ranking() if i not in sure and i != 0]
        return [*sorted(sure, key=self.average, reverse=True), 0, *rest]

    def beats_favourite(self, index: int) -> bool:
        return self.beyond_noise(index, 0)


def _summed(these: Sequence[float], those: Sequence[float]) -> tuple[float, ...]:
    return tuple(a + b for a, b in zip(these, those, strict=True))


class SearchTally:
    """The search's results, world by world, summed up into an `Estimate`."""

    def __init__(self, choices: Sequence[Any]) -> None:
        self.choices = tuple(choices)
        self.totals = [0.0] * len(choices)
        self.pairs = [0.0] * (len(choices) * (len(choices) - 1) // 2)
        self.worlds = 0

    def add(self, results: Sequence[float]) -> None:
        """Each decision's result in one imagined world."""
        pair = 0
        for index, result in enumerate(results):
            self.totals[index] += result
            for other in results[index + 1:]:
                self.pairs[pair] += (result - other) ** 2
                pair += 1
        self.worlds += 1

    def estimate(self, kind: type[Estimate] = Estimate) -> Estimate:
        return kind(self.choices, tuple(self.totals), self.worlds, tuple(self.pairs))
