"""Small pieces of the table: franc notes, the Board's daggers, the Director's and the
COUP holder's badges. Each is cached by its arguments."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui.art.canvas import Colour, Pen, blank, darker, mix, shrink
from game.ui.art.courts import GOLD, LINEN, NAVY
from game.ui.art.lettering import ink_box, lettering
from game.ui.art.specials import CRIMSON, PALE_GOLD, draw_dagger
from game.ui.art.suits import RED

NOTE_COLOURS: dict[int, Colour] = {
    2000: (112, 58, 138),  # violet
    1000: (34, 92, 160),  # blue
    500: (178, 92, 34),  # terracotta
    100: (46, 116, 72),  # green
}
NOTE_VALUES: tuple[int, ...] = tuple(NOTE_COLOURS)
NOTE_RATIO = 0.5  # height / width of a note


def _factor(pixels: int) -> int:
    return 4 if pixels < 250 else 2  # powers of two: see canvas.supersampling


@lru_cache(maxsize=32)
def franc_note(value: int, width: int) -> pygame.Surface:
    """A banknote of `value` francs (2000, 1000, 500 or 100), `width` pixels wide."""
    if value not in NOTE_COLOURS:
        raise ValueError(f"there is no {value}-franc note; the notes are {NOTE_VALUES}")
    colour = NOTE_COLOURS[value]
    width = max(16, width)
    size = (width, max(8, round(width * NOTE_RATIO)))
    factor = _factor(width)
    edge = darker(colour, 0.2)
    big = blank((size[0] * factor, size[1] * factor), edge)
    pen = Pen(big, width * factor)
    _note_paper(pen, colour, edge)
    _note_rosette(pen, colour, (0.2, 0.25))
    surface = shrink(big, size)
    _note_lettering(surface, value, colour)
    return surface


def _note_paper(pen: Pen, colour: Colour, edge: Colour) -> None:
    pen.rect(edge, (0, 0, 1, NOTE_RATIO), radius=0.025)
    pen.rect(mix(colour, (248, 242, 222), 0.82), (0.008, 0.008, 0.984, NOTE_RATIO - 0.016),
             radius=0.02)
    pen.rect(mix(colour, (248, 242, 222), 0.6), (0.04, 0.04, 0.92, NOTE_RATIO - 0.08))
    faint = mix(colour, (248, 242, 222), 0.45)
    for row in range(7):  # the engraved waves behind the value
        y = 0.08 + row * 0.055
        pen.lines(faint, [(0.04 + i * 0.0115, y + 0.012 * math.sin(i * 0.7 + row))
                          for i in range(81)], 0.004)
    for inset, width in ((0.04, 0.008), (0.058, 0.003)):
        pen.rect(colour, (inset, inset, 1 - 2 * inset, NOTE_RATIO - 2 * inset), width)


def _note_rosette(pen: Pen, colour: Colour, centre: tuple[float, float]) -> None:
    pen.circle(colour, centre, 0.15)
    pen.circle(mix(colour, (248, 242, 222), 0.85), centre, 0.138)
    strand_colour = mix(colour, (248, 242, 222), 0.3)
    for strand in range(5):
        phase = strand * math.pi / 5
        points = [(centre[0] + (0.1 + 0.03 * math.sin(10 * t + phase)) * math.cos(t),
                   centre[1] + (0.1 + 0.03 * math.sin(10 * t + phase)) * math.sin(t))
                  for t in (2 * math.pi * i / 160 for i in range(160))]
        pen.lines(strand_colour, points, 0.004, closed=True)


def _note_lettering(surface: pygame.Surface, value: int, colour: Colour) -> None:
    width, height = surface.get_size()
    ink = darker(colour, 0.35)
    _stamp(surface, lettering(str(value), round(width * 0.2), ink),
           (round(width * 0.64), round(height * 0.42)), round(width * 0.48))
    _stamp(surface, lettering("F", round(width * 0.19), ink),
           (round(width * 0.2), round(height * 0.5)), width)
    if width >= 72:
        _stamp(surface, lettering("FRANCS", round(width * 0.065), ink, tracking=-0.12),
               (round(width * 0.64), round(height * 0.76)), round(width * 0.4))


def _stamp(surface: pygame.Surface, text: pygame.Surface, centre: tuple[int, int],
           max_width: int) -> None:
    """Lettering, trimmed to its ink, shrunk to `max_width` if wider, centred on `centre`."""
    text = text.subsurface(ink_box(text))
    if text.get_width() > max_width:
        scale = max_width / text.get_width()
        text = pygame.transform.smoothscale(
            text, (max_width, max(1, round(text.get_height() * scale))))
    surface.blit(text, text.get_rect(center=centre))


@lru_cache(maxsize=16)
def dagger(length: int, *, horizontal: bool = True) -> pygame.Surface:
    """A gilded dagger marking progress on the Director's Board.

    Horizontal daggers point right (along the columns S 1 2 3 4); upright ones point down.
    """
    length = max(8, length)
    size = (max(4, round(length * 0.5)), length)
    factor = _factor(length)
    big = blank((size[0] * factor, size[1] * factor), GOLD)
    pen = Pen(big, length * factor * 0.98, (size[0] * factor / 2, size[1] * factor / 2))
    draw_dagger(pen, GOLD)
    surface = shrink(big, size)
    return pygame.transform.rotate(surface, 90) if horizontal else surface


@lru_cache(maxsize=16)
def director_badge(size: int) -> pygame.Surface:
    """The Director's tricolour cockade with two ribbon tails."""
    size = max(8, size)
    factor = _factor(size)
    big = blank((size * factor, size * factor), NAVY)
    pen = Pen(big, size * factor, (size * factor / 2, size * factor / 2))
    for side, colour in ((-1, NAVY), (1, RED)):
        tail = [(side * 0.05, 0.05), (side * 0.3, 0.48), (side * 0.2, 0.42),
                (side * 0.14, 0.5), (side * -0.04, 0.1)]
        pen.polygon(colour, tail)
        pen.lines(darker(colour, 0.4), tail, 0.012, closed=True)
    pen.polygon(darker(RED, 0.25), _pleats(0.37, 0.31, 28))
    pen.polygon(RED, _pleats(0.35, 0.3, 28))
    pen.circle(LINEN, (0.0, 0.0), 0.25)
    pen.polygon((225, 225, 218), _pleats(0.24, 0.2, 20))
    pen.circle(NAVY, (0.0, 0.0), 0.16)
    pen.polygon(GOLD, _star(0.11, 0.045, 5))
    return shrink(big, (size, size))


