"""What happens in Coup d'État: the facts `apply` folds into the state.

Some events carry private facts (a deal, the centre card taken on declining); the
narration tells them only to the seat that may know them (`Narrator.knows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.cards import Card
from game.games.coup_detat.rules.charts import HandType
from game.rules.card_play import CardPlayed, Passed, RunEnded, RunStarted

# The first Director.


@dataclass(frozen=True, slots=True)
class DrewForDirector:
    draws: tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class DrawTied:
    """These seats drew equal highest cards: they draw again."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DirectorAppointed:
    """The first Director takes office: the first round begins."""

    seat: int


# The deal and the choice of hand.


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[Card, ...], ...]
    center: Card


@dataclass(frozen=True, slots=True)
class DealThrownIn:
    """COUP was the centre card: the Director shuffles and deals again."""


@dataclass(frozen=True, slots=True)
class CoupHolderAnnounced:
    seat: int


@dataclass(frozen=True, slots=True)
class CoupAttempted:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class CoupCardExchanged:
    """A coup Dominos: COUP is set aside and the centre card (private) joins the hand."""

    seat: int
    center: Card


@dataclass(frozen=True, slots=True)
class CoupDeclined:
    """COUP leaves play; its holder takes the centre card (private) into his hand."""

    seat: int
    center: Card


@dataclass(frozen=True, slots=True)
class HandTypeChosen:
    seat: int
    hand_type: HandType


# Play.


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    number: int  # 1 for the first trick
    center: Card | None = None  # a coup hand's centre card, turned up with the first trick


@dataclass(frozen=True, slots=True)
class WentOut:
    seat: int
    place: int  # 1 = first out


@dataclass(frozen=True, slots=True)
class LastOut:
    seat: int


# Settling.


class Reason(StrEnum):
    PENALTY = "penalty"
    COUP = "coup"
    HIDDEN_COUP = "hidden coup"
    FAILED_COUP = "failed coup"


@dataclass(frozen=True, slots=True)
class CoupSucceeded:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class CoupFailed:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class HiddenCoup:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class Borrowed:
    debtor: int
    lender: int
    amount: int  # cash lent
    owed: int  # what it adds to the debt (1200 a thousand)


@dataclass(frozen=True, slots=True)
class Paid:
    payer: int
    payee: int | None  # None: the Treasury
    amount: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class Repaid:
    debtor: int
    lender: int
    amount: int


@dataclass(frozen=True, slots=True)
class TreasuryTaken:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DirectorChanged:
    seat: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round_index: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_index: int
    director: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]


Event = (
    DrewForDirector
    | DrawTied
    | DirectorAppointed
    | Dealt
    | DealThrownIn
    | CoupHolderAnnounced
    | CoupAttempted
    | CoupCardExchanged
    | CoupDeclined
    | HandTypeChosen
    | CardPlayed
    | TrickWon
    | RunStarted
    | RunEnded
    | Passed
    | WentOut
    | LastOut
    | CoupSucceeded
    | CoupFailed
    | HiddenCoup
    | Borrowed
    | Paid
    | Repaid
    | TreasuryTaken
    | DirectorChanged
    | HandEnded
    | RoundEnded
    | RoundStarted
    | GameEnded
)
