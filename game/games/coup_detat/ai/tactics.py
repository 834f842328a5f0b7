"""Reading a trick and a hand type, for the hand-written players: who wins the trick so far,
which of my cards would win or lose it, what each card is worth in this hand."""

from __future__ import annotations

from collections.abc import Iterable

from game.cards import COUP, Card, Suit
from game.games.coup_detat.rules.charts import (
    DIRECTORS_CHART,
    KING_OF_HEARTS,
    Deck,
    HandType,
    deck_for,
)
from game.games.coup_detat.rules.tricks import trick_winner
from game.games.coup_detat.rules.view import CoupDetatView


def role(view: CoupDetatView) -> str:
    """"coup_player" (I attempt the coup), "defender" (someone else does), "director" (my own
    Director's hand) or "victim" (someone else's Director's hand)."""
    if view.coup_player is not None:
        return "coup_player" if view.coup_player == view.seat else "defender"
    return "director" if view.director == view.seat else "victim"


def card_cost(card: Card, hand_type: HandType | None, deck: Deck) -> int:
    """What taking `card` costs in a Director's hand of this type (tricks aside)."""
    if hand_type is None:
        return 0
    chart = DIRECTORS_CHART[hand_type]
    cost = chart.king_of_hearts if card is KING_OF_HEARTS else 0
    if card in deck.queens:
        cost += chart.each_queen
    if card in deck.spades:
        cost += chart.each_spade
    return cost


def trick_cost(cards: Iterable[Card], hand_type: HandType | None, deck: Deck) -> int:
    return sum(card_cost(card, hand_type, deck) for card in cards)


def would_win(view: CoupDetatView, card: Card) -> bool:
    """Would `card`, played now, be winning the trick so far?"""
    if not view.trick:
        return True
    deck = deck_for(view.players)
    plays = (*view.trick, (view.seat, card))
    return trick_winner(plays, view.led_suit, deck.trick_strength) == view.seat  # type: ignore[arg-type]


def strength(card: Card, deck: Deck) -> int:
    return deck.trick_strength[card]


def by_strength(cards: Iterable[Card], deck: Deck) -> list[Card]:
    """Weakest first (COUP last: it is the strongest)."""
    return sorted(cards, key=lambda card: deck.trick_strength[card])


def suit_cards(cards: Iterable[Card], suit: Suit) -> list[Card]:
    return [card for card in cards if card.suit is suit]


def goal_cards(hand_type: HandType | None, deck: Deck) -> frozenset[Card]:
    match hand_type:
        case HandType.BARBU:
            return frozenset({KING_OF_HEARTS})
        case HandType.WATERLOO:
            return deck.queens
        case HandType.SIEGE:
            return deck.spades
        case HandType.GUILLOTINE:
            return deck.queens | deck.spades | {KING_OF_HEARTS}
    return frozenset()


def trick_matters(view: CoupDetatView, deck: Deck) -> bool:
    """Does this trick carry what a coup is about (a goal card, or the first or last
    trick where those count)?"""
    goal = goal_cards(view.hand_type, deck)
    in_trick = any(card in goal for _, card in view.trick)
    number = len(view.tricks_done) + 1
    counts_tricks = view.hand_type in (HandType.TOUCHE, HandType.GUILLOTINE)
    return in_trick or (counts_tricks and number in (1, deck.tricks_per_hand)) or (
        view.hand_type is HandType.GUILLOTINE)


def attack_card(view: CoupDetatView, cards: list[Card], deck: Deck) -> Card:
    """The coup player's card: lead his strongest, win the tricks that matter with the
    lowest card that wins, COUP kept for when nothing else will do (or the last lead)."""
    ordinary = by_strength([card for card in cards if card is not COUP], deck)
    has_coup = COUP in cards
    if not view.trick:  # leading: my strongest, keeping COUP back unless it is all I have
        last_trick = len(view.tricks_done) + 1 == deck.tricks_per_hand
        if has_coup and (last_trick or not ordinary):
            return COUP
        return ordinary[-1]
    winners = [card for card in ordinary if would_win(view, card)]
    if trick_matters(view, deck) or len(view.tricks_done) + 1 == deck.tricks_per_hand:
        if winners:
            return winners[0]
        if has_coup and would_win(view, COUP):
            return COUP
    return ordinary[0] if ordinary else COUP
