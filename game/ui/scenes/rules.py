"""The rules: a section for each game (the 1966 game with both its charts, the game for two
with its charts, Coup and Coup with the Inquisitor) and one for the computer players'
levels, chosen from a table of contents; from a table it opens at the game being played.
The text is game/services/rules_text.py's (docs/RULES.md is written from it too), its figures taken
from the charts the rules use, so the page cannot disagree with the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect
from pygame_gui.elements import UIButton, UITextBox

from game.games import DEFAULT
from game.services import rules_text
from game.services.rules_text import CONTENTS
from game.ui.scenes.common import Action, MenuScene

if TYPE_CHECKING:
    from game.ui.app import App


class RulesScene(MenuScene):
    """One section at a time, chosen from the table of contents above it (or with the
    arrow keys); it opens at the game being played."""

    title = "The rules"
    subtitle = "Four games, and the computer players"

    def __init__(self, app: App, game_id: str = DEFAULT) -> None:
        super().__init__(app)
        self.section = game_id if game_id in CONTENTS else DEFAULT
        self.contents: dict[str, UIButton] = {}
        self.text: UITextBox | None = None

    def enter(self) -> None:
        scale = self.scale
        width, height = self.app.size
        left, room = round(width * 0.08), round(width * 0.84)
        self._contents(Rect(left, round(128 * scale), room, round(38 * scale)))
        top = round(176 * scale)
        area = Rect(left, top, room, height - top - round(80 * scale))
        self.text = UITextBox(rules_text.html(self.section), area, manager=self.app.ui)
        self.keep(self.text)
        back = Rect(0, area.bottom + round(14 * scale), round(200 * scale), round(44 * scale))
        back.centerx = width // 2
        self.button(back, "Back", self.back)

    def _contents(self, row: Rect) -> None:
        """A button a section, the open one selected."""
        gap = round(8 * self.scale)
        width = (row.width - gap * (len(CONTENTS) - 1)) // len(CONTENTS)
        self.contents = {}
        for index, (section, label) in enumerate(CONTENTS.items()):
            rect = Rect(row.left + index * (width + gap), row.top, width, row.height)
            button = self.button(rect, label, self._opening(section))
            if section == self.section:
                button.select()
            self.contents[section] = button

    def _opening(self, section: str) -> Action:
        return lambda: self.show(section)

    def show(self, section: str) -> None:
        """Open a section, from its top."""
        self.section = section
        self.leave()
        self.enter()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            sections = list(CONTENTS)
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.show(sections[(sections.index(self.section) + step) % len(sections)])
            return True
        return super().handle(event)
