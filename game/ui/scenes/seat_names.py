"""A seat's name in words New game can say under the seats: which of its characters the
game's font cannot show (emoji, Chinese, Japanese, Korean: game/ui/glyphs.py), named as
fully as the line has room for."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from game.rules.words import counted
from game.ui import glyphs

MOST_NAMED = 2  # characters named in the line on those the font cannot show


def unshown_words(seat: int, name: str,
                  fits: Callable[[str], bool] = lambda words: True) -> str | None:
    """What New game says of a seat's name with characters the game's font cannot show
    (named in words: the line is drawn in that font), as fully as `fits` lets; None if it
    shows them all."""
    missing = glyphs.missing(name)
    if not missing:
        return None
    named = [character_name(char) for char in missing[:MOST_NAMED]]
    boxes = "a box instead" if len(missing) == 1 else "boxes instead"
    wordings = [f"Seat {seat + 1}: the font cannot show {listing} ({boxes})." for listing in (
        " and ".join(named) if len(missing) <= MOST_NAMED else
        f"{', '.join(named)} and {counted(len(missing) - MOST_NAMED, 'more character')}",
        f"{named[0]} and {counted(len(missing) - 1, 'more character')}",
        f"{counted(len(missing), 'character')} of this name")]
    return next((words for words in wordings if fits(words)), wordings[-1])


def character_name(char: str) -> str:
    """A character in words: 'slightly smiling face', 'ideograph U+6F22'."""
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}"
    if not name:
        return code
    return f"ideograph {code}" if name.startswith("CJK ") else name.lower()
