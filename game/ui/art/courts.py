"""The King, Queen and Jack: double-headed figures in flat, geometric shapes.

Each figure is drawn once for the upper half of its frame, in units of the card width
with the origin at the card's centre (so the upper half has y < 0), then drawn again with
a half-turned pen for the lower half, as on printed court cards.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.cards import Rank, Suit
from game.ui.art.canvas import Colour, Pen, Point, arc_points, darker, lighter, mirrored, mix
from game.ui.art.suits import INK, RED, draw_pip

GOLD: Colour = (206, 160, 52)
SKIN: Colour = (246, 216, 186)
LINEN: Colour = (250, 248, 240)
STEEL: Colour = (176, 184, 196)
NAVY: Colour = (34, 52, 120)
CHARCOAL: Colour = (50, 54, 70)
ROSE: Colour = (214, 72, 96)
LEAF: Colour = (70, 128, 66)
FRAME_PAPER: Colour = (248, 240, 218)

FRAME_BOX = (0.215, 0.06, 0.57, 1.28)  # left, top, width, height in card widths
HALF_WIDTH = FRAME_BOX[2] / 2
HALF_HEIGHT = FRAME_BOX[3] / 2
OUTLINE = 0.006
HEAD = (0.0, -0.385)
SHOULDERS = [(0.0, -0.29), (0.09, -0.287), (0.165, -0.265), (0.218, -0.222), (0.244, -0.15),
             (0.258, -0.06), (0.264, 0.01)]


@dataclass(frozen=True)
class Palette:
    robe: Colour  # the suit's colour, so the figure tells its suit from afar
    accent: Colour
    hair: Colour

    @classmethod
    def of(cls, suit: Suit, colour: Colour) -> Palette:
        robe = CHARCOAL if colour == INK else colour
        accent = NAVY if colour == RED else RED
        hair = (96, 60, 34) if suit in (Suit.SPADES, Suit.DIAMONDS) else (158, 108, 48)
        return cls(robe, accent, hair)


def draw_court(pen: Pen, rank: Rank, suit: Suit, colour: Colour) -> None:
    """The framed figure of `rank` on a card-sized pen (origin at the top-left corner)."""
    palette = Palette.of(suit, colour)
    left, top, width, height = FRAME_BOX
    pen.rect(colour, FRAME_BOX, radius=0.02)
    pen.rect(FRAME_PAPER, (left + 0.01, top + 0.01, width - 0.02, height - 0.02), radius=0.012)
    centre = pen.inner(0.5, top + height / 2)
    figure, pip_side = FIGURES.get(rank, FIGURES[Rank.KING])
    for turned in (False, True):
        half = centre.inner(0, 0, turned=turned)
        _clip_to_upper_half(half)
        figure(half, palette)
        draw_pip(half, suit, (pip_side * (HALF_WIDTH - 0.07), -HALF_HEIGHT + 0.075), 0.08,
                 colour)
    pen.surface.set_clip(None)
    centre.line(colour, (-HALF_WIDTH, 0), (HALF_WIDTH, 0), 0.008)
    pen.rect(GOLD, (left + 0.02, top + 0.02, width - 0.04, height - 0.04), 0.005,
             radius=0.008)


def _clip_to_upper_half(pen: Pen) -> None:
    inset = 0.014
    (x1, y1), (x2, y2) = pen.at(-HALF_WIDTH + inset, -HALF_HEIGHT + inset), pen.at(
        HALF_WIDTH - inset, 0)
    pen.surface.set_clip(pygame.Rect(round(min(x1, x2)), round(min(y1, y2)),
                                     round(abs(x2 - x1)), round(abs(y2 - y1))))


def _shape(pen: Pen, colour: Colour, points: list[Point]) -> None:
    """A filled shape with a thin dark outline."""
    pen.polygon(colour, points)
    pen.lines(INK, points, OUTLINE, closed=True)


def _oval(pen: Pen, colour: Colour, centre: Point, rx: float, ry: float) -> None:
    _shape(pen, colour, arc_points(centre, rx, ry, 0, 2 * math.pi, 32)[:-1])


def _jewel(pen: Pen, colour: Colour, centre: Point, radius: float) -> None:
    pen.circle(colour, centre, radius)
    pen.circle(INK, centre, radius, OUTLINE * 0.7)


def _near(points: list[Point], at: Point) -> list[Point]:
    return [(at[0] + x, at[1] + y) for x, y in points]


# What the three figures share: the robe, the face, the hand.

def _robe(pen: Pen, palette: Palette) -> None:
    _shape(pen, palette.robe, mirrored(SHOULDERS))
    brocade = mix(palette.robe, GOLD, 0.45)
    for row, y in enumerate((-0.2, -0.14, -0.08, -0.02)):
        for x in (0.08, 0.15, 0.22):
            x += 0.035 * (row % 2)
            if x < _robe_half_width(y) - 0.03:
                for side in (-1, 1):
                    pen.polygon(brocade, _near([(0, -0.014), (0.009, 0), (0, 0.014),
                                                (-0.009, 0)], (side * x, y)))


def _robe_half_width(y: float) -> float:
    for (x1, y1), (x2, y2) in itertools.pairwise(SHOULDERS):
        if y1 <= y <= y2:
            return x1 + (x2 - x1) * (y - y1) / (y2 - y1)
    return 0.0


def _face(pen: Pen, *, beard: Colour | None = None, lips: Colour = (178, 64, 60)) -> None:
    cx, cy = HEAD
    pen.polygon(SKIN, _near([(-0.026, 0.07), (0.026, 0.07), (0.03, 0.1), (-0.03, 0.1)], HEAD))
    _oval(pen, SKIN, HEAD, 0.074, 0.09)
    if beard is not None:
        right = [(0.073, -0.005), (0.066, 0.04), (0.04, 0.08), (0.0, 0.104)]
        _shape(pen, beard, _near(mirrored(right), HEAD))
        pen.polygon(SKIN, _near([(-0.034, 0.016), (0.034, 0.016), (0.022, 0.05),
                                 (-0.022, 0.05)], HEAD))
        pen.polygon(darker(beard, 0.2), _near([(-0.04, 0.02), (0.0, 0.012), (0.04, 0.02),
                                               (0.0, 0.028)], HEAD))
    for side in (-1, 1):
        pen.ellipse(INK, (cx + side * 0.03, cy - 0.012), 0.01, 0.007)
        pen.line(darker(SKIN, 0.5), (cx + side * 0.046, cy - 0.034),
                 (cx + side * 0.015, cy - 0.032), 0.006)
    pen.lines(darker(SKIN, 0.25), _near([(0.003, 0.0), (-0.004, 0.022), (0.006, 0.025)], HEAD),
              0.004)
    pen.ellipse(lips, (cx, cy + 0.045), 0.017, 0.0065)


def _sleeves(pen: Pen, palette: Palette, side: int) -> None:
    """The arm on `side` bent to hold something at chest height, the other hanging."""
    bent = [(0.16, -0.262), (0.222, -0.222), (0.245, -0.15), (0.238, -0.1), (0.17, -0.105),
            (0.145, -0.2)]
    hanging = [(0.16, -0.262), (0.222, -0.222), (0.246, -0.14), (0.258, -0.03),
               (0.262, 0.01), (0.19, 0.01), (0.18, -0.1), (0.145, -0.2)]
    _shape(pen, palette.accent, [(side * x, y) for x, y in bent])
    _shape(pen, palette.accent, [(-side * x, y) for x, y in hanging])
    pen.line(GOLD, (side * 0.168, -0.118), (side * 0.24, -0.112), 0.014)
    pen.line(GOLD, (-side * 0.184, -0.02), (-side * 0.258, -0.02), 0.014)


def _hand(pen: Pen, at: Point) -> None:
    _oval(pen, SKIN, at, 0.03, 0.025)


# The King: crown, ermine and sceptre.

def _draw_king(pen: Pen, palette: Palette) -> None:
    _robe(pen, palette)
    _sleeves(pen, palette, 1)
    _ermine(pen)
    _band(pen, palette)
    _sceptre(pen, 0.2)
    _hand(pen, (0.2, -0.085))
    _hair_sides(pen, palette.hair)
    _face(pen, beard=palette.hair)
    _crown(pen, palette, HEAD[1] - 0.085)


def _sceptre(pen: Pen, x: float) -> None:
    pen.line(darker(GOLD, 0.35), (x, -0.53), (x, -0.04), 0.026)
    pen.line(GOLD, (x, -0.53), (x, -0.04), 0.013)
    _shape(pen, GOLD, [(x, -0.615), (x + 0.032, -0.565), (x, -0.52), (x - 0.032, -0.565)])
    _jewel(pen, RED, (x, -0.566), 0.013)
    _oval(pen, GOLD, (x, -0.515), 0.026, 0.012)


def _ermine(pen: Pen) -> None:
    right = [(0.0, -0.305), (0.1, -0.298), (0.185, -0.262), (0.236, -0.2), (0.2, -0.175),
             (0.1, -0.18), (0.0, -0.16)]
    _shape(pen, LINEN, mirrored(right))
    for x, y in ((0.055, -0.235), (0.125, -0.24), (0.19, -0.215), (0.09, -0.2),
                 (0.155, -0.198)):
        for side in (-1, 1):
            pen.polygon(INK, _near([(0, -0.013), (0.007, 0.01), (-0.007, 0.01)],
                                   (side * x, y)))


def _band(pen: Pen, palette: Palette) -> None:
    _shape(pen, GOLD, [(-0.036, -0.17), (0.036, -0.17), (0.036, 0.01), (-0.036, 0.01)])
    for y in (-0.135, -0.085, -0.035):
        pen.polygon(palette.accent, _near([(0, -0.02), (0.02, 0), (0, 0.02), (-0.02, 0)],
                                          (0, y)))


def _hair_sides(pen: Pen, hair: Colour) -> None:
    right = [(0.0, -0.095), (0.066, -0.09), (0.092, -0.03), (0.096, 0.03), (0.076, 0.06),
             (0.0, 0.03)]
    _shape(pen, hair, _near(mirrored(right), HEAD))


def _crown(pen: Pen, palette: Palette, base: float) -> None:
    pen.ellipse(palette.accent, (0.0, base - 0.035), 0.075, 0.05)
    spikes = [(-0.09, base), (-0.092, base - 0.055), (-0.066, base - 0.048),
              (-0.045, base - 0.095), (-0.024, base - 0.048), (0.0, base - 0.112),
              (0.024, base - 0.048), (0.045, base - 0.095), (0.066, base - 0.048),
              (0.092, base - 0.055), (0.09, base)]
    _shape(pen, GOLD, spikes)
    _shape(pen, GOLD, [(-0.096, base - 0.01), (0.096, base - 0.01), (0.096, base + 0.026),
                       (-0.096, base + 0.026)])
    for x in (-0.056, 0.0, 0.056):
        _jewel(pen, RED if x == 0 else palette.accent, (x, base + 0.008), 0.011)
    for x, y in ((-0.045, -0.1), (0.0, -0.118), (0.045, -0.1)):
        _jewel(pen, LINEN, (x, base + y), 0.012)


# The Queen: long hair, pearls, a tiara and a rose.

def _draw_queen(pen: Pen, palette: Palette) -> None:
    _long_hair(pen, palette.hair)
    _robe(pen, palette)
    _sleeves(pen, palette, 1)
    _bodice(pen)
    _rose(pen, (0.195, -0.16))
    _hand(pen, (0.2, -0.085))
    _face(pen, lips=(200, 52, 66))
    _fringe(pen, palette.hair)
    _tiara(pen, palette, HEAD[1] - 0.083)


def _long_hair(pen: Pen, hair: Colour) -> None:
    right = [(0.0, -0.1), (0.075, -0.094), (0.108, -0.04), (0.112, 0.05), (0.14, 0.14),
             (0.11, 0.18), (0.0, 0.13)]
    _shape(pen, hair, _near(mirrored(right), HEAD))


def _fringe(pen: Pen, hair: Colour) -> None:
    points = arc_points(HEAD, 0.076, 0.092, 3.3, 6.12, 16)
    points += _near([(0.05, -0.05), (0.0, -0.065), (-0.05, -0.05)], HEAD)
    _shape(pen, hair, points)


def _bodice(pen: Pen) -> None:
    _shape(pen, SKIN, [(-0.08, -0.29), (0.08, -0.29), (0.065, -0.225), (-0.065, -0.225)])
    _shape(pen, GOLD, [(-0.108, -0.293), (-0.084, -0.293), (-0.068, -0.222), (0.068, -0.222),
                       (0.084, -0.293), (0.108, -0.293), (0.086, -0.198), (-0.086, -0.198)])
    for point in arc_points((0.0, -0.3), 0.06, 0.05, 0.35, 2.79, 6):
        _jewel(pen, LINEN, point, 0.009)
    _jewel(pen, RED, (0.0, -0.246), 0.012)
    for y in (-0.155, -0.1, -0.045):
        _jewel(pen, GOLD, (0.0, y), 0.014)


def _rose(pen: Pen, at: Point) -> None:
    x, y = at
    pen.line(LEAF, (x - 0.005, y + 0.08), (x, y), 0.01)
    _shape(pen, LEAF, [(x - 0.004, y + 0.045), (x - 0.055, y + 0.028), (x - 0.05, y + 0.065)])
    for i in range(5):
        start = i * 2 * math.pi / 5
        _shape(pen, ROSE, [(x, y), *arc_points((x, y), 0.034, 0.034, start,
                                               start + 2 * math.pi / 5, 4)])
    _jewel(pen, GOLD, (x, y), 0.012)


def _tiara(pen: Pen, palette: Palette, base: float) -> None:
    points = [(-0.08, base + 0.014), (-0.075, base - 0.014), (-0.038, base - 0.034),
              (0.0, base - 0.082), (0.038, base - 0.034), (0.075, base - 0.014),
              (0.08, base + 0.014)]
    _shape(pen, GOLD, points)
    _jewel(pen, palette.accent, (0.0, base - 0.038), 0.015)
    for point in ((-0.052, base - 0.025), (0.052, base - 0.025), (0.0, base - 0.088)):
        _jewel(pen, LINEN, point, 0.01)


# The Jack: plumed cap, ruff and halberd.

def _draw_jack(pen: Pen, palette: Palette) -> None:
    _robe(pen, palette)
    _sleeves(pen, palette, -1)
    _doublet(pen, palette)
    _halberd(pen, -0.2)
    _hand(pen, (-0.2, -0.085))
    _bob(pen, palette.hair)
    _face(pen)
    _ruff(pen, -0.296)
    _cap(pen, palette, HEAD[1] - 0.075)


def _halberd(pen: Pen, x: float) -> None:
    pen.line(darker((120, 80, 44), 0.3), (x, -0.56), (x, 0.0), 0.024)
    pen.line((150, 104, 60), (x, -0.56), (x, 0.0), 0.012)
    _shape(pen, STEEL, [(x, -0.625), (x + 0.015, -0.57), (x + 0.01, -0.5), (x - 0.01, -0.5),
                        (x - 0.015, -0.57)])
    _shape(pen, STEEL, [(x + 0.008, -0.56), (x + 0.075, -0.59), (x + 0.062, -0.525),
                        (x + 0.075, -0.46), (x + 0.008, -0.49)])
    _shape(pen, STEEL, [(x - 0.008, -0.55), (x - 0.052, -0.53), (x - 0.008, -0.505)])


def _doublet(pen: Pen, palette: Palette) -> None:
    for side in (-1, 1):
        _oval(pen, palette.accent, (side * 0.2, -0.235), 0.05, 0.036)
        pen.line(GOLD, (side * 0.17, -0.26), (side * 0.23, -0.21), 0.009)
    pen.line(GOLD, (0.0, -0.27), (0.0, 0.01), 0.014)
    for y in (-0.21, -0.15, -0.09, -0.03):
        _jewel(pen, GOLD, (0.0, y), 0.013)


def _bob(pen: Pen, hair: Colour) -> None:
    right = [(0.0, -0.098), (0.074, -0.09), (0.094, -0.02), (0.09, 0.064), (0.054, 0.064),
             (0.0, 0.0)]
    _shape(pen, hair, _near(mirrored(right), HEAD))


def _ruff(pen: Pen, y: float) -> None:
    points = [(-0.1 + i * 0.2 / 16, y + (0.024 if i % 2 else -0.004)) for i in range(17)]
    _shape(pen, LINEN, [*points, (0.085, y + 0.038), (-0.085, y + 0.038)])


def _cap(pen: Pen, palette: Palette, base: float) -> None:
    _feather(pen, palette, base)
    _shape(pen, palette.accent, arc_points((0.0, base - 0.005), 0.085, 0.065, math.pi,
                                           2 * math.pi, 16))
    _shape(pen, GOLD, [(-0.1, base - 0.012), (0.1, base - 0.012), (0.106, base + 0.02),
                       (-0.106, base + 0.02)])
    _jewel(pen, NAVY if palette.accent == RED else RED, (0.055, base + 0.004), 0.012)


def _feather(pen: Pen, palette: Palette, base: float) -> None:
    spine = [(0.04, base - 0.03), (0.07, base - 0.085), (0.1, base - 0.125),
             (0.14, base - 0.155)]
    upper = [(x - 0.026, y - 0.012) for x, y in spine[1:]]
    lower = [(x + 0.026, y + 0.016) for x, y in reversed(spine[1:])]
    _shape(pen, LINEN, [spine[0], *upper, (0.16, base - 0.162), *lower])
    pen.lines(lighter(palette.robe, 0.2), spine, 0.006)


FIGURES: dict[Rank, tuple[Callable[[Pen, Palette], None], int]] = {
    Rank.KING: (_draw_king, -1), Rank.QUEEN: (_draw_queen, -1), Rank.JACK: (_draw_jack, 1)}
"""Each court's figure, and on which side (-1 left, 1 right) of its head the suit sits."""
