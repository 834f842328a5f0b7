"""A game in progress: the decision log, the event log and the state they fold to.

>>> from game.games import get_ruleset
>>> rules = get_ruleset("coup-detat")
>>> match = Match(rules, rules.parse_options({"players": 4}), chance=seeded_chance(rules, 7))
>>> match.pending.word
'coup'
>>> decision = match.legal()[0]
>>> _ = match.submit(decision)
>>> match.undo(decision.seat)
True

Every decision (a seat's, or chance's outcome) goes through `Ruleset.decide`, which returns
events; the state is the fold of the events. Old states are kept as snapshots, so undo and
redo are a matter of moving references, whatever the length of the game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from game.engine.ruleset import DecisionT, EventT, OptionsT, Pending, Ruleset, StateT, ViewT

ChanceSource = Callable[[StateT], DecisionT | None]
"""Supplies chance's decision (a deal...) for a state, or None when it has none to give."""

__all__ = ["ChanceSource", "Match", "Turn", "seeded_chance"]


def seeded_chance(ruleset: Ruleset[OptionsT, StateT, DecisionT, EventT, ViewT],
                  seed: int | str | None = None) -> ChanceSource[StateT, DecisionT]:
    """Chance drawn from a private generator; the same seed gives the same deals."""
    rng = random.Random(seed)

    def draw(state: StateT) -> DecisionT:
        return ruleset.random_chance(state, rng)

    return draw


@dataclass(frozen=True, slots=True)
class Turn(Generic[StateT, DecisionT]):
    """One decision in the log, where its events start, and the state before it."""

    decision: DecisionT
    first_event: int
    state_before: StateT

    @property
    def seat(self) -> int | None:
        return self.decision.seat


@dataclass(frozen=True, slots=True)
class _Undone(Generic[StateT, DecisionT, EventT]):
    seat: int
    turns: tuple[Turn[StateT, DecisionT], ...]
    events: tuple[EventT, ...]
    state_after: StateT


