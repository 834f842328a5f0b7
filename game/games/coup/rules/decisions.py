"""What a seat (or chance) decides in Coup. Each is a small immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.games.coup.rules.charts import Action, Character

# Chance's decisions: nobody's seat.


@dataclass(frozen=True, slots=True)
class ChooseStarter:
    """Who starts the first round (a scenario's `first_dealer`)."""

    starter: int
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's deal: each seat's face-down cards, seat 0 first, the court deck top first,
    and, in the two-player alternative deal, the cards discarded out of the game."""

    hands: tuple[tuple[Character, ...], ...]
    deck: tuple[Character, ...]
    out_of_game: tuple[Character, ...] = ()
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class DealSets:
    """The two-player alternative deal: each player gets a set of the five characters to
    keep one from; the third set, shuffled (top first), deals one card to each player and
    its last three are the court deck."""

    third_set: tuple[Character, ...]
    seat: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class Shuffle:
    """The court deck after a shuffle, top first."""

    deck: tuple[Character, ...]
    seat: ClassVar[None] = None


# The seats' decisions.


@dataclass(frozen=True, slots=True)
class TakeAction:
    seat: int
    action: Action
    target: int | None = None
    called: Character | None = None  # Call the Coup: the character named


@dataclass(frozen=True, slots=True)
class Challenge:
    seat: int


@dataclass(frozen=True, slots=True)
class Allow:
    """Let the claim (in a challenge window) or the action (in a block window) pass."""

    seat: int


@dataclass(frozen=True, slots=True)
class Block:
    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class Reveal:
    """A challenged player shows a face-down card."""

    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class Lose:
    """Turn a face-down card face up: an influence lost (or, challenged in `coup`, a claim
    conceded)."""

    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class Keep:
    """The Ambassador exchange: the face-down cards kept, in the order named."""

    seat: int
    cards: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class Swap:
    """The Inquisitor draw: give this face-down card back for the drawn one, or (None)
    send the drawn card back."""

    seat: int
    character: Character | None


@dataclass(frozen=True, slots=True)
class Show:
    """An examined player shows the Inquisitor one face-down card."""

    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class ForceDraw:
    """The Inquisitor makes the examined player shuffle the shown card back and draw."""

    seat: int
    force: bool


@dataclass(frozen=True, slots=True)
class ReturnCards:
    """After a missed called Coup: the two cards sent back to the deck, in order."""

    seat: int
    cards: tuple[Character, ...]


Decision = (ChooseStarter | Deal | DealSets | Shuffle | TakeAction | Challenge | Allow | Block
            | Reveal | Lose | Keep | Swap | Show | ForceDraw | ReturnCards)
