"""The two wild cards: COUP (crimson and gold, a dagger) and JOKER (a jester's cap).

Anything else without a rank or suit gets a plain face with its code, so a card added to
the deck later still draws.
"""

from __future__ import annotations

import math

import pygame

from game.cards import COUP, JOKER, Card
from game.ui.art.canvas import (
    CARD_RATIO,
    Colour,
    Pen,
    bezier,
    darker,
    lighter,
    mirrored,
)
from game.ui.art.courts import FRAME_BOX, GOLD, LINEN, STEEL
from game.ui.art.faces import blank_card, finish, stamp_corners
from game.ui.art.lettering import ink_box, lettering
from game.ui.art.suits import INK

CRIMSON: Colour = (150, 18, 36)
MIDNIGHT: Colour = (44, 30, 78)
PALE_GOLD: Colour = (240, 206, 120)
FIELD_INSET = 0.045


def draw_special(card: Card, width: int) -> pygame.Surface:
    pen = blank_card(width)
    if card is COUP:
        _draw_coup(pen)
        title, tail, ink = "COUP", "D'ÉTAT", PALE_GOLD
    elif card is JOKER:
        _draw_joker(pen)
        title, tail, ink = "JOKER", "JOKER", PALE_GOLD
    else:
        title, tail, ink = card.code, card.code, INK
    surface = finish(pen, width)
    _title(surface, title, 0.2, turned=False, colour=ink)
    _title(surface, tail, CARD_RATIO - 0.2, turned=card is not COUP, colour=ink)
    stamp_corners(surface, _stacked_letters(title[:5], width, ink))
    return surface


def _field(pen: Pen, colour: Colour) -> None:
    inset = FIELD_INSET
    pen.rect(colour, (inset, inset, 1 - 2 * inset, CARD_RATIO - 2 * inset), radius=0.04)


def _clip_inside_frame(pen: Pen) -> None:
    left, top, width, height = FRAME_BOX
    (x1, y1), (x2, y2) = pen.at(left, top), pen.at(left + width, top + height)
    pen.surface.set_clip(pygame.Rect(round(x1), round(y1), round(x2 - x1), round(y2 - y1)))


def _frame(pen: Pen, colour: Colour) -> None:
    """The gold frame between the index columns, where court cards have theirs."""
    left, top, width, height = FRAME_BOX
    pen.rect(colour, FRAME_BOX, 0.01, radius=0.015)
    pen.rect(colour, (left + 0.02, top + 0.02, width - 0.04, height - 0.04), 0.004,
             radius=0.008)


def _sunburst(pen: Pen, centre: tuple[float, float], colour: Colour, rays: int) -> None:
    for i in range(0, rays, 2):
        a, b = 2 * math.pi * i / rays, 2 * math.pi * (i + 1) / rays
        pen.polygon(colour, [centre, (centre[0] + 2 * math.cos(a), centre[1] + 2 * math.sin(a)),
                             (centre[0] + 2 * math.cos(b), centre[1] + 2 * math.sin(b))])


def _draw_coup(pen: Pen) -> None:
    centre = (0.5, CARD_RATIO / 2)
    _field(pen, CRIMSON)
    _clip_inside_frame(pen)
    _sunburst(pen, centre, lighter(CRIMSON, 0.1), 32)
    pen.surface.set_clip(None)
    _frame(pen, GOLD)
    pen.circle(darker(GOLD, 0.3), centre, 0.25)
    pen.circle(GOLD, centre, 0.24)
    pen.circle(darker(CRIMSON, 0.35), centre, 0.21)
    for i in range(12):  # the studs of the medallion's rim
        angle = 2 * math.pi * i / 12
        pen.circle(PALE_GOLD, (centre[0] + 0.225 * math.cos(angle),
                               centre[1] + 0.225 * math.sin(angle)), 0.008)
    draw_dagger(pen.inner(*centre, 0.66), GOLD)


def draw_dagger(pen: Pen, hilt: Colour) -> None:
    """A dagger one unit long, pointing down, centred on the pen's origin."""
    blade = mirrored([(0.0, -0.18), (0.05, -0.17), (0.045, 0.25), (0.0, 0.5)])
    pen.polygon(STEEL, blade)
    pen.polygon(lighter(STEEL, 0.45), [(0.0, -0.17), (0.045, -0.17), (0.04, 0.25), (0.0, 0.5)])
    pen.lines(darker(STEEL, 0.45), blade, 0.008, closed=True)
    pen.line(darker(STEEL, 0.3), (0.0, -0.16), (0.0, 0.36), 0.01)
    guard = mirrored([(0.0, -0.225), (0.16, -0.22), (0.21, -0.25), (0.22, -0.2),
                      (0.16, -0.175), (0.0, -0.17)])
    pen.polygon(hilt, guard)
    pen.lines(darker(hilt, 0.45), guard, 0.008, closed=True)
    for x in (-0.215, 0.215):
        pen.circle(hilt, (x, -0.225), 0.03)
    pen.rect(darker(CRIMSON, 0.4), (-0.032, -0.43, 0.064, 0.21), radius=0.02)
    for y in (-0.4, -0.35, -0.3, -0.25):  # the grip's binding
        pen.line(hilt, (-0.032, y), (0.032, y + 0.02), 0.012)
    pen.circle(hilt, (0.0, -0.46), 0.045)
    pen.circle(CRIMSON, (0.0, -0.46), 0.018)


