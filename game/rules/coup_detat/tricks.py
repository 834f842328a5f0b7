"""Trick play: what may be led or followed, and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import COUP, Card, Rank, Suit
from game.engine.errors import IllegalMove
from game.rules.coup_detat.charts import FIRST_LEAD_FORBIDDEN, HandType


def forbidden_first_lead(hand_type: HandType, is_coup: bool) -> frozenset[Suit]:
    """Suits barred from the first lead: only in a Director's hand, never for a coup."""
    if is_coup:
        return frozenset()
    return FIRST_LEAD_FORBIDDEN.get(hand_type, frozenset())


def playable(
    hand: Sequence[Card], led_suit: Suit | None, forbidden_leads: frozenset[Suit]
) -> list[Card]:
    """The cards of `hand` that may be played now (`led_suit` None: leading)."""
    if led_suit is None:
        if not forbidden_leads:
            return list(hand)
        allowed = [card for card in hand if card.suit not in forbidden_leads]
        return allowed or list(hand)  # every card forbidden: any card may be led
    if not any(card.suit is led_suit for card in hand):
        return list(hand)  # void in the suit led: anything goes
    return [card for card in hand if card.suit is led_suit or card is COUP]  # COUP: any time


def check_play(
    hand: Sequence[Card],
    card: Card,
    led_suit: Suit | None,
    forbidden_leads: frozenset[Suit],
    hand_type: HandType,
) -> None:
    """Raise `IllegalMove`, with the reason, unless `card` may be played now."""
    if card not in hand:
        raise IllegalMove(f"You do not hold {card.label}.")
    if card in playable(hand, led_suit, forbidden_leads):
        return
    if led_suit is None:
        barred = " or a ".join(suit.singular for suit in _in_order(forbidden_leads))
        raise IllegalMove(
            f"In {hand_type.label} the Director may not lead a {barred} to the first trick."
        )
    raise IllegalMove(f"You must follow suit: play a {led_suit.singular}.")


def _in_order(suits: frozenset[Suit]) -> list[Suit]:
    return [suit for suit in Suit if suit in suits]


def trick_winner(
    plays: Sequence[tuple[int, Card]], led_suit: Suit, strength: dict[Card, int]
) -> int:
    """COUP wins unless the Ace of the suit led came before it; else the highest card of
    the suit led (trick order A 10 K Q J 9 8 7)."""
    for position, (seat, card) in enumerate(plays):
        if card is COUP:
            for earlier_seat, earlier in plays[:position]:
                if earlier.suit is led_suit and earlier.rank is Rank.ACE:
                    return earlier_seat
            return seat
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit is led_suit and strength[card] > strength[best]:
            best_seat, best = seat, card
    return best_seat
