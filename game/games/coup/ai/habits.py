"""What Hard learns of each opponent in the bluffing games: which of a few habits of play
his looks like, from what Hard has seen him do this match.

The habits are Medium's tempers (game/games/coup/ai/medium.py's TEMPERS): Medium's own, the
honest player, the bold bluffer, the wary challenger, the trusting one, the reckless one.
Each has its rates, measured by `benchmarks/habits.py`: how often he challenges a claim he
is asked about, and how often a claim of his that is challenged is a bluff. Hard starts
each opponent on a prior over the habits and weighs them by the likelihood of what the
round's public record shows (the view's `heard`): each claim he challenged or let pass,
and each claim of his that was challenged, proven or caught.

Hard's search then imagines each opponent with a habit drawn from these weights, both in
how likely his claims are to be honest and in how he plays the round on.

It sees the views it is given only, one after another, as a player at the table would:
what was said after its last decision of a round it does not learn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.games.coup.ai.cards import variant_of
from game.games.coup.ai.medium import TEMPERS, Temper
from game.games.coup.rules.charts import Character
from game.games.coup.rules.decisions import Block, Decision, TakeAction
from game.games.coup.rules.state import Said
from game.games.coup.rules.view import CoupView

FLOOR = 0.02  # no habit makes an event impossible: a player is never all of one piece
LEAST_BLUFFING = 0.03  # how likely a claim without the card is, for the honest habit


@dataclass(frozen=True)
class Habit:
    """A way of playing, and how often it is seen to challenge and to be caught."""

    name: str
    prior: float
    challenges: float  # the chance he challenges a claim he is asked about
    caught: float  # the chance that a claim of his that is challenged is a bluff

    @property
    def temper(self) -> Temper:
        return TEMPERS[self.name]

    @property
    def bluffing(self) -> float:
        """How likely his claim is when he does not hold the character, beside 1 when he
        does (worlds.py weighs the imagined deals by it)."""
        return max(LEAST_BLUFFING, self.temper.bluffs)


HABITS = (
    Habit("medium", 0.7, challenges=0.019, caught=0.35),
    Habit("honest", 0.06, challenges=0.025, caught=0.0),
    Habit("bold", 0.06, challenges=0.014, caught=0.56),
    Habit("wary", 0.06, challenges=0.155, caught=0.62),
    Habit("trusting", 0.06, challenges=0.001, caught=0.40),
    Habit("reckless", 0.06, challenges=0.149, caught=0.62),
)
"""The habits and their rates (`python benchmarks/habits.py --games 200`: each temper with
three Medium players). Medium's prior is the largest: it is how we expect people to play."""


@dataclass(frozen=True)
class Beliefs:
    """The weight of each habit for each opponent (HABITS' order); an opponent not named
    is believed to play like Medium."""

    weights: Mapping[int, tuple[float, ...]]

    def draw(self, rng: random.Random) -> dict[int, Habit]:
        """A habit for each opponent named, drawn by its weight."""
        return {seat: rng.choices(HABITS, weights)[0] for seat, weights in self.weights.items()}


MEDIUM_ONLY = Beliefs({})
_Rate = Callable[[Habit], float]  # one of a habit's rates


class Habits:
    """Hard's record of each opponent's play this match, as log-likelihoods of each habit,
    read from each round's public record as far as Hard has seen it."""

    def __init__(self) -> None:
        self._evidence: dict[int, list[float]] = {}
        self._read = (-1, 0)  # the round, and how much of its record has been read

    def beliefs(self, me: int | None) -> Beliefs:
        return Beliefs({seat: self._weights(evidence)
                        for seat, evidence in self._evidence.items() if seat != me})

    def observe(self, view: CoupView) -> None:
        """Learn from the record's entries this view shows that the last did not."""
        round_index, read = self._read
        if view.round_index != round_index:
            read = 0
        for entry in view.heard[read:]:
            if entry.said in (Said.CHALLENGED, Said.LET_PASS):
                self._learn(entry.seat, lambda habit: habit.challenges,
                            entry.said is Said.CHALLENGED)
            elif entry.said in (Said.PROVEN, Said.CAUGHT):
                self._learn(entry.seat, lambda habit: habit.caught, entry.said is Said.CAUGHT)
        self._read = (view.round_index, len(view.heard))

    def _learn(self, seat: int, rate: _Rate, happened: bool) -> None:
        evidence = self._evidence.setdefault(seat, [0.0] * len(HABITS))
        for index, habit in enumerate(HABITS):
            chance = rate(habit) if happened else 1 - rate(habit)
            evidence[index] += math.log(max(FLOOR, chance))

    @staticmethod
    def _weights(evidence: list[float]) -> tuple[float, ...]:
        top = max(evidence)
        raw = [habit.prior * math.exp(value - top) for habit, value in zip(HABITS, evidence,
                                                                           strict=True)]
        total = sum(raw)
        return tuple(value / total for value in raw)


def claimed(view: CoupView, decision: Decision) -> Character | None:
    """The character this decision claims (and so opens a challenge window), if any."""
    if isinstance(decision, Block):
        return decision.character
    if isinstance(decision, TakeAction):
        return variant_of(view).rule(decision.action).claim
    return None
