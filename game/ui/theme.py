"""The window's colours and the two ways every screen draws with them: a rounded translucent
panel and a line of rich text. The menus and the table share them, so they live above both
(the widgets' own colours and fonts are in theme.json)."""

from __future__ import annotations

from functools import lru_cache

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


SMOOTHING = 3  # how much larger a smoothed panel is drawn before it is shrunk


def panel(surface: pygame.Surface, rect: Rect, colour: tuple[int, ...] = PANEL,
          radius: int = 10, border: tuple[int, int, int] | None = None) -> None:
    """A rounded translucent panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(layer, border, layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect.topleft)


def smooth_panel(size: tuple[int, int], colour: tuple[int, ...], radius: int,
                 border: tuple[int, int, int]) -> pygame.Surface:
    """A rounded translucent panel edged in `border`, its corners smoothed (drawn at three
    times its size, then shrunk); kept, since a panel's size comes back."""
    return _smooth_panel(size, tuple(colour), radius, border)


@lru_cache(maxsize=16)
def _smooth_panel(size: tuple[int, int], colour: tuple[int, ...], radius: int,
                  border: tuple[int, int, int]) -> pygame.Surface:
    """Only the corners are drawn large: beyond them every row and column is the same
    straight edge, so a panel of corners and one middle pixel, smoothed, is stretched to
    `size` (the whole panel drawn large took 7-20 ms in the frame a panel first shows)."""
    width, height = size
    corner = radius
    if min(width, height) <= 2 * corner + 1:
        return _smoothed_whole(size, colour, radius, border)
    model = _smoothed_whole((2 * corner + 1, 2 * corner + 1), colour, radius, border)
    panel = pygame.Surface(size, pygame.SRCALPHA)
    far_x, far_y, beyond = width - corner, height - corner, corner + 1
    for at, start in (((0, 0), (0, 0)), ((far_x, 0), (beyond, 0)), ((0, far_y), (0, beyond)),
                      ((far_x, far_y), (beyond, beyond))):
        _copy(panel, model.subsurface(Rect(start, (corner, corner))), at)
    across, down = width - 2 * corner, height - 2 * corner
    for at, part, stretched in (
            ((corner, 0), Rect(corner, 0, 1, corner), (across, corner)),
            ((corner, far_y), Rect(corner, beyond, 1, corner), (across, corner)),
            ((0, corner), Rect(0, corner, corner, 1), (corner, down)),
            ((far_x, corner), Rect(beyond, corner, corner, 1), (corner, down))):
        _copy(panel, pygame.transform.scale(model.subsurface(part), stretched), at)
    panel.fill(model.get_at((corner, corner)), Rect(corner, corner, across, down))
    return panel


def _copy(onto: pygame.Surface, part: pygame.Surface, at: tuple[int, int]) -> None:
    """`part` put on a clear surface as it is, its translucency kept (a plain blit blends)."""
    onto.blit(part, at, special_flags=pygame.BLEND_RGBA_MAX)


def _smoothed_whole(size: tuple[int, int], colour: tuple[int, ...], radius: int,
                    border: tuple[int, int, int]) -> pygame.Surface:
    big = pygame.Surface((size[0] * SMOOTHING, size[1] * SMOOTHING), pygame.SRCALPHA)
    pygame.draw.rect(big, border, big.get_rect(), border_radius=radius * SMOOTHING)
    inner = big.get_rect().inflate(-4 * SMOOTHING, -4 * SMOOTHING)
    pygame.draw.rect(big, (0, 0, 0, 0), inner, border_radius=(radius - 2) * SMOOTHING)
    pygame.draw.rect(big, colour, inner, border_radius=(radius - 2) * SMOOTHING)
    return pygame.transform.smoothscale(big, size)


def blit_text(surface: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
              at: tuple[int, int], *, bold: bool = False, anchor: str = "topleft",
              suit_colours: text.SuitColours | None = None) -> Rect:
    """Draw a line of words with its `anchor` point at `at`; the rectangle it took."""
    image = text.render(words, size, colour, bold=bold, suit_colours=suit_colours)
    rect = image.get_rect(**{anchor: at})
    surface.blit(image, rect)
    return rect
