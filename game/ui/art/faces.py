"""Card faces: the paper, the corner indices, the pips, the Aces and the courts.

The body of a face is drawn supersampled in units of the card width (a card is 1 wide
and `CARD_RATIO` tall); the corner indices are then lettered at the final size.
"""

from __future__ import annotations

import pygame

from game.cards import Card, Rank, Suit
from game.ui.art.canvas import (
    CARD_RATIO,
    Colour,
    Pen,
    blank,
    card_size,
    lighter,
    shrink,
    supersampling,
)
from game.ui.art.courts import FIGURES, draw_court
from game.ui.art.lettering import condensed, ink_box, lettering
from game.ui.art.suits import draw_pip, suit_pip

PAPER: Colour = (252, 250, 243)
EDGE: Colour = (128, 124, 116)
CORNER = 0.065  # radius of the rounded corners, in card widths

INDEX_X = 0.12  # centre of the index column
INDEX_WIDTH = 0.17
INDEX_TOP = 0.05
RANK_SIZE = 0.28  # font size of the rank, in card widths
INDEX_PIP = 0.18

PIP_SIZE = 0.18
COLUMNS = {"L": 0.325, "C": 0.5, "R": 0.675}
TOP_ROW, BOTTOM_ROW = 0.3, CARD_RATIO - 0.3

# Classic pip layouts: (column, height from 0 = top row to 1 = bottom row).
_SIDES_4 = [(side, row / 3) for side in "LR" for row in range(4)]
PIP_LAYOUTS: dict[Rank, list[tuple[str, float]]] = {
    Rank.TWO: [("C", 0.0), ("C", 1.0)],
    Rank.FOUR: [("L", 0.0), ("R", 0.0), ("L", 1.0), ("R", 1.0)],
    Rank.SEVEN: [(s, r) for s in "LR" for r in (0.0, 0.5, 1.0)] + [("C", 0.25)],
    Rank.EIGHT: [(s, r) for s in "LR" for r in (0.0, 0.5, 1.0)] + [("C", 0.25), ("C", 0.75)],
    Rank.NINE: [*_SIDES_4, ("C", 0.5)],
    Rank.TEN: [*_SIDES_4, ("C", 1 / 6), ("C", 5 / 6)],
}


def paper(pen: Pen, width: int, colour: Colour = PAPER, edge: Colour = EDGE) -> None:
    """The card's blank: rounded corners and a hairline border one final pixel wide."""
    hairline = 1 / width
    height = pen.surface.get_height() / pen.scale  # CARD_RATIO, give or take the rounding
    pen.rect(edge, (0, 0, 1, height), radius=CORNER)
    pen.rect(colour, (hairline, hairline, 1 - 2 * hairline, height - 2 * hairline),
             radius=CORNER - hairline)


def blank_card(width: int) -> Pen:
    """A pen on a supersampled blank card, one unit wide, for a card `width` pixels wide."""
    size = card_size(width)
    factor = supersampling(width)
    pen = Pen(blank((size[0] * factor, size[1] * factor), EDGE), width * factor)
    paper(pen, width)
    return pen


def finish(pen: Pen, width: int) -> pygame.Surface:
    """The card drawn with `blank_card`, at its final size."""
    return shrink(pen.surface, card_size(width))


def draw_face(card: Card, width: int, colour: Colour) -> pygame.Surface:
    """A suited card's face at `width` pixels, its suit drawn in `colour`."""
    assert card.rank is not None and card.suit is not None
    pen = blank_card(width)
    _draw_body(pen, card.rank, card.suit, colour)
    surface = finish(pen, width)
    stamp_corners(surface, corner_index(card.rank, card.suit, width, colour))
    return surface


def _draw_body(pen: Pen, rank: Rank, suit: Suit, colour: Colour) -> None:
    if rank in FIGURES:
        draw_court(pen, rank, suit, colour)
    elif rank is Rank.ACE:
        _draw_ace(pen, suit, colour)
    else:
        _draw_pips(pen, suit, colour, PIP_LAYOUTS.get(rank, []))


def _draw_pips(pen: Pen, suit: Suit, colour: Colour, layout: list[tuple[str, float]]) -> None:
    for column, row in layout:
        y = TOP_ROW + row * (BOTTOM_ROW - TOP_ROW)
        draw_pip(pen, suit, (COLUMNS[column], y), PIP_SIZE, colour, turned=row > 0.5)


def _draw_ace(pen: Pen, suit: Suit, colour: Colour) -> None:
    centre = (0.5, CARD_RATIO / 2)
    ring = lighter(colour, 0.7)
    pen.circle(ring, centre, 0.31, 0.007)
    pen.circle(ring, centre, 0.292, 0.003)
    for i in range(4):  # small studs on the ring, like a seal's
        x, y = ((0.0, -0.31), (0.31, 0.0), (0.0, 0.31), (-0.31, 0.0))[i]
        pen.circle(ring, (centre[0] + x, centre[1] + y), 0.018)
    draw_pip(pen, suit, centre, 0.42, colour)


def corner_index(rank: Rank, suit: Suit, width: int, colour: Colour) -> pygame.Surface:
    """The rank over the suit, as one transparent piece for the top-left corner."""
    two_digits = len(rank.value) > 1
    size = width * RANK_SIZE * (0.95 if two_digits else 1.0)
    text = lettering(rank.value, max(7, round(size)), colour, tracking=0.1 * two_digits)
    text = text.subsurface(ink_box(text))
    text = condensed(text, round(width * (0.2 if two_digits else INDEX_WIDTH)))
    pip = suit_pip(suit, max(5, round(width * INDEX_PIP)), colour)
    gap = max(1, round(width * 0.03))
    piece = pygame.Surface((max(text.get_width(), pip.get_width()),
                            text.get_height() + gap + pip.get_height()), pygame.SRCALPHA)
    piece.blit(text, text.get_rect(midtop=(piece.get_width() // 2, 0)))
    piece.blit(pip, pip.get_rect(midbottom=(piece.get_width() // 2, piece.get_height())))
    return piece


def stamp_corners(surface: pygame.Surface, index: pygame.Surface) -> None:
    """`index` in the top-left corner, and half-turned in the bottom-right one."""
    width = surface.get_width()
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.blit(index, index.get_rect(midtop=(round(width * INDEX_X),
                                            round(width * INDEX_TOP))))
    surface.blit(layer, (0, 0))
    surface.blit(pygame.transform.rotate(layer, 180), (0, 0))
