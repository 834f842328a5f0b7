"""The rules: a section for each game (the 1966 game with both its charts, the game for two
with its charts, Coup and Coup with the Inquisitor) and one for the computer players'
levels, chosen from a table of contents; from a table it opens at the game being played.
The open section's tab is filled in gold, unlike the tab the keyboard is on (drawn as
selected, as every button the keyboard is on). Up and Down, Page Up and Page Down, Home and
End scroll the text; Left and Right open the section beside.
The text is game/services/rules_text.py's (docs/RULES.md is written from it too), its figures taken
from the charts the rules use, so the page cannot disagree with the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from game.games import DEFAULT
from game.services import rules_text
from game.services.rules_text import CONTENTS
from game.ui.scenes.common import Action, MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

OPEN_TAB = "#open_section"  # theme.json: the open section's tab
LINE = 0.12  # of the height shown: what Up and Down scroll
PAGE = 0.9  # of the height shown: what Page Up and Page Down scroll
SCROLLS = {pygame.K_UP: -LINE, pygame.K_DOWN: LINE, pygame.K_PAGEUP: -PAGE,
           pygame.K_PAGEDOWN: PAGE, pygame.K_HOME: -1e9, pygame.K_END: 1e9}


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
        """A button a section, the open one filled in gold."""
        gap = round(8 * self.scale)
        width = (row.width - gap * (len(CONTENTS) - 1)) // len(CONTENTS)
        self.contents = {}
        for index, (section, label) in enumerate(CONTENTS.items()):
            rect = Rect(row.left + index * (width + gap), row.top, width, row.height)
            tab = UIButton(rect, label, manager=self.app.ui,
                           object_id=ObjectID(object_id=OPEN_TAB) if section == self.section
                           else None)
            self.actions[tab] = self._opening(section)
            self.elements.append(tab)
            self.contents[section] = tab

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
            self._keyboard_to_open_tab()
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLLS:
            self.scroll(SCROLLS[event.key])
            return True
        return super().handle(event)

    def _keyboard_to_open_tab(self) -> None:
        """The keyboard, if it was on a tab, moves with the section opened."""
        if self.keyboard.current in self.contents.values():
            self.keyboard.place = self.keyboard.stops().index(self.contents[self.section])
            self.keyboard.show()

    def scroll(self, heights: float) -> None:
        """Scroll the text by so many heights of what it shows (down if positive)."""
        bar = None if self.text is None else self.text.scroll_bar
        if self.text is None or bar is None:
            return
        bar.set_scroll_from_start_percentage(bar.start_percentage
                                             + heights * bar.visible_percentage)
        self.text.update(0.0)  # the text drawn from there, while the bar says it moved

    @property
    def scrolled(self) -> float:
        """How far down the text is scrolled: 0 at its top, 1 at its end."""
        bar = None if self.text is None else self.text.scroll_bar
        if bar is None or bar.visible_percentage >= 1:
            return 0.0
        return bar.start_percentage / (1 - bar.visible_percentage)
