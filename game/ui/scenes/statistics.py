"""Statistics: games played and won per ruleset, best worth, coups attempted and won."""

from __future__ import annotations

import pygame
from pygame import Rect

from game import stats
from game.rules import RULESETS
from game.rules.coup_detat.narration import francs
from game.ui.scenes.common import MenuScene, draw_lines

RECORDED = ("coup-detat", "coup-detat-duel")  # the games whose statistics are kept

IN_FRANCS = ("coup-detat",)  # the games scored in money (the game for two counts hands)


class StatisticsScene(MenuScene):
    title = "Statistics"
    subtitle = "Games with at least one person at the table"

    def enter(self) -> None:
        self.statistics = stats.load()
        back = Rect(0, self.app.size[1] - round(100 * self.scale), round(200 * self.scale),
                    round(46 * self.scale))
        back.centerx = self.app.size[0] // 2
        self.button(back, "Back", self.back)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = self.scale
        lines = []
        seated = (item for item in RULESETS.items() if item[0] in RECORDED)
        for ruleset_id, ruleset in seated:  # the games the window plays, and records
            record = self.statistics.get(ruleset_id)
            best = francs(record.best_worth) if record.best_worth is not None else "-"
            worth = [f"Best final worth: {best}"] if ruleset_id in IN_FRANCS else []
            lines += [f"**{ruleset.title}",
                      f"Games played: {record.played}    won: {record.won}",
                      *worth,
                      f"Coups attempted: {record.coups_attempted}    won: {record.coups_won}",
                      ""]
        draw_lines(surface, lines, (self.app.size[0] // 2 - round(220 * scale),
                                    round(150 * scale)), round(22 * scale))
