"""The title screen: New game, Play with friends, Continue, Learn to play, Load, Rules,
Statistics, Settings, Quit. Esc asks first: on the first screen it would end the program
by surprise."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect
from pygame_gui.elements import UILabel

from game.cards import COUP, card
from game.ui import art, screens
from game.ui.carry_on import Found, what_continues
from game.ui.saved_games import can_continue, resume_autosave
from game.ui.scenes.common import Action, MenuScene, WordsDialog, draw_backdrop

if TYPE_CHECKING:
    from game.ui.app import App

FAN = (card("KH"), card("QS"), COUP, card("AD"), card("10C"))


class TitleScene(MenuScene):
    title = "Coup d'État"
    subtitle = "The card game of Parker Brothers, 1966"

    def enter(self) -> None:
        self.found: Found = what_continues(self.app)
        top = round(self.app.size[1] * 0.38)
        self.button_column([
            ("New game", self._new_game),
            ("Play with friends", self._opening("friends")),
            ("Continue", self._continue if self.found.games else None),
            ("Learn to play", self._opening("lessons")),
            ("Load", self._opening("load")),
            ("Rules", self._opening("rules")),
            ("Statistics", self._opening("statistics")),
            ("Settings", self._opening("settings")),
            ("Quit", self.app.quit),
        ], top, width=280, height=40, gap=8)
        notice = self.app.settings_notice or " ".join(self.found.notices)
        if notice:
            width, height = self.app.size
            self.keep(UILabel(Rect(0, height - round(40 * self.scale), width,
                                   round(30 * self.scale)), notice, manager=self.app.ui))

    def _new_game(self) -> None:
        self.app.settings_notice = None
        self.app.push(screens.make("new_game", self.app))

    def _continue(self) -> None:
        """The autosave's game at once when it is all there is; else a choice."""
        if len(self.found.games) > 1 or not self.found.autosave:
            self.app.push(screens.make("continue", self.app, self.found))
            return
        problem = resume_autosave(self.app)
        if problem is not None:
            self.app.settings_notice = problem
            self.rebuild()

    def _opening(self, screen: str) -> Action:
        """The button's action: the screen called `screen`, over this one."""
        return lambda: self.app.push(screens.make(screen, self.app))

    def back(self) -> None:
        """Esc: "Quit Coup d'État?" (the Quit button quits at once)."""
        self.app.push(QuitDialog(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        scale = draw_backdrop(surface, self.title, self.subtitle)
        width = round(92 * scale)
        cards = art.CardArt(four_colour=self.app.settings.four_colour_suits,
                            back=self.app.settings.card_back)
        centre_x, y = surface.get_width() // 2, round(200 * scale)
        for index, shown in enumerate(FAN):
            offset = index - (len(FAN) - 1) / 2
            image = pygame.transform.rotozoom(cards.face(shown, width), -offset * 9, 1.0)
            surface.blit(image, image.get_rect(center=(round(centre_x + offset * width * 0.55),
                                                       round(y + abs(offset) ** 1.6 * 8 * scale))))


class QuitDialog(WordsDialog):
    """Esc on the Title screen: quit, or stay. An unfinished game is safe in the autosave,
    and the question says so. Enter quits (Esc, then Enter: a choice made twice); Esc
    stays."""

    title = "Quit Coup d'État?"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        safe = ["Your game in progress is safe: Continue carries it on next time."] \
            if can_continue() else []
        self.lines = [*safe, "Stay, or Esc, keeps the window open."]

    def enter(self) -> None:
        self.button_pair(("Quit", self.app.quit), ("Stay", self.app.pop))
        self.keyboard.place = 0
        self.keyboard.show()