class Match(Generic[OptionsT, StateT, DecisionT, EventT, ViewT]):
    """Runs a ruleset: submit decisions, read the state and views, undo and redo."""

    def __init__(self, ruleset: Ruleset[OptionsT, StateT, DecisionT, EventT, ViewT],
                 options: OptionsT, *,
                 chance: ChanceSource[StateT, DecisionT] | None = None) -> None:
        self.ruleset = ruleset
        self.options = options
        self.chance = chance
        self.state: StateT = ruleset.new_game(options)
        self.events: list[EventT] = []
        self.turns: list[Turn[StateT, DecisionT]] = []
        self._undone: list[_Undone[StateT, DecisionT, EventT]] = []
        self.rewinds = 0  # counts undos and redos, for readers following the events
        self.foreseen: Callable[[int], bool] | None = None
        """Says of a turn (its index) that what it dealt or revealed was known beforehand
        (a lesson's recorded game): undo may go back past it. None: nothing is."""
        self.advance()

    @classmethod
    def replay(cls, ruleset: Ruleset[OptionsT, StateT, DecisionT, EventT, ViewT],
               options: OptionsT, decisions: Iterable[DecisionT], *,
               chance: ChanceSource[StateT, DecisionT] | None = None,
               ) -> Match[OptionsT, StateT, DecisionT, EventT, ViewT]:
        """A match rebuilt by submitting `decisions` (chance's included) in order.

        Raises `IllegalMove` from the first decision the rules refuse. `chance` takes over
        only once every logged decision has been replayed.
        """
        match = cls(ruleset, options)
        for decision in decisions:
            match.submit(decision)
        match.chance = chance
        match.advance()
        return match

    # Reading -----------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        return self.ruleset.pending(self.state)

    @property
    def players(self) -> int:
        return self.ruleset.players(self.options)

    @property
    def moment(self) -> tuple[int, int]:
        """Changes whenever the question open may have: a decision made, undone or redone."""
        return len(self.turns), self.rewinds

    @property
    def decisions(self) -> list[DecisionT]:
        return [turn.decision for turn in self.turns]

    def legal(self) -> Sequence[DecisionT]:
        return self.ruleset.legal(self.state)

    def view(self, seat: int | None) -> ViewT:
        return self.ruleset.view(self.state, seat)

    def events_of(self, index: int) -> list[EventT]:
        """The events the decision at `turns[index]` caused."""
        end = self.turns[index + 1].first_event if index + 1 < len(self.turns) \
            else len(self.events)
        return self.events[self.turns[index].first_event:end]

    def beats_of(self, index: int) -> list[tuple[EventT, StateT]]:
        """The events the decision at `turns[index]` caused, each with the state after it
        (folded from the state before it: the one decision replayed, not the game)."""
        state, beats = self.turns[index].state_before, []
        for event in self.events_of(index):
            state = self.ruleset.apply(state, event)
            beats.append((event, state))
        return beats

    def as_it_stands(self) -> Match[OptionsT, StateT, DecisionT, EventT, ViewT]:
        """The match as it stands now, to be read in another thread while this one goes
        on: its lists copied (a reference each: turns, events and states never change),
        with no chance and nothing to redo; read, not played."""
        standing = copy.copy(self)
        standing.events, standing.turns, standing._undone = [*self.events], [*self.turns], []
        standing.chance = None
        return standing

    @property
    def stalled(self) -> bool:
        """Chance must act but nobody supplied its outcome (a scenario out of deals)."""
        return self.pending.is_chance

    # Deciding ------------------------------------------------------------------------
    def submit(self, decision: DecisionT) -> list[EventT]:
        """Apply one decision, then let chance act; the new events, in order.

        Raises `IllegalMove` (and changes nothing) when the rules refuse the decision.
        """
        new_events = self._record(decision)
        self._undone.clear()
        new_events.extend(self.advance())
        return new_events

    def advance(self) -> list[EventT]:
        """Let chance act until a seat must decide, the game ends or chance has nothing."""
        new_events: list[EventT] = []
        while self.chance is not None and self.pending.is_chance:
            decision = self.chance(self.state)
            if decision is None:
                break
            new_events.extend(self._record(decision))
        return new_events

    def _record(self, decision: DecisionT) -> list[EventT]:
        decided = self.ruleset.decide(self.state, decision)
        self.turns.append(Turn(decision, len(self.events), self.state))
        self.state = decided.state
        self.events.extend(decided.events)
        return list(decided.events)

    # Undo and redo -------------------------------------------------------------------
    def undo_point(self, seat: int) -> int | None:
        """Index in `turns` of `seat`'s last decision that undo may return to: never past
        a chance (a deal) or a decision that revealed hidden cards (a draw), never once the
        game is over."""
        if self.pending.over:
            return None
        for index in range(len(self.turns) - 1, -1, -1):
            decider = self.turns[index].seat
            if (decider is None or self._revealed(index)) and not self._was_foreseen(index):
                return None
            if decider == seat:
                return index
        return None

    def _was_foreseen(self, index: int) -> bool:
        return self.foreseen is not None and self.foreseen(index)

    def _revealed(self, index: int) -> bool:
        """Did the decision at `turns[index]` show anyone cards chance had hidden?"""
        return any(map(self.ruleset.reveals, self.events_of(index)))

    def can_undo(self, seat: int) -> bool:
        return self.undo_point(seat) is not None

    def undo(self, seat: int) -> bool:
        """Back to just before `seat`'s previous decision, undoing everything after it."""
        index = self.undo_point(seat)
        if index is None:
            return False
        turn = self.turns[index]
        self._undone.append(
            _Undone(
                seat,
                tuple(self.turns[index:]),
                tuple(self.events[turn.first_event :]),
                self.state,
            )
        )
        del self.turns[index:]
        del self.events[turn.first_event :]
        self.state = turn.state_before
        self.rewinds += 1
        return True

    def can_redo(self, seat: int) -> bool:
        return bool(self._undone) and self._undone[-1].seat == seat

    def redo(self, seat: int) -> bool:
        """Restore what `seat`'s last undo took back (until a new decision is made)."""
        if not self.can_redo(seat):
            return False
        undone = self._undone.pop()
        self.turns.extend(undone.turns)
        self.events.extend(undone.events)
        self.state = undone.state_after
        self.rewinds += 1
        return True
