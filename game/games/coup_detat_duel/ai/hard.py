"""Hard for the game for two: search over the deals the seat cannot rule out.

The search of every game's Hard (game/ai/search/): imagine the hidden cards (the other hand, his
set-aside cards, the Bastille in some order) consistently with everything the seat has seen
(worlds.py, beside this file); in each imagined deal, try every decision; play the rest
out, the bidding and the exchange as Medium would and the cards at random with the fast simulator;
score a decision by how often it wins the hand's point. The same deals serve every
decision. Of the hundreds of ways to set cards aside, it searches the ones built from the
cards Medium would most like to be rid of.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from game.ai.search import Estimate, Policy, SearchPlayer, next_best, percent
from game.cards import JOKER
from game.games.coup_detat_duel.ai.fastsim import DuelHand, move_of
from game.games.coup_detat_duel.ai.knowledge import DuelKnowledge, knowledge
from game.games.coup_detat_duel.ai.medium import badness, hand_type_choice, set_aside_cards
from game.games.coup_detat_duel.ai.worlds import resample
from game.games.coup_detat_duel.rules.charts import CHART
from game.games.coup_detat_duel.rules.decide import decide
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    ChooseHandType,
    Decision,
    KeepQuiet,
    Pass,
    PlayCard,
    SetAside,
    StopRun,
)
from game.games.coup_detat_duel.rules.state import Phase, State
from game.games.coup_detat_duel.rules.view import DuelView, legal, view

SHORTLIST_CARDS = 5  # the set-asides searched are made of Medium's five worst cards
REDEAL_VALUE = 0.5  # a Marie dealt again: as likely won as lost


@dataclass(frozen=True)
class Playouts(Policy[State | DuelHand]):
    """The deals imagined from one seat's view, each decision's hand played out. Once the
    cards are being played, a deal is set up in the fast simulator once for every decision."""

    seen: DuelView
    known: DuelKnowledge

    @classmethod
    def of(cls, seen: DuelView) -> Playouts:
        return cls(seen, knowledge(seen))

    def imagine(self, rng: random.Random) -> State | DuelHand:
        state = resample(self.seen, rng, self.known)
        return DuelHand.from_state(state) if state.phase is Phase.PLAY else state

    def value(self, world: State | DuelHand, decision: Decision, rng: random.Random) -> float:
        if isinstance(world, DuelHand):
            return _play_value(world, decision, self.known.seat, rng)  # type: ignore[arg-type]
        return _value_of(world, decision, self.known.seat, rng)


def _play_value(sim: DuelHand, choice: PlayCard | Pass | StopRun, me: int,
                rng: random.Random) -> float:
    trial = sim.clone()
    trial.apply(move_of(choice))
    if trial.over():
        return float(trial.winner() == me)
    return float(trial.play_out(rng) == me)


def _value_of(state: State, choice: Decision, me: int, rng: random.Random) -> float:
    """How often `choice` wins `me` the hand in one imagined deal: the bidding and the
    exchange go on as Medium would, then the cards are played out."""
    state = decide(state, choice).state
    while state.phase in (Phase.COUP, Phase.CHOOSE, Phase.EXCHANGE):
        state = decide(state, _medium_choice(state)).state
    if state.phase is not Phase.PLAY:  # dealt again (Marie)
        return REDEAL_VALUE
    return float(DuelHand.from_state(state).play_out(rng) == me)


def _medium_choice(state: State) -> Decision:
    """What Medium would do for the seat to act, before the cards are played."""
    hand = state.hand
    assert hand is not None
    seat = hand.to_act
    seen = view(state, seat)
    if state.phase is Phase.EXCHANGE:
        return SetAside(seat, set_aside_cards(seen))
    if state.phase is Phase.COUP:
        return KeepQuiet(seat)  # he chose against the coup when it was his to search
    return hand_type_choice(seen, legal(state))


def set_aside_shortlist(seen: DuelView, choices: Sequence[Decision]) -> list[Decision]:
    """The set-asides made of Medium's worst cards, every size the rules allow."""
    assert seen.hand_type is not None
    barred = CHART[seen.hand_type].not_to_set_aside
    allowed = [card for card in seen.hand if card not in barred]
    worst = sorted(allowed, key=lambda card: (-badness(card, seen), card.index))
    worst = worst[:SHORTLIST_CARDS]
    sizes = {len(d.cards) for d in choices if isinstance(d, SetAside)}
    wanted = {frozenset(cards) for size in sizes for cards in combinations(worst, size)}
    return [d for d in choices if isinstance(d, SetAside) and frozenset(d.cards) in wanted]


class DuelHardPlayer(SearchPlayer):
    """The search player of the game for two: scored by the hand's point, the set-asides
    shortlisted."""

    def policy(self, seen: DuelView) -> Playouts:
        return Playouts.of(seen)

    def shortlist(self, seen: DuelView, choices: Sequence[Decision]) -> Sequence[Decision]:
        if choices and isinstance(choices[0], SetAside):
            return set_aside_shortlist(seen, choices)
        return choices

    def explain(self, found: Estimate, ranking: Sequence[int]) -> str:
        return (f"Over {found.worlds:,} deals consistent with what you have seen, it wins the "
                f"hand {found.average(ranking[0]):.0%} of the time; "
                f"{next_best(found, ranking, describe, percent)}.")


def describe(decision: Decision) -> str:
    """A decision of the game for two in a few words."""
    match decision:
        case PlayCard(_, card, suit) if card is JOKER and suit is not None:
            return f"JOKER as {suit.plural}"
        case PlayCard(_, card):
            return card.label
        case AnnounceCoup(_, hand_type):
            return f"announcing JOKER for a coup in {hand_type.label}"
        case KeepQuiet():
            return "keeping quiet about JOKER"
        case ChooseHandType(_, hand_type):
            return hand_type.label
        case SetAside(_, cards):
            return "setting aside " + " ".join(card.label for card in cards)
        case Pass():
            return "passing"
        case StopRun():
            return "stopping the run"
    return str(decision)
