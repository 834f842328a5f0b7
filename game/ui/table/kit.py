"""What the table needs from a ruleset beyond the engine: where its cards lie, its furniture,
its buttons, its results and its statistics. The table's flow (beats, seating, decisions,
undo, hints) is shared; each ruleset the window can seat gives one kit.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.cards import Card
from game.engine.match import Match
from game.engine.ruleset import Event
from game.ui import text
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement

if TYPE_CHECKING:
    import pygame_gui

    from game.services.stats import GameRecord
    from game.ui.app import App
    from game.ui.scene import Scene
    from game.ui.table.beats import Beat, Timing
    from game.ui.table.controls import DecisionButtons
    from game.ui.table.scene import TableScene

Key = Hashable
View = Any  # the ruleset's view of one seat
Spawn = Callable[[Key, Placement], Placement]


class TableKit(Protocol):
    wild: Card  # the wild card: led, its player names the suit it stands for

    def targets(self, view: View, layout: TableLayout, bottom: int, *,
                playable: Collection[Card], selected: Card | None, marked: Collection[Card],
                choosing: bool) -> dict[Key, Placement]:
        """Where every card of the table lies for this view."""

    def event_targets(self, event: Event | None, layout: TableLayout,
                      bottom: int) -> dict[Key, Placement]:
        """Cards shown only while an event is told (the draw for the first office)."""

    def timing(self, event: Event) -> Timing:
        """How the event is shown: its moves, pauses and sound."""

    def deal_order(self, view: View, targets: dict[Key, Placement]) -> dict[Key, int]: ...

    def spawner(self, layout: TableLayout, bottom: int, view: View,
                event: Event | None) -> Spawn: ...

    def in_hand_order(self, view: View) -> list[Card]:
        """The viewer's cards as his hand shows them, left to right."""

    def starts_hand(self, event: Event) -> bool:
        """A deal: the previous hand leaves the table."""

    def settles(self, event: Event) -> bool:
        """An event the hand's result tells (its outcome, the office, the round)."""

    def between_hands(self, view: View) -> bool:
        """Waiting for the next deal, or the game over: the last hand stays on the
        table."""

    def in_play(self, view: View) -> bool:
        """A hand type is being played (the view is worth keeping for the result)."""

    def collects_cards(self, view: View) -> bool:
        """The viewer picks several of his cards for one decision (the Bastille exchange)."""

    def remark(self, event: Event) -> str | None:
        """A word over the table for an event that changes the course of the hand."""

    def announces(self, event: Event) -> bool:
        """Is the event told over the table in the narrator's words (a claim, a
        challenge, a block, a reveal)?"""

    def describe(self, decision: Any, view: View, names: Sequence[str]) -> str:
        """A decision in a few words (a hint's), as the viewer sees the table."""

    def picked_by(self, decision: Any) -> set[Card]:
        """The cards a decision picks from the hand (a hint's exchange), if any."""

    def prompt(self, view: View) -> str:
        """The line above the viewer's hand on his turn."""

    def prompt_bottom(self, layout: TableLayout) -> int:
        """Where the line above the viewer's hand (a prompt, a remark) ends."""

    def plates(self, view: View, layout: TableLayout, bottom: int) -> list[pygame.Rect]:
        """The players' plates, which no panel may cover."""

    def dagger_targets(self, view: View, layout: TableLayout) -> list[float]:
        """Where the board's daggers stand, one a hand type (none in the game for two)."""

    def knocked_out(self, view: View, seat: int) -> bool:
        """Is `seat` out of the play under way (a bluffing game's last influence lost),
        only watching until the game or its round ends?"""

    def buttons(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                scene: TableScene) -> DecisionButtons: ...

    def furniture(self, surface: pygame.Surface, scene: TableScene, view: View, table: View,
                  now: float, light: text.SuitColours) -> None:
        """Everything drawn under the cards: banner, panels, plates."""

    def overlay_after(self, app: App, table: TableScene, beat: Beat) -> Scene | None:
        """The hand result or game over to show once this beat is told."""

    def game_over(self, app: App, table: TableScene) -> Scene: ...

    def statistics(self, match: Match, humans: Collection[int]) -> GameRecord | None: ...


def kit_for(ruleset_id: str) -> TableKit:
    """The table's kit for a ruleset the window can seat."""
    return _kits()[ruleset_id]()


def table_rulesets() -> frozenset[str]:
    """The rulesets the window can seat."""
    return frozenset(_kits())


def _kits() -> dict[str, Callable[[], TableKit]]:
    # Imported here, not above: the kits import this module.
    from game.ui.table.bluff.kit import BluffKit
    from game.ui.table.coup_detat_kit import CoupDetatKit
    from game.ui.table.duel.kit import DuelKit

    return {"coup-detat": CoupDetatKit, "coup-detat-duel": DuelKit,
            "coup": BluffKit, "coup-inquisitor": BluffKit}
