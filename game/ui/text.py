"""Text on screen: the fonts (Noto Sans, bundled with pygame-gui) and rich text.

The fonts have no suit symbols, so text that names cards ("K♥ takes it") is drawn in runs:
letters with the font, each ♠ ♥ ♦ ♣ as a pip drawn by the art module, in its suit colour.
Letters the font lacks (Chinese, Japanese, Korean, emoji) are drawn with a fallback font
where the computer has one (game/ui/glyphs.py).

Any text can be drawn and measured, whatever it holds: what pygame cannot take (a control
character, half of a surrogate pair, a line too long for any window) is left out or
replaced first (`drawable`), and a text that draws nothing (a zero-width space) is an
empty line rather than pygame's "Text has zero width".
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

import pygame

from game.cards import Suit
from game.ui import glyphs
from game.ui.art import lettering

SUIT_OF_SYMBOL = {suit.symbol: suit for suit in Suit}
# Texts drawn lately are kept (a frame at the table draws about seventy); older ones are
# drawn again if needed, so every log line of a long evening, at every window size tried,
# does not pile up in memory (a whole game is a thousand texts or so).
RENDERED_KEPT = 1024
MEASURED_KEPT = 8192
MAX_DRAWN = 1000  # characters of one line: more than the widest window shows
REPLACEMENT = "\ufffd"  # drawn for half of a surrogate pair
# Hinted to whole pixels, the font's space is 2 pixels wide at 9 pixels and under, no wider
# than the gap hinting leaves between two letters: "take 3 coins" reads "take 3coins".
# Spaces narrower than 3 pixels are drawn this wide.
WORD_GAP = 4
SPACES = " \u00a0"  # a space, and a space no line is broken at (a figure and its unit)
Colour = tuple[int, int, int]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    return lettering.font(max(6, size), bold)


def forget_fonts() -> None:
    """Fonts die with pygame's font module: a new window must load them afresh."""
    lettering.font.cache_clear()
    for cached in (_render, _measure, _wrapped):
        cached.cache_clear()
    glyphs.forget()


def drawable(text: str) -> str:
    """`text` as pygame can draw it: at most MAX_DRAWN characters (cut with an ellipsis),
    without control characters (pygame stops at a NUL, draws a tab as a box), each half of
    a surrogate pair (which cannot be encoded) as the replacement character."""
    if len(text) > MAX_DRAWN:
        text = text[:MAX_DRAWN - 1] + "…"
    if text.isascii() and text.isprintable():
        return text
    return "".join(REPLACEMENT if unicodedata.category(char) == "Cs" else char
                   for char in text if unicodedata.category(char) != "Cc")


SuitColours = dict[Suit, Colour]


def render(text: str, size: int, colour: Colour, *, bold: bool = False,
           suit_colours: SuitColours | None = None) -> pygame.Surface:
    """`text` on a transparent surface; suit symbols become pips. Never fails."""
    return _render(drawable(text), size, colour, bold, _frozen(suit_colours))


def _frozen(colours: SuitColours | None) -> tuple[tuple[Suit, Colour], ...] | None:
    return None if colours is None else tuple(sorted(colours.items()))


@lru_cache(maxsize=RENDERED_KEPT)
def _render(text: str, size: int, colour: Colour, bold: bool,
            suit_colours: tuple[tuple[Suit, Colour], ...] | None) -> pygame.Surface:
    from game.ui.art import suit_pip  # the art draws the pips

    face = font(size, bold)
    colours = dict(suit_colours) if suit_colours else {}
    pieces: list[tuple[pygame.Surface, int]] = []  # each part and how far down it sits
    run = ""
    for char in text:
        suit = SUIT_OF_SYMBOL.get(char)
        if suit is None:
            run += char
            continue
        pieces += _letters(run, face, size, bold, colour)
        run = ""
        pip_size = max(6, round(face.get_ascent() * 0.8))
        pieces.append((_pip_cell(suit_pip(suit, pip_size, colours.get(suit, colour)),
                                 face.get_height()), 0))
    pieces += _letters(run, face, size, bold, colour)
    width = sum(piece.get_width() for piece, _ in pieces)
    surface = pygame.Surface((max(1, width), face.get_height()), pygame.SRCALPHA)
    x = 0
    for piece, y in pieces:
        surface.blit(piece, (x, y))
        x += piece.get_width()
    return surface


def _letters(run: str, face: pygame.font.Font, size: int, bold: bool,
             colour: Colour) -> list[tuple[pygame.Surface, int]]:
    """A run of letters drawn, each part in the font that has it, on the line's baseline;
    nothing for a run that draws nothing. Spaces too narrow to part words are widened."""
    gap = _widened_space(face)
    if gap is None:
        return _parts(run, face, size, bold, colour)
    drawn = []
    for word in _words(run):
        if word in SPACES:
            drawn.append((pygame.Surface((gap, face.get_height()), pygame.SRCALPHA), 0))
        else:
            drawn += _parts(word, face, size, bold, colour)
    return drawn


