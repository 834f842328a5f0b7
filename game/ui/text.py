"""Text on screen: the fonts (Noto Sans, bundled with pygame-gui) and rich text.

The fonts have no suit symbols, so text that names cards ("K♥ takes it") is drawn in runs:
letters with the font, each ♠ ♥ ♦ ♣ as a pip drawn by the art module, in its suit colour.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.cards import Suit
from game.ui.art import lettering

SUIT_OF_SYMBOL = {suit.symbol: suit for suit in Suit}
# Texts drawn lately are kept (a frame at the table draws about seventy); older ones are
# drawn again if needed, so every log line of a long evening, at every window size tried,
# does not pile up in memory (a whole game is a thousand texts or so).
RENDERED_KEPT = 1024
Colour = tuple[int, int, int]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    return lettering.font(max(6, size), bold)


def forget_fonts() -> None:
    """Fonts die with pygame's font module: a new window must load them afresh."""
    lettering.font.cache_clear()
    _render.cache_clear()


SuitColours = dict[Suit, Colour]


def render(text: str, size: int, colour: Colour, *, bold: bool = False,
           suit_colours: SuitColours | None = None) -> pygame.Surface:
    """`text` on a transparent surface; suit symbols become pips."""
    return _render(text, size, colour, bold, _frozen(suit_colours))


def _frozen(colours: SuitColours | None) -> tuple[tuple[Suit, Colour], ...] | None:
    return None if colours is None else tuple(sorted(colours.items()))


@lru_cache(maxsize=RENDERED_KEPT)
def _render(text: str, size: int, colour: Colour, bold: bool,
            suit_colours: tuple[tuple[Suit, Colour], ...] | None) -> pygame.Surface:
    from game.ui.art import suit_pip  # the art draws the pips

    face = font(size, bold)
    colours = dict(suit_colours) if suit_colours else {}
    pieces: list[pygame.Surface] = []
    run = ""
    for char in text:
        suit = SUIT_OF_SYMBOL.get(char)
        if suit is None:
            run += char
            continue
        if run:
            pieces.append(face.render(run, True, colour))
            run = ""
        pip_size = max(6, round(face.get_ascent() * 0.8))
        pieces.append(_pip_cell(suit_pip(suit, pip_size, colours.get(suit, colour)),
                                face.get_height()))
    if run or not pieces:
        pieces.append(face.render(run, True, colour))
    width = sum(piece.get_width() for piece in pieces)
    surface = pygame.Surface((max(1, width), face.get_height()), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        surface.blit(piece, (x, 0))
        x += piece.get_width()
    return surface


def _pip_cell(pip: pygame.Surface, height: int) -> pygame.Surface:
    """A pip centred in a cell as tall as the line, with a little room on its right."""
    cell = pygame.Surface((pip.get_width() + max(1, pip.get_width() // 6), height),
                          pygame.SRCALPHA)
    cell.blit(pip, (0, (height - pip.get_height()) // 2 + height // 12))
    return cell


def measure(text: str, size: int, bold: bool = False) -> int:
    """The width `render` gives `text`, without drawing it."""
    face = font(size, bold)
    pips = sum(1 for char in text if char in SUIT_OF_SYMBOL)
    letters = "".join(char for char in text if char not in SUIT_OF_SYMBOL)
    pip = max(6, round(face.get_ascent() * 0.8))
    return face.size(letters)[0] + pips * (pip + max(1, pip // 6))


def on_dark(colours: SuitColours) -> SuitColours:
    """Suit colours lightened to read on a dark panel (black suits become the ink)."""
    light: SuitColours = {}
    for suit, (red, green, blue) in colours.items():
        if max(red, green, blue) < 90:
            light[suit] = (232, 226, 210)
        else:
            light[suit] = (min(255, red + 60), min(255, green + 60), min(255, blue + 60))
    return light


def wrap(text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` pixels."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if measure(candidate, size, bold) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fitting(words: str, size: int, room: int, *, bold: bool = False) -> int:
    """The type size, at most `size` (and not under 9), at which `words` fit in `room`
    pixels, or come closest."""
    while size > 9 and measure(words, size, bold) > room:
        size -= 1
    return size


def ellipsized(words: str, size: int, width: int, *, bold: bool = True) -> str:
    """`words` cut short with an ellipsis to fit `width` (the last resort: first the type
    gets smaller, with `fitting`)."""
    if measure(words, size, bold) <= width:
        return words
    while len(words) > 1 and measure(words + "…", size, bold) > width:
        words = words[:-1]
    return words.rstrip() + "…"


def fitted(words: str, size: int, room: int, *, bold: bool = False) -> tuple[str, int]:
    """`words` and the type size to draw them in `room` pixels: smaller type first, at a
    size no smaller than 9 cut short with an ellipsis."""
    size = fitting(words, size, room, bold=bold)
    return ellipsized(words, size, room, bold=bold), size
