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
    from game.ui.table.host import MenuHost


class PassDeviceScene(MenuScene):
    opaque = True  # nothing of the table shows through

    def __init__(self, app: App, name: str, confirmed: Callable[[], None],
                 menu: MenuHost | None = None, table_number: int | None = None) -> None:
        """`menu`: the table's, which the screen offers (to save, load or leave without
        showing anyone's cards); `table_number`: the table of a match he plays at."""
        super().__init__(app)
        self.name = name
        self.confirmed = confirmed
        self.menu = menu
        self.table_number = table_number

    def enter(self) -> None:
        top = round(self.app.size[1] * 0.55)
        entries: list[tuple[str, Action | None]] = [
            (f"I am {self.name}: show my cards", self._confirm)]
        if self.menu is not None:  # save, load or leave without showing anyone's cards
            entries.append(("Menu", self._menu))
        self.button_column(entries, top, width=420)
        self.keyboard.place = 0  # Enter shows his cards (on no button, it only found one)
        self.keyboard.show()

    def _menu(self) -> None:
        assert self.menu is not None
        self.app.push(screens.make("pause", self.app, self.menu))

    def _confirm(self) -> None:
        self.app.pop()
        self.confirmed()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # no way round this screen but the button
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        number = self.table_number
        where = f"{self.name} plays at table {number}. " if number is not None else ""
        draw_backdrop(surface, f"Pass the device to {self.name}",
                      f"{where}Everyone else, look away: the next screen shows this player's "
                      "cards.")
