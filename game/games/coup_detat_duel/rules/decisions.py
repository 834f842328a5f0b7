"""What a seat (or chance) decides in Coup d'État for two. Each is a small immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.cards import Card
from game.games.coup_detat_duel.rules.charts import HandType
from game.rules.card_play import Pass, PlayCard, StopRun

# Chance's decisions: nobody's seat.


@dataclass(frozen=True, slots=True)
class CutForPrimeMinister:
    """The card each player cut, seat by seat."""

    cuts: tuple[tuple[int, Card], ...]
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class AppointPrimeMinister:
    """The first Prime Minister given outright (a scenario skips the cut)."""

    prime_minister: int
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class Deal:
    """The Prime Minister's shuffle and deal: twelve cards a seat, seat 0 first, and the
    nine of the Bastille, top first."""

    hands: tuple[tuple[Card, ...], ...]
    bastille: tuple[Card, ...]
    seat: ClassVar[None] = None


# The seats' decisions.


@dataclass(frozen=True, slots=True)
class AnnounceCoup:
    """The Peasant announces JOKER and names the hand of his coup."""

    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class KeepQuiet:
    """The Peasant holding JOKER does not announce it ("no coup")."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseHandType:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class SetAside:
    """The Bastille exchange: set these cards aside, draw as many."""

    seat: int
    cards: tuple[Card, ...]


Decision = (
    CutForPrimeMinister
    | AppointPrimeMinister
    | Deal
    | AnnounceCoup
    | KeepQuiet
    | ChooseHandType
    | SetAside
    | PlayCard
    | Pass
    | StopRun
)
