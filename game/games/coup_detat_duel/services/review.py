"""How the review of a game of Coup d'État for two speaks: a value is the points a decision
is expected to bring from the hand (its one point, won or lost), as Hard weighs it; how
the game went is the hands won, and how."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.engine.match import Match
from game.games.coup_detat_duel.ai.hard import describe
from game.games.coup_detat_duel.rules import RULESET
from game.games.coup_detat_duel.rules.decisions import ChooseHandType, Decision, PlayCard
from game.games.coup_detat_duel.rules.events import (
    CoupAnnounced,
    HandEnded,
    HandWon,
    RoundEnded,
    TrickWon,
)
from game.games.coup_detat_duel.rules.state import State
from game.services.review import (
    HAND,
    NO_BREAK,
    ROUND,
    TRICK,
    Words,
    hand_moment,
    readable,
)

MISTAKE = 0.08  # points: a decision that cost more of the hand's point is marked


def phrase(decision: Decision, state: State, names: Sequence[str]) -> str:
    """A decision as a gerund: "playing K♥", "laying 9♠" (Dominoes), "naming Barbu",
    "setting aside 7♣ 8♦"."""
    match decision:
        case PlayCard(_, card, None):
            laying = state.hand is not None and state.hand.dominoes is not None
            return f"{'laying' if laying else 'playing'} {card.label}"
        case PlayCard():
            return f"playing {describe(decision)}"
        case ChooseHandType(_, hand_type):
            return f"naming {hand_type.label}"
    return describe(decision)


def moment(state: State) -> str:
    """Where the game stands: "Round 1 of 2, hand 3 of 5, Waterloo, trick 4"."""
    return hand_moment(RULESET.progress(state), state.hand)


def ledger(match: Match, seat: int, names: Sequence[str]) -> list[str]:
    """The hands `seat` won, those won by coups, and his coups announced."""
    won = [event for event in match.events if isinstance(event, HandWon)]
    mine = [event for event in won if event.seat == seat]
    announced = sum(1 for event in match.events
                    if isinstance(event, CoupAnnounced) and event.seat == seat)
    coups = sum(1 for event in mine if event.coup and event.goal_met)
    return [f"Hands won: {len(mine)} of {len(won)}",
            f"Coups announced: {announced}, won: {coups}",
            f"Hands won by the other's failed coup or missed goal: "
            f"{sum(1 for event in mine if not event.goal_met)}"]


def expected(points: float) -> str:
    """The hand's point expected: "0.77 points" (a point won 77 times in 100); any part of
    a point at all at least 0.01."""
    shown = max(points, 0.01) if points > 0 else points
    return f"{readable(shown, '.2f')}{NO_BREAK}points"


def gain(cost: float) -> str:
    return f"won about {expected(cost)} more"


def boundary(event: object) -> int:
    """What an event ends: a trick, a hand, a round."""
    return {TrickWon: TRICK, HandEnded: HAND, RoundEnded: ROUND}.get(type(event), 0)


def hands(state: State) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards in hand."""
    return state.hand.hands if state.hand is not None else ((),) * 2


WORDS = Words(measure="points expected from the hand", threshold=MISTAKE, figure=expected,
              size=expected, gain=gain, phrase=phrase, moment=moment, ledger=ledger,
              ledger_title="How {name}'s hands went",
              boundary=boundary, hands=hands,
              steps=("trick", "hand", "round"))
