"""The table's drawing that every game shares: the window's colours, panels and words (from
game/ui/theme.py, here beside the rest), and what the games played with cards have alike
(the last trick, a suit's tag on a wild card, the Dominos rows' pips). Pure drawing: reads,
never changes the game."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.cards import Card, Suit
from game.rules.trick_taking import Trick
from game.ui import art, text
from game.ui.theme import (
    CRIMSON,
    GOLD,
    GROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    blit_text,
    on_ground,
    panel,
)

__all__ = ["CRIMSON", "GOLD", "GROUND", "HIGHLIGHT", "INK", "MUTED", "PANEL", "blit_text",
           "draw_last_trick", "on_ground", "panel", "suit_guide", "suit_tag"]


def suit_tag(surface: pygame.Surface, suit: Suit, card: Rect, scale: float,
             colours: text.SuitColours) -> None:
    """The suit a led wild card stands for, on a little tab at the card's top-right
    corner."""
    size = round(24 * scale)
    tab = Rect(0, 0, size + round(8 * scale), size + round(8 * scale))
    tab.center = (card.right - round(4 * scale), card.top + round(4 * scale))
    pygame.draw.ellipse(surface, (16, 26, 20), tab)
    pygame.draw.ellipse(surface, GOLD, tab, 2)
    pip = art.suit_pip(suit, size, colours[suit])
    surface.blit(pip, pip.get_rect(center=tab.center))


def last_trick_width(rect: Rect, plays: int, scale: float) -> int:
    """The width of each card of a trick of `plays` cards in the last trick's panel."""
    room = rect.width - 2 * round(10 * scale)
    return min(round(50 * scale), room // plays - round(4 * scale))


def draw_last_trick(surface: pygame.Surface, rect: Rect, tricks_done: Sequence[Trick],
                    names: Sequence[str], cards: art.CardArt, scale: float,
                    colours: text.SuitColours, *, dominoes: str | None, wild: Card) -> None:
    """The last trick, for review: each card with its player, and who took it (a led
    `wild` card with the suit it stood for). `dominoes`: the name of the hand being
    played without tricks, if it is."""
    panel(surface, rect)
    pad = round(10 * scale)
    blit_text(surface, "Last trick", round(16 * scale), GOLD,
              (rect.left + pad, rect.top + round(6 * scale)), bold=True)
    small = round(12 * scale)
    if not tricks_done:
        words = f"{dominoes}: no tricks in this hand." if dominoes else "No trick yet."
        blit_text(surface, words, round(13 * scale), MUTED,
                  (rect.left + pad, rect.top + round(34 * scale)))
        return
    trick = tricks_done[-1]
    width = last_trick_width(rect, len(trick.plays), scale)
    x = rect.left + pad
    y = rect.top + round(34 * scale)
    for order, (seat, card) in enumerate(trick.plays):
        image = cards.face(card, width)
        surface.blit(image, (x, y))
        card_rect = Rect(x, y, width, image.get_height())
        if seat == trick.winner:
            pygame.draw.rect(surface, HIGHLIGHT, card_rect.inflate(4, 4), 2, 6)
        if order == 0 and card is wild:
            suit_tag(surface, trick.led_suit, card_rect, scale * 0.6, colours)
        label = text.ellipsized(names[seat], small, width + round(4 * scale), bold=False)
        blit_text(surface, label, small, INK,
                  (x + width // 2, y + image.get_height() + round(3 * scale)), anchor="midtop")
        x += width + round(4 * scale)
    took = text.ellipsized(f"Trick {len(tricks_done)}: {names[trick.winner]} took it",
                           round(13 * scale), rect.width - 2 * pad, bold=False)
    blit_text(surface, took, round(13 * scale), MUTED,
              (rect.left + pad, y + round(width * art.CARD_RATIO) + round(22 * scale)))


def suit_guide(surface: pygame.Surface, area: Rect, scale: float,
               light: text.SuitColours) -> None:
    """A suit's pip at the left of each Dominos row."""
    step = area.height / 4
    for row, suit in enumerate(Suit):
        y = round(area.top + step * (row + 0.5))
        pip = art.suit_pip(suit, round(20 * scale), light[suit])
        surface.blit(pip, pip.get_rect(midright=(area.left - round(6 * scale), y)))
