"""Drawing in resolution-free units on a supersampled surface.

Shapes are drawn big (three or four pixels for every final pixel) with pygame's plain
polygons and circles, then `shrink` averages them down: that gives smooth edges to every
shape, which pygame's own anti-aliased primitives cannot (they have no filled polygons).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

CARD_RATIO = 1.4  # height / width of a card

Colour = tuple[int, int, int]
Point = tuple[float, float]


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


def supersampling(width: int) -> int:
    """Big pixels per final pixel: small art needs more of them to keep its curves round.

    Powers of two only: `smoothscale` shrinking by three loses a little alpha (255 -> 253).
    """
    return 4 if width < 200 else 2


def blank(size: tuple[int, int], edge: Colour) -> pygame.Surface:
    """A transparent surface whose invisible pixels have the colour of the art's edge.

    `smoothscale` averages colour and alpha separately, so transparent black around a
    shape would leave a dark fringe on it.
    """
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((*edge, 0))
    return surface


def shrink(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def mix(colour: Colour, other: Colour, amount: float) -> Colour:
    """`colour` moved `amount` (0..1) of the way towards `other`."""
    r, g, b = (round(a + (z - a) * amount) for a, z in zip(colour, other, strict=True))
    return r, g, b


def lighter(colour: Colour, amount: float) -> Colour:
    return mix(colour, (255, 255, 255), amount)


def darker(colour: Colour, amount: float) -> Colour:
    return mix(colour, (0, 0, 0), amount)


@dataclass(frozen=True)
class Pen:
    """Draws on `surface` in units of `scale` pixels, from `origin`, optionally half-turned.

    A half-turned pen draws everything rotated 180 degrees about its origin: that is how
    the lower half of a card mirrors the upper half.
    """

    surface: pygame.Surface
    scale: float
    origin: Point = (0.0, 0.0)
    turned: bool = False

    def at(self, x: float, y: float) -> Point:
        if self.turned:
            x, y = -x, -y
        return self.origin[0] + x * self.scale, self.origin[1] + y * self.scale

    def pixels(self, length: float) -> int:
        return max(1, round(length * self.scale))

    def inner(self, x: float, y: float, size: float = 1.0, *, turned: bool = False) -> Pen:
        """A pen whose origin is (x, y) here and whose unit is `size` of ours."""
        return replace(self, scale=self.scale * size, origin=self.at(x, y),
                       turned=self.turned != turned)

    def polygon(self, colour: Colour, points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(x, y) for x, y in points])

    def circle(self, colour: Colour, centre: Point, radius: float, width: float = 0) -> None:
        border = self.pixels(width) if width else 0
        pygame.draw.circle(self.surface, colour, self.at(*centre), radius * self.scale, border)

    def ellipse(self, colour: Colour, centre: Point, rx: float, ry: float,
                width: float = 0) -> None:
        x, y = self.at(*centre)
        box = pygame.Rect(0, 0, round(2 * rx * self.scale), round(2 * ry * self.scale))
        box.center = round(x), round(y)
        pygame.draw.ellipse(self.surface, colour, box, self.pixels(width) if width else 0)

    def rect(self, colour: Colour, box: tuple[float, float, float, float],
             width: float = 0, radius: float = 0) -> None:
        left, top, w, h = box
        (x1, y1), (x2, y2) = self.at(left, top), self.at(left + w, top + h)
        area = pygame.Rect(round(min(x1, x2)), round(min(y1, y2)),
                           round(abs(x2 - x1)), round(abs(y2 - y1)))
        pygame.draw.rect(self.surface, colour, area, self.pixels(width) if width else 0,
                         border_radius=round(radius * self.scale) if radius else -1)

    def lines(self, colour: Colour, points: Sequence[Point], width: float,
              closed: bool = False) -> None:
        """A polyline with round joins (pygame's own thick lines leave notches)."""
        pixels = [self.at(x, y) for x, y in points]
        thickness = width * self.scale
        if thickness <= 3:
            pygame.draw.lines(self.surface, colour, closed, pixels, max(1, round(thickness)))
            return
        if closed:
            pixels.append(pixels[0])
        for a, b in itertools.pairwise(pixels):
            _thick_segment(self.surface, colour, a, b, thickness)
        for point in pixels:
            pygame.draw.circle(self.surface, colour, point, thickness / 2)

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        self.lines(colour, [a, b], width)

    def blit_centred(self, image: pygame.Surface, centre: Point) -> None:
        if self.turned:
            image = pygame.transform.rotate(image, 180)
        self.surface.blit(image, image.get_rect(center=self.at(*centre)))


def _thick_segment(surface: pygame.Surface, colour: Colour, a: Point, b: Point,
                   thickness: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    nx, ny = -dy / length * thickness / 2, dx / length * thickness / 2
    pygame.draw.polygon(surface, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                          (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])


def arc_points(centre: Point, rx: float, ry: float, start: float, stop: float,
               steps: int = 24) -> list[Point]:
    """Points along an ellipse from angle `start` to `stop` (radians, y down)."""
    cx, cy = centre
    return [(cx + rx * math.cos(start + (stop - start) * i / steps),
             cy + ry * math.sin(start + (stop - start) * i / steps)) for i in range(steps + 1)]


def bezier(a: Point, control: Point, b: Point, steps: int = 12) -> list[Point]:
    """A quadratic curve from `a` to `b`, pulled towards `control`."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points.append((u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
                       u * u * a[1] + 2 * u * t * control[1] + t * t * b[1]))
    return points


def mirrored(half: Sequence[Point]) -> list[Point]:
    """A shape symmetric about x = 0 from its right half (listed top to bottom)."""
    return [*half, *((-x, y) for x, y in reversed(half))]
