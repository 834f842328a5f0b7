"""The printed material of the 1966 game: hand types, the Director's and Coup charts, the
deck for 3 or 4 players and its two rank orders, the starting money."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from game.cards import COUP, Card, Rank, Suit, card, suited_deck


class HandType(StrEnum):
    """The six hands of a round, in the order of the rows of the Director's Board."""

    BARBU = "barbu"
    WATERLOO = "waterloo"
    SIEGE = "siege"
    TOUCHE = "touche"
    GUILLOTINE = "guillotine"
    DOMINOS = "dominos"

    @property
    def label(self) -> str:
        """The hand's name as printed on the Board: "Barbu", "Touché"..."""
        return "Touché" if self is HandType.TOUCHE else self.value.capitalize()


SHORT_GAME_TYPES = (HandType.WATERLOO, HandType.SIEGE, HandType.GUILLOTINE, HandType.DOMINOS)
HANDS_PER_ROUND = {False: 6, True: 3}  # keyed by short_game
HIDDEN_COUP_TYPES = frozenset({HandType.WATERLOO, HandType.SIEGE, HandType.GUILLOTINE})

FIRST_LEAD_FORBIDDEN: dict[HandType, frozenset[Suit]] = {
    HandType.BARBU: frozenset({Suit.HEARTS}),
    HandType.SIEGE: frozenset({Suit.SPADES}),
    HandType.GUILLOTINE: frozenset({Suit.HEARTS, Suit.SPADES}),
}
"""Suits the Director may not lead to the first trick of his own hand."""


@dataclass(frozen=True, slots=True)
class Penalties:
    """One line of the Director's chart: francs per thing taken or done."""

    king_of_hearts: int = 0
    each_queen: int = 0
    each_spade: int = 0
    first_trick: int = 0
    last_trick: int = 0
    last_out: int = 0


_BARBU = Penalties(king_of_hearts=800)
_WATERLOO = Penalties(each_queen=200)
_SIEGE = Penalties(each_spade=100)
_TOUCHE = Penalties(first_trick=400, last_trick=400)

DIRECTORS_CHART: dict[HandType, Penalties] = {
    HandType.BARBU: _BARBU,
    HandType.WATERLOO: _WATERLOO,
    HandType.SIEGE: _SIEGE,
    HandType.TOUCHE: _TOUCHE,
    HandType.GUILLOTINE: Penalties(
        king_of_hearts=_BARBU.king_of_hearts,
        each_queen=_WATERLOO.each_queen,
        each_spade=_SIEGE.each_spade,
        first_trick=_TOUCHE.first_trick,
        last_trick=_TOUCHE.last_trick,
    ),
    HandType.DOMINOS: Penalties(last_out=800),
}


@dataclass(frozen=True, slots=True)
class CoupLine:
    """One line of the Coup chart."""

    goal: str
    reward: int  # collected from each other player on success
    failure: int  # paid to the Treasury on failure


COUP_CHART: dict[HandType, CoupLine] = {
    HandType.BARBU: CoupLine("take the King of Hearts", 600, 800),
    HandType.WATERLOO: CoupLine("take all the Queens", 1000, 800),
    HandType.SIEGE: CoupLine("take all the Spades", 1000, 800),
    HandType.TOUCHE: CoupLine("take the first and the last trick", 600, 800),
    HandType.GUILLOTINE: CoupLine(
        "take the King of Hearts, all the Queens, all the Spades, "
        "the first and the last trick",
        1500,
        800,
    ),
    HandType.DOMINOS: CoupLine("be first out of cards", 600, 800),
}

DIRECTORS_GOALS: dict[HandType, str] = {
    HandType.BARBU: "Don't take the King of Hearts",
    HandType.WATERLOO: "Don't take any Queen",
    HandType.SIEGE: "Don't take any Spade",
    HandType.TOUCHE: "Don't take the first or the last trick",
    HandType.GUILLOTINE: "Don't take the King of Hearts, a Queen, a Spade, the first or the "
                         "last trick",
    HandType.DOMINOS: "Don't be last out of cards",
}

STARTING_CASH = 10_000
STARTING_NOTES = ((2000, 2), (1000, 3), (500, 5), (100, 5))  # (note, how many): 10,000 francs
LOAN_UNIT = 1000  # a shortfall is borrowed in whole thousands...
LOAN_OWED_PER_UNIT = 1200  # ...and each thousand is repaid with 1200
KING_OF_HEARTS = card("KH")

