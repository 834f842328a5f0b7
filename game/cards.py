"""Cards, suits, ranks and their notation ("10S", "KH", "COUP", "JOKER").

Every card exists exactly once: `Card.parse("KH") is Card.parse("KH")`. Cards therefore
compare and hash by identity, which keeps the rules code fast and lets a hand be a plain
tuple. Rank *order* is not a property of a card: each ruleset has its own orders
(trick order A 10 K Q ..., Dominos order A K Q J 10 ...), kept as tables in the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit's name as players say it: "Spades", "Hearts"..."""
        return self.name.capitalize()

    @property
    def singular(self) -> str:
        return self.plural[:-1]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(StrEnum):
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    FOUR = "4"
    TWO = "2"

    @property
    def word(self) -> str:
        """The rank as players say it: "Ace", "10", "King"..."""
        return self.name.capitalize() if not self.value.isdigit() else self.value


class Card:
    """One card of the house's decks. Never construct directly: use `Card.parse`."""

    __slots__ = ("code", "index", "rank", "suit")
    _by_code: ClassVar[dict[str, Card]] = {}

    code: str
    rank: Rank | None
    suit: Suit | None
    index: int  # a fixed position among all cards, for canonical ordering

    def __init__(self, code: str, rank: Rank | None, suit: Suit | None) -> None:
        if code in Card._by_code:
            raise ValueError(f"card {code} already exists; use Card.parse")
        self.code = code
        self.rank = rank
        self.suit = suit
        self.index = len(Card._by_code)
        Card._by_code[code] = self

    @classmethod
    def parse(cls, code: object) -> Card:
        """The card written `code` ("10S", "KH", "COUP"); `UnknownCard` if none is (or
        `code` is not text)."""
        card = cls._by_code.get(code) if isinstance(code, str) else None
        if card is None:
            raise UnknownCard(code)
        return card

    @property
    def is_wild(self) -> bool:
        return self.rank is None

    @property
    def face(self) -> tuple[Rank, Suit]:
        """The rank and suit of a card that has them; `ValueError` for a wild card."""
        if self.rank is None or self.suit is None:
            raise ValueError(f"{self.code} has no rank and suit")
        return self.rank, self.suit

    @property
    def label(self) -> str:
        """A short, readable form: "K♥", "10♠", "COUP"."""
        if self.rank is None or self.suit is None:
            return self.code
        return f"{self.rank.value}{self.suit.symbol}"

    def __repr__(self) -> str:
        return self.code

    __str__ = __repr__

    # Cards are unique: copying one must give the same object back.
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))


class UnknownCard(ValueError):
    def __init__(self, code: object) -> None:
        super().__init__(f"there is no card {code!r}")
        self.code = code


for _suit in Suit:
    for _rank in Rank:
        Card(f"{_rank.value}{_suit.value}", _rank, _suit)

COUP = Card("COUP", None, None)
JOKER = Card("JOKER", None, None)


def card(code: str) -> Card:
    """Shorthand for `Card.parse`."""
    return Card.parse(code)


def cards(codes: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from codes: `cards("AS 10S KH")` or `cards(["AS", "10S"])`."""
    if isinstance(codes, str):
        codes = codes.split()
    return tuple(Card.parse(code) for code in codes)


def suited_deck(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    """Every card of the given ranks in every suit, suit by suit (S H D C)."""
    ranks = tuple(ranks)
    return tuple(Card.parse(f"{rank.value}{suit.value}") for suit in Suit for rank in ranks)


def canonical(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the fixed house order (by suit S H D C, then rank A K Q J 10 ...)."""
    return tuple(sorted(hand, key=_index))


def _index(card: Card) -> int:
    return card.index


def codes(hand: Iterable[Card]) -> list[str]:
    return [card.code for card in hand]
