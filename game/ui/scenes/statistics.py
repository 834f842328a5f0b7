"""Statistics, in four pages chosen by the tabs at the top:

- Totals: per game, the games played and won with its own counts, in the words of the
  game's records (`Records.lines`), each game under its title, in the registry's order
  down two columns of about the same height;
- Streaks and bests: the winning streaks and each game's best result in the history;
- History: every game of the history, newest first (statistics_history.py);
- Charts: the results over time, the win rates by game and by the opponents' level
  (statistics_charts.py).

"Reset statistics…" asks first (statistics_reset.py), and keeps the old files."""

from __future__ import annotations

from itertools import combinations, pairwise

import pygame
from pygame import Rect

from game.games import GAMES
from game.services import stats, stats_summary
from game.ui import screens, text
from game.ui.scenes import statistics_charts as charts
from game.ui.scenes.common import Action, MenuScene, draw_lines
from game.ui.scenes.statistics_history import HistoryList
from game.ui.theme import GOLD, INK, panel

COLUMNS = 2
PAGES = ("Totals", "Streaks and bests", "History", "Charts")
INDENT = "    "  # a best result's words under its game's title, when they are on two lines


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


def bests_lines(summary: stats_summary.Summary) -> list[str]:
    """The Streaks and bests page's words."""
    streaks = summary.streaks()
    lines = ["**Winning streaks",
             f"Now: {streaks.current} {'game' if streaks.current == 1 else 'games'} won in "
             f"a row", f"Best: {streaks.best}", "", "**Best results in the history"]
    best = summary.best_results()
    lines += [f"{stats_summary.best_words(game)}, {game.when.day} {game.when:%b %Y}"
              for game in best] or ["None yet."]
    return lines


def fitted_lines(line: str, size: int, room: int) -> list[str]:
    """A line of the Streaks and bests page within `room` pixels: as it is if it fits, else
    its title on a line and the rest under it, indented (cut short if still too long)."""
    bold = line.startswith("**")
    title, colon, rest = line.partition(": ")
    if bold or not colon or text.measure(line, size) <= room:
        return [text.ellipsized(line, size, room, bold=bold)]
    return [text.ellipsized(f"{title}:", size, room, bold=False),
            text.ellipsized(f"{INDENT}{rest}", size, room, bold=False)]


