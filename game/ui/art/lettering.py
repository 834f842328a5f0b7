"""Letters on the art: Noto Sans from pygame-gui's data, rendered at the final size.

Text is drawn at its final pixel size rather than supersampled, so the font's hinting
keeps the stems of a 12-pixel "Q" sharp.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from game.system.resources import package_data
from game.ui.art.canvas import Colour


def _font_folder() -> Path:
    """pygame-gui's fonts are the game's fonts (the executable carries only those we use)."""
    return package_data("pygame_gui", "data")


@cache
def font(size: int, bold: bool = True) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return pygame.font.Font(str(_font_folder() / name), max(4, size))


def lettering(text: str, size: int, colour: Colour, *, bold: bool = True,
              tracking: float = 0.0) -> pygame.Surface:
    """`text` on a transparent surface, its glyphs `tracking` ems closer (or apart if < 0)."""
    face = font(size, bold)
    if not tracking or len(text) < 2:
        return face.render(text, True, colour)
    glyphs = [face.render(char, True, colour) for char in text]
    step = round(size * tracking)
    width = sum(glyph.get_width() for glyph in glyphs) - step * (len(glyphs) - 1)
    surface = pygame.Surface((max(1, width), face.get_height()), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        surface.blit(glyph, (x, 0))
        x += glyph.get_width() - step
    return surface


def ink_box(surface: pygame.Surface) -> pygame.Rect:
    """The part of a rendered text that has ink, without the font's empty line space."""
    box = surface.get_bounding_rect()
    return box if box.width and box.height else surface.get_rect()


def condensed(surface: pygame.Surface, max_width: int) -> pygame.Surface:
    """The text squeezed sideways, if need be, to fit `max_width` (as a "10" in a corner)."""
    if surface.get_width() <= max_width:
        return surface
    return pygame.transform.smoothscale(surface, (max_width, surface.get_height()))
