"""Settings: animation speed, computer pace, card back, four-colour suits, sound and the
effects' volume, full screen. Each change applies at once and is kept in the settings
file; moving the volume plays a card's sound at the new level, so that it is heard (while
it moves quickly, at most every PREVIEW_GAP, and always once at the level where it stops)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider, UILabel

from game.cards import card
from game.services.settings import ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_PACES, VOLUME_RANGE
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
VOLUME_AFTER = "sound"  # the volume's row comes under this switch
PREVIEW_GAP = 0.15  # seconds between two sounds played while the volume moves


class SettingsScene(MenuScene):
    title = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menus: dict[object, str] = {}
        self.volume: UIHorizontalSlider | None = None
        self.volume_words: UILabel | None = None
        self._previewed_at = -PREVIEW_GAP  # when moving the volume last played a sound
        self._level_unheard = False  # the volume moved since, too soon to be played then

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
            if field == VOLUME_AFTER:
                self._volume_row(Rect(left, y, width, height), label_width)
                y += row
        back = Rect(0, y + round(20 * scale), round(200 * scale), round(46 * scale))
        back.centerx = self.app.size[0] // 2
        self.button(back, "Back", self.back)

    def _volume_row(self, rect: Rect, label_width: int) -> None:
        """The effects' volume: its words, a slider from 0 to 100, the level in per cent."""
        ui, number_width = self.app.ui, round(70 * self.scale)
        self.keep(UILabel(Rect(rect.left, rect.top, label_width, rect.height), "Effects volume",
                          manager=ui, object_id="#left_label"))
        slider = Rect(rect.left + label_width, rect.top,
                      rect.width - label_width - number_width, rect.height)
        self.volume = self.keep(UIHorizontalSlider(
            slider, self.app.settings.volume, VOLUME_RANGE, manager=ui, click_increment=5))
        self.volume_words = self.keep(UILabel(
            Rect(slider.right, rect.top, number_width, rect.height),
            _percent(self.app.settings.volume), manager=ui))

    def _volume_moved(self, value: float) -> None:
        """Use the volume at once, keep it, and let it be heard (not at every step)."""
        volume = round(value)
        if volume != self.app.settings.volume:
            self.app.apply_settings(replace(self.app.settings, volume=volume))
        if self.volume_words is not None:
            self.volume_words.set_text(_percent(volume))
        self._level_unheard = True
        self._preview_when_due()

    def _preview_when_due(self) -> None:
        now = self.app.clock.now()
        if self._level_unheard and now - self._previewed_at >= PREVIEW_GAP:
            self._previewed_at = now
            self._level_unheard = False
            self.app.sounds.play("card")

    def update(self, dt: float) -> None:
        super().update(dt)
        self._preview_when_due()

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
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED \
                and event.ui_element is self.volume:
            self._volume_moved(event.value)
            return True
        return super().handle(event)

    def leave(self) -> None:
        super().leave()
        self.menus.clear()
        self.volume = self.volume_words = None

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


def _percent(volume: int) -> str:
    return f"{volume}%"
