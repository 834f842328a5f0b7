"""The Statistics screen's charts, drawn with pygame: the results over time (a bar up for
each game won, down for each lost, and the running share won) and bars of win rates (by
game, by the opponents' level). Drawing only: they read what `stats_summary` added up."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.services import stats_summary
from game.services.history import Finished
from game.ui import text
from game.ui.theme import CRIMSON, GOLD, INK, MUTED, blit_text, panel

MOST_BARS = 60  # the results over time show the last 60 games
LOST = (150, 70, 64)
TRACK = (255, 255, 255, 28)  # the empty part of a rate's bar
RATE_LINE = (120, 200, 170)


def results_over_time(surface: pygame.Surface, rect: Rect, games: Sequence[Finished],
                      scale: float) -> None:
    """The last MOST_BARS games, oldest on the left: won up (gold), lost down, and the
    share won of the last few games as a line (top: all won)."""
    panel(surface, rect)
    size = max(10, round(16 * scale))
    shown = list(games[-MOST_BARS:])
    last = "the last game" if len(shown) == 1 else f"the last {len(shown)} games"
    title = f"Results over time: {last}, oldest on the left" if shown else "Results over time"
    blit_text(surface, title, size, GOLD, (rect.left + round(12 * scale),
                                          rect.top + round(8 * scale)), bold=True)
    plot = Rect(rect.left + round(16 * scale), rect.top + round(36 * scale),
                rect.width - round(32 * scale), rect.height - round(76 * scale))
    if not shown:
        _nothing_yet(surface, plot, size)
        return
    middle = plot.centery
    pygame.draw.line(surface, MUTED, (plot.left, middle), (plot.right, middle))
    step = plot.width / MOST_BARS
    width = max(1, round(step * 0.7))
    for index, game in enumerate(shown):
        left = round(plot.left + index * step)
        height = plot.height // 2 - 2
        if game.won:
            bar = Rect(left, middle - height, width, height)
        else:
            depth = _depth(game, height)
            bar = Rect(left, middle + 1, width, depth)
        pygame.draw.rect(surface, GOLD if game.won else LOST, bar)
    _running_line(surface, plot, shown, step, width)
    legend = (f"Up: won. Down: lost (the lower the place, the longer). Line: share won of "
              f"the last {stats_summary.RUNNING} games.")
    blit_text(surface, text.ellipsized(legend, size - 2, rect.width - round(24 * scale),
                                       bold=False),
              size - 2, MUTED, (rect.left + round(12 * scale), rect.bottom - round(6 * scale)),
              anchor="bottomleft")


def _depth(game: Finished, room: int) -> int:
    """How far a lost game's bar goes down: last place all the way, second a third (of
    three or more), halfway when the place is not known."""
    players, place = len(game.players), stats_summary.known_place(game)
    if players < 3:
        return room
    if place is None:
        return room // 2
    return max(room // 3, round(room * (min(place, players) - 1) / (players - 1)))


def _running_line(surface: pygame.Surface, plot: Rect, games: Sequence[Finished],
                  step: float, width: int) -> None:
    rates = stats_summary.running_rate(games)
    points = [(round(plot.left + index * step + width / 2),
               round(plot.bottom - rate * plot.height)) for index, rate in enumerate(rates)]
    if len(points) > 1:
        pygame.draw.lines(surface, RATE_LINE, False, points, 2)


def rate_bars(surface: pygame.Surface, rect: Rect, title: str,
              rates: Sequence[stats_summary.Rate], scale: float) -> None:
    """One bar a rate, its label on the left and "45% (9 of 20)" on it."""
    panel(surface, rect)
    size = max(10, round(16 * scale))
    blit_text(surface, title, size, GOLD, (rect.left + round(12 * scale),
                                          rect.top + round(8 * scale)), bold=True)
    top = rect.top + round(38 * scale)
    if not rates:
        _nothing_yet(surface, Rect(rect.left, top, rect.width, rect.bottom - top), size)
        return
    row = min(round(34 * scale), (rect.bottom - top - round(6 * scale)) // len(rates))
    label_width = round(rect.width * 0.36)
    bar_left = rect.left + round(12 * scale) + label_width
    bar_width = rect.right - round(12 * scale) - bar_left
    for index, rate in enumerate(rates):
        y = top + index * row
        label, label_size = text.fitted(rate.label, size, label_width - round(8 * scale))
        blit_text(surface, label, label_size, INK,
                  (rect.left + round(12 * scale), y + row // 2), anchor="midleft")
        track = Rect(bar_left, y + round(row * 0.15), bar_width, max(4, round(row * 0.7)))
        panel(surface, track, TRACK, radius=4)
        filled = track.copy()
        filled.width = round(track.width * rate.share)
        if filled.width:
            pygame.draw.rect(surface, GOLD if rate.share >= 0.5 else CRIMSON, filled,
                             border_radius=4)
        words = f"{round(100 * rate.share)}% ({rate.won} of {rate.played})"
        blit_text(surface, words, max(9, size - 2), INK,
                  (track.left + round(8 * scale), track.centery), anchor="midleft")


def _nothing_yet(surface: pygame.Surface, rect: Rect, size: int) -> None:
    blit_text(surface, "No games finished yet.", size, MUTED, rect.center, anchor="center")
