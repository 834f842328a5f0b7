"""Hard's search in the bluffing games: each decision tried in positions imagined from the
seat's beliefs (game/games/coup/ai/worlds.py), the round played on by Medium players, each
opponent with a habit drawn from what the seat has seen of him (game/games/coup/ai/habits.py),
the decision scored by the seat's chance of winning the round.

A play-out stops at the round's end, or after `HORIZON` more turns; then the seat's
standing (influence first, then coins) among those still in stands for its chance. Each
imagined position plays every decision out with the same dice, so the decisions are
compared on equal terms.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Set
from dataclasses import dataclass

from game.ai.search import PairedEstimate, Policy
from game.games.coup.ai.belief import Belief
from game.games.coup.ai.habits import MEDIUM_ONLY, Beliefs
from game.games.coup.ai.medium import TEMPERS, MediumPlayer, Temper
from game.games.coup.ai.worlds import resample
from game.games.coup.rules.charts import Character
from game.games.coup.rules.decide import decide
from game.games.coup.rules.decisions import Decision, Shuffle
from game.games.coup.rules.state import Phase, State
from game.games.coup.rules.view import CoupView, legal, view

HORIZON = 12  # turns played out before the standing is judged instead
COIN_WORTH = 0.12  # a coin, in influence: seven of them buy a Coup
ROUND_OVER = (Phase.DEAL, Phase.OVER)

Dice = int  # the seed of the play-outs' random choices, the same for every decision
Tempers = Mapping[int, Temper]  # the opponents' habits in one imagined position
MEDIUM = TEMPERS["medium"]


@dataclass(frozen=True)
class Knowledge:
    """What the seat knows: its view, the claims it has heard this round (which the
    play-outs' players remember), what it believes of each opponent's habits, and what the
    round's record says of their cards (read from the view when not given)."""

    view: CoupView
    claims: Mapping[int, Set[Character]]
    beliefs: Beliefs = MEDIUM_ONLY
    evidence: Belief | None = None


@dataclass(frozen=True)
class Playouts(Policy[tuple[State, Dice, Tempers]]):
    """The positions imagined from what the seat knows, each decision's round played on.
    Its findings rank the favourite first (Hard puts Medium's choice there) unless another
    decision beats it beyond the search's noise."""

    known: Knowledge
    rollout: type[MediumPlayer] = MediumPlayer  # who plays the round on
    kind = PairedEstimate

    def imagine(self, rng: random.Random) -> tuple[State, Dice, Tempers]:
        habits = self.known.beliefs.draw(rng)
        bluffing = {seat: habit.bluffing for seat, habit in habits.items()}
        position = resample(self.known.view, rng, bluffing, self.known.evidence)
        return position, rng.randrange(2**62), {seat: h.temper for seat, h in habits.items()}

    def value(self, world: tuple[State, Dice, Tempers], decision: Decision,
              rng: random.Random) -> float:
        position, dice, tempers = world
        me = self.known.view.seat
        assert me is not None
        return play_out(decide(position, decision).state, me, random.Random(dice),
                        self.known.claims, tempers, self.rollout)


def play_out(state: State, me: int, rng: random.Random,
             claims: Mapping[int, Set[Character]], tempers: Tempers | None = None,
             rollout: type[MediumPlayer] = MediumPlayer) -> float:
    """The seat's chance of winning the round, the round played on by Medium players (or
    the `rollout` kind) who remember the claims heard so far, each of the `tempers` given
    (Medium's own else)."""
    won_before = state.round_wins[me]
    tempers = tempers or {}
    players = [_rollout_player(rollout, rng, claims, state.round_index,
                               tempers.get(seat, MEDIUM))
               for seat in range(state.players)]
    turns = 0
    while state.phase not in ROUND_OVER:
        if state.shuffle_due:
            state = decide(state, Shuffle(tuple(rng.sample(state.deck, len(state.deck))))).state
            continue
        if not state.alive(me):
            return 0.0
        if state.turn is None and turns >= HORIZON:
            return standing(state, me)
        seat = state.to_act
        choice = players[seat].decide(view(state, seat), legal(state))
        state = decide(state, choice).state
        turns += state.turn is None
    return 1.0 if state.round_wins[me] > won_before else 0.0


def _rollout_player(kind: type[MediumPlayer], rng: random.Random,
                    claims: Mapping[int, Set[Character]], round_index: int,
                    temper: Temper) -> MediumPlayer:
    player = kind(rng.randrange(2**32), temper)
    player.remember(claims, round_index)
    return player


def standing(state: State, me: int) -> float:
    """The seat's share of the strength still in the round (its chance, roughly)."""
    strength = [(len(state.hands[seat]) + COIN_WORTH * state.coins[seat]) ** 2
                for seat in state.living]
    mine = (len(state.hands[me]) + COIN_WORTH * state.coins[me]) ** 2
    return mine / sum(strength)
