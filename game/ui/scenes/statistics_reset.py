"""Asked before the statistics start again: what a reset does, and that the old files are
kept (under other names, in the data folder), answered by Reset or Cancel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.services import stats
from game.ui import text
from game.ui.scenes.common import Overlay, draw_lines

if TYPE_CHECKING:
    from game.ui.app import App


class ResetStatisticsDialog(Overlay):
    title = "Reset statistics?"
    lines = ("Your statistics and your history of games start again from nothing.",
             "The files as they are now are not deleted: they are kept in your data folder "
             "under other names.")

    def __init__(self, app: App, done: Callable[[str], None]) -> None:
        """`done`: told what the reset did, in a sentence, once it is done."""
        super().__init__(app)
        self.done = done

    def panel_rect(self) -> Rect:
        rect = Rect(0, 0, round(640 * self.scale), round(280 * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def enter(self) -> None:
        self.button_pair(("Reset", self._reset), ("Cancel", self.app.pop))

    def _reset(self) -> None:
        said = stats.reset()
        self.app.pop()
        self.done(said)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect, size = self.panel_rect(), max(12, round(17 * self.scale))
        room = rect.width - round(56 * self.scale)
        wrapped = [part for line in self.lines for part in text.wrap(line, size, room)]
        draw_lines(surface, wrapped, (rect.left + round(28 * self.scale),
                                      rect.top + round(66 * self.scale)), size)
