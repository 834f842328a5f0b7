"""Hard for the game for two: search over the deals the seat cannot rule out.

Perfect-information Monte Carlo, as the 1966 game's Hard (game/ai/hard.py, whose worker
processes and time budget it shares): imagine the hidden cards (the other hand, his
set-aside cards, the Bastille in some order) consistently with everything the seat has seen
(game/ai/duel/worlds.py); in each imagined deal, try every decision; play the rest out, the
bidding and the exchange as Medium would and the cards at random with the fast simulator;
score a decision by how often it wins the hand's point. The same deals serve every
decision. Of the hundreds of ways to set cards aside, it searches the ones built from the
cards Medium would most like to be rid of.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from itertools import combinations

from game.ai.duel.fastsim import DuelHand, move_of
from game.ai.duel.knowledge import knowledge
from game.ai.duel.medium import badness, hand_type_choice, set_aside_cards
from game.ai.duel.worlds import imagined
from game.ai.hard import MAX_WORLDS, Estimate, HardPlayer, SearchTally, next_best, percent
from game.cards import JOKER
from game.rules.coup_detat_duel.charts import CHART
from game.rules.coup_detat_duel.decide import decide
from game.rules.coup_detat_duel.decisions import (
    AnnounceCoup,
    ChooseHandType,
    Decision,
    KeepQuiet,
    Pass,
    PlayCard,
    SetAside,
    StopRun,
)
from game.rules.coup_detat_duel.state import Phase, State
from game.rules.coup_detat_duel.view import DuelView, legal, view

SHORTLIST_CARDS = 5  # the set-asides searched are made of Medium's five worst cards
REDEAL_VALUE = 0.5  # a Marie dealt again: as likely won as lost


def estimate(seen: DuelView, choices: Sequence[Decision], seed: int | str, budget: float,
             max_worlds: int = MAX_WORLDS) -> Estimate:
    """Search for `budget` seconds (or `max_worlds` deals) from one process."""
    rng = random.Random(seed)
    known = knowledge(seen)
    me = known.seat
    tally = SearchTally(choices)
    deadline = time.perf_counter() + budget
    while tally.worlds < max_worlds and (tally.worlds == 0 or time.perf_counter() < deadline):
        state = imagined(seen, known, rng)
        if state.phase is Phase.PLAY:
            sim = DuelHand.from_state(state)
            tally.add([_play_value(sim, choice, me, rng)  # type: ignore[arg-type]
                       for choice in choices])
        else:
            tally.add([_value_of(state, choice, me, rng) for choice in choices])
    return tally.estimate()


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
        state = decide(state, _policy(state)).state
    if state.phase is not Phase.PLAY:  # dealt again (Marie)
        return REDEAL_VALUE
    return float(DuelHand.from_state(state).play_out(rng) == me)


def _policy(state: State) -> Decision:
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


class DuelHardPlayer(HardPlayer):
    search = staticmethod(estimate)

    def shortlist(self, seen: DuelView, choices: Sequence[Decision]) -> Sequence[Decision]:
        if choices and isinstance(choices[0], SetAside):
            return set_aside_shortlist(seen, choices)
        return choices

    def explain(self, found: Estimate, ranking: Sequence[int]) -> str:
        return (f"Over {found.worlds} deals consistent with what you have seen, it wins the "
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
