"""What the fast simulator of a hand of Coup d'État works out once for every hand type
and player count: card numbers and their strengths, the costs of taking each card, the
players' caution, and how a decision is written as a move."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from game.ai.card_play import NO_SUIT, PASS, STOP, SUITS
from game.cards import COUP, Card
from game.games.coup_detat.rules.charts import (
    DIRECTORS_CHART,
    KING_OF_HEARTS,
    HandType,
    deck_for,
)
from game.games.coup_detat.rules.decisions import Pass, PlayCard, StopRun
from game.games.coup_detat.rules.state import SUIT_INDEX

Move = tuple[int, int]  # a card number (or PASS, STOP) and the suit named (or NO_SUIT)


class Care(IntEnum):
    """How the players of a play-out mind the hand (Dominos is always played at random)."""

    NONE = 0  # every move at random
    VICTIMS = 1  # in a Director's hand his victims duck penalties; coups at random
    EVERYONE = 2  # in a Director's hand everyone ducks; in a coup its player takes tricks
    #               and the others stop him


@dataclass(frozen=True)
class Tables:
    """Everything about the cards, by card number (COUP is the last number)."""

    cards: tuple[Card, ...]
    number: dict[Card, int]
    suit: tuple[int, ...]
    power: tuple[int, ...]  # trick strength
    place: tuple[int, ...]  # Dominos ladder position (0 = Ace)
    ace_of: tuple[int, ...]  # the Ace of each suit
    queens: frozenset[int]
    spades: frozenset[int]
    marks: tuple[int, ...]  # what taking each card counts: QUEEN | SPADE | KING_OF_HEARTS bits
    # `_pursuing`'s preferences, as numbers that sort the cards alike (higher: rather)
    pursuit_lead: tuple[int, ...]  # the strongest, never COUP
    pursuit_throw: tuple[int, ...]  # the weakest last, COUP least willingly (min: rather)
    king_of_hearts: int
    coup: int
    tricks: int
    ladder: int  # how many ranks in the Dominos ladder
    spade_count: int
    queen_count: int


QUEEN, SPADE, KING = 1, 2, 4  # the bits of Tables.marks


@cache
def tables(players: int) -> Tables:
    deck = deck_for(players)
    cards = deck.cards
    number = {card: index for index, card in enumerate(cards)}
    coup = number[COUP]
    power = tuple(deck.trick_strength[c] for c in cards)
    return Tables(
        cards=cards,
        number=number,
        suit=tuple(SUIT_INDEX[c.suit] if c.suit else NO_SUIT for c in cards),
        power=power,
        place=tuple(deck.dominos_position[c.rank] if c.rank else -1 for c in cards),
        ace_of=tuple(number[Card.parse(f"A{suit.value}")] for suit in SUITS),
        queens=frozenset(number[c] for c in deck.queens),
        spades=frozenset(number[c] for c in deck.spades),
        marks=tuple(QUEEN * (c in deck.queens) + SPADE * (c in deck.spades)
                    + KING * (c == KING_OF_HEARTS) for c in cards),
        pursuit_lead=ranks([(c != coup, power[c]) for c in range(len(cards))]),
        pursuit_throw=ranks([(c == coup, power[c]) for c in range(len(cards))]),
        king_of_hearts=number[KING_OF_HEARTS],
        coup=coup,
        tricks=deck.tricks_per_hand,
        ladder=len(deck.dominos_ladder),
        spade_count=len(deck.spades),
        queen_count=len(deck.queens),
    )


def ranks(keys: list[tuple[int | bool, ...]]) -> tuple[int, ...]:
    """Each key's place among the distinct keys, smallest first: numbers that sort as the
    keys do (equal keys, equal numbers), and compare faster."""
    place = {key: index for index, key in enumerate(sorted(set(keys)))}
    return tuple(place[key] for key in keys)


@cache
def card_costs(players: int, hand_type: HandType) -> tuple[int, ...]:
    """What taking each card (by number) costs in a Director's hand of `hand_type`."""
    t = tables(players)
    chart = DIRECTORS_CHART[hand_type]
    return tuple(chart.king_of_hearts * (number == t.king_of_hearts)
                 + chart.each_queen * (number in t.queens)
                 + chart.each_spade * (number in t.spades)
                 for number in range(len(t.cards)))


@dataclass(frozen=True)
class Caution:
    """`Hand._cautious`'s preferences in a Director's hand of one type, as numbers that sort
    the cards alike."""

    lead: tuple[int, ...]  # the cheapest, then the weakest (min: rather)
    over: tuple[int, ...]  # following above the trick: the cheapest, then the strongest
    void: tuple[int, ...]  # the costliest, then the strongest, never COUP


@cache
def caution(players: int, hand_type: HandType) -> Caution:
    t, cost = tables(players), card_costs(players, hand_type)
    power, numbers = t.power, range(len(t.cards))
    return Caution(lead=ranks([(cost[c], power[c]) for c in numbers]),
                   over=ranks([(-cost[c], power[c]) for c in numbers]),
                   void=ranks([(c != t.coup, cost[c], power[c]) for c in numbers]))


def move_of(decision: PlayCard | Pass | StopRun, players: int) -> Move:
    """An engine's decision of play as a simulator move."""
    if isinstance(decision, Pass):
        return PASS, NO_SUIT
    if isinstance(decision, StopRun):
        return STOP, NO_SUIT
    suit = decision.suit if decision.card == COUP else None  # a led COUP names its suit
    return tables(players).number[decision.card], NO_SUIT if suit is None else SUIT_INDEX[suit]
