"""Trick play as the 1966 game and the game for two share it: what may be led or followed,
and who wins a trick.

A wild card (`COUP`, `JOKER`: a card without rank or suit) may be played at any time, even
by a player able to follow suit; when it is led, its player names the suit it stands for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.cards import Card, Rank, Suit
from game.engine.errors import IllegalMove


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, every card in play order, the suit led, the winner."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    led_suit: Suit
    winner: int


def playable(
    hand: Sequence[Card], led_suit: Suit | None, forbidden_leads: frozenset[Suit]
) -> list[Card]:
    """The cards of `hand` that may be played now (`led_suit` None: leading).

    A lead may not be of a forbidden suit unless every card is (a wild card is of no suit,
    so it is never forbidden here). A follower must follow suit if he can; holding a wild
    card is not holding the suit led.
    """
    if led_suit is None:
        if not forbidden_leads:
            return list(hand)
        allowed = [card for card in hand if card.suit not in forbidden_leads]
        return allowed or list(hand)  # every card forbidden: any card may be led
    if not any(card.suit is led_suit for card in hand):
        return list(hand)  # void in the suit led: anything goes
    return [card for card in hand if card.suit is led_suit or card.rank is None]  # or wild


def check_play(
    hand: Sequence[Card],
    card: Card,
    led_suit: Suit | None,
    forbidden_leads: frozenset[Suit],
    barred_lead: Callable[[], str],
) -> None:
    """Raise `IllegalMove`, with the reason, unless `card` may be played now.
    `barred_lead()` says who may not lead what: "In Siege the Director may not lead"."""
    if card not in hand:
        raise IllegalMove(f"You do not hold {card.label}.")
    if card in playable(hand, led_suit, forbidden_leads):
        return
    if led_suit is None:
        barred = " or a ".join(suit.singular for suit in Suit if suit in forbidden_leads)
        raise IllegalMove(f"{barred_lead()} a {barred} to the first trick.")
    raise IllegalMove(f"You must follow suit: play a {led_suit.singular}.")


def trick_winner(
    plays: Sequence[tuple[int, Card]], led_suit: Suit, strength: dict[Card, int]
) -> int:
    """The seat that wins the trick.

    A wild card wins unless the Ace of the suit led was played to the trick before it;
    otherwise the highest card of the suit led wins, by `strength`. (With two players this
    is the duel's "highest card of the suit led, above the Ace only when led".)
    """
    for position, (seat, card) in enumerate(plays):
        if card.rank is None:  # wild
            for earlier_seat, earlier in plays[:position]:
                if earlier.suit is led_suit and earlier.rank is Rank.ACE:
                    return earlier_seat
            return seat
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit is led_suit and strength[card] > strength[best]:
            best_seat, best = seat, card
    return best_seat
