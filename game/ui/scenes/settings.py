"""Settings: animation speed, computer pace, card back, four-colour suits, sound, full
screen. Each change applies at once and is kept in the settings file."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.cards import card
from game.services.settings import ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_PACES
from game.ui import art
from game.ui.scenes.common import Action, MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

CHOICES = {
    "animation_speed": ("Animations", ANIMATION_SPEEDS),
    "computer_pace": ("Computer pace", COMPUTER_PACES),
    "card_back": ("Card back", CARD_BACKS),
}
SWITCHES = {
    "four_colour_suits": "Four-colour suits",
    "sound": "Sound",
    "fullscreen": "Full screen (F11)",
}


class SettingsScene(MenuScene):
    title = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menus: dict[object, str] = {}

    def enter(self) -> None:
        scale = self.scale
        ui = self.app.ui
        settings = self.app.settings
        width = round(560 * scale)
        left = self.app.size[0] // 2 - width // 2
        label_width = round(220 * scale)
        y = round(140 * scale)
        row = round(54 * scale)
        height = round(40 * scale)
        for field, (words, options) in CHOICES.items():
            self.keep(UILabel(Rect(left, y, label_width, height), words, manager=ui,
                              object_id="#left_label"))
            menu = UIDropDownMenu([option.capitalize() for option in options],
                                  getattr(settings, field).capitalize(),
                                  Rect(left + label_width, y, width - label_width, height),
                                  manager=ui)
            self.menus[self.keep(menu)] = field
            y += row
        for field, words in SWITCHES.items():
            state = "on" if getattr(settings, field) else "off"
            self.button(Rect(left, y, width, height), f"{words}: {state}", self._flipper(field))
            y += row
        back = Rect(0, y + round(20 * scale), round(200 * scale), round(46 * scale))
        back.centerx = self.app.size[0] // 2
        self.button(back, "Back", self.back)

    def _flipper(self, field: str) -> Action:
        def flip() -> None:
            flipped: dict[str, Any] = {field: not getattr(self.app.settings, field)}
            self.app.apply_settings(replace(self.app.settings, **flipped))
            self.rebuild()
        return flip

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            chosen: dict[str, Any] = {self.menus[event.ui_element]: event.text.lower()}
            self.app.apply_settings(replace(self.app.settings, **chosen))
            return True
        return super().handle(event)

    def leave(self) -> None:
        super().leave()
        self.menus.clear()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = self.scale
        cards = art.CardArt(four_colour=self.app.settings.four_colour_suits,
                            back=self.app.settings.card_back)
        width = round(84 * scale)
        x = self.app.size[0] // 2 + round(300 * scale)
        y = round(150 * scale)
        surface.blit(cards.back(width), (x, y))
        for index, code in enumerate(("AS", "KH", "QD", "JC")):
            surface.blit(cards.face(card(code), width),
                         (x + (index % 2) * (width + 8), y + round(130 * scale) +
                          (index // 2) * round(width * 1.45)))
