"""What the engine needs from a ruleset, and nothing more.

A ruleset is a definition (in the boardgame.io sense) run by the generic `Match`:

- `decide(state, decision)` checks a decision and returns the events it causes, including
  every automatic consequence (a trick won, a hand settled...), in a `Chronicle` that also
  holds the state they fold to. It raises `IllegalMove`.
- `apply(state, event)` folds one event into the state. It never validates: events are
  facts, so replaying a log cannot fail differently the second time.
- Chance is a decision too, made by nobody (`seat is None`): a deal carries its outcome.
  `random_chance` draws one; a scenario or a save supplies them instead.

States, decisions and events are immutable values; the engine keeps old states as
snapshots, which makes undo instant.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, TypeVar

from game.engine.chronicle import Chronicle
from game.engine.errors import IllegalMove, MalformedEntry

__all__ = ["AnyRuleset", "IllegalMove", "MalformedEntry", "Narrator",
           "Pending", "Ruleset", "Seated"]


class Seated(Protocol):
    """What the engine needs of every decision: whose it is (None: chance's, a deal), so
    that undo goes back to a seat's own decision."""

    @property
    def seat(self) -> int | None: ...


OptionsT = TypeVar("OptionsT")  # a game's options
StateT = TypeVar("StateT")  # its state
DecisionT = TypeVar("DecisionT", bound=Seated)  # its decisions
EventT = TypeVar("EventT")  # its events
ViewT = TypeVar("ViewT")  # a seat's view of its state
EventIn = TypeVar("EventIn", contravariant=True)  # (as a protocol wants them: events only go in,
ViewOut = TypeVar("ViewOut", covariant=True)  # views only come out)

# What code that runs every game holds: a value of whichever game it runs. Each game's
# rules are checked against `Ruleset` with its own types (`RULESET: Ruleset[Options, State,
# Decision, Event, View]`); the engine, the services and the window pass these values
# through to the game's own code, which knows their types.
State: TypeAlias = Any
Decision: TypeAlias = Any
Event: TypeAlias = Any
Options: TypeAlias = Any
View: TypeAlias = Any

@dataclass(frozen=True, slots=True)
class Pending:
    """Who must decide now, and what kind of decision (a FORMAT.md decision word).

    `seat is None` means chance must act (a shuffle and deal, a draw); `word` then names the
    kind of chance. `over` is set when the game has ended.
    """

    seat: int | None
    word: str
    over: bool = False

    @property
    def is_chance(self) -> bool:
        return self.seat is None and not self.over


GAME_OVER = Pending(None, "over", over=True)


class Narrator(Protocol):
    """Tells events in words, to one seat (what it may know) or to all."""

    def lines(self, event: Any, after: Any) -> list[str]: ...

    def starts_section(self, event: Any) -> bool:
        """Does this event open a new part of the story (a round, a deal)?"""
        ...


class Ruleset(Protocol[OptionsT, StateT, DecisionT, EventIn, ViewOut]):
    """One game's rules, pure and without I/OptionsT, over its own options, state, decisions,
    events and views."""

    id: str
    title: str
    min_players: int
    max_players: int

    # Options -----------------------------------------------------------------
    def parse_options(self, raw: Mapping[str, object]) -> OptionsT:
        """Options from JSON; `MalformedEntry` when they are not valid."""
        ...

    def options_to_json(self, options: OptionsT) -> dict[str, object]: ...

    def players(self, options: OptionsT) -> int: ...

    # The game ------------------------------------------------------------------
    def new_game(self, options: OptionsT) -> StateT: ...

    def pending(self, state: StateT) -> Pending: ...

    def legal(self, state: StateT) -> Sequence[DecisionT]:
        """Every decision the seat to act may make (empty at a chance node)."""
        ...

    def decide(self, state: StateT, decision: DecisionT) -> Chronicle:
        """The events `decision` causes and the state they fold to; `IllegalMove` if the
        rules refuse it (nothing changes then)."""
        ...

    def apply(self, state: StateT, event: EventIn) -> StateT: ...

    def random_chance(self, state: StateT, rng: random.Random) -> DecisionT: ...

    def view(self, state: StateT, seat: int | None) -> ViewOut:
        """What `seat` may know: its own cards and the public facts, nothing else.
        `seat` None: a spectator's view, the public facts only."""
        ...

    def winners(self, state: StateT) -> tuple[int, ...]: ...

    def checkpoint(self, event: EventIn) -> bool:
        """Is the game worth autosaving after this event (a trick, a hand, the end)?"""
        ...

    def reveals(self, event: EventIn) -> bool:
        """Does this event show a seat cards chance had hidden (a draw from a pile)? Undo
        never goes back past a decision that caused one, as it never goes past a deal."""
        ...

    def progress(self, state: StateT) -> str:
        """How far the game has come, in a few words ("Round 2 of 4, hand 3 of 6")."""
        ...

    # Notation (the scenario verbs of docs/SCENARIOS.md) ----------------------------
    def decision_to_json(self, decision: DecisionT) -> dict[str, object]: ...

    # Beyond the engine: the game told in words ------------------------------------------
    def narrator(self, names: Sequence[str], viewer: int | None = None, *,
                 tell_all: bool = True, second_person: bool = False,
                 one_of_tables: bool = False) -> Narrator:
        """Words for `viewer`'s eyes; without a viewer, everything (`tell_all`) or only
        the public facts. With `second_person` the viewer reads them himself: his own seat
        is "you" ("You hold COUP"), not his name. `one_of_tables`: the game is one table
        of a match played at several, whose winner it does not decide alone."""
        ...

    def decision_from_json(self, entry: Mapping[str, object]) -> DecisionT:
        """A decision from its JSON form.

        `MalformedEntry` when the entry is not of the notation's shape (a missing verb, a
        value of the wrong JSON type); `IllegalMove` when it is well formed but names
        something that does not exist (an unknown card or hand type).
        """
        ...


AnyRuleset: TypeAlias = Ruleset[Any, Any, Any, Any, Any]
"""A ruleset of whichever game: what the engine, the registry and the services hold."""
