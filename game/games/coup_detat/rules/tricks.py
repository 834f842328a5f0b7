"""Trick play in the 1966 game: the first-lead limits and the refusals in words (what may
be led or followed, and who wins, is `game.rules.trick_taking`)."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card, Suit
from game.games.coup_detat.rules.charts import FIRST_LEAD_FORBIDDEN, HandType
from game.rules.trick_taking import check_play as shared_check_play
from game.rules.trick_taking import playable, trick_winner

__all__ = ["check_play", "forbidden_first_lead", "playable", "trick_winner"]


def forbidden_first_lead(hand_type: HandType, is_coup: bool) -> frozenset[Suit]:
    """Suits barred from the first lead: only in a Director's hand, never for a coup."""
    if is_coup:
        return frozenset()
    return FIRST_LEAD_FORBIDDEN.get(hand_type, frozenset())


def check_play(
    hand: Sequence[Card],
    card: Card,
    led_suit: Suit | None,
    forbidden_leads: frozenset[Suit],
    hand_type: HandType,
) -> None:
    """Raise `IllegalMove`, with the reason, unless `card` may be played now."""
    shared_check_play(hand, card, led_suit, forbidden_leads,
                      lambda: f"In {hand_type.label} the Director may not lead")
