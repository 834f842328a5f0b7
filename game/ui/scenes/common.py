"""What the menu screens share: the backdrop, a column of buttons, the overlay panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton

from game.ui import art, text
from game.ui.scene import Scene
from game.ui.scenes.keyboard import KeyboardFocus
from game.ui.theme import GOLD, INK, MUTED, panel

if TYPE_CHECKING:
    from game.ui.app import App

Element = TypeVar("Element", bound=pygame_gui.core.UIElement)

Action = Callable[[], object]


def scale_of(size: tuple[int, int]) -> float:
    return min(size[0] / 1280, size[1] / 800)


def draw_backdrop(surface: pygame.Surface, title: str, subtitle: str = "") -> float:
    """The felt with a title on top; the scale used."""
    scale = scale_of(surface.get_size())
    surface.blit(art.felt(surface.get_size()), (0, 0))
    width = surface.get_width()
    heading = text.render(title, round(44 * scale), GOLD, bold=True)
    surface.blit(heading, heading.get_rect(midtop=(width // 2, round(36 * scale))))
    if subtitle:
        line = text.render(subtitle, round(18 * scale), MUTED)
        surface.blit(line, line.get_rect(midtop=(width // 2, round(96 * scale))))
    return scale


class MenuScene(Scene):
    """A screen of buttons (and whatever else a subclass adds), which the keyboard walks
    as the table's buttons: Tab and the arrows, Enter, Escape (see keyboard.py)."""

    title = ""
    subtitle = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.actions: dict[UIButton, Action] = {}
        self.elements: list[pygame_gui.core.UIElement] = []
        self.keyboard = KeyboardFocus(app.ui, lambda: self.elements)

    @property
    def scale(self) -> float:
        return scale_of(self.app.size)

    def button_column(self, entries: Sequence[tuple[str, Action | None]], top: int,
                      width: int = 300, height: int = 46, gap: int = 10) -> list[UIButton]:
        scale = self.scale
        width, height, gap = round(width * scale), round(height * scale), round(gap * scale)
        left = self.app.size[0] // 2 - width // 2
        buttons = []
        for index, (label, action) in enumerate(entries):
            rect = Rect(left, top + index * (height + gap), width, height)
            button = self.button(rect, label, action)
            buttons.append(button)
        return buttons

    def button(self, rect: Rect, label: str, action: Action | None,
               tip: str | None = None, *,
               before: pygame_gui.core.UIElement | None = None) -> UIButton:
        """A button at `rect`, last in the keyboard's order, or just `before` an element."""
        button = UIButton(rect, label, manager=self.app.ui, tool_tip_text=tip)
        if action is None:
            button.disable()
        else:
            self.actions[button] = action
        if before is None:
            self.elements.append(button)
        else:
            self.elements.insert(self.elements.index(before), button)
        return button

    def keep(self, element: Element) -> Element:
        """The element, kept to be taken away when the screen is left or laid out again."""
        self.elements.append(element)
        return element

    def take_away(self, element: pygame_gui.core.UIElement) -> None:
        """One element gone while the rest of the screen stays as it is (what it offered
        no longer applies)."""
        element.kill()
        self.elements.remove(element)
        self.actions.pop(element, None)  # type: ignore[call-overload]

    def leave(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements.clear()
        self.actions.clear()
        self.keyboard.forget_widgets()

    def rebuild(self) -> None:
        """Lay the screen out again (a choice changed it): the keyboard stays in its place."""
        self.leave()
        self.enter()
        self.keyboard.sync()

    def update(self, dt: float) -> None:
        self.keyboard.sync()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.actions[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN:
            self.keyboard.sync()
            if self.keyboard.key(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.elements:
            return self.keyboard.move(1)  # Enter in a text box: on to the next field
        return False

    def back(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.title, self.subtitle)


class Overlay(MenuScene):
    """A panel over the scene below (which is still drawn, dimmed)."""

    opaque = False

    def panel_rect(self) -> Rect:
        scale = self.scale
        rect = Rect(0, 0, round(620 * scale), round(560 * scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def button_pair(self, left: tuple[str, Action], right: tuple[str, Action],
                    width: int = 220, height: int = 44) -> None:
        """Two buttons side by side at the foot of the panel (the action, then Cancel)."""
        scale, rect = self.scale, self.panel_rect()
        size = (round(width * scale), round(height * scale))
        gap, foot = round(8 * scale), rect.bottom - round(16 * scale)
        self.button(Rect((rect.centerx - gap - size[0], foot - size[1]), size), *left)
        self.button(Rect((rect.centerx + gap, foot - size[1]), size), *right)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        rect = self.panel_rect()
        panel(surface, rect, (16, 26, 20, 240), radius=16, border=GOLD)
        if self.title:
            heading = text.render(self.title, round(26 * self.scale), GOLD, bold=True)
            surface.blit(heading, heading.get_rect(midtop=(rect.centerx,
                                                           rect.top + round(14 * self.scale))))


class WordsDialog(Overlay):
    """A question in a few lines of words, answered by the two buttons at its foot."""

    lines: Sequence[str]

    def panel_rect(self) -> Rect:
        rect = Rect(0, 0, round(640 * self.scale), round(280 * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect, size = self.panel_rect(), max(12, round(17 * self.scale))
        room = rect.width - round(56 * self.scale)
        wrapped = [part for line in self.lines for part in text.wrap(line, size, room)]
        draw_lines(surface, wrapped, (rect.left + round(28 * self.scale),
                                      rect.top + round(66 * self.scale)), size)


def lines_step(size: int, spacing: float = 1.25) -> int:
    """How far apart `draw_lines` sets its lines."""
    return round(text.font(size).get_linesize() * spacing)


def draw_lines(surface: pygame.Surface, lines: Sequence[str], at: tuple[int, int], size: int,
               *, colour: tuple[int, int, int] = INK, spacing: float = 1.25,
               suit_colours: text.SuitColours | None = None) -> int:
    """Lines of rich text from `at` downwards; the y after the last."""
    x, y = at
    step = lines_step(size, spacing)
    for line in lines:
        bold = line.startswith("**")
        words = line.strip("*")
        surface.blit(text.render(words, size, GOLD if bold else colour, bold=bold,
                                 suit_colours=suit_colours), (x, y))
        y += step
    return y
