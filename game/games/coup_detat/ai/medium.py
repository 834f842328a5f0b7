"""Medium: a hand-written player built on the 1966 rules' playing tips and on counting
cards (what has been played, who has shown a void, who holds COUP).

- As Director he names the hand where his own cards put him least in the way of the
  penalties he collects.
- He attempts a coup when his cards fit a hand type well enough that the chart's reward,
  the Treasury and the Directorship outweigh the 800 a failure costs.
- In the Director's hands he ducks: follows with the highest card that still loses, throws
  his costliest card when void, leads low in the suits others must win.
- As coup player he wins the tricks that matter (COUP saved for when nothing else will
  do); defending, he takes what the coup player needs, or throws it to a fellow defender.
- In Dominos he lays the card that frees his own cards and opens least for others, and
  keeps an Ace-on-King run going only while it does not help the others.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import COUP, Card, Rank, Suit
from game.games.coup_detat.ai.fastsim_settle import DIRECTOR_VALUE_PER_HAND
from game.games.coup_detat.ai.knowledge import Knowledge, knowledge
from game.games.coup_detat.ai.tactics import (
    attack_card,
    by_strength,
    card_cost,
    goal_cards,
    role,
    trick_cost,
    trick_matters,
    would_win,
)
from game.games.coup_detat.rules.charts import (
    COUP_CHART,
    DIRECTORS_CHART,
    HANDS_PER_ROUND,
    KING_OF_HEARTS,
    Deck,
    HandType,
    deck_for,
)
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    PlayCard,
    StopRun,
)
from game.games.coup_detat.rules.dominos import lay, layable
from game.games.coup_detat.rules.state import DominosPlay
from game.games.coup_detat.rules.view import CoupDetatView

COUP_MARGIN = 150  # how much better than declining a coup must look


class MediumPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: CoupDetatView, legal: Sequence[Decision]) -> Decision:
        first = legal[0]
        if isinstance(first, AttemptCoup | DeclineCoup):
            return coup_decision(view, legal)
        if isinstance(first, ChooseHandType):
            return director_choice(view, legal)
        if view.dominos is not None:
            return dominos_decision(view, legal, knowledge(view))
        plays = [d for d in legal if isinstance(d, PlayCard)]
        return trick_decision(view, plays, knowledge(view))


# Choosing the hand --------------------------------------------------------------------------


def coup_chances(hand: Sequence[Card], hand_type: HandType, deck: Deck) -> float:
    """A rough chance that a coup in `hand_type` succeeds with these cards (COUP included)."""
    aces = sum(1 for card in hand if card.rank is Rank.ACE)
    tens = sum(1 for card in hand if card.rank is Rank.TEN)
    high = aces + tens
    hearts = {card.rank for card in hand if card.suit is Suit.HEARTS}
    spades = [card for card in hand if card.suit is Suit.SPADES]
    match hand_type:
        case HandType.BARBU:
            if KING_OF_HEARTS in hand:
                return 0.8 if hearts & {Rank.ACE, Rank.TEN} else 0.55
            return 0.45 if {Rank.ACE, Rank.TEN} <= hearts else 0.15
        case HandType.TOUCHE:
            return min(0.85, 0.35 + 0.2 * aces + 0.05 * tens)
        case HandType.SIEGE:
            if len(spades) >= 5 and any(card.rank is Rank.ACE for card in spades):
                return min(0.9, 0.35 + 0.1 * (len(spades) - 5) + 0.1 * (aces - 1))
            return 0.05
        case HandType.WATERLOO:
            return 0.5 if high >= 6 else 0.25 if high >= 5 else 0.05
        case HandType.GUILLOTINE:
            return 0.3 if high >= 7 else 0.02
        case HandType.DOMINOS:
            return dominos_fitness(hand, deck)
    return 0.0


def dominos_fitness(hand: Sequence[Card], deck: Deck) -> float:
    """Cards in sequence, and few at the ends of the ladder, go out early."""
    position = deck.dominos_position
    ends = {0, len(deck.dominos_ladder) - 1}
    places = [(card.suit, position[card.rank]) for card in hand if card.rank is not None]
    extremes = sum(1 for _, place in places if place in ends)
    linked = sum(1 for suit, place in places if (suit, place + 1) in places)
    return max(0.05, min(0.7, 0.25 + 0.06 * linked - 0.07 * extremes))


def coup_decision(view: CoupDetatView, legal: Sequence[Decision]) -> Decision:
    deck = deck_for(view.players)
    hands_left = HANDS_PER_ROUND[view.short_game] - len(view.played_this_round) - 1
    office = 0 if view.director == view.seat else DIRECTOR_VALUE_PER_HAND * hands_left
    best: Decision | None = None
    best_value = float(COUP_MARGIN)
    for decision in legal:
        if not isinstance(decision, AttemptCoup):
            continue
        line = COUP_CHART[decision.hand_type]
        chance = coup_chances(view.hand, decision.hand_type, deck)
        gain = line.reward * (view.players - 1) + view.treasury + office
        value = chance * gain - (1 - chance) * line.failure
        if value > best_value:
            best, best_value = decision, value
    return best or next(d for d in legal if isinstance(d, DeclineCoup))


def director_choice(view: CoupDetatView, legal: Sequence[Decision]) -> Decision:
    """The hand whose penalties the others are likeliest to pay (what the Director takes
    himself is simply not collected)."""
    deck = deck_for(view.players)

    def income(decision: ChooseHandType) -> float:
        hand_type = decision.hand_type
        pool = _penalty_pool(hand_type, deck)
        return pool * (1 - _my_share(view.hand, hand_type, deck))

    choices = [d for d in legal if isinstance(d, ChooseHandType)]
    return max(choices, key=income)


def _penalty_pool(hand_type: HandType, deck: Deck) -> int:
    chart = DIRECTORS_CHART[hand_type]
    return (chart.king_of_hearts + chart.each_queen * len(deck.queens)
            + chart.each_spade * len(deck.spades) + chart.first_trick + chart.last_trick
            + chart.last_out)


def _my_share(hand: Sequence[Card], hand_type: HandType, deck: Deck) -> float:
    """How much of the pool the Director is likely to take himself."""
    high = [card for card in hand if card.rank in (Rank.ACE, Rank.TEN, Rank.KING)]
    danger = len(high) / max(1, len(hand))
    if hand_type is HandType.DOMINOS:
        return 1 - dominos_fitness(hand, deck)
    if hand_type is HandType.BARBU:
        return 0.6 if KING_OF_HEARTS in hand else 0.1
    if hand_type is HandType.SIEGE:
        spades = [card for card in hand if card in deck.spades]
        return min(0.9, 0.1 * len(spades) + 0.3 * danger)
    return min(0.9, 0.15 + 0.6 * danger)


# Tricks -------------------------------------------------------------------------------------


def trick_decision(view: CoupDetatView, plays: list[PlayCard], known: Knowledge) -> Decision:
    deck = deck_for(view.players)
    card = _trick_card(view, [d.card for d in plays], known, deck)
    choices = [d for d in plays if d.card is card]
    if len(choices) > 1:  # leading COUP: name the suit I am longest in
        suits = [card.suit for card in view.hand if card.suit is not None]
        longest = max(Suit, key=suits.count)
        return next((d for d in choices if d.suit is longest), choices[0])
    return choices[0]


def _trick_card(view: CoupDetatView, cards: list[Card], known: Knowledge, deck: Deck) -> Card:
    match role(view):
        case "coup_player":
            return attack_card(view, cards, deck)
        case "defender":
            return _defend(view, cards, deck)
    return _duck(view, cards, known, deck)


def _defend(view: CoupDetatView, cards: list[Card], deck: Deck) -> Card:
    ordinary = by_strength([card for card in cards if card is not COUP], deck) or [COUP]
    goal = goal_cards(view.hand_type, deck)
    attacker_winning = bool(view.trick) and _current_winner(view, deck) == view.coup_player
    if view.trick and not attacker_winning:  # a fellow defender holds it: give him my goals
        mine = [card for card in ordinary if card in goal]
        if mine:
            return mine[-1]
    if trick_matters(view, deck) or not view.trick:
        winners = [card for card in ordinary if would_win(view, card)]
        if winners and (not view.trick or attacker_winning):
            return winners[0] if view.trick else winners[-1]
    safe = [card for card in ordinary if card not in goal]
    return (safe or ordinary)[0]


def _current_winner(view: CoupDetatView, deck: Deck) -> int:
    from game.games.coup_detat.rules.tricks import trick_winner

    return trick_winner(view.trick, view.led_suit, deck.trick_strength)  # type: ignore[arg-type]


def _duck(view: CoupDetatView, cards: list[Card], known: Knowledge, deck: Deck) -> Card:
    """Take as little as possible (the Director, too, loses what he takes himself)."""
    hand_type = view.hand_type
    ordered = by_strength(cards, deck)
    if not view.trick:
        return _safe_lead(view, ordered, known, deck)
    following = all(card.suit is view.led_suit for card in cards)
    losers = [card for card in ordered if not would_win(view, card)]
    if not following:  # void: throw the costliest card, else the highest
        return max(ordered, key=lambda card: (card_cost(card, hand_type, deck),
                                               deck.trick_strength[card]))
    if losers:
        return losers[-1]
    if len(view.trick) == view.players - 1:
        return ordered[-1]  # I take it whatever I play: spend my highest
    cost_now = trick_cost((card for _, card in view.trick), hand_type, deck)
    return ordered[-1] if cost_now == 0 and hand_type is not HandType.TOUCHE else ordered[0]


def _safe_lead(view: CoupDetatView, ordered: list[Card], known: Knowledge,
               deck: Deck) -> Card:
    """The low card most likely to be overtaken: many higher cards of its suit still out."""
    unseen = known.unseen

    def danger(card: Card) -> tuple[int, int]:
        higher_out = sum(1 for other in unseen if other.suit is card.suit
                         and deck.trick_strength[other] > deck.trick_strength[card])
        return (card_cost(card, view.hand_type, deck) - 50 * higher_out,
                deck.trick_strength[card])

    candidates = [card for card in ordered if card is not COUP] or ordered
    return min(candidates, key=danger)


# Dominos --------------------------------------------------------------------------------------


def dominos_decision(view: CoupDetatView, legal: Sequence[Decision],
                     known: Knowledge) -> Decision:
    layout = view.dominos
    assert layout is not None
    plays = [d for d in legal if isinstance(d, PlayCard)]
    if not plays:
        return legal[0]  # a pass
    deck = deck_for(view.players)
    scored = [(_lay_value(view.hand, d.card, layout, known, deck), d) for d in plays]
    value, best = max(scored, key=lambda item: item[0])
    stop = next((d for d in legal if isinstance(d, StopRun)), None)
    attacking = view.coup_player == view.seat
    if stop is not None and value < 0 and not attacking and len(view.hand) > 1:
        return stop
    return best


def _lay_value(hand: Sequence[Card], card: Card, layout: DominosPlay, known: Knowledge,
               deck: Deck) -> float:
    """Cards of mine this frees, less cards of others it opens; going out beats all."""
    if len(hand) == 1:
        return 100.0
    position = deck.dominos_position
    everything = [c for c in deck.cards if c is not COUP]
    before = set(layable(everything, layout, position))
    rows = lay(layout.rows, card, position)
    after_layout = DominosPlay(starting_rank=layout.starting_rank or card.rank, rows=rows)
    opened = set(layable(everything, after_layout, position)) - before - {card}
    mine = sum(1 for c in opened if c in hand)
    theirs = sum(1 for c in opened if c in known.unseen)
    return 2.0 * mine - theirs

