"""The referee every ruleset's `decide` starts with: a decision must be one of the game's,
come in its phase, and, unless chance makes it, from the seat whose turn it is. Then its
handler chronicles the events it causes.

A ruleset gives the referee one table: for each kind of decision, its handler, the phase
it belongs to, and whether a seat makes it (`BY_A_SEAT`) or chance does (`BY_CHANCE`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from game.engine.chronicle import Chronicle
from game.engine.errors import IllegalMove, quoted

S = TypeVar("S")
BY_A_SEAT, BY_CHANCE = True, False
OVER = "over"  # the value of every ruleset's final phase


@dataclass(frozen=True)
class Rule:
    """How one kind of decision is handled."""

    handler: Callable[[Chronicle[Any, Any], Any], None]
    phase: StrEnum
    by_a_seat: bool


@dataclass(frozen=True)
class Referee(Generic[S]):
    game: str  # the game's name, for the refusal of a decision from another game
    rules: Mapping[type, Rule]
    apply: Callable[[S, Any], S]
    awaited: Callable[[S], str]  # what the game waits for, in words
    seat_to_act: Callable[[S], int | None]

    def decide(self, state: S, decision: Any) -> Chronicle[S, Any]:
        rule = self.rules.get(type(decision))
        if rule is None:
            raise IllegalMove(f"{decision!r} is not a decision of {self.game}.")
        self._check_turn(state, decision, rule)
        events: Chronicle[S, Any] = Chronicle(state, self.apply)
        rule.handler(events, decision)
        return events

    def _check_turn(self, state: Any, decision: Any, rule: Rule) -> None:
        phase = state.phase
        if phase == OVER:  # a StrEnum: compared as its value
            raise IllegalMove("The game is over.")
        if not rule.by_a_seat:
            if phase is not rule.phase:
                raise IllegalMove(f"There is nothing to {rule.phase.value} now: "
                                  f"{self.awaited(state)}.")
            return
        seat = decision.seat
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalMove(f"There is no seat {quoted(seat)} in a {state.players}-player "
                              "game.")
        if phase is not rule.phase or self.seat_to_act(state) != seat:
            raise IllegalMove(f"Not now: {self.awaited(state)}.")
