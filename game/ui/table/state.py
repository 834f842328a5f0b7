"""The table at one moment, as the kits and the renderer read it: a narrow, read-only view
of what the table shows, so that nothing drawn reaches into the scene or the match.

>>> from game.ui.art import CardArt
>>> from game.rules.words import Naming
>>> from game.ui.table.layout import table_layout
>>> class Seen:
...     to_act = 1
>>> state = TableState(view=Seen(), table=Seen(), layout=table_layout((1280, 800), 3, 10),
...                    bottom=0, names=("Ada", "Bob", "Cy"), naming=Naming(["Ada", "Bob", "Cy"], 0),
...                    now=0.0, thinking=None, caught_up=True, card_art=CardArt())
>>> state.lit(1), state.lit(2)
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pygame import Rect

from game.cards import Card, Suit
from game.rules.words import Naming
from game.ui.art import CardArt
from game.ui.table.arrange import Key
from game.ui.table.layout import SeatPlace, TableLayout
from game.ui.table.stage import Placement


@dataclass(frozen=True)
class TableState:
    view: Any  # the viewer's view of the game, as shown so far
    table: Any  # what lies on the table: between two hands, the hand just played
    layout: TableLayout
    bottom: int  # the seat drawn at the bottom of the screen
    names: Sequence[str]
    naming: Naming  # the players as the person reading is told of them ("you")
    now: float  # the table's time
    thinking: int | None  # the computer thinking now, if one is
    caught_up: bool  # everything that happened has been shown
    card_art: CardArt

    def lit(self, seat: int) -> bool:
        """Is `seat`'s plate lit: his decision is awaited, and everything before it shown?"""
        return seat == self.view.to_act and self.caught_up

    def place_of(self, seat: int) -> SeatPlace:
        """The seat's places on the felt, as the table is turned."""
        return self.layout.place_of(seat, self.bottom)


@dataclass(frozen=True)
class Hand:
    """The viewer's hand, as its cards are laid out: those he may play now, the one under
    the keyboard's cursor, those he picked for one decision."""

    playable: frozenset[Card] = frozenset()
    selected: Card | None = None
    marked: frozenset[Card] = frozenset()

    @property
    def choosing(self) -> bool:
        """He is choosing a card to play: the others are dimmed."""
        return bool(self.playable)


@dataclass(frozen=True)
class Frame:
    """One frame of the table as the renderer draws it: the table, its cards where they
    are now (bottom first), the line above the hand and what that line must leave in view."""

    table: TableState
    sprites: Sequence[tuple[Key, Placement]]
    selected: Key | None  # the card under the keyboard's cursor
    suit_tags: Mapping[Key, Suit]  # cards shown with a suit on a tab (a led wild card)
    message: str | None  # the line above the hand: a remark, or what the player must do
    message_bottom: int  # where that line ends
    keep_clear: Sequence[Rect]  # what the line may not cover (worked out if there is one)
    panel: Rect | None  # the decision panel, which the line keeps clear of too