def _widened_space(face: pygame.font.Font) -> int | None:
    """The width a space is drawn at when the font's own is too narrow (None: it is not)."""
    own = face.size(" ")[0]
    return WORD_GAP if own < WORD_GAP - 1 else None


def _words(run: str) -> list[str]:
    """`run` cut into words and the single spaces between them."""
    pieces: list[str] = []
    for char in run:
        if char in SPACES or not pieces or pieces[-1] in SPACES:
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces


def _parts(run: str, face: pygame.font.Font, size: int, bold: bool,
           colour: Colour) -> list[tuple[pygame.Surface, int]]:
    drawn = []
    for path, part in glyphs.runs(run):
        used = _face(face, path, size, bold)
        try:
            drawn.append((used.render(part, True, colour),
                          face.get_ascent() - used.get_ascent()))
        except pygame.error:  # "Text has zero width": the run draws nothing
            continue
    return drawn


def _face(face: pygame.font.Font, fallback: Path | None, size: int,
          bold: bool) -> pygame.font.Font:
    """The font to draw a part in: the fallback that has its letters, if it opens."""
    if fallback is None:
        return face
    return glyphs.fallback_face(fallback, max(6, size), bold) or face


def _pip_cell(pip: pygame.Surface, height: int) -> pygame.Surface:
    """A pip centred in a cell as tall as the line, with a little room on its right."""
    cell = pygame.Surface((pip.get_width() + max(1, pip.get_width() // 6), height),
                          pygame.SRCALPHA)
    cell.blit(pip, (0, (height - pip.get_height()) // 2 + height // 12))
    return cell


def measure(text: str, size: int, bold: bool = False) -> int:
    """The width `render` gives `text`, without drawing it. Never fails."""
    return _measure(drawable(text), size, bold)


@lru_cache(maxsize=MEASURED_KEPT)  # the same lines are measured again in every frame
def _measure(text: str, size: int, bold: bool) -> int:
    face = font(size, bold)
    pips = sum(1 for char in text if char in SUIT_OF_SYMBOL)
    letters = "".join(char for char in text if char not in SUIT_OF_SYMBOL)
    pip = max(6, round(face.get_ascent() * 0.8))
    gap = _widened_space(face)
    words = [letters] if gap is None else _words(letters)
    width = sum(gap if gap is not None and word in SPACES else _width(word, face, size, bold)
                for word in words)
    return width + pips * (pip + max(1, pip // 6))


def _width(letters: str, face: pygame.font.Font, size: int, bold: bool) -> int:
    return sum(_face(face, path, size, bold).size(part)[0] for path, part in glyphs.runs(letters))


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
    """Split `text` into lines no wider than `width` pixels; a word wider than a line (a
    file's name, a path) is broken, after a '-', '/', '.' or '_' where it can be."""
    if len(text) > MAX_DRAWN:  # a long text is not kept
        return list(_wrapped.__wrapped__(text, size, width, bold))
    return list(_wrapped(text, size, width, bold))


@lru_cache(maxsize=RENDERED_KEPT)  # the same lines are wrapped again in every frame
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if measure(candidate, size, bold) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            *whole, line = _broken(word, size, width, bold)
            lines.extend(whole)
        lines.append(line)
    return tuple(lines)


BREAKS_AFTER = "-/._\\"


def _broken(word: str, size: int, width: int, bold: bool) -> list[str]:
    """`word` in pieces no wider than `width` (at least a character each)."""
    pieces: list[str] = []
    while measure(word, size, bold) > width and len(word) > 1:
        fits, wider = 1, len(word)  # by halves: the longest start that fits
        while fits + 1 < wider:
            middle = (fits + wider) // 2
            fits, wider = (middle, wider) if measure(word[:middle], size, bold) <= width \
                else (fits, middle)
        nice = max((at + 1 for at in range(fits) if word[at] in BREAKS_AFTER), default=0)
        cut = nice if nice > fits // 2 else fits
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


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
    longest, shortest = min(len(words), MAX_DRAWN), 1  # the longest start that fits, found
    while shortest < longest:                           # by halves: a hostile text is long
        middle = (shortest + longest + 1) // 2
        if measure(words[:middle] + "…", size, bold) <= width:
            shortest = middle
        else:
            longest = middle - 1
    return words[:shortest].rstrip() + "…"


def fitted(words: str, size: int, room: int, *, bold: bool = False) -> tuple[str, int]:
    """`words` and the type size to draw them in `room` pixels: smaller type first, at a
    size no smaller than 9 cut short with an ellipsis."""
    size = fitting(words, size, room, bold=bold)
    return ellipsized(words, size, room, bold=bold), size
