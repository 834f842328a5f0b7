"""Hard's search in the bluffing games: each decision tried in positions imagined from the
seat's beliefs (game/ai/bluff/worlds.py), the round played on by Medium players, the
decision scored by the seat's chance of winning the round.

A play-out stops at the round's end, or after `HORIZON` more turns; then the seat's
standing (influence first, then coins) among those still in stands for its chance. Each
imagined position plays every decision out with the same dice, so the decisions are
compared on equal terms.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from game.ai.bluff.cards import VARIANTS
from game.ai.bluff.medium import MediumPlayer
from game.ai.bluff.worlds import imagined
from game.ai.hard import Estimate, SearchTally
from game.rules.coup_bluff.charts import Character
from game.rules.coup_bluff.decide import decide
from game.rules.coup_bluff.decisions import Decision, Shuffle
from game.rules.coup_bluff.state import Phase, State
from game.rules.coup_bluff.view import CoupView, legal, view

HORIZON = 12  # turns played out before the standing is judged instead
COIN_WORTH = 0.12  # a coin, in influence: seven of them buy a Coup
ROUND_OVER = (Phase.DEAL, Phase.OVER)


@dataclass(frozen=True)
class PairedEstimate(Estimate):
    """An estimate whose first decision is the favourite (Medium's choice): another ranks
    above it only when it is better beyond the search's noise."""

    def ranking(self) -> list[int]:
        sure = [i for i in range(len(self.decisions)) if self.beats_favourite(i)]
        rest = [i for i in super().ranking() if i not in sure and i != 0]
        return [*sorted(sure, key=self.average, reverse=True), 0, *rest]

    def beats_favourite(self, index: int) -> bool:
        return self.beyond_noise(index, 0)


@dataclass(frozen=True)
class Knowledge:
    """What the seat knows: its view, and the claims it has heard this round."""

    view: CoupView
    claims: Mapping[int, Set[Character]]


def estimate(known: Knowledge, choices: Sequence[Decision], seed: int | str, budget: float,
             max_worlds: int) -> Estimate:
    """Search for `budget` seconds (or `max_worlds` imagined positions) in this process."""
    seen = known.view
    me = seen.seat
    assert me is not None
    variant = VARIANTS[seen.variant]
    rng = random.Random(seed)
    tally = SearchTally(choices)
    deadline = time.perf_counter() + budget
    while tally.worlds < max_worlds and (tally.worlds == 0 or time.perf_counter() < deadline):
        position = imagined(seen, variant, rng, known.claims)
        dice = rng.randrange(2**62)
        tally.add([play_out(decide(position, choice).state, me, random.Random(dice),
                            known.claims) for choice in choices])
    found = tally.estimate()
    return PairedEstimate(found.decisions, found.totals, found.worlds, found.pairs)


def play_out(state: State, me: int, rng: random.Random,
             claims: Mapping[int, Set[Character]]) -> float:
    """The seat's chance of winning the round, the round played on by Medium players who
    remember the claims heard so far."""
    won_before = state.round_wins[me]
    players = [_rollout_player(rng, claims, state.round_index) for _ in range(state.players)]
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


def _rollout_player(rng: random.Random, claims: Mapping[int, Set[Character]],
                    round_index: int) -> MediumPlayer:
    player = MediumPlayer(rng.randrange(2**32))
    player.remember(claims, round_index)
    return player


def standing(state: State, me: int) -> float:
    """The seat's share of the strength still in the round (its chance, roughly)."""
    strength = [(len(state.hands[seat]) + COIN_WORTH * state.coins[seat]) ** 2
                for seat in state.living]
    mine = (len(state.hands[me]) + COIN_WORTH * state.coins[me]) ** 2
    return mine / sum(strength)
