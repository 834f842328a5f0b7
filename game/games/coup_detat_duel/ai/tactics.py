"""Reading a hand of the game for two, for the hand-written players.

Every goal of both charts has one shape: in a Prime Minister's hand both players want to
*avoid* what the hand is about (the PM so as not to fail, the Peasant so that the PM takes
it), and in a coup both want to *take* it (the Peasant to succeed, the PM to stop him). So a
card or a trick has a weight (the Queen of Hearts in Marie, a Spade in Siege, a Jack in
Waterloo, any trick in Guillotine, the first and the last in Touché), and the hand a sign:
+1 in a coup (take weight), -1 in a Prime Minister's hand (give it away).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.cards import JOKER, Card, Rank, Suit
from game.games.coup_detat_duel.rules.charts import (
    JACKS,
    QUEEN_OF_HEARTS,
    SPADES,
    TRICK_STRENGTH,
    TRICKS_PER_HAND,
    HandType,
)
from game.games.coup_detat_duel.rules.view import DuelView
from game.rules.trick_taking import trick_winner

QUEEN_OF_HEARTS_WEIGHT = 6  # the whole hand turns on her
JOKER_STRENGTH = 9  # above the Ace


def goal_cards(hand_type: HandType | None) -> frozenset[Card]:
    match hand_type:
        case HandType.MARIE:
            return frozenset({QUEEN_OF_HEARTS})
        case HandType.SIEGE:
            return SPADES
        case HandType.WATERLOO:
            return JACKS
    return frozenset()


def card_weight(card: Card, hand_type: HandType | None) -> int:
    """What taking `card` counts towards the hand's goal."""
    if card not in goal_cards(hand_type):
        return 0
    return QUEEN_OF_HEARTS_WEIGHT if hand_type is HandType.MARIE else 1


def trick_weight(number: int, hand_type: HandType | None) -> int:
    """What winning trick `number` (1 to 12) counts, the cards aside."""
    if hand_type is HandType.GUILLOTINE:
        return 1
    if hand_type is HandType.TOUCHE and number in (1, TRICKS_PER_HAND):
        return 2
    return 0


def sign(view: DuelView) -> int:
    """+1: take what the hand is about (a coup); -1: give it away (a PM's hand)."""
    return 1 if view.coup else -1


def strength(card: Card) -> int:
    """Trick strength, JOKER above the Ace: 1 (a 7) to 9."""
    return JOKER_STRENGTH if card is JOKER else TRICK_STRENGTH[card]


def by_strength(cards: Iterable[Card]) -> list[Card]:
    """Weakest first."""
    return sorted(cards, key=lambda card: (strength(card), card.index))


def would_win(view: DuelView, card: Card) -> bool:
    """Would `card`, played now as the second card, win the trick? (A lead is judged by
    the caller.)"""
    assert view.trick and view.led_suit is not None and view.seat is not None
    plays = (*view.trick, (view.seat, card))
    return trick_winner(plays, view.led_suit, TRICK_STRENGTH) == view.seat


def trick_number(view: DuelView) -> int:
    return len(view.tricks_done) + 1


def stake(view: DuelView, cards: Iterable[Card]) -> int:
    """What winning the current trick with these cards in it counts towards the goal."""
    return trick_weight(trick_number(view), view.hand_type) + sum(
        card_weight(card, view.hand_type) for card in cards)


def follow_score(view: DuelView, card: Card) -> float:
    """How good following with `card` is: the trick's stake won or given, by the hand's
    sign; then shedding high cards in a PM's hand, keeping them in a coup."""
    won = would_win(view, card)
    value = stake(view, [c for _, c in view.trick] + [card])
    outcome = value * (1 if won else -1) * sign(view)
    keep = -strength(card) if view.coup else strength(card)
    return outcome * 100 + keep


def ranks_held(cards: Sequence[Card], suit: Suit) -> list[Rank]:
    return [card.rank for card in cards if card.suit is suit and card.rank is not None]