@lru_cache(maxsize=16)
def coup_badge(size: int) -> pygame.Surface:
    """A crimson seal with a gold dagger and a burst: who holds COUP."""
    size = max(8, size)
    factor = _factor(size)
    big = blank((size * factor, size * factor), GOLD)
    pen = Pen(big, size * factor, (size * factor / 2, size * factor / 2))
    pen.polygon(GOLD, _star(0.5, 0.36, 16))
    pen.circle(darker(GOLD, 0.35), (0.0, 0.0), 0.37)
    pen.circle(CRIMSON, (0.0, 0.0), 0.35)
    pen.circle(PALE_GOLD, (0.0, 0.0), 0.3, 0.015)
    _diagonal_dagger(pen, big)
    return shrink(big, (size, size))


def _diagonal_dagger(pen: Pen, big: pygame.Surface) -> None:
    side = round(pen.scale * 0.56)
    upright = blank((side, side), GOLD)
    draw_dagger(Pen(upright, side * 0.98, (side / 2, side / 2)), GOLD)
    slanted = pygame.transform.rotozoom(upright, 40, 1.0)
    big.blit(slanted, slanted.get_rect(center=pen.at(0.0, 0.0)))


def _pleats(outer: float, inner: float, count: int) -> list[tuple[float, float]]:
    """A ring of folded ribbon: a many-pointed star with shallow points."""
    points = []
    for i in range(count * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / count
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    return points


def _star(outer: float, inner: float, points: int) -> list[tuple[float, float]]:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append((radius * math.cos(angle), radius * math.sin(angle)))
    return corners

