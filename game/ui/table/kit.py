"""What the table needs from a game beyond its rules: how its events are shown, its
furniture, its buttons and its results; and, where the game has them, its playing cards,
its furniture that moves by itself, its players knocked out and its results at two tables.

The table's flow (beats, seating, decisions, undo, hints) is shared; each game the window
can seat registers a kit (`Game.kit`, game/games), and each table makes its own, as a kit
may keep what its table shows (where the daggers stand). A kit is the `Teller` the table's
controller asks how the game is told (game/services/table/teller.py), and more: how it is
drawn. It reads the table through narrow protocols (host.py, state.py), never the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

import pygame

from game.cards import Card, Suit
from game.engine.ruleset import Decision, Event, View
from game.games import get_game
from game.services.table.teller import HandsTold, Teller
from game.ui import text
from game.ui.table.arrange import Key
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement, Spawn

if TYPE_CHECKING:
    import pygame_gui

    from game.services.table.telling import Beat
    from game.ui.app import App
    from game.ui.art import CardArt
    from game.ui.screens import Screen
    from game.ui.table.beats import Timing
    from game.ui.table.controls import DecisionButtons
    from game.ui.table.host import PanelHost, SeveralTables, TableTold
    from game.ui.table.state import Hand, TableState


Drawing = Callable[[], object]  # makes a picture, which its cache keeps


class ArtAhead(NamedTuple):
    now: Sequence[Drawing] = ()  # made as the table opens: its first frames show them
    later: Sequence[Drawing] = ()  # made one at a time, in the time frames leave over


def own_first(hand: Sequence[Card], deck: Sequence[Card]) -> list[Card]:
    """The cards of `deck`, the viewer's own `hand` first: the deal shows them first (made
    in its frames, a dozen faces held the frame of the first decision over 33 ms)."""
    return [*hand, *(card for card in deck if card not in hand)]


@runtime_checkable
class CardPlay(HandsTold, Protocol):
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

    def plays(self, legal: Sequence[Decision]) -> Mapping[Card, Sequence[Decision]]:
        """The legal decisions that play each card (a led wild card: one for each suit
        it may stand for)."""

    def playing(self, seat: int, card: Card) -> Decision:
        """The decision to play `card`, legal or not: the rules refuse a card that may not
        be played, and say why."""

    def named_by(self, decision: Decision) -> tuple[Card, ...]:
        """The cards a decision names (a hint's card to play, its cards to set aside)."""

    def collects_cards(self, view: View) -> bool:
        """The viewer picks several of his cards for one decision (the Bastille exchange)."""

    def suit_tags(self, view: View) -> Mapping[Key, Suit]:
        """Cards shown with a suit on a tab: a led wild card, with the suit it stands for."""


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


@runtime_checkable
class TableKit(Teller, Protocol):
    """What a game gives the table: how its events are shown and told, its words for a
    decision and a turn, its plates, buttons, furniture and results; and its capabilities
    (cards, motion, players knocked out, results at two tables), each None where the game
    has no such thing."""

    @property
    def cards(self) -> CardPlay | None:
        """The playing cards that glide on the felt; None where the game draws its cards
        with its furniture (the bluffing games' influences, on the plates)."""

    @property
    def motion(self) -> Motion | None:
        """Furniture that moves by itself; None where nothing does."""

    @property
    def several_tables(self) -> SeveralTables | None:
        """The results of a match at two tables; None where the game has none."""

    def timing(self, event: Event) -> Timing:
        """How the event is shown: its moves, pauses and sound."""

    def prompt(self, view: View) -> str:
        """The line above the viewer's hand on his turn."""

    def prompt_bottom(self, layout: TableLayout) -> int:
        """Where the line above the viewer's hand (a prompt, a remark) ends."""

    def plates(self, view: View, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        """The players' plates, which no panel may cover."""

    def art_ahead(self, layout: TableLayout, view: View, art: CardArt) -> ArtAhead:
        """The pictures the game draws besides the cards at the layout's widths (whose
        backs the table makes as it opens), made before the frame that first shows them:
        a picture first drawn in a frame made it stutter."""

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout,
                legal: Sequence[Decision], table: PanelHost) -> DecisionButtons:
        """The panel for the viewer's decision (it may offer no button: a card to play)."""

    def furniture(self, surface: pygame.Surface, table: TableState,
                  light: text.SuitColours) -> None:
        """Everything drawn under the cards: banner, panels, plates."""

    def overlay_after(self, app: App, table: TableTold, beat: Beat) -> Screen | None:
        """The hand result or game over to show once this beat is told."""

    def game_over(self, app: App, table: TableTold) -> Screen:
        """The game over, for a finished game loaded."""


def kit_for(ruleset_id: str) -> TableKit:
    """A new kit for a table of a game the window can seat."""
    ref = get_game(ruleset_id).kit
    if ref is None:
        raise KeyError(f"the window cannot seat {ruleset_id!r}")
    kit = ref.load()()
    if not isinstance(kit, TableKit):
        raise TypeError(f"{ref.path} made a {type(kit).__name__}, not a table kit")
    return kit


def prepare_art(kit: TableKit, layout: TableLayout, view: View, art: CardArt,
                later: Callable[[Sequence[Drawing]], None]) -> None:
    """Draw the card backs at the layout's widths and what the kit needs now, as the table
    opens or changes, rather than in the frame of the deal that first shows them; hand
    what the game draws later to `later` (the window's spare time)."""
    for width in {layout.card_width, layout.small_card_width}:
        art.back(width)
    ahead = kit.art_ahead(layout, view, art)
    for drawing in ahead.now:
        drawing()
    later(ahead.later)
