"""The state of a game of Coup d'État: immutable values, folded from events by `apply`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.cards import Card, Rank, Suit
from game.games.coup_detat.rules.charts import HandType
from game.rules.domino_rows import NO_ROWS, SUIT_INDEX, Rows
from game.rules.trick_taking import Trick


class Phase(StrEnum):
    DRAW = "draw"  # chance: drawing for the first Director
    DEAL = "deal"  # chance: the Director shuffles and deals
    COUP = "coup"  # the holder of COUP attempts a coup or declines
    CHOOSE = "choose"  # the Director names the hand type
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Options:
    players: int
    short_game: bool = False


@dataclass(frozen=True, slots=True)
class Debt:
    """What `debtor` still owes `lender` (loans from one lender add up into one debt)."""

    debtor: int
    lender: int
    owed: int


# The records below are changed with `evolve` (see game/engine/values.py), hence no slots.


@dataclass(frozen=True)
class TrickPlay:
    """The tricks of a hand other than Dominos."""

    plays: tuple[tuple[int, Card], ...] = ()  # the current trick so far
    led_suit: Suit | None = None
    done: tuple[Trick, ...] = ()
    center_won_by: int | None = None  # a coup hand's centre card, won with the first trick

    @property
    def leader(self) -> int | None:
        return self.plays[0][0] if self.plays else None


@dataclass(frozen=True)
class DominosPlay:
    """The Dominos layout: one row per suit, grown from the starting rank."""

    starting_rank: Rank | None = None
    # Per suit (S H D C): (top, bottom) positions in the Dominos ladder (0 = Ace), or None.
    rows: Rows = NO_ROWS
    laid: tuple[tuple[int, Card], ...] = ()  # every card laid, in order
    # Each pass: (seat, how many cards were laid by then). A pass is public and tells that
    # the seat held no card the layout could take at that moment.
    passes: tuple[tuple[int, int], ...] = ()
    out: tuple[int, ...] = ()  # seats out of cards, first out first
    runner: int | None = None  # the seat on an Ace-on-King run
    last_out: int | None = None

    def row(self, suit: Suit) -> tuple[int, int] | None:
        return self.rows[SUIT_INDEX[suit]]


@dataclass(frozen=True)
class HandState:
    """One hand, from the deal to the last card."""

    hands: tuple[tuple[Card, ...], ...]  # each seat's cards, in the house order
    center: Card
    coup_holder: int
    to_act: int
    hand_type: HandType | None = None
    coup_player: int | None = None  # None: a Director's hand
    center_holder: int | None = None  # who took the centre card into his hand
    tricks: TrickPlay | None = None
    dominos: DominosPlay | None = None

    @property
    def is_coup(self) -> bool:
        return self.coup_player is not None


@dataclass(frozen=True)
class State:
    options: Options
    phase: Phase
    money: tuple[int, ...]
    treasury: int = 0
    debts: tuple[Debt, ...] = ()  # oldest first
    director: int | None = None
    round_director: int | None = None  # who started the current round as Director
    round_index: int = 0
    played_this_round: tuple[HandType, ...] = ()
    daggers: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # per hand type: 0 = column S
    drawing: tuple[int, ...] = ()  # seats still drawing for the first Director
    hand: HandState | None = None
    winners: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return self.options.players

    def worth(self, seat: int) -> int:
        """Cash, less what he still owes, plus what is still owed to him."""
        return self.all_worth()[seat]

    def all_worth(self) -> tuple[int, ...]:
        worth = list(self.money)
        for debt in self.debts:
            worth[debt.debtor] -= debt.owed
            worth[debt.lender] += debt.owed
        return tuple(worth)


def left_of(seat: int, players: int) -> int:
    return (seat + 1) % players


def seats_from_left_of(seat: int, players: int) -> list[int]:
    """Every other seat, starting at the one to the left of `seat`."""
    return [(seat + step) % players for step in range(1, players)]
