"""`CardArt`: every card face and back at any width, drawn once and then cached."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.cards import Card, Suit
from game.ui.art.backs import CARD_BACKS, draw_back
from game.ui.art.canvas import Colour
from game.ui.art.faces import draw_face
from game.ui.art.specials import draw_special
from game.ui.art.suits import suit_colour

MIN_WIDTH = 8


class CardArt:
    """Draws and caches card faces and backs at any width.

    The surfaces returned are shared by every caller: blit them, never draw on them.

    >>> art = CardArt(four_colour=True, back="navy")
    >>> art.face(Card.parse("KH"), 120).get_size()
    (120, 168)
    """

    def __init__(self, *, four_colour: bool = False, back: str = CARD_BACKS[0]) -> None:
        if back not in CARD_BACKS:
            raise ValueError(f"no card back {back!r}; the backs are {', '.join(CARD_BACKS)}")
        self.four_colour = four_colour
        self.back_name = back

    def face(self, card: Card, width: int) -> pygame.Surface:
        return _face(card, max(MIN_WIDTH, int(width)), self.four_colour)

    def back(self, width: int) -> pygame.Surface:
        return _back(self.back_name, max(MIN_WIDTH, int(width)))

    def suit_colour(self, suit: Suit) -> Colour:
        return suit_colour(suit, self.four_colour)


def _face(card: Card, width: int, four_colour: bool) -> pygame.Surface:
    if card.rank is None or card.suit is None:
        return _special(card, width)
    return _suited(card, width, four_colour)


@lru_cache(maxsize=256)
def _suited(card: Card, width: int, four_colour: bool) -> pygame.Surface:
    assert card.suit is not None
    return draw_face(card, width, suit_colour(card.suit, four_colour))


@lru_cache(maxsize=32)
def _special(card: Card, width: int) -> pygame.Surface:
    return draw_special(card, width)


@lru_cache(maxsize=32)
def _back(name: str, width: int) -> pygame.Surface:
    return draw_back(name, width)


def clear_caches() -> None:
    """Forget every drawn card (for tests and timing)."""
    _suited.cache_clear()
    _special.cache_clear()
    _back.cache_clear()
