"""The table's menu (Esc): resume, the results (once the game is over), save, load, rules,
settings, leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygame import Rect

from game.ui import screens
from game.ui.scenes.common import Action, Overlay

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.host import MenuHost


class PauseMenu(Overlay):
    title = "Menu"

    def __init__(self, app: App, table: MenuHost) -> None:
        super().__init__(app)
        self.table = table

    def panel_rect(self) -> Rect:
        rows = len(self._entries())
        rect = Rect(0, 0, round(380 * self.scale), round((134 + 56 * rows) * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def enter(self) -> None:
        top = self.panel_rect().top + round(70 * self.scale)
        self.button_column(self._entries(), top, width=300)

    def _entries(self) -> list[tuple[str, Action | None]]:
        """The menu's buttons: the results again once the game's end was shown."""
        results: list[tuple[str, Action | None]] = \
            [("Results", self._then(self.table.show_results))] if self.table.ended else []
        return [
            ("Resume", self.app.pop),
            *results,
            ("Save", self._then(self.table.open_save)),
            ("Load", self._then(self._load)),
            ("Rules", self._then(self.table.open_rules)),
            ("Settings", self._then(self._settings)),
            ("Leave the lesson" if self.table.in_lesson else "Leave the table",
             self._leave),
        ]

    def _then(self, action: Action) -> Action:
        def run() -> None:
            self.app.pop()
            action()
        return run

    def _load(self) -> None:
        self.app.push(screens.make("load", self.app))

    def _settings(self) -> None:
        self.app.push(screens.make("settings", self.app))

    def _leave(self) -> None:
        if self.table.in_lesson:  # a lesson keeps nothing: back to the lessons
            self.app.pop()
            self.table.leave_lesson()
            return
        self.app.leave_carefully(  # the table closes its session
            lambda: self.app.replace(screens.make("title", self.app)))
