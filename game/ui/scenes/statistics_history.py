"""The Statistics screen's history of games: one row a game, newest first, in columns
(when, game, result and place, score in the game's words, opponents), scrolled with the
mouse wheel, Page Up / Page Down, Home and End."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.services import history, stats_summary
from game.services.history import Finished
from game.ui import text
from game.ui.theme import GOLD, INK, MUTED, blit_text, panel

COLUMNS = (("When", 0.15), ("Game", 0.21), ("Result", 0.17), ("Score", 0.24),
           ("Opponents", 0.23))  # each column's share of the width
WHEEL_ROWS = 3  # rows one notch of the wheel scrolls


class HistoryList:
    """The games, newest first, and how far down the list is scrolled."""

    def __init__(self, games: Sequence[Finished]) -> None:
        self.games = list(reversed(games))
        self.top = 0  # the first row shown
        self.shown = 1  # rows that fit, as last drawn

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.games) - self.shown)
        self.top = min(most, max(0, self.top + rows))

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll by the wheel (the page's only list) or the paging keys; True if
        consumed."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * WHEEL_ROWS)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        pages = {pygame.K_PAGEDOWN: self.shown - 1, pygame.K_PAGEUP: 1 - self.shown,
                 pygame.K_END: len(self.games), pygame.K_HOME: -len(self.games)}
        if event.key not in pages:
            return False
        self.scroll(pages[event.key])
        return True

    def rows(self) -> list[list[str]]:
        """The rows shown now, as the words of each column."""
        return [row_words(game) for game in self.games[self.top:self.top + self.shown]]

    def draw(self, surface: pygame.Surface, rect: Rect, scale: float) -> None:
        panel(surface, rect)
        size = max(10, round(16 * scale))
        step = round(text.font(size).get_linesize() * 1.35)
        inner = rect.inflate(-round(24 * scale), -round(16 * scale))
        lefts = _lefts(inner)
        for (heading, _), left in zip(COLUMNS, lefts, strict=True):
            blit_text(surface, heading, size, GOLD, (left, inner.top), bold=True)
        body = Rect(inner.left, inner.top + step, inner.width, inner.height - 2 * step)
        self.shown = max(1, body.height // step)
        self.scroll(0)
        if not self.games:
            blit_text(surface, "No games finished yet.", size, MUTED, body.center,
                      anchor="center")
        for index, game in enumerate(self.games[self.top:self.top + self.shown]):
            self._draw_row(surface, game, lefts, inner.right, body.top + index * step, size)
        self._draw_foot(surface, inner, size)

    def _draw_row(self, surface: pygame.Surface, game: Finished, lefts: list[int],
                  right: int, y: int, size: int) -> None:
        edges = [*lefts[1:], right]
        for column, (words, left, edge) in enumerate(zip(row_words(game), lefts, edges,
                                                         strict=True)):
            colour = (GOLD if game.won else INK) if column == 2 else INK if column else MUTED
            shown, fitted_size = text.fitted(words, size, edge - left - 8)
            blit_text(surface, shown, fitted_size, colour, (left, y))

    def _draw_foot(self, surface: pygame.Surface, inner: Rect, size: int) -> None:
        total = len(self.games)
        if total:
            last = min(total, self.top + self.shown)
            words = (f"Games {self.top + 1}-{last} of {total}, newest first (the history keeps "
                     f"the last {history.MOST_GAMES:,}). Mouse wheel, Page Up, Page Down.")
        else:
            words = f"The history keeps the last {history.MOST_GAMES:,} games."
        shown, fitted_size = text.fitted(words, size - 2, inner.width)
        blit_text(surface, shown, fitted_size, MUTED, inner.bottomleft, anchor="bottomleft")


def row_words(game: Finished) -> list[str]:
    title = stats_summary.title_of(game.ruleset)
    return [game.when.strftime("%Y-%m-%d %H:%M"), f"{title} (online)" if game.online else title,
            stats_summary.outcome_words(game), game.result or "-",
            stats_summary.opponents_words(game)]


def _lefts(inner: Rect) -> list[int]:
    lefts, x = [], float(inner.left)
    for _, share in COLUMNS:
        lefts.append(round(x))
        x += share * inner.width
    return lefts
