"""The title screen: New game, Continue, Load, Rules, Statistics, Settings, Quit."""

from __future__ import annotations

import pygame
from pygame import Rect
from pygame_gui.elements import UILabel

from game.cards import COUP, card
from game.services import save_index
from game.system import paths
from game.ui import art
from game.ui.scenes.common import MenuScene, draw_backdrop

FAN = (card("KH"), card("QS"), COUP, card("AD"), card("10C"))


def can_continue() -> bool:
    """An autosave that looks loadable and is not of a finished game: the newest such one
    decides (an older one of a finished game must not revive it)."""
    for path in paths.autosave_paths():
        if path.exists():
            entry = save_index.read_entry(path, replay=False)
            if entry.problem is None:
                return not entry.over
    return False


class TitleScene(MenuScene):
    title = "Coup d'État"
    subtitle = "The card game of Parker Brothers, 1966"

    def enter(self) -> None:
        top = round(self.app.size[1] * 0.42)
        self.button_column([
            ("New game", self._new_game),
            ("Continue", self._continue if can_continue() else None),
            ("Load", self._load),
            ("Rules", self._rules),
            ("Statistics", self._statistics),
            ("Settings", self._settings),
            ("Quit", self.app.quit),
        ], top, width=280)
        notice = self.app.settings_notice
        if notice:
            width, height = self.app.size
            self.keep(UILabel(Rect(0, height - round(40 * self.scale), width,
                                   round(30 * self.scale)), notice, manager=self.app.ui))

    def _new_game(self) -> None:
        from game.ui.scenes.new_game import NewGameScene

        self.app.settings_notice = None
        self.app.push(NewGameScene(self.app))

    def _continue(self) -> None:
        from game.ui.scenes.files import resume_autosave

        problem = resume_autosave(self.app)
        if problem is not None:
            self.app.settings_notice = problem
            self.rebuild()

    def _load(self) -> None:
        from game.ui.scenes.files import LoadScene

        self.app.push(LoadScene(self.app))

    def _rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def _statistics(self) -> None:
        from game.ui.scenes.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def _settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        self.app.quit()

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
