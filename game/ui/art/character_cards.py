"""A character card of the bluffing games: the playing card that stands for the character
(the same face and corner indices as every other card of the game, from `faces`), with
the character's name on a band across it and what he does written under the name.

The words are lettered at the final size, so they stay sharp on a small card.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.cards import Card
from game.ui.art.canvas import Colour, lighter
from game.ui.art.faces import CORNER, PAPER, corner_index, draw_face, stamp_corners
from game.ui.art.lettering import font

BAND_TOP = 0.56  # of the card's width, from the top: just under the top-left index
NAME_SIZE = 0.17  # the name's largest font size, in card widths
ABILITY_SIZE = 0.125  # the ability's font size, in card widths
SMALLEST_TEXT = 9  # pixels: smaller than this a word cannot be read
TEXT_LEFT = 0.05  # the ability's column, clear of the bottom-right index
TEXT_RIGHT = 0.78
LEAST_ABILITY_WIDTH = 60  # pixels: a narrower card shows the name only
INK: Colour = (34, 30, 26)


def character_face(card: Card, width: int, colour: Colour, *, name: str, ability: str,
                   band: Colour) -> pygame.Surface:
    """The face of `card` (drawn in `colour`) carrying `name` on a `band` and `ability`
    (the ability only if the card is wide enough for its words to be read).

    >>> from game.cards import Card
    >>> face = character_face(Card.parse("JS"), 90, (20, 20, 20), name="Duke",
    ...                       ability="Tax +3", band=(118, 62, 150))
    >>> face.get_size()
    (90, 126)
    """
    return _character_face(card, max(16, int(width)), colour, name, ability, band)


@lru_cache(maxsize=64)
def _character_face(card: Card, width: int, colour: Colour, name: str, ability: str,
                    band: Colour) -> pygame.Surface:
    assert card.rank is not None and card.suit is not None
    surface = draw_face(card, width, colour)
    band_rect = _name_band(surface, name, band)
    if width >= LEAST_ABILITY_WIDTH:
        _ability_box(surface, ability, band_rect.bottom)
    stamp_corners(surface, corner_index(card.rank, card.suit, width, colour))
    return surface


def _fitted(words: str, largest: int, room: int) -> pygame.font.Font:
    """The boldest face of `words` no wider than `room`, down to the smallest readable."""
    size = largest
    while size > SMALLEST_TEXT and font(size).size(words)[0] > room:
        size -= 1
    return font(size)


def _name_band(surface: pygame.Surface, name: str, band: Colour) -> pygame.Rect:
    """The character's name in white on a band of his colour, across the card."""
    width = surface.get_width()
    face = _fitted(name, max(SMALLEST_TEXT, round(width * NAME_SIZE)), round(width * 0.9))
    height = face.get_linesize()
    rect = pygame.Rect(1, round(width * BAND_TOP), width - 2, height)
    pygame.draw.rect(surface, band, rect)
    edge = lighter(band, 0.45)
    pygame.draw.line(surface, edge, rect.topleft, rect.topright)
    pygame.draw.line(surface, edge, rect.bottomleft, rect.bottomright)
    words = face.render(name, True, (255, 255, 255))
    if words.get_width() > rect.width - 4:  # a long name on a tiny card: squeezed
        words = pygame.transform.smoothscale(words, (rect.width - 4, words.get_height()))
    surface.blit(words, words.get_rect(center=rect.center))
    return rect


def _ability_box(surface: pygame.Surface, ability: str, top: int) -> None:
    """What the character does, on plain paper under the band, left of the bottom index."""
    width, height = surface.get_size()
    radius = round(width * CORNER)
    box = pygame.Rect(1, top + 1, width - 2, height - top - 2)
    pygame.draw.rect(surface, PAPER, box, border_bottom_left_radius=radius,
                     border_bottom_right_radius=radius)
    left, room = round(width * TEXT_LEFT), round(width * (TEXT_RIGHT - TEXT_LEFT))
    y = top + max(1, round(width * 0.02))
    face, lines, step = _ability_lines(ability, round(width * ABILITY_SIZE), room,
                                       height - y)
    for line in lines:
        image = face.render(line, True, INK)
        if image.get_width() > room:
            image = pygame.transform.smoothscale(image, (room, image.get_height()))
        surface.blit(image, (left, y))
        y += step


def _ability_lines(ability: str, largest: int, room: int,
                   space: int) -> tuple[pygame.font.Font, list[str], int]:
    """The ability's font, lines and line step: the largest size whose lines fit `space`."""
    size = max(SMALLEST_TEXT, largest)
    while True:
        face = font(size, bold=False)
        lines = _wrapped(ability, face, room)
        step = face.get_linesize() - max(1, size // 5)
        if size <= SMALLEST_TEXT or len(lines) * step <= space:
            return face, lines, step
        size -= 1


def _wrapped(words: str, face: pygame.font.Font, room: int) -> list[str]:
    lines: list[str] = []
    for word in words.split(" "):
        if lines and face.size(f"{lines[-1]} {word}")[0] <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def clear_caches() -> None:
    _character_face.cache_clear()
