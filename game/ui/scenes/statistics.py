"""Statistics: per game, the games played and won with its own counts, in the words of
the game's records (`Records.lines`), a column a kind of game (`Records.column`): the
trick-taking games' best worth and coups on the left, the bluffing matches' rounds,
challenges and lost influences on the right."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.games import GAMES
from game.services import stats
from game.system import paths
from game.ui import text
from game.ui.scenes.common import MenuScene, draw_lines
from game.ui.theme import GOLD

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.games.plugin import Game


def columns() -> list[list[Game]]:
    """The games whose statistics are kept, as the screen shows them: a column a kind, each
    in the registry's order."""
    count = 1 + max(game.records.column for game in GAMES.values())
    return [[game for game in GAMES.values() if game.records.column == column]
            for column in range(count)]


def column_lines(statistics: stats.Statistics, games: Sequence[Game]) -> list[str]:
    """A column's games, each under its title, a blank line between two."""
    lines: list[str] = []
    for game in games:
        lines += [*game.records.lines.load()(statistics.get(game.id)), ""]
    return lines[:-1]


class StatisticsScene(MenuScene):
    title = "Statistics"
    subtitle = "Games with at least one person at the table; a shared win counts as won"

    def enter(self) -> None:
        loaded = stats.read()
        self.statistics = loaded.statistics
        self.notice = loaded.notice(paths.stats_path())  # what was wrong with the file
        back = Rect(0, self.app.size[1] - round(100 * self.scale), round(200 * self.scale),
                    round(46 * self.scale))
        back.centerx = self.app.size[0] // 2
        self.button(back, "Back", self.back)

    def lines(self) -> list[list[str]]:
        """What each column says."""
        return [column_lines(self.statistics, games) for games in columns()]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = self.scale
        width = round(480 * scale)
        shown = self.lines()
        left = self.app.size[0] // 2 - width * len(shown) // 2
        for index, lines in enumerate(shown):
            draw_lines(surface, lines, (left + index * width + round(40 * scale),
                                        round(150 * scale)), round(22 * scale))
        if self.notice is not None:
            self._draw_notice(surface, self.notice)

    def _draw_notice(self, surface: pygame.Surface, notice: str) -> None:
        """The trouble with the statistics file, in the room between the columns and Back."""
        scale, (width, height) = self.scale, self.app.size
        size = max(10, round(16 * scale))
        lines = text.wrap(notice, size, width - round(160 * scale))
        step = round(text.font(size).get_linesize() * 1.15)
        top = height - round(112 * scale) - step * len(lines)
        draw_lines(surface, lines, (round(80 * scale), top), size, colour=GOLD, spacing=1.15)
