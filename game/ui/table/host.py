"""What the table's parts may ask of the table: a narrow protocol each, never the scene.

A decision panel (controls.py and each game's panels) sees a `PanelHost`: the view, the
cards picked, room on the felt, and deciding. A result over the table (overlays.py and
each game's results) reads a `TableTold`: the game as the table told it, which the table's
controller (game/services/table/controller.py) is. A match at two tables (tables.py) and
its results see the table shown as a `TableShown` and the match as a `TablesTold`; the
table's menu sees a `MenuHost`, the side buttons `SideActions`.

This module imports nothing of the table but its layout (which imports nothing of it), so
that no part of the table and the scene that holds them import one another round a
circle, not even for their types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from pygame import Rect

from game.ui.table.layout import TableLayout

if TYPE_CHECKING:
    from game.cards import Card
    from game.engine.match import Match
    from game.engine.ruleset import Decision, Narrator, Ruleset, State, View
    from game.rules.words import Naming
    from game.services.play_again import Again
    from game.services.seat_review import Reviewable
    from game.services.table.controller import TableController
    from game.services.table.records import TableRecords
    from game.services.table.seating import Seating
    from game.services.table.telling import Telling
    from game.services.tables import TablesSession
    from game.ui.app import App
    from game.ui.art import CardArt
    from game.ui.screens import Screen
    from game.ui.table.kept_panels import KeptPanels


class PanelHost(Protocol):
    """What a panel of buttons may ask of its table: the view, the cards picked, room on
    the felt; and to decide, or to say why not."""

    marked: set[Card]  # the viewer's cards picked for one decision (an exchange)
    kept_panels: KeptPanels  # the table's panels put away, to be shown again

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def card_art(self) -> CardArt: ...

    def view(self) -> View:
        """The viewer's view of the game, as shown so far."""
        ...

    def human_to_act(self) -> int | None:
        """The person to decide now, if his cards are the ones shown."""
        ...

    def decide(self, decision: Decision) -> None:
        """Submit the person's decision, or say why it is refused."""
        ...

    def say(self, message: str, seconds: float = 3.0) -> None:
        """A remark over the table, for a while."""
        ...

    def refresh_cards(self) -> None:
        """Lay the cards out again (a card picked or put back)."""
        ...

    def hint_room(self) -> Rect:
        """The line above the hand, as a hint fills it."""
        ...

    def in_view(self) -> list[Rect]:
        """What no panel may cover now: the plates, the viewer's cards, the cards laid."""
        ...

    def find_room(self, rect: Rect, *, also: Sequence[Rect] = (),
                  seen: Sequence[Rect] | None = None) -> tuple[Rect, bool]:
        """Where `rect` may stand on the felt covering nothing in view (`seen`, if the
        panel took it already), nor `also`; and whether it covers nothing."""
        ...


class TableTold(Protocol):
    """What a result over the table reads of it: the game as the table told it (the hand
    as last shown and what settled it), the players as the reader is told of them, the
    match itself, and what recording the finished game had to say."""

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def naming(self) -> Naming: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def match(self) -> Match: ...

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def narrator(self) -> Narrator: ...

    @property
    def telling(self) -> Telling: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def records(self) -> TableRecords: ...

    def view(self, state: State | None = None) -> View:
        """The viewer's view of `state`, by default of the game as shown so far."""
        ...

    def clock(self) -> float:
        """The table's time."""
        ...

    def again(self) -> Again | None:
        """What the game is played again from, at its end (None: not from this table)."""
        ...

    def reviewable(self) -> Reviewable:
        """The review the game's end offers, and what it may show at this screen."""
        ...


class TablesTold(Protocol):
    """What the results of a match at two tables read of the match: its session, the
    table shown and the other."""

    @property
    def session(self) -> TablesSession: ...

    @property
    def shown(self) -> int: ...

    @property
    def other(self) -> int: ...


class SeveralTables(Protocol):
    """The results of a game played at two tables (the 1966 game for six to eight)."""

    def table_over(self, app: App, table: TableTold, tables: TablesTold) -> Screen:
        """A table has finished while the other plays on: its result."""
        ...

    def match_over(self, app: App, table: TableTold, tables: TablesTold) -> Screen:
        """Both tables have finished: the standings of the whole match."""
        ...


class TableShown(Protocol):
    """What the match at two tables asks of the screen of the table shown: its game, its
    panel of the other table, whether it is on top and has shown every beat."""

    @property
    def controller(self) -> TableController: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def other_table(self) -> Rect | None:
        """Where the other table's panel stands, if there is room for it."""
        ...

    @property
    def on_top(self) -> bool:
        """The table is the screen on top (no menu, pass screen or result over it)."""
        ...

    def beats_over(self, now: float) -> bool:
        """No beat waits to be shown, and the last one shown is over at `now`."""
        ...


class SideActions(Protocol):
    """What the side buttons under the log do."""

    def open_menu(self) -> None: ...

    def open_rules(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def open_save(self) -> None: ...

    def hint(self) -> None: ...


class MenuHost(Protocol):
    """What the table's menu (Esc) does at its table."""

    @property
    def in_lesson(self) -> bool:
        """The table is a lesson's (its menu leaves the lesson, not the table)."""
        ...

    def open_save(self) -> None: ...

    def open_rules(self) -> None: ...

    @property
    def ended(self) -> bool:
        """The game's end has been shown (its results may be shown again)."""
        ...

    def show_results(self) -> None:
        """The game's end again, over the table."""
        ...

    def leave_lesson(self) -> None:
        """To the list of lessons, over the Title screen (a lesson keeps nothing)."""
        ...
