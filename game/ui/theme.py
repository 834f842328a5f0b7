"""The window's colours and the two ways every screen draws with them: a rounded translucent
panel and a line of rich text. The menus and the table share them, so they live above both
(the widgets' own colours and fonts are in theme.json)."""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui import text

INK = (240, 234, 214)
MUTED = (196, 188, 160)
GOLD = (226, 186, 92)
PANEL = (18, 30, 24, 200)
GROUND = (10, 18, 14)  # the window behind the felt and the panels
HIGHLIGHT = (255, 214, 102)
CRIMSON = (196, 48, 56)


def on_ground(colour: tuple[int, ...]) -> tuple[int, int, int]:
    """A translucent panel's colour as it shows over the window's ground."""
    alpha = colour[3] / 255 if len(colour) > 3 else 1.0
    red, green, blue = (round(ground + (value - ground) * alpha)
                        for value, ground in zip(colour[:3], GROUND, strict=True))
    return red, green, blue


def panel(surface: pygame.Surface, rect: Rect, colour: tuple[int, ...] = PANEL,
          radius: int = 10, border: tuple[int, int, int] | None = None) -> None:
    """A rounded translucent panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(layer, border, layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect.topleft)


def blit_text(surface: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
              at: tuple[int, int], *, bold: bool = False, anchor: str = "topleft",
              suit_colours: text.SuitColours | None = None) -> Rect:
    """Draw a line of words with its `anchor` point at `at`; the rectangle it took."""
    image = text.render(words, size, colour, bold=bold, suit_colours=suit_colours)
    rect = image.get_rect(**{anchor: at})
    surface.blit(image, rect)
    return rect
