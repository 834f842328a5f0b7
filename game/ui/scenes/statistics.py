"""Statistics: per game, the games played and won with its own counts, in the words of
the game's records (`Records.lines`), each game under its title, in the registry's order
down two columns of about the same height."""

from __future__ import annotations

from itertools import combinations, pairwise

import pygame
from pygame import Rect

from game.games import GAMES
from game.services import stats
from game.system import paths
from game.ui import text
from game.ui.scenes.common import MenuScene, draw_lines
from game.ui.theme import GOLD

COLUMNS = 2


def game_lines(statistics: stats.Statistics) -> list[list[str]]:
    """Each game's statistics in its words, in the registry's order."""
    return [game.records.lines.load()(statistics.get(game.id)) for game in GAMES.values()]


def balanced(blocks: list[list[str]], columns: int) -> list[list[str]]:
    """The blocks of lines in their order down `columns` columns, a blank line between two
    blocks, cut where the tallest column is shortest (the first such cut)."""
    if not blocks:
        return []
    cuts = min(combinations(range(1, len(blocks)), min(columns, len(blocks)) - 1),
               key=lambda cut: max(map(len, _cut(blocks, cut))))
    return _cut(blocks, cuts)


def _cut(blocks: list[list[str]], cuts: tuple[int, ...]) -> list[list[str]]:
    shown = []
    for start, end in pairwise((0, *cuts, len(blocks))):
        lines: list[str] = []
        for block in blocks[start:end]:
            lines += [*block, ""]
        shown.append(lines[:-1])
    return shown


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
        return balanced(game_lines(self.statistics), COLUMNS)

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
