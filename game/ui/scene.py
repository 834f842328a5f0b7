"""Scenes: one screen each (title, table, settings...), kept on a stack by the app.

A scene handles an event (returning True when it used it), updates with the time passed,
and draws. `draw` never changes the game. `opaque` scenes hide what lies under them; an
overlay (a dialog, the hand result) lets the scene below be drawn first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene comes on top: create its widgets."""

    def leave(self) -> None:
        """The scene goes away or is covered: remove its widgets."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_over_widgets(self, surface: pygame.Surface) -> None:
        """What the scene on top draws over its widgets (the coach pointing at a button)."""

    def closed(self) -> None:
        """The scene is gone for good (not merely covered): let go of what it holds."""

    def settings_changed(self) -> None:
        """The player changed the settings (card back, colours, speeds...)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size. The scene on top makes its widgets again; a covered
        one only recomputes its geometry (its widgets come back when it is on top)."""
        if self.app.scene is self:
            self.leave()
            self.enter()
        else:
            self.relayout(size)

    def relayout(self, size: tuple[int, int]) -> None:
        """Recompute the geometry for a new window size (no widgets)."""

    def leaving_loses(self) -> str | None:
        """What leaving the scene now would lose, in a sentence (a game that could not be
        saved), or None."""
        return None

    def wake_at(self) -> float | None:
        """A `time.monotonic()` moment when the scene needs a turn although nothing moves
        (a timer), or None."""
        return None

    @property
    def busy(self) -> bool:
        """True while something moves, so the app keeps drawing frames."""
        return False
