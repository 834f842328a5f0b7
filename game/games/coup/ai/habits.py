"""What Hard learns of each opponent in the bluffing games: which of a few habits of play
his looks like, from what Hard has seen him do this match.

The habits are Medium's tempers (game/games/coup/ai/medium.py's TEMPERS): Medium's own, the
honest player, the bold bluffer, the wary challenger, the trusting one, the reckless one.
Each has its rates, measured by `benchmarks/habits.py`: how often he challenges a claim he
is asked about, and how often a claim of his that is challenged is a bluff. Hard starts
each opponent on a prior over the habits and weighs them by the likelihood of what it sees:
- its own claims (a turn's or a block's): who challenged, and who let them pass;
- a claim it is asked about: the players asked before it let it pass;
- a claim it challenged: whether the claimant lost a card (a bluff) or not.

Hard's search then imagines each opponent with a habit drawn from these weights, both in
how likely his claims are to be honest and in how he plays the round on.

It sees the views it is given only, one after another, as a player at the table would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.games.coup.ai.cards import variant_of
from game.games.coup.ai.medium import TEMPERS, Temper
from game.games.coup.rules.charts import Character
from game.games.coup.rules.decisions import Block, Challenge, Decision, TakeAction
from game.games.coup.rules.state import Phase
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


@dataclass(frozen=True)
class _OwnClaim:
    """Hard claimed: the next view tells who of the `askers` (in order) challenged."""

    askers: tuple[int, ...]
    round_index: int


@dataclass(frozen=True)
class _Challenged:
    """Hard challenged `claimant`: the next view tells whether he lost a card (a bluff)."""

    claimant: int
    lost_before: int  # his face-up cards when Hard challenged him
    round_index: int


class Habits:
    """Hard's record of each opponent's play this match, as log-likelihoods of each habit."""

    def __init__(self) -> None:
        self._evidence: dict[int, list[float]] = {}
        self._awaited: _OwnClaim | _Challenged | None = None
        self._last: CoupView | None = None

    def beliefs(self, me: int | None) -> Beliefs:
        return Beliefs({seat: self._weights(evidence)
                        for seat, evidence in self._evidence.items() if seat != me})

    def observe(self, view: CoupView) -> None:
        """Learn what this view shows that the last did not (a view seen twice, as for a
        second hint, teaches nothing new)."""
        if view == self._last:
            return
        self._last = view
        self._settle(view)
        self._asked_before_me(view)

    def decided(self, view: CoupView, decision: Decision) -> None:
        """Hard's own decision: a claim or a challenge, whose answer the next view shows."""
        me = view.seat
        if me is None:
            return
        if claimed(view, decision) is not None:
            self._awaited = _OwnClaim(_in_turn_from(view, me), view.round_index)
        elif isinstance(decision, Challenge) and view.turn is not None \
                and view.turn.claimant is not None:
            claimant = view.turn.claimant
            self._awaited = _Challenged(claimant, len(view.revealed[claimant]),
                                        view.round_index)

    def _settle(self, view: CoupView) -> None:
        awaited, self._awaited = self._awaited, None
        if awaited is None or view.round_index != awaited.round_index:
            return
        if isinstance(awaited, _Challenged):
            bluffed = len(view.revealed[awaited.claimant]) > awaited.lost_before
            self._learn(awaited.claimant, lambda habit: habit.caught, bluffed)
            return
        turn = view.turn
        challenger = turn.challenger if view.phase is Phase.REVEAL and turn is not None \
            and turn.claimant == view.seat else None
        for seat in awaited.askers:
            self._learn(seat, lambda habit: habit.challenges, seat == challenger)
            if seat == challenger:
                break

    def _asked_before_me(self, view: CoupView) -> None:
        """In a challenge window, the players asked before Hard let the claim pass."""
        turn, me = view.turn, view.seat
        if view.phase is not Phase.CHALLENGE or turn is None or turn.claimant is None \
                or me is None:
            return
        for seat in _in_turn_from(view, turn.claimant):
            if seat == me:
                break
            self._learn(seat, lambda habit: habit.challenges, False)

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


def _in_turn_from(view: CoupView, seat: int) -> tuple[int, ...]:
    """Every other living player, in turn from `seat`'s left."""
    players = len(view.alive)
    return tuple(other for step in range(1, players)
                 if view.alive[other := (seat + step) % players])
