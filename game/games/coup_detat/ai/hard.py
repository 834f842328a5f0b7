"""Hard in the 1966 game: the search (game/ai/search/) over the deals the seat cannot rule
out (game/games/coup_detat/ai/worlds.py). In each imagined deal every legal decision is tried,
the rest of the hand played out with the fast simulator, and a decision scored by the
francs it brings the seat (the Directorship's worth included).

The play-outs are played by players who mind the hand (`Care.EVERYONE`): in a Director's
hand everyone ducks penalties, in a coup its player takes tricks and the others stop him,
one move in four at random. Against random play-outs this made Hard clearly stronger than
an ISMCTS player at equal time (benchmarks/sparring/; docs/PERFORMANCE.md, "The computer
opponents").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.search import Estimate, Policy, SearchPlayer, next_best
from game.games.coup_detat.ai.fastsim import Care, Hand
from game.games.coup_detat.ai.fastsim_tables import move_of
from game.games.coup_detat.ai.knowledge import Knowledge, knowledge
from game.games.coup_detat.ai.medium import director_choice
from game.games.coup_detat.ai.worlds import resample
from game.games.coup_detat.rules.decide import decide
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    Pass,
    PlayCard,
    StopRun,
)
from game.games.coup_detat.rules.events import HandEnded, Paid, TreasuryTaken
from game.games.coup_detat.rules.state import Phase, State
from game.games.coup_detat.rules.view import CoupDetatView, legal, view


@dataclass(frozen=True)
class Playouts(Policy[State | Hand]):
    """The deals imagined from one seat's view, each decision's hand played out. Once the
    cards are being played, a deal is set up in the fast simulator once for every
    decision, and each decision is played there."""

    seen: CoupDetatView
    known: Knowledge
    care: Care = Care.EVERYONE  # how the players of the play-outs mind the hand

    @classmethod
    def of(cls, seen: CoupDetatView, care: Care = Care.EVERYONE) -> Playouts:
        return cls(seen, knowledge(seen), care)

    def imagine(self, rng: random.Random) -> State | Hand:
        state = resample(self.seen, rng, self.known)
        return Hand.from_state(state) if state.phase is Phase.PLAY else state

    def value(self, world: State | Hand, decision: Decision, rng: random.Random) -> float:
        if isinstance(world, Hand):
            assert isinstance(decision, PlayCard | Pass | StopRun), "a hand in play: a card"
            trial = world.clone()
            trial.apply(move_of(decision, world.players))
            return trial.play_out(rng, self.care)[self.known.seat]
        return _value_of(world, decision, self.known.seat, rng, self.care)


def _value_of(state: State, choice: Decision, me: int, rng: random.Random,
              care: Care = Care.EVERYONE) -> float:
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
    return Hand.from_state(after).play_out(rng, care)[me]


def _settled_gain(events: Sequence[object], me: int) -> float:
    """What the hand's last decision paid `me` (the rare case it ends the hand)."""
    gain = 0.0
    for event in events:
        if isinstance(event, Paid):
            gain += event.amount * ((event.payee == me) - (event.payer == me))
        elif isinstance(event, TreasuryTaken) and event.seat == me:
            gain += event.amount
    return gain


class HardPlayer(SearchPlayer):
    """The search player of the 1966 game: every decision tried, scored in francs."""

    care = Care.EVERYONE

    def policy(self, seen: CoupDetatView) -> Playouts:
        return Playouts.of(seen, self.care)

    def explain(self, found: Estimate, ranking: Sequence[int]) -> str:
        return (f"Over {found.worlds:,} deals consistent with what you have seen, it comes "
                f"to {francs(found.average(ranking[0]))} on average; "
                f"{next_best(found, ranking, describe, francs)}.")


def francs(amount: float) -> str:
    return f"{amount:+,.0f} F"


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
