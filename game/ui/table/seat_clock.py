"""The seconds left to the seat to act, when its decision is timed (a table for friends
on other machines with a time for each decision): a small clock on the top edge of the
seat's plate, at its right, in crimson for the last ten seconds. The same for every game:
it knows the plate's rect only (the game's kit says where its plates are)."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.net.decision_clock import clock_words
from game.ui import text
from game.ui.theme import CRIMSON, GOLD, INK, panel

HURRY = 10.0  # seconds left from which the clock is crimson


def draw_seat_clock(surface: pygame.Surface, plate: Rect, scale: float,
                    seconds: float) -> Rect:
    """Draw the clock of the seat whose plate is `plate`; its rect."""
    hurry = seconds <= HURRY
    words = text.render(clock_words(seconds), max(12, round(18 * scale)),
                        INK if hurry else GOLD, bold=True)
    pad = round(6 * scale)
    rect = Rect(0, 0, words.get_width() + 2 * pad, words.get_height() + pad)
    rect.right, rect.centery = plate.right - round(10 * scale), plate.top
    rect.clamp_ip(surface.get_rect())
    panel(surface, rect, (*CRIMSON, 235) if hurry else (16, 26, 20, 235), radius=8,
          border=GOLD)
    surface.blit(words, words.get_rect(center=rect.center))
    return rect
