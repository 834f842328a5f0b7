"""The seconds left to the seat to act, when its decision is timed (a table for friends
on other machines with a time for each decision): a small clock at the corner of the
seat's plate, in crimson for the last ten seconds. The same for every game: it knows the
plate's place only."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.net.decision_clock import clock_words
from game.ui import text
from game.ui.table.layout import TableLayout
from game.ui.theme import CRIMSON, GOLD, INK, panel

HURRY = 10.0  # seconds left from which the clock is crimson


def draw_seat_clock(surface: pygame.Surface, layout: TableLayout, seat: int, bottom: int,
                    seconds: float) -> Rect:
    """Draw the clock of `seat` (the table seen with `bottom` at the bottom); its rect."""
    scale = layout.scale
    plate = layout.place_of(seat, bottom).plate
    hurry = seconds <= HURRY
    words = text.render(clock_words(seconds), max(12, round(18 * scale)),
                        INK if hurry else GOLD, bold=True)
    pad = round(6 * scale)
    rect = Rect(0, 0, words.get_width() + 2 * pad, words.get_height() + pad)
    rect.midbottom = (plate.right - rect.width // 2, plate.top + rect.height // 3)
    rect.clamp_ip(surface.get_rect())
    panel(surface, rect, (*CRIMSON, 235) if hurry else (16, 26, 20, 235), radius=8,
          border=GOLD)
    surface.blit(words, words.get_rect(center=rect.center))
    return rect
