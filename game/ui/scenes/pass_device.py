"""Pass-and-play: a neutral screen between two players' decisions. It shows no cards at
all; the table reappears, with the right hand, only once that player says it is him."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.common import MenuScene, draw_backdrop

if TYPE_CHECKING:
    from game.ui.app import App


class PassDeviceScene(MenuScene):
    opaque = True  # nothing of the table shows through

    def __init__(self, app: App, name: str, confirmed: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.confirmed = confirmed

    def enter(self) -> None:
        top = round(self.app.size[1] * 0.55)
        self.button_column([(f"I am {self.name}: show my cards", self._confirm)], top,
                           width=420)

    def _confirm(self) -> None:
        self.app.pop()
        self.confirmed()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # no way round this screen but the button
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, f"Pass the device to {self.name}",
                      "Everyone else, look away: the next screen shows this player's cards.")