class StatisticsScene(MenuScene):
    title = "Statistics"
    subtitle = "Games with at least one person at the table; a shared win counts as won"

    page = PAGES[0]
    told: str | None = None  # what the last reset did

    def enter(self) -> None:
        summary = stats_summary.read()
        self.summary = summary
        self.statistics = summary.statistics
        self.notice = " ".join(summary.notices) or None  # what was wrong with the files
        self.history = HistoryList(summary.games)
        self.tabs = self._tab_buttons()
        self._foot_buttons()

    def _tab_buttons(self) -> dict[str, Rect]:
        scale, width = self.scale, self.app.size[0]
        sizes = [round((text.measure(name, 16) + 48) * scale) for name in PAGES]
        gap, height = round(10 * scale), round(38 * scale)
        left = width // 2 - (sum(sizes) + gap * (len(PAGES) - 1)) // 2
        tabs = {}
        for name, size in zip(PAGES, sizes, strict=True):
            rect = Rect(left, round(130 * scale), size, height)
            self.button(rect, name, self._shower(name))
            tabs[name] = rect
            left += size + gap
        return tabs

    def _foot_buttons(self) -> None:
        scale, (width, height) = self.scale, self.app.size
        size = (round(220 * scale), round(46 * scale))
        top, gap = height - round(100 * scale), round(8 * scale)
        self.button(Rect((width // 2 - gap - size[0], top), size), "Reset statistics…",
                    self._ask_reset, tip="Start again from nothing; the old files are kept")
        self.button(Rect((width // 2 + gap, top), size), "Back", self.back)

    def show(self, page: str) -> None:
        self.page = page

    def _shower(self, page: str) -> Action:
        return lambda: self.show(page)

    def _ask_reset(self) -> None:
        self.app.push(screens.make("reset_statistics", self.app, self._reset_done))

    def _reset_done(self, said: str) -> None:
        self.told = said
        self.rebuild()

    def lines(self) -> list[list[str]]:
        """What each column of the Totals says."""
        return balanced(game_lines(self.statistics), COLUMNS)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.page == "History" and self.history.handle(event):
            return True
        return super().handle(event)

    def content(self) -> Rect:
        """Where the page is drawn: under the tabs, above what is told and the buttons."""
        scale, (width, height) = self.scale, self.app.size
        bottom = height - round(112 * scale) - self._told_height()
        top = round(186 * scale)
        return Rect(round(60 * scale), top, width - round(120 * scale), bottom - top)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_tab_mark(surface)
        area = self.content()
        if self.page == "Totals":
            self._draw_totals(surface, area)
        elif self.page == "Streaks and bests":
            self._draw_bests(surface, area)
        elif self.page == "History":
            self.history.draw(surface, area, self.scale)
        else:
            self._draw_charts(surface, area)
        if self._told():
            self._draw_notice(surface)

    def _draw_tab_mark(self, surface: pygame.Surface) -> None:
        rect = self.tabs[self.page]
        thick = max(2, round(4 * self.scale))
        pygame.draw.rect(surface, GOLD, Rect(rect.left + thick, rect.bottom + thick,
                                             rect.width - 2 * thick, thick))

    def _draw_totals(self, surface: pygame.Surface, area: Rect) -> None:
        scale = self.scale
        width = round(480 * scale)
        shown = self.lines()
        left = self.app.size[0] // 2 - width * len(shown) // 2
        for index, lines in enumerate(shown):
            draw_lines(surface, lines, (left + index * width + round(40 * scale),
                                        area.top), round(22 * scale))

    def _draw_bests(self, surface: pygame.Surface, area: Rect) -> None:
        scale = self.scale
        box = Rect(0, area.top, min(area.width, round(760 * scale)), area.height)
        box.centerx = area.centerx
        panel(surface, box)
        size = max(10, round(20 * scale))
        room = box.width - round(48 * scale)
        lines = [shown for line in bests_lines(self.summary)
                 for shown in fitted_lines(line, size, room)]
        draw_lines(surface, lines, (box.left + round(24 * scale), box.top + round(18 * scale)),
                   size)

    def _draw_charts(self, surface: pygame.Surface, area: Rect) -> None:
        gap = round(12 * self.scale)
        over_time = Rect(area.left, area.top, area.width, round(area.height * 0.45))
        low = Rect(area.left, over_time.bottom + gap, (area.width - gap) // 2,
                   area.bottom - over_time.bottom - gap)
        charts.results_over_time(surface, over_time, self.summary.games, self.scale)
        charts.rate_bars(surface, low, "Win rate by game", self.summary.by_game(), self.scale)
        charts.rate_bars(surface, low.move(low.width + gap, 0),
                         "Win rate by opponents' level", self.summary.by_level(), self.scale)

    def _told(self) -> str:
        return " ".join(words for words in (self.told, self.notice) if words)

    def _told_lines(self) -> list[str]:
        told = self._told()
        if not told:
            return []
        size = max(10, round(16 * self.scale))
        return text.wrap(told, size, self.app.size[0] - round(160 * self.scale))

    def _told_height(self) -> int:
        lines = self._told_lines()
        if not lines:
            return 0
        size = max(10, round(16 * self.scale))
        return round(text.font(size).get_linesize() * 1.15) * len(lines) + round(8 * self.scale)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """What was wrong with the files, or what a reset did, between the page and the
        buttons."""
        scale, height = self.scale, self.app.size[1]
        size = max(10, round(16 * scale))
        lines = self._told_lines()
        step = round(text.font(size).get_linesize() * 1.15)
        top = height - round(112 * scale) - step * len(lines)
        colour = GOLD if self.notice else INK
        draw_lines(surface, lines, (round(80 * scale), top), size, colour=colour, spacing=1.15)

