"""The four suit symbols as vector shapes, and their colours.

Each shape fits a box of one unit centred on the pen's origin. The fonts have no suit
symbols, so every spade, heart, diamond and club on screen comes from here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache

import pygame

from game.cards import Suit
from game.ui.art.canvas import Colour, Pen, Point, bezier, blank, mirrored, shrink

INK: Colour = (28, 28, 34)
RED: Colour = (196, 28, 40)
BLUE: Colour = (26, 84, 178)
GREEN: Colour = (18, 122, 58)

TWO_COLOURS: dict[Suit, Colour] = {
    Suit.SPADES: INK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: INK}
FOUR_COLOURS: dict[Suit, Colour] = {
    Suit.SPADES: INK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}


def suit_colour(suit: Suit, four_colour: bool = False) -> Colour:
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


@cache
def _heart_outline() -> tuple[Point, ...]:
    """The classic heart curve, scaled to one unit wide and centred."""
    points = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append((x / 32, (y - 2.54) / 32))
    return tuple(points)


def _stem(top: float, bottom: float, half_width: float) -> list[Point]:
    """The flared foot of a spade or club, its sides curving in."""
    right = bezier((0.035, top), (0.05, bottom - 0.06), (half_width, bottom), 8)
    return mirrored(right)


def draw_heart(pen: Pen, colour: Colour) -> None:
    pen.polygon(colour, [(x, y * 1.05 + 0.02) for x, y in _heart_outline()])


def draw_diamond(pen: Pen, colour: Colour) -> None:
    top, right, bottom = (0.0, -0.5), (0.39, 0.0), (0.0, 0.5)
    inward = 0.045  # the sides bow in slightly, as on printed cards
    right_side = (bezier(top, (0.195 - inward, -0.25 + inward), right, 8)
                  + bezier(right, (0.195 - inward, 0.25 - inward), bottom, 8)[1:])
    pen.polygon(colour, mirrored(right_side))


def draw_spade(pen: Pen, colour: Colour) -> None:
    pen.polygon(colour, [(x * 0.98, -y * 0.98 - 0.08) for x, y in _heart_outline()])
    pen.polygon(colour, _stem(0.1, 0.5, 0.2))


def draw_club(pen: Pen, colour: Colour) -> None:
    radius = 0.215
    for centre in ((0.0, -0.27), (-0.265, 0.08), (0.265, 0.08)):
        pen.circle(colour, centre, radius)
    pen.polygon(colour, [(0.0, -0.2), (0.2, 0.06), (0.0, 0.22), (-0.2, 0.06)])
    pen.polygon(colour, _stem(0.06, 0.5, 0.19))


SHAPES: dict[Suit, Callable[[Pen, Colour], None]] = {
    Suit.SPADES: draw_spade, Suit.HEARTS: draw_heart,
    Suit.DIAMONDS: draw_diamond, Suit.CLUBS: draw_club}


def draw_pip(pen: Pen, suit: Suit, centre: Point, size: float, colour: Colour,
             turned: bool = False) -> None:
    """A suit symbol `size` units across, on a pen of another drawing."""
    SHAPES[suit](pen.inner(*centre, size, turned=turned), colour)


def suit_pip(suit: Suit, size: int, colour: Colour) -> pygame.Surface:
    """The suit symbol in `colour`, fitting a `size` x `size` transparent square.

    Cached: draw the returned surface, never draw on it.
    """
    r, g, b = tuple(colour)[:3]
    return _suit_pip(suit, max(1, size), (r, g, b))


@lru_cache(maxsize=512)
def _suit_pip(suit: Suit, size: int, colour: Colour) -> pygame.Surface:
    factor = 4 if size < 64 else 2
    big = blank((size * factor, size * factor), colour)
    span = size * factor
    SHAPES[suit](Pen(big, span * 0.96, (span / 2, span / 2)), colour)
    return shrink(big, (size, size))