TRICK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
               Rank.SEVEN)
DOMINOS_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                 Rank.SEVEN)
THREE_PLAYER_REMOVED = frozenset({Rank.SEVEN, Rank.EIGHT})


@dataclass(frozen=True)
class Deck:
    """The pack for a number of players, with the orders the rules use."""

    players: int
    cards: tuple[Card, ...]  # every card, COUP last
    trick_strength: dict[Card, int]  # higher wins; COUP highest (for the draw)
    dominos_ladder: tuple[Rank, ...]  # high to low
    dominos_position: dict[Rank, int]  # 0 = Ace
    queens: frozenset[Card]
    spades: frozenset[Card]

    @property
    def hand_size(self) -> int:
        return (len(self.cards) - 1) // self.players

    @property
    def tricks_per_hand(self) -> int:
        return self.hand_size


def hand_size(players: int) -> int:
    """The cards dealt to each of `players` (10 to three, 8 to four)."""
    return deck_for(players).hand_size


@cache
def deck_for(players: int) -> Deck:
    """33 cards for 4 players; 25 for 3 (no 7s and 8s)."""
    removed = THREE_PLAYER_REMOVED if players == 3 else frozenset()
    trick_ranks = tuple(rank for rank in TRICK_ORDER if rank not in removed)
    ladder = tuple(rank for rank in DOMINOS_ORDER if rank not in removed)
    suited = suited_deck(ladder)
    strength = {c: len(trick_ranks) - trick_ranks.index(c.rank) for c in suited}
    strength[COUP] = len(trick_ranks) + 1
    return Deck(
        players=players,
        cards=(*suited, COUP),
        trick_strength=strength,
        dominos_ladder=ladder,
        dominos_position={rank: position for position, rank in enumerate(ladder)},
        queens=frozenset(c for c in suited if c.rank is Rank.QUEEN),
        spades=frozenset(c for c in suited if c.suit is Suit.SPADES),
    )


def in_display_order(cards: Iterable[Card], players: int, dominos: bool = False) -> list[Card]:
    """A hand as a player sorts it: by suit (S H D C), then by rank as the hand ranks them
    (trick order A 10 K Q ..., or Dominos order A K Q J 10 ...); COUP last."""
    deck = deck_for(players)
    suits = list(Suit)

    def key(card: Card) -> tuple[int, int]:
        if card.suit is None:
            return (len(suits), 0)
        if dominos:
            return (suits.index(card.suit), deck.dominos_position[card.rank])  # type: ignore[index]
        return (suits.index(card.suit), -deck.trick_strength[card])

    return sorted(cards, key=key)


def costly_cards(hand_type: HandType | None, deck: Deck) -> frozenset[Card]:
    """The cards the Director's chart makes a player pay for in this hand type."""
    if hand_type is None:
        return frozenset()
    chart = DIRECTORS_CHART[hand_type]
    cards: set[Card] = set()
    if chart.king_of_hearts:
        cards.add(KING_OF_HEARTS)
    if chart.each_queen:
        cards |= deck.queens
    if chart.each_spade:
        cards |= deck.spades
    return frozenset(cards)


def describe_penalties(hand_type: HandType, king: str = "the King of Hearts", *,
                       amounts: bool = True) -> str:
    """What the Director's chart charges in this hand, in words: "the Queens (200 F
    each)", or without `amounts` "the Queens". `king` names the King of Hearts (a screen
    may write K♥)."""
    chart = DIRECTORS_CHART[hand_type]

    def priced(words: str, amount: int, each: bool = False) -> str:
        if not amounts:
            return words
        return f"{words} ({amount:,} F{' each' if each else ''})"

    parts = []
    if chart.king_of_hearts:
        parts.append(priced(king, chart.king_of_hearts))
    if chart.each_queen:
        parts.append(priced("the Queens", chart.each_queen, each=True))
    if chart.each_spade:
        parts.append(priced("the Spades", chart.each_spade, each=True))
    if chart.first_trick:
        parts.append(priced("the first and the last trick", chart.first_trick, each=True))
    if chart.last_out:
        parts.append(priced("being last out", chart.last_out))
    return ", ".join(parts)
