"""What happens in Coup d'État for two: the facts `apply` folds into the state.

Some events carry private facts (a deal, the cards set aside and drawn in the Bastille
exchange); the narration tells them only to the seat that may know them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.games.coup_detat_duel.rules.charts import HandType
from game.rules.card_play import CardPlayed, Passed, RunEnded, RunStarted

# The first Prime Minister.


@dataclass(frozen=True, slots=True)
class Cut:
    cuts: tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class CutTied:
    """Both cut cards of the same rank: they cut again."""


@dataclass(frozen=True, slots=True)
class PrimeMinisterAppointed:
    """The first Prime Minister takes office: the first round begins."""

    seat: int


# The deal, the coup and the choice of hand.


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[Card, ...], ...]
    bastille: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CoupAnnounced:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class NoCoup:
    """The Peasant holding JOKER keeps it quiet: the Prime Minister names the hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandTypeChosen:
    seat: int
    hand_type: HandType


# The Bastille exchange.


@dataclass(frozen=True, slots=True)
class SetAside:
    """Cards set aside face down (private to their owner; their number is public)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DrewFromBastille:
    """As many cards drawn from the top of the Bastille (private to the drawer)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class QueenOfHeartsInBastille:
    """Marie: `QH` is among the unused Bastille cards; the hand is dealt again."""


@dataclass(frozen=True, slots=True)
class ExchangeEnded:
    """The rest of the Bastille is out of play; the first lead is awaited."""

    leader: int


# Play.


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    number: int  # 1 for the first trick


@dataclass(frozen=True, slots=True)
class WentOut:
    """Dominoes: the seat has laid his last card; the other is last out."""

    seat: int


@dataclass(frozen=True, slots=True)
class LayoutBlocked:
    """Dominoes: neither player can lay a card; `winner` holds fewer cards (on equal
    counts, he played the first card)."""

    cards_left: tuple[int, ...]
    winner: int


# The hand's point, the office, the rounds.


@dataclass(frozen=True, slots=True)
class HandWon:
    """The one point of the hand. `goal_met`: did the player who chose it (the PM, or the
    Peasant in a coup) achieve his goal?"""

    seat: int
    hand_type: HandType
    coup: bool
    goal_met: bool


@dataclass(frozen=True, slots=True)
class PrimeMinisterChanged:
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
    prime_minister: int


@dataclass(frozen=True, slots=True)
class TiebreakStarted:
    """Points are equal after two rounds: one PM's hand of Dominoes decides."""

    prime_minister: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]


Event = (
    Cut
    | CutTied
    | PrimeMinisterAppointed
    | Dealt
    | CoupAnnounced
    | NoCoup
    | HandTypeChosen
    | SetAside
    | DrewFromBastille
    | QueenOfHeartsInBastille
    | ExchangeEnded
    | CardPlayed
    | TrickWon
    | RunStarted
    | RunEnded
    | Passed
    | WentOut
    | LayoutBlocked
    | HandWon
    | PrimeMinisterChanged
    | HandEnded
    | RoundEnded
    | RoundStarted
    | TiebreakStarted
    | GameEnded
)
