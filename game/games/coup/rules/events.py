"""What happens in Coup: the facts `apply` folds into the state."""

from __future__ import annotations

from dataclasses import dataclass

from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.state import Next


@dataclass(frozen=True, slots=True)
class StarterChosen:
    seat: int


@dataclass(frozen=True, slots=True)
class Dealt:
    round_index: int
    starter: int
    hands: tuple[tuple[Character, ...], ...]
    deck: tuple[Character, ...]
    out_of_game: tuple[Character, ...]
    coins: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SetsDealt:
    """The alternative deal: each player holds a set of the five characters to keep one
    from; the third set waits, shuffled, in the deck."""

    round_index: int
    starter: int
    sets: tuple[tuple[Character, ...], ...]
    third_set: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class KeptOne:
    """The alternative deal: the seat keeps one card and discards the rest of his set."""

    seat: int
    kept: Character
    discarded: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class Shuffled:
    deck: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class ActionDeclared:
    seat: int
    action: Action
    target: int | None
    called: Character | None
    cost: int


@dataclass(frozen=True, slots=True)
class ChallengeWindowOpened:
    claimant: int
    claim: Character
    askers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BlockWindowOpened:
    askers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Allowed:
    seat: int


@dataclass(frozen=True, slots=True)
class Challenged:
    seat: int
    claimant: int
    claim: Character


@dataclass(frozen=True, slots=True)
class Blocked:
    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class ClaimProven:
    """The claimant showed the card: it goes back to the bottom of the deck."""

    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class ClaimFailed:
    seat: int
    claim: Character


@dataclass(frozen=True, slots=True)
class MustLose:
    """The seat must choose an influence to lose; `then` is what follows."""

    seat: int
    then: Next


@dataclass(frozen=True, slots=True)
class InfluenceLost:
    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class Exiled:
    seat: int


@dataclass(frozen=True, slots=True)
class Drew:
    """A card from the top of the deck to the end of the seat's face-down cards."""

    seat: int
    cards: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class ReplacementDue:
    """A shown card went back: after the shuffle the seat draws one, then `then`."""

    seat: int
    then: Next


@dataclass(frozen=True, slots=True)
class ActionFailed:
    seat: int
    refund: int


@dataclass(frozen=True, slots=True)
class ActionBlocked:
    seat: int


@dataclass(frozen=True, slots=True)
class CoinsTaken:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Stole:
    seat: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class CalledCoupHit:
    target: int
    character: Character


@dataclass(frozen=True, slots=True)
class CalledCoupMissed:
    """The target shows his face-down cards, loses nothing and draws."""

    target: int
    shown: tuple[Character, ...]
    drawn: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class DrewToChoose:
    """Cards drawn for an exchange or an Inquisitor draw, to keep or send back."""

    seat: int
    cards: tuple[Character, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned:
    """Cards back to the bottom of the deck, in order; a shuffle follows."""

    seat: int
    cards: tuple[Character, ...]
    kept: tuple[Character, ...]  # the seat's face-down cards afterwards


@dataclass(frozen=True, slots=True)
class ExamineDue:
    target: int


@dataclass(frozen=True, slots=True)
class Shown:
    seat: int
    character: Character
    to: int


@dataclass(frozen=True, slots=True)
class ForcedDraw:
    """The examined player sends the shown card back; he draws after the shuffle."""

    seat: int
    character: Character


@dataclass(frozen=True, slots=True)
class NoForcedDraw:
    seat: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    next_seat: int


@dataclass(frozen=True, slots=True)
class RoundWon:
    seat: int
    round_index: int


@dataclass(frozen=True, slots=True)
class MatchWon:
    winners: tuple[int, ...]


Event = (StarterChosen | Dealt | SetsDealt | KeptOne | Shuffled | ActionDeclared
         | ChallengeWindowOpened | BlockWindowOpened | Allowed | Challenged | Blocked
         | ClaimProven | ClaimFailed
         | MustLose | InfluenceLost | Exiled | Drew | ReplacementDue | ActionFailed
         | ActionBlocked | CoinsTaken | Stole | CalledCoupHit | CalledCoupMissed | DrewToChoose
         | CardsReturned | ExamineDue | Shown | ForcedDraw | NoForcedDraw | TurnEnded
         | RoundWon | MatchWon)
