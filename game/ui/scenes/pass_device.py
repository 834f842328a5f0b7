"""Pass-and-play: a neutral screen between two players' decisions. It shows no cards at
all; the table reappears, with the right hand, only once that player says it is him."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import screens
from game.ui.scenes.common import Action, MenuScene, draw_backdrop

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.scene import TableScene


class PassDeviceScene(MenuScene):
    opaque = True  # nothing of the table shows through

    def __init__(self, app: App, name: str, confirmed: Callable[[], None],
                 table: TableScene | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.confirmed = confirmed
        self.table = table

    def enter(self) -> None:
        top = round(self.app.size[1] * 0.55)
        entries: list[tuple[str, Action | None]] = [
            (f"I am {self.name}: show my cards", self._confirm)]
        if self.table is not None:  # save, load or leave without showing anyone's cards
            entries.append(("Menu", self._menu))
        self.button_column(entries, top, width=420)

    def _menu(self) -> None:
        assert self.table is not None
        self.app.push(screens.make("pause", self.app, self.table))

    def _confirm(self) -> None:
        self.app.pop()
        self.confirmed()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # no way round this screen but the button
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        tables = self.table.tables if self.table is not None else None
        where = f"{self.name} plays at table {tables.shown + 1}. " if tables is not None else ""
        draw_backdrop(surface, f"Pass the device to {self.name}",
                      f"{where}Everyone else, look away: the next screen shows this player's "
                      "cards.")
