"""The state of a game of Coup d'État for two: immutable values, folded from events by
`apply`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.cards import Card, Suit
from game.games.coup_detat_duel.rules.charts import PLAYERS, HandType, Role
from game.rules.domino_rows import NO_ROWS, Rows
from game.rules.trick_taking import Trick


class Phase(StrEnum):
    CUT = "cut"  # chance: cutting for the first Prime Minister
    DEAL = "deal"  # chance: the Prime Minister shuffles and deals
    COUP = "coup"  # the Peasant, holding JOKER, announces it or keeps quiet
    CHOOSE = "choose"  # the Prime Minister names the hand type
    EXCHANGE = "discard"  # the Bastille exchange: PM, then Peasant
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Options:
    players: int = PLAYERS


# The records below are changed with `evolve` (see game/engine/values.py), hence no slots.


@dataclass(frozen=True)
class TrickPlay:
    """The tricks of a hand other than Dominoes."""

    plays: tuple[tuple[int, Card], ...] = ()  # the current trick so far
    led_suit: Suit | None = None
    done: tuple[Trick, ...] = ()


@dataclass(frozen=True)
class DominoesPlay:
    """The Dominoes layout. Places are in the ladder A K Q J 10 9 8 7 6 (0 = Ace); JOKER is
    the only 6."""

    start: int | None = None  # the starting rank's place; None until the first card
    rows: Rows = NO_ROWS
    laid: tuple[tuple[int, Card], ...] = ()  # every card laid, in order
    joker_suit: Suit | None = None  # the suit a JOKER laid first stands for
    # Each pass: (seat, how many cards were laid by then); public.
    passes: tuple[tuple[int, int], ...] = ()
    runner: int | None = None  # the seat on an Ace-on-King run
    out: int | None = None  # the seat that emptied his hand
    blocked: bool = False  # neither player could lay a card

    @property
    def first_player(self) -> int | None:
        return self.laid[0][0] if self.laid else None


@dataclass(frozen=True)
class HandState:
    """One hand, from the deal to the last card."""

    hands: tuple[tuple[Card, ...], ...]  # each seat's cards, in the house order
    bastille: tuple[Card, ...]  # what is left of it, top first
    to_act: int
    set_aside: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS  # per seat, private to him
    drawn: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS  # per seat, what he drew, private
    hand_type: HandType | None = None
    coup: bool = False  # the Peasant announced JOKER and plays for a coup
    tricks: TrickPlay | None = None
    dominoes: DominoesPlay | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """One line of the scoresheet: the hand, who was PM, whether it was a coup, who
    scored the point."""

    round_index: int  # ROUNDS for the tiebreak
    hand_type: HandType
    prime_minister: int
    coup: bool
    winner: int


@dataclass(frozen=True)
class State:
    options: Options
    phase: Phase
    prime_minister: int | None = None
    first_prime_minister: int | None = None  # round 1's first PM
    round_index: int = 0
    tiebreak: bool = False
    results: tuple[HandResult, ...] = ()
    hand: HandState | None = None
    winners: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def peasant(self) -> int | None:
        return None if self.prime_minister is None else other(self.prime_minister)

    def role(self, seat: int) -> Role:
        return Role.PRIME_MINISTER if seat == self.prime_minister else Role.PEASANT

    @property
    def points(self) -> tuple[int, ...]:
        """Hands won by each seat so far."""
        won = [0] * self.players
        for result in self.results:
            won[result.winner] += 1
        return tuple(won)

    @property
    def played_this_round(self) -> tuple[HandType, ...]:
        return tuple(r.hand_type for r in self.results if r.round_index == self.round_index)

    @property
    def leader(self) -> int | None:
        """Who leads the first trick (or plays the first Dominoes card) of this hand."""
        if self.hand is None or self.prime_minister is None:
            return None
        return self.peasant if self.hand.coup else self.prime_minister


def other(seat: int) -> int:
    """The other player (play always moves to the left, which is him)."""
    return (seat + 1) % PLAYERS
