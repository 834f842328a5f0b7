"""What the table's controller asks of a game's kit: how its events are told, never how
they are drawn. Every kit (game/ui/table/kit.py, `TableKit`) fills it and more."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from game.engine.ruleset import Decision, Event, View


class HandsTold(Protocol):
    """A game played with a hand of cards, as its telling follows the hands."""

    def in_play(self, view: View) -> bool:
        """A hand is being played (the view is worth keeping for its result)."""
        ...

    def between_hands(self, view: View) -> bool:
        """Waiting for the next deal, or the game over: the last hand stays on the table."""
        ...


class Teller(Protocol):
    """How a game's events are told at the table: where a hand starts and what settles
    it, the events told over the table, a decision in words, the players knocked out."""

    @property
    def cards(self) -> HandsTold | None:
        """The game's hands of cards; None where it has none that glide on the felt."""
        ...

    @property
    def knocked_out(self) -> Callable[[View, int], bool] | None:
        """Whether a seat is out of the play under way, only watching until the game or
        its round ends (a bluffing game's last influence lost); None where everyone plays
        every hand to the end."""
        ...

    @property
    def told_over_table(self) -> Mapping[type, str | None]:
        """The events told over the table as well as in the log, each in its own words,
        or (None) in the narrator's."""
        ...

    def starts_hand(self, event: Event) -> bool:
        """A deal: the previous hand leaves the table."""
        ...

    def settles(self, event: Event) -> bool:
        """An event the hand's result tells (its outcome, the office, the round)."""
        ...

    def describe(self, decision: Decision, view: View, names: Sequence[str]) -> str:
        """A decision in a few words (a hint's), as the viewer sees the table."""
        ...
