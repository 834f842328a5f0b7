"""Which font draws each character: the game's own (Noto Sans), else a fallback.

Noto Sans has the Latin, Greek and Cyrillic alphabets but no Chinese, Japanese or Korean,
and no emoji. A character it lacks is drawn with the first fallback font that has it:
pygame-gui's Noto Sans SC, JP and KR where they are installed (the packaged game leaves
them out, 37 MB), then a few fonts that computers commonly have. A character no font has
is drawn as the game's font draws it, a box; New game says so when such a name is typed
(`missing`: the menus, drawn by pygame-gui, use the game's font alone).

Whether a font has a character is asked of FreeType (`pygame.freetype`), which, unlike
`pygame.font`, answers None for a glyph the font does not define.

pygame-gui fails ("Text has zero width") on a text made only of characters that draw with
no width (a zero-width space, a soft hyphen, a variation selector): the boxes a player
types in forbid them (`zero_width`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

import pygame
import pygame.freetype

from game.system.resources import package_data
from game.ui.art import lettering

GAME_FONT = "NotoSans-Regular.ttf"
GUI_FALLBACKS = ("NotoSansSC", "NotoSansJP", "NotoSansKR")  # in pygame-gui's data, if there
SYSTEM_FALLBACKS = (
    "notosanscjksc", "notosanscjkjp", "notosanscjk", "sourcehansans", "droidsansfallback",
    "wenquanyimicrohei", "microsoftyahei", "yugothic", "msgothic", "malgungothic",
    "pingfangsc", "hiraginosans", "applesdgothicneo", "arialunicodems",
    "segoeuiemoji", "segoeuisymbol", "notoemoji", "symbola", "dejavusans",
)
"""Fonts asked of the computer by the names pygame gives them (lower case, no spaces)."""
NEEDS_A_GLYPH = frozenset("LNPS")
"""Letters, digits, punctuation and symbols: characters that draw on their own. Marks,
spaces and format characters go with the character before them."""
CHECKED_SIZE = 16
CHARACTERS_KEPT = 4096
MAY_HAVE_NO_WIDTH = frozenset({"Cc", "Cf", "Mn", "Me", "Zl", "Zp"})
PLANES_WITH_THEM = (range(0x20000), range(0xE0000, 0xE01F0))  # none beyond, Unicode 15


@cache
def game_font_path() -> Path:
    return package_data("pygame_gui", "data") / GAME_FONT


@cache
def fallback_face(path: Path, size: int, bold: bool) -> pygame.font.Font | None:
    """A fallback font at a size (made bold by the renderer if asked); None if it cannot be
    opened at that size (a font of fixed-size pictures, as some emoji fonts are)."""
    try:
        face = pygame.font.Font(str(path), size)
    except (OSError, pygame.error, ValueError):
        return None
    face.bold = bold
    return face


@cache
def fallback_paths() -> tuple[Path, ...]:
    """The fallback fonts on this computer, in the order they are tried."""
    folder = package_data("pygame_gui", "data")
    found = [path for family in GUI_FALLBACKS
             for path in (folder / f"{family}-Regular.otf", folder / f"{family}-Regular.ttf")
             if path.is_file()]
    for name in SYSTEM_FALLBACKS:
        try:
            matched = pygame.font.match_font(name)
        except (OSError, ValueError, RuntimeError):  # the computer's font list is unreadable
            matched = None
        if matched and Path(matched) not in found:
            found.append(Path(matched))
    return tuple(found)


@cache
def _coverage(path: Path) -> pygame.freetype.Font | None:
    """The font at `path` as FreeType reads it, to ask which characters it has; None if it
    cannot be read."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    try:
        return pygame.freetype.Font(str(path), CHECKED_SIZE)
    except (OSError, pygame.error, RuntimeError):
        return None


def has(path: Path, char: str) -> bool:
    """Does the font at `path` define a glyph for `char`?"""
    font = _coverage(path)
    if font is None:
        return False
    try:
        return font.get_metrics(char)[0] is not None
    except (pygame.error, ValueError, UnicodeError):
        return False


@lru_cache(maxsize=CHARACTERS_KEPT)
def font_for(char: str) -> Path | None:
    """The fallback font that draws `char`; None when the game's font is to draw it (it has
    it, or no font has it, or `char` draws nothing on its own)."""
    if not _needs_a_glyph(char) or has(game_font_path(), char):
        return None
    return next((path for path in fallback_paths() if has(path, char)), None)


def _needs_a_glyph(char: str) -> bool:
    return not char.isascii() and unicodedata.category(char)[0] in NEEDS_A_GLYPH


def runs(text: str) -> Iterator[tuple[Path | None, str]]:
    """`text` in runs of characters drawn by one font: (fallback font or None, run)."""
    if text.isascii():
        yield None, text
        return
    current: Path | None = None
    run = ""
    for char in text:
        font = font_for(char) if _needs_a_glyph(char) else current
        if font != current and run:
            yield current, run
            run = ""
        current = font
        run += char
    if run:
        yield current, run


def missing(text: str) -> list[str]:
    """The characters of `text` that the game's font cannot show (each once, in order):
    the menus show them as boxes, and so does the table unless a fallback has them."""
    game_font = game_font_path()
    seen: list[str] = []
    for char in text:
        if _needs_a_glyph(char) and char not in seen and not has(game_font, char):
            seen.append(char)
    return seen


@cache
def zero_width() -> list[str]:
    """Every character the game's font draws with no width (for a text box to forbid):
    the controls, format characters and marks it measures at 0 pixels."""
    face = lettering.font(CHECKED_SIZE, False)
    return [char for codes in PLANES_WITH_THEM for code in codes
            if unicodedata.category(char := chr(code)) in MAY_HAVE_NO_WIDTH
            and face.size(char)[0] == 0]


def forget() -> None:
    """Fonts die with pygame: a new window asks afresh."""
    _coverage.cache_clear()
    font_for.cache_clear()
    fallback_paths.cache_clear()
    fallback_face.cache_clear()
    zero_width.cache_clear()
