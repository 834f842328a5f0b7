"""The printed material of the game for two: the hand types, the Prime Minister's and the
Coup charts (goals, what may not be set aside, what may not be led first), the 33-card
deck with its one rank order, and the sizes of the deal, the Bastille and the exchange."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from game.cards import JOKER, Card, Rank, Suit, card, suited_deck


class HandType(StrEnum):
    """The six hands of a round, in the order of the charts."""

    MARIE = "marie"
    SIEGE = "siege"
    WATERLOO = "waterloo"
    GUILLOTINE = "guillotine"
    TOUCHE = "touche"
    DOMINOES = "dominoes"

    @property
    def label(self) -> str:
        """The hand's name as printed on the charts: "Marie", "Touché"..."""
        return "Touché" if self is HandType.TOUCHE else self.value.capitalize()


class Role(IntEnum):
    """The two offices, as indexes of per-role tables."""

    PRIME_MINISTER = 0
    PEASANT = 1

    @property
    def title(self) -> str:
        return "Prime Minister" if self is Role.PRIME_MINISTER else "Peasant"


PLAYERS = 2
ROUNDS = 2
HANDS_PER_ROUND = len(HandType)
HAND_SIZE = 12
BASTILLE_SIZE = 9
TRICKS_PER_HAND = HAND_SIZE


def hand_size(players: int = PLAYERS) -> int:
    """The cards dealt to each of the two players."""
    return HAND_SIZE


@dataclass(frozen=True, slots=True)
class ExchangeLimits:
    """How many cards a role sets aside and draws from the Bastille."""

    fewest: int
    most: int


EXCHANGE_LIMITS = {Role.PRIME_MINISTER: ExchangeLimits(1, 4), Role.PEASANT: ExchangeLimits(1, 3)}

RANK_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
              Rank.SEVEN)
"""High to low, for tricks, the cut and Dominoes alike."""

SUITED = suited_deck(RANK_ORDER)


def in_display_order(cards: Iterable[Card]) -> list[Card]:
    """A hand as a player sorts it, on the table and in the log: suits apart (S H C D:
    colours alternate), high to low, JOKER on the right."""
    order = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

    def place(card: Card) -> tuple[int, int]:
        if card is JOKER:
            return len(order), 0
        return order.index(card.suit), RANK_ORDER.index(card.rank)

    return sorted(cards, key=place)

DECK: tuple[Card, ...] = (*SUITED, JOKER)

TRICK_STRENGTH: dict[Card, int] = {c: len(RANK_ORDER) - RANK_ORDER.index(c.rank)
                                   for c in SUITED}
"""Higher wins a trick within the suit led (JOKER is placed by the trick rule itself)."""

CUT_STRENGTH: dict[Card, int] = {**TRICK_STRENGTH, JOKER: len(RANK_ORDER) + 1}
"""The cut for Prime Minister: ranks only (suits are equal), JOKER highest."""

DOMINOES_PLACE: dict[Rank, int] = {rank: place for place, rank in enumerate(RANK_ORDER)}
JOKER_DOMINOES_PLACE = len(RANK_ORDER)  # JOKER is a 6: next below the 7 in the ladder
DOMINOES_LADDER_SIZE = len(RANK_ORDER) + 1
SEVEN_PLACE = DOMINOES_PLACE[Rank.SEVEN]

QUEEN_OF_HEARTS = card("QH")
SPADES = frozenset(c for c in SUITED if c.suit is Suit.SPADES)
JACKS = frozenset(c for c in SUITED if c.rank is Rank.JACK)
JACKS_PRIME_MINISTER_MAY_TAKE = 1
JACKS_FOR_A_COUP = 3


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One hand type on both charts."""

    prime_ministers_goal: str  # what the PM must do in his own hand
    coup_goal: str  # what the Peasant must do in his coup
    not_to_set_aside: frozenset[Card] = frozenset()
    not_to_set_aside_words: str = ""  # the same, as players say it
    no_first_lead: frozenset[Suit] = frozenset()


CHART: dict[HandType, ChartLine] = {
    HandType.MARIE: ChartLine(
        "avoid taking the Queen of Hearts", "take the Queen of Hearts",
        frozenset({QUEEN_OF_HEARTS}), "the Queen of Hearts", frozenset({Suit.HEARTS})),
    HandType.SIEGE: ChartLine(
        "avoid taking more Spades than the Peasant (a tie is a success)",
        "take more Spades than the Prime Minister (a tie is a failure)",
        SPADES, "a Spade", frozenset({Suit.SPADES})),
    HandType.WATERLOO: ChartLine(
        "take at most one Jack", "take 3 or 4 Jacks", JACKS, "a Jack"),
    HandType.GUILLOTINE: ChartLine(
        "avoid taking more tricks than the Peasant (6-6 is a success)",
        "take more tricks than the Prime Minister (6-6 is a failure)"),
    HandType.TOUCHE: ChartLine(
        "avoid taking both the first and the last trick", "take both the first and the last trick"),
    HandType.DOMINOES: ChartLine("avoid being last out of cards", "be first out of cards"),
}
