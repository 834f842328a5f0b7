"""What the table needs from a game beyond its rules: how its events are shown, its
furniture, its buttons and its results; and, where the game has them, its playing cards,
its furniture that moves by itself, its players knocked out and its results at two tables.

The table's flow (beats, seating, decisions, undo, hints) is shared; each game the window
can seat registers a kit (`Game.kit`, game/games), and each table makes its own, as a kit
may keep what its table shows (where the daggers stand).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from game.cards import Card, Suit
from game.engine.ruleset import Event
from game.games import get_game
from game.ui import text
from game.ui.table.arrange import Key
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement, Spawn

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.app import App
    from game.ui.scene import Scene
    from game.ui.table.beats import Beat, Timing
    from game.ui.table.controls import DecisionButtons, PanelHost
    from game.ui.table.scene import TableScene
    from game.ui.table.state import Hand, TableState
    from game.ui.table.tables import TwoTables

View = Any  # the ruleset's view of one seat


@runtime_checkable
class CardPlay(Protocol):
    """The playing cards of a game played with a hand of cards: dealt, held, played to
    tricks or rows and taken, they glide on the felt; the viewer plays his by clicking,
    dragging or with the keyboard."""

    def targets(self, table: TableState, hand: Hand) -> dict[Key, Placement]:
        """Where every card lies for what the table shows (`table.table`): the viewer's
        playable cards lifted (the others dimmed while he chooses), those he picked lifted
        high, the one under the cursor a little more."""

    def event_targets(self, event: Event | None, layout: TableLayout,
                      bottom: int) -> dict[Key, Placement]:
        """Cards shown only while an event is told (the draw for the first office)."""

    def deal_order(self, view: View, targets: dict[Key, Placement]) -> dict[Key, int]:
        """When each card arrives in a deal, one at a time round the table."""

    def spawner(self, layout: TableLayout, bottom: int, view: View,
                event: Event | None) -> Spawn:
        """Where a card appearing while `event` is shown comes from."""

    def in_hand_order(self, view: View) -> list[Card]:
        """The viewer's cards as his hand shows them, left to right."""

    def plays(self, legal: Sequence[Any]) -> Mapping[Card, Sequence[Any]]:
        """The legal decisions that play each card (a led wild card: one for each suit
        it may stand for)."""

    def playing(self, seat: int, card: Card) -> Any:
        """The decision to play `card`, legal or not: the rules refuse a card that may not
        be played, and say why."""

    def named_by(self, decision: Any) -> tuple[Card, ...]:
        """The cards a decision names (a hint's card to play, its cards to set aside)."""

    def collects_cards(self, view: View) -> bool:
        """The viewer picks several of his cards for one decision (the Bastille exchange)."""

    def suit_tags(self, view: View) -> Mapping[Key, Suit]:
        """Cards shown with a suit on a tab: a led wild card, with the suit it stands for."""

    def in_play(self, view: View) -> bool:
        """A hand is being played (the view is worth keeping for its result)."""

    def between_hands(self, view: View) -> bool:
        """Waiting for the next deal, or the game over: the last hand stays on the table."""


@runtime_checkable
class Motion(Protocol):
    """Furniture that moves by itself, besides the cards' glides (the Board's daggers,
    francs flying from plate to plate)."""

    def arranged(self, view: View, layout: TableLayout) -> None:
        """The table was laid out: what has no place yet takes its place at once."""

    def show(self, event: Event, layout: TableLayout, bottom: int, now: float,
             duration: float) -> None:
        """A beat shows `event` for `duration` seconds (none: nothing flies)."""

    def settle(self, view: View, layout: TableLayout, now: float, dt: float, *,
               instant: bool) -> None:
        """Time passes (`dt` seconds): everything moves on towards its place, at once
        when `instant`."""

    def moving(self, view: View, layout: TableLayout) -> bool:
        """Is anything still on its way?"""

    def finish(self) -> None:
        """A click skips what is moving: everything lands at once."""

    def forget(self) -> None:
        """The window changed size: places taken for the old layout are forgotten."""

    def draw(self, surface: pygame.Surface, table: TableState) -> None:
        """What flies over the cards."""


class SeveralTables(Protocol):
    """The results of a game played at two tables (the 1966 game for six to eight)."""

    def table_over(self, app: App, table: TableScene, tables: TwoTables) -> Scene:
        """A table has finished while the other plays on: its result."""

    def match_over(self, app: App, table: TableScene, tables: TwoTables) -> Scene:
        """Both tables have finished: the standings of the whole match."""


@runtime_checkable
class TableKit(Protocol):
    """What a game gives the table: how its events are shown and told, its words for a
    decision and a turn, its plates, buttons, furniture and results; and its capabilities
    (cards, motion, players knocked out), each None where the game has no such thing."""

    @property
    def cards(self) -> CardPlay | None:
        """The playing cards that glide on the felt; None where the game draws its cards
        with its furniture (the bluffing games' influences, on the plates)."""

    @property
    def motion(self) -> Motion | None:
        """Furniture that moves by itself; None where nothing does."""

    @property
    def knocked_out(self) -> Callable[[View, int], bool] | None:
        """Whether a seat is out of the play under way, only watching until the game or
        its round ends (a bluffing game's last influence lost); None where everyone plays
        every hand to the end."""

    @property
    def several_tables(self) -> SeveralTables | None:
        """The results of a match at two tables; None where the game has none."""

    @property
    def told_over_table(self) -> Mapping[type, str | None]:
        """The events told over the table as well as in the log, each in its own words,
        or (None) in the narrator's."""

    def timing(self, event: Event) -> Timing:
        """How the event is shown: its moves, pauses and sound."""

    def starts_hand(self, event: Event) -> bool:
        """A deal: the previous hand leaves the table."""

    def settles(self, event: Event) -> bool:
        """An event the hand's result tells (its outcome, the office, the round)."""

    def describe(self, decision: Any, view: View, names: Sequence[str]) -> str:
        """A decision in a few words (a hint's), as the viewer sees the table."""

    def prompt(self, view: View) -> str:
        """The line above the viewer's hand on his turn."""

    def prompt_bottom(self, layout: TableLayout) -> int:
        """Where the line above the viewer's hand (a prompt, a remark) ends."""

    def plates(self, view: View, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        """The players' plates, which no panel may cover."""

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                table: PanelHost) -> DecisionButtons:
        """The panel for the viewer's decision (it may offer no button: a card to play)."""

    def furniture(self, surface: pygame.Surface, table: TableState,
                  light: text.SuitColours) -> None:
        """Everything drawn under the cards: banner, panels, plates."""

    def overlay_after(self, app: App, table: TableScene, beat: Beat) -> Scene | None:
        """The hand result or game over to show once this beat is told."""

    def game_over(self, app: App, table: TableScene) -> Scene:
        """The game over, for a finished game loaded."""


def kit_for(ruleset_id: str) -> TableKit:
    """A new kit for a table of a game the window can seat."""
    ref = get_game(ruleset_id).kit
    if ref is None:
        raise KeyError(f"the window cannot seat {ruleset_id!r}")
    return ref.load()()
