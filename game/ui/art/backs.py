"""Card backs: a fine lattice and a guilloché rosette in one colour, inside a white edge."""

from __future__ import annotations

import math

import pygame

from game.ui.art.canvas import (
    CARD_RATIO,
    Colour,
    Pen,
    lighter,
    mix,
)
from game.ui.art.faces import blank_card, finish

BACK_COLOURS: dict[str, Colour] = {
    "bordeaux": (112, 22, 42),
    "navy": (26, 42, 94),
    "forest": (12, 50, 34),  # bottle green: darker than the baize, so a card stands out
}
CARD_BACKS: tuple[str, ...] = tuple(BACK_COLOURS)

FIELD_INSET = 0.055
FRAME_INSET = 0.085


def draw_back(name: str, width: int) -> pygame.Surface:
    colour = BACK_COLOURS[name]
    pen = blank_card(width)
    inset = FIELD_INSET
    pen.rect(colour, (inset, inset, 1 - 2 * inset, CARD_RATIO - 2 * inset), radius=0.035)
    _lattice(pen, lighter(colour, 0.22), small=width < 80)
    _frame(pen, lighter(colour, 0.7))
    _medallion(pen, colour, small=width < 80)
    return finish(pen, width)


def _clip_inside_frame(pen: Pen) -> None:
    (x1, y1), (x2, y2) = pen.at(FRAME_INSET, FRAME_INSET), pen.at(1 - FRAME_INSET,
                                                                  CARD_RATIO - FRAME_INSET)
    pen.surface.set_clip(pygame.Rect(round(x1), round(y1), round(x2 - x1), round(y2 - y1)))


def _lattice(pen: Pen, colour: Colour, small: bool) -> None:
    """Diagonal lines both ways, with a bead where they cross."""
    step = 0.1 if small else 0.075
    _clip_inside_frame(pen)
    reach = CARD_RATIO + 1
    count = math.ceil(reach / step)
    for i in range(-count, count + 1):
        x = i * step
        pen.line(colour, (x, 0), (x + reach, reach), 0.007)
        pen.line(colour, (x, 0), (x - reach, reach), 0.007)
    half = step / 2
    for row in range(math.ceil(CARD_RATIO / half) + 1):
        for column in range(row % 2, math.ceil(1 / half) + 1, 2):
            pen.circle(colour, (column * half, row * half), 0.012)
    pen.surface.set_clip(None)


def _frame(pen: Pen, colour: Colour) -> None:
    inset = FRAME_INSET
    pen.rect(colour, (inset, inset, 1 - 2 * inset, CARD_RATIO - 2 * inset), 0.008,
             radius=0.02)
    inset += 0.018
    pen.rect(colour, (inset, inset, 1 - 2 * inset, CARD_RATIO - 2 * inset), 0.004,
             radius=0.012)


def _medallion(pen: Pen, colour: Colour, small: bool) -> None:
    centre = (0.5, CARD_RATIO / 2)
    ink = lighter(colour, 0.55)
    pen.ellipse(ink, centre, 0.3, 0.4)
    pen.ellipse(colour, centre, 0.285, 0.385)
    strands = 4 if small else 7
    for strand in range(strands):
        phase = strand * math.pi / strands
        pen.lines(mix(ink, colour, 0.25 * (strand % 2)), _rosette(centre, phase), 0.006,
                  closed=True)
    pen.ellipse(ink, centre, 0.06, 0.08)
    pen.ellipse(colour, centre, 0.045, 0.065)


def _rosette(centre: tuple[float, float], phase: float) -> list[tuple[float, float]]:
    """One strand of the guilloché: a ring whose radius waves twelve times around."""
    points = []
    for i in range(240):
        t = 2 * math.pi * i / 240
        radius = 0.18 + 0.075 * math.sin(12 * t + phase) + 0.02 * math.sin(36 * t - phase)
        points.append((centre[0] + radius * math.cos(t), centre[1] + 1.33 * radius * math.sin(t)))
    return points
