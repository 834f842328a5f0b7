"""Statistics: per game, the games played and won with its own counts: the trick-taking
games' best worth and coups on the left, the bluffing matches' rounds, challenges and lost
influences on the right."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.rules import RULESETS
from game.rules.coup_detat.narration import francs
from game.services import stats
from game.ui.scenes.common import MenuScene, draw_lines

COLUMNS = (("coup-detat", "coup-detat-duel"), ("coup", "coup-inquisitor"))
"""The games whose statistics are kept, as the screen shows them: a column a kind."""

IN_FRANCS = ("coup-detat",)  # the games scored in money (the game for two counts hands)
BLUFFING = COLUMNS[1]


def ruleset_lines(ruleset_id: str, record: stats.RulesetStats) -> list[str]:
    """One game's statistics in words, under its title."""
    title = f"**{RULESETS[ruleset_id].title}"
    if ruleset_id in BLUFFING:
        return [title,
                f"Matches played: {record.played}    won: {record.won}",
                f"Rounds played: {record.rounds_played}    won: {record.rounds_won}",
                f"Challenges made: {record.challenges}    bluffs caught: {record.challenges_won}",
                f"Influences lost: {record.influences_lost}"]
    best = francs(record.best_worth) if record.best_worth is not None else "-"
    worth = [f"Best final worth: {best}"] if ruleset_id in IN_FRANCS else []
    return [title,
            f"Games played: {record.played}    won: {record.won}",
            *worth,
            f"Coups attempted: {record.coups_attempted}    won: {record.coups_won}"]


def column_lines(statistics: stats.Statistics, column: tuple[str, ...]) -> list[str]:
    """A column's games, a blank line between two."""
    lines: list[str] = []
    for ruleset_id in column:
        lines += [*ruleset_lines(ruleset_id, statistics.get(ruleset_id)), ""]
    return lines[:-1]


class StatisticsScene(MenuScene):
    title = "Statistics"
    subtitle = "Games with at least one person at the table; a shared win counts as won"

    def enter(self) -> None:
        self.statistics = stats.load()
        back = Rect(0, self.app.size[1] - round(100 * self.scale), round(200 * self.scale),
                    round(46 * self.scale))
        back.centerx = self.app.size[0] // 2
        self.button(back, "Back", self.back)

    def lines(self) -> list[list[str]]:
        """What each column says."""
        return [column_lines(self.statistics, column) for column in COLUMNS]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = self.scale
        width = round(480 * scale)
        left = self.app.size[0] // 2 - width
        for index, lines in enumerate(self.lines()):
            draw_lines(surface, lines, (left + index * width + round(40 * scale),
                                        round(150 * scale)), round(22 * scale))