def _draw_joker(pen: Pen) -> None:
    centre = (0.5, CARD_RATIO / 2)
    _field(pen, MIDNIGHT)
    _clip_inside_frame(pen)
    _harlequin(pen)
    pen.surface.set_clip(None)
    _frame(pen, GOLD)
    pen.circle(GOLD, centre, 0.24)
    pen.circle(LINEN, centre, 0.226)
    _jester_cap(pen.inner(centre[0], centre[1] + 0.035, 0.36))


def _harlequin(pen: Pen) -> None:
    """Lozenges in two shades, four across the frame."""
    left, top, width, height = FRAME_BOX
    step_x, step_y = width / 4, height / 6
    shade = lighter(MIDNIGHT, 0.14)
    for row in range(7):
        for column in range(5):
            if (row + column) % 2:
                continue
            x, y = left + column * step_x, top + row * step_y
            pen.polygon(shade, [(x, y - step_y / 2), (x + step_x / 2, y), (x, y + step_y / 2),
                                (x - step_x / 2, y)])


def _jester_cap(pen: Pen) -> None:
    """Three curling points with bells over a jewelled band, one unit across."""
    left_horn = (bezier((-0.42, 0.16), (-0.42, -0.32), (-0.56, -0.02), 10)
                 + bezier((-0.56, -0.02), (-0.22, -0.26), (-0.06, 0.16), 10)[1:])
    right_horn = [(-x, y) for x, y in reversed(left_horn)]
    middle_horn = (bezier((-0.17, 0.16), (-0.2, -0.36), (0.06, -0.5), 10)
                   + bezier((0.06, -0.5), (0.08, -0.2), (0.17, 0.16), 10)[1:])
    horns = [((186, 32, 48), left_horn, (-0.56, -0.02)),
             ((120, 60, 160), right_horn, (0.56, -0.02)),
             ((34, 120, 70), middle_horn, (0.06, -0.5))]
    for colour, horn, tip in horns:
        pen.polygon(colour, horn)
        pen.lines(INK, horn, 0.014, closed=True)
        pen.circle(GOLD, tip, 0.06)
        pen.circle(darker(GOLD, 0.45), tip, 0.06, 0.014)
    band = [(-0.44, 0.14), (0.44, 0.14), (0.4, 0.3), (-0.4, 0.3)]
    pen.polygon(GOLD, band)
    pen.lines(INK, band, 0.014, closed=True)
    for x in (-0.24, 0.0, 0.24):
        pen.polygon(CRIMSON, [(x, 0.165), (x + 0.055, 0.22), (x, 0.275), (x - 0.055, 0.22)])


def _title(surface: pygame.Surface, text: str, y: float, *, turned: bool,
           colour: Colour) -> None:
    """A word across the card at height `y` (card widths), lettered at the final size."""
    width = surface.get_width()
    word = lettering(text, max(6, round(width * 0.17)), colour)
    word = word.subsurface(ink_box(word))
    if word.get_width() > width * 0.5:
        word = pygame.transform.smoothscale(
            word, (round(width * 0.5), max(1, round(word.get_height() * width * 0.5
                                                     / word.get_width()))))
    if turned:
        word = pygame.transform.rotate(word, 180)
    surface.blit(word, word.get_rect(center=(width // 2, round(y * width))))


def _stacked_letters(text: str, width: int, colour: Colour) -> pygame.Surface:
    """A word written downwards, one letter under the other, for the corner index."""
    letters = [lettering(char, max(6, round(width * 0.13)), colour) for char in text]
    letters = [letter.subsurface(ink_box(letter)) for letter in letters]
    gap = max(1, round(width * 0.02))
    column = pygame.Surface((max(letter.get_width() for letter in letters),
                             sum(letter.get_height() + gap for letter in letters)),
                            pygame.SRCALPHA)
    y = 0
    for letter in letters:
        column.blit(letter, letter.get_rect(midtop=(column.get_width() // 2, y)))
        y += letter.get_height() + gap
    return column

