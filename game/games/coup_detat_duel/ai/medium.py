"""Medium for the game for two: hand-written strategy with card counting.

- Bidding: he judges each hand type by what his twelve cards can do in it (high cards and
  `JOKER` for a coup, low cards and few of the hand's goal cards for his own hand, linked
  cards for Dominoes). As Peasant holding `JOKER` he announces it when a coup looks more
  likely to succeed than his chances in the PM's hand; as PM he names his best hand.
- The exchange: he sets aside the cards that work against him in this hand (high cards in
  a PM's hand, low ones in a coup, `JOKER` when it can only win tricks he does not want,
  loose cards in Dominoes), as many as are worse than a blind draw.
- Tricks: he counts what is out, which suits the other has shown void, the cards he set
  aside himself and where `JOKER` is when known; he leads the cards that lose (a PM's hand)
  or win (a coup) the tricks that matter, follows with the card that wins or gives away the
  trick's stake, and names a led `JOKER`'s suit where the other must follow.
- Dominoes: he lays the card that frees most of his own cards and opens least for the
  other, and never stops an Ace-on-King run while he can lay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import JOKER, Card, Rank, Suit
from game.games.coup_detat_duel.ai.knowledge import DuelKnowledge, knowledge
from game.games.coup_detat_duel.ai.tactics import (
    card_weight,
    follow_score,
    goal_cards,
    sign,
    strength,
    trick_number,
    trick_weight,
)
from game.games.coup_detat_duel.rules.charts import (
    CHART,
    EXCHANGE_LIMITS,
    QUEEN_OF_HEARTS,
    SPADES,
    HandType,
    Role,
)
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    ChooseHandType,
    Decision,
    KeepQuiet,
    PlayCard,
    SetAside,
    StopRun,
)
from game.games.coup_detat_duel.rules.dominoes import layable, with_card_laid
from game.games.coup_detat_duel.rules.view import DuelView

AVERAGE_STRENGTH = 4.5  # a 10 or a Jack: what a blind draw from the Bastille is worth
SET_ASIDE_MARGIN = 1.5  # how much worse than a blind draw a card must be to go
PEASANTS_CHANCE = 0.45  # his chance in the PM's hand, against which a coup is judged
JOKER_LIABILITY = 5.0  # JOKER in a PM's hand: a card that wins what nobody wants


class MediumPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: DuelView, legal: Sequence[Decision]) -> Decision:
        first = legal[0]
        if isinstance(first, AnnounceCoup | KeepQuiet):
            return coup_decision(view, legal)
        if isinstance(first, ChooseHandType):
            return hand_type_choice(view, legal)
        if isinstance(first, SetAside):
            return set_aside_choice(view, legal)
        if view.dominoes is not None:
            return dominoes_choice(view, legal, knowledge(view))
        plays = [d for d in legal if isinstance(d, PlayCard)]
        return trick_choice(view, plays, knowledge(view))


# Bidding -----------------------------------------------------------------------------------


def high_points(cards: Sequence[Card]) -> int:
    """Ace 4, King 3, Queen 2, Jack 1, JOKER 5."""
    return sum(max(0, strength(card) - 4) for card in cards)


def coup_chances(hand: Sequence[Card], hand_type: HandType) -> float:
    """How likely a coup in `hand_type` looks with these cards (JOKER among them)."""
    aces = sum(1 for card in hand if card.rank is Rank.ACE)
    hearts = {card.rank for card in hand if card.suit is Suit.HEARTS}
    spades = [card for card in hand if card in SPADES]
    jacks = sum(1 for card in hand if card.rank is Rank.JACK)
    match hand_type:
        case HandType.TOUCHE:
            return 0.45 + 0.2 * min(aces, 2)
        case HandType.GUILLOTINE:
            return 0.25 + (high_points(hand) - 16) / 20
        case HandType.MARIE:
            holds = QUEEN_OF_HEARTS in hand
            guards = len(hearts & {Rank.ACE, Rank.KING})
            return 0.3 + 0.15 * guards + 0.1 * holds + 0.03 * len(hearts)
        case HandType.SIEGE:
            return 0.15 + 0.08 * len(spades) + 0.03 * high_points(spades)
        case HandType.WATERLOO:
            return 0.1 + 0.1 * jacks + (high_points(hand) - 16) / 40
        case HandType.DOMINOES:
            return dominoes_fitness(hand)
    raise AssertionError(hand_type)


def prime_ministers_chances(hand: Sequence[Card], hand_type: HandType) -> float:
    """How likely the PM makes his own hand of `hand_type` with these cards."""
    goals = [card for card in hand if card in goal_cards(hand_type)]
    low = (16 - high_points(hand)) / 40
    match hand_type:
        case HandType.MARIE:
            return 0.65 + low - 0.3 * (QUEEN_OF_HEARTS in hand)
        case HandType.SIEGE:
            return 0.7 + low - 0.05 * len(goals) - 0.02 * high_points(goals)
        case HandType.WATERLOO:
            return 0.7 + low - 0.1 * len(goals)
        case HandType.GUILLOTINE:
            return 0.5 + 2 * low
        case HandType.TOUCHE:
            return 0.65 + low - 0.1 * (JOKER in hand)
        case HandType.DOMINOES:
            return dominoes_fitness(hand)
    raise AssertionError(hand_type)


def dominoes_fitness(hand: Sequence[Card]) -> float:
    """Linked cards (next ranks of a suit) make a hand that goes out fast."""
    held = {(card.suit, strength(card)) for card in hand if card is not JOKER}
    links = sum(1 for suit, rank in held if (suit, rank + 1) in held)
    return 0.3 + 0.04 * links


def coup_decision(view: DuelView, legal: Sequence[Decision]) -> Decision:
    coups = [d for d in legal if isinstance(d, AnnounceCoup)]
    best = max(coups, key=lambda d: coup_chances(view.hand, d.hand_type), default=None)
    if best is not None and coup_chances(view.hand, best.hand_type) > 1 - PEASANTS_CHANCE:
        return best
    return next(d for d in legal if isinstance(d, KeepQuiet))


def hand_type_choice(view: DuelView, legal: Sequence[Decision]) -> Decision:
    choices = [d for d in legal if isinstance(d, ChooseHandType)]
    return max(choices, key=lambda d: prime_ministers_chances(view.hand, d.hand_type))


# The exchange ------------------------------------------------------------------------------


def badness(card: Card, view: DuelView) -> float:
    """How much worse than a blind draw `card` is in this hand."""
    if view.hand_type is HandType.DOMINOES:  # a loose card goes, a linked one stays
        links_lost = dominoes_fitness(view.hand) - dominoes_fitness(
            [c for c in view.hand if c is not card])
        return 2 - 40 * links_lost
    if view.coup:
        if card is JOKER:
            return -10.0
        return AVERAGE_STRENGTH - strength(card) - 3 * card_weight(card, view.hand_type)
    if card is JOKER:
        return JOKER_LIABILITY
    return strength(card) - AVERAGE_STRENGTH


def set_aside_cards(view: DuelView) -> tuple[Card, ...]:
    """The worst cards, as many as are clearly worse than a blind draw (within limits)."""
    assert view.hand_type is not None
    barred = CHART[view.hand_type].not_to_set_aside
    allowed = [card for card in view.hand if card not in barred]
    ranked = sorted(allowed, key=lambda card: (-badness(card, view), card.index))
    role = Role.PRIME_MINISTER if view.seat == view.prime_minister else Role.PEASANT
    limits = EXCHANGE_LIMITS[role]
    wanted = sum(1 for card in ranked if badness(card, view) > SET_ASIDE_MARGIN)
    return tuple(ranked[:min(max(wanted, limits.fewest), limits.most, len(ranked))])


def set_aside_choice(view: DuelView, legal: Sequence[Decision]) -> Decision:
    chosen = set(set_aside_cards(view))
    return next(d for d in legal if isinstance(d, SetAside) and set(d.cards) == chosen)


# Tricks ------------------------------------------------------------------------------------


def trick_choice(view: DuelView, plays: list[PlayCard], known: DuelKnowledge) -> Decision:
    if view.trick:
        return max(plays, key=lambda d: (follow_score(view, d.card), -d.card.index))
    return max(plays, key=lambda d: (lead_score(view, d, known), -d.card.index))


def win_chance(card: Card, known: DuelKnowledge) -> float:
    """How likely a lead of `card` wins the trick, from the cards the other may hold."""
    if card is JOKER:
        return 1.0
    his = known.his_possible()
    if card.suit in known.voids:
        beaters = 0
    else:
        beaters = sum(1 for c in his if c.suit is card.suit and strength(c) > strength(card))
    joker_risk = JOKER in his and card.rank is not Rank.ACE
    return 0.5 ** beaters * (0.7 if joker_risk else 1.0)


def lead_score(view: DuelView, decision: PlayCard, known: DuelKnowledge) -> float:
    card = decision.card
    stake = trick_weight(trick_number(view), view.hand_type) + card_weight(card, view.hand_type)
    chance = win_chance(card, known)
    score = sign(view) * (2 * chance - 1) * (stake + 0.3) - 0.01 * sign(view) * strength(card)
    if card is JOKER and decision.suit is not None:
        score += sign(view) * _follow_stake(decision.suit, known, view)
    return score


def _follow_stake(suit: Suit, known: DuelKnowledge, view: DuelView) -> float:
    """What the other is likely to add to a trick led in `suit` (he must follow if he can)."""
    his = [card for card in known.his_possible() if card is not JOKER]
    following = [card for card in his if card.suit is suit and suit not in known.voids]
    pool = following or his
    if not pool:
        return 0.0
    weights = [card_weight(card, view.hand_type) for card in pool]
    if following:
        return sum(weights) / len(weights)
    return 0.0 if view.coup else float(max(weights))  # void: he throws the worst on me


# Dominoes ----------------------------------------------------------------------------------


def dominoes_choice(view: DuelView, legal: Sequence[Decision],
                    known: DuelKnowledge) -> Decision:
    plays = [d for d in legal if isinstance(d, PlayCard)]
    if not plays:
        return next(d for d in legal if not isinstance(d, StopRun))  # a pass
    return max(plays, key=lambda d: (lay_value(view, d, known), -d.card.index))


def lay_value(view: DuelView, decision: PlayCard, known: DuelKnowledge) -> float:
    """My cards the lay frees, less the cards it opens that the other likely holds."""
    assert view.dominoes is not None and view.seat is not None
    after = with_card_laid(view.dominoes, view.seat, decision.card, decision.suit)
    mine = [card for card in view.hand if card is not decision.card]
    his = list(known.his_possible())
    held_share = view.hand_sizes[known.other] / len(his) if his else 0.0
    return len(layable(mine, after)) - 0.6 * held_share * len(layable(his, after))
