"""The state of a match of Coup (either configuration): immutable values folded from events
by `apply`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.games.coup.rules.charts import FIVE_LIVES_REPLACED, Action, Character, Variant


class Phase(StrEnum):
    """What the game waits for; a seat's phase is named by its FORMAT.md decision word."""

    START = "starter"  # chance: who starts the first round
    DEAL = "deal"  # chance: the deal of a round
    PICK = "pick"  # the alternative deal: each player keeps one card of his set ("keep")
    ACTION = "action"
    CHALLENGE = "challenge"
    BLOCK = "block"
    REVEAL = "reveal"
    LOSE = "lose"
    KEEP = "keep"
    SWAP = "swap"
    SHOW = "show"
    FORCE_DRAW = "force_draw"
    RETURN = "return"
    OVER = "over"
    SHUFFLE_DUE = "shuffle"  # never the state's phase: chance shuffles whenever it is due


class Next(StrEnum):
    """What follows a loss of influence or a replacement draw."""

    BLOCK_STEP = "block step"  # the action's claim stands: on to the block window
    ACTION_FAILED = "action failed"  # the action's claim failed: refund, end of turn
    ACTION_BLOCKED = "action blocked"  # the block stands: end of turn
    RESOLVE = "resolve"  # the action goes ahead
    CHALLENGER_LOSES = "challenger loses"  # after a proven claim's replacement
    END_TURN = "end turn"


class Said(StrEnum):
    """What the table saw a player say or do about the characters (a public record)."""

    CLAIMED = "claimed"  # he claimed the character (a turn's claim or a block's)
    LET_PASS = "let pass"  # asked, he did not challenge a claim of the character
    CHALLENGED = "challenged"  # he challenged a claim of the character
    PROVEN = "proven"  # challenged, he showed the card (it went back to the deck)
    CAUGHT = "caught"  # challenged, he could not or would not show it
    NOT_BLOCKED = "not blocked"  # asked, he did not block the action
    EXCHANGED = "exchanged"  # cards of his went back to the deck (new ones in his hand)


@dataclass(frozen=True, slots=True)
class Heard:
    """One entry of the round's public record: `seat` did `said` (about `character`, or
    about the `action` he was asked to block)."""

    seat: int
    said: Said
    character: Character | None = None
    action: Action | None = None


@dataclass(frozen=True, slots=True)
class Options:
    players: int
    alternative_deal: bool = False  # coup, two players
    call_the_coup: bool = True  # coup-inquisitor, two players
    five_lives: bool = True  # coup-inquisitor, two players
    rounds: int = 1  # rounds in the match; the most round wins takes it


@dataclass(frozen=True)
class TurnState:
    """The turn under way: the action, and the claims, windows and answers it led to."""

    actor: int
    action: Action
    target: int | None = None
    called: Character | None = None  # Call the Coup: the character named
    claimant: int | None = None  # whose claim the open challenge window is about
    claim: Character | None = None
    askers: tuple[int, ...] = ()  # who still answers in the open window, in order
    challenger: int | None = None
    blocker: int | None = None
    block_claim: Character | None = None
    drawn: tuple[Character, ...] = ()  # drawn for an exchange or an Inquisitor draw
    shown: Character | None = None  # the card an examined player showed
    after: Next | None = None  # what follows the pending loss or replacement
    replacing: int | None = None  # who draws a replacement once the deck is shuffled


@dataclass(frozen=True)
class State:
    variant: Variant
    options: Options
    phase: Phase = Phase.START
    to_act: int = 0
    round_index: int = 0
    starter: int = 0  # who started this round
    hands: tuple[tuple[Character, ...], ...] = ()  # face-down cards, in the order received
    revealed: tuple[tuple[Character, ...], ...] = ()  # face up, in the order lost
    coins: tuple[int, ...] = ()
    deck: tuple[Character, ...] = ()  # the court deck, top first
    out_of_game: tuple[Character, ...] = ()  # the alternative deal's discards
    shuffle_due: bool = False  # cards went back to the deck: chance shuffles it next
    turn: TurnState | None = None
    round_wins: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    heard: tuple[Heard, ...] = ()  # the round's public record of claims and answers

    @property
    def players(self) -> int:
        return self.options.players

    def hearing(self, *entries: Heard) -> tuple[Heard, ...]:
        """The public record with `entries` added."""
        return (*self.heard, *entries)

    def alive(self, seat: int) -> bool:
        return bool(self.hands) and bool(self.hands[seat])

    @property
    def living(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.alive(seat))

    def from_left_of(self, seat: int) -> tuple[int, ...]:
        """Every other living player, in turn from `seat`'s left."""
        return tuple(other for step in range(1, self.players)
                     if self.alive(other := (seat + step) % self.players))

    @property
    def two_player_rules(self) -> bool:
        return self.variant.two_player_options and self.players == 2

    @property
    def calls_the_coup(self) -> bool:
        return self.two_player_rules and self.options.call_the_coup

    def replaces_lost_card(self, seat: int) -> bool:
        """Five lives: the seat's 1st to 3rd lost cards are replaced (not the 4th, 5th)."""
        return (self.two_player_rules and self.options.five_lives
                and len(self.revealed[seat]) <= FIVE_LIVES_REPLACED)

    def current_turn(self) -> TurnState:
        assert self.turn is not None
        return self.turn


def without(cards: tuple[Character, ...], *gone: Character) -> tuple[Character, ...]:
    """`cards` with one of each of `gone` taken out (the first of its kind)."""
    rest = list(cards)
    for character in gone:
        rest.remove(character)
    return tuple(rest)


def replaced(values: tuple, seat: int, value: object) -> tuple:
    return (*values[:seat], value, *values[seat + 1:])
