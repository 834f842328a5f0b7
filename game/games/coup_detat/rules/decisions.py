"""What a seat (or chance) decides in Coup d'État. Each is a small immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.cards import Card
from game.games.coup_detat.rules.charts import HandType
from game.rules.card_play import Pass, PlayCard, StopRun

# Chance's decisions: nobody's seat.


@dataclass(frozen=True, slots=True)
class DrawForDirector:
    """The cards drawn for the first Director, one per seat still drawing."""

    draws: tuple[tuple[int, Card], ...]
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class AppointDirector:
    """The first Director given outright (a scenario skips the draw)."""

    director: int
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class Deal:
    """The Director's shuffle and deal: eight cards a seat, seat 0 first, and the centre."""

    hands: tuple[tuple[Card, ...], ...]
    center: Card
    seat: ClassVar[None] = None


# The seats' decisions.


@dataclass(frozen=True, slots=True)
class AttemptCoup:
    seat: int
    hand_type: HandType


@dataclass(frozen=True, slots=True)
class DeclineCoup:
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseHandType:
    seat: int
    hand_type: HandType


Decision = (
    DrawForDirector
    | AppointDirector
    | Deal
    | AttemptCoup
    | DeclineCoup
    | ChooseHandType
    | PlayCard
    | Pass
    | StopRun
)
