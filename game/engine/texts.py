"""The texts a file of the game may hold, and how a message quotes them: a seat's name by
the one rule of every route (New game, a save, the last New game setup), a save's name,
and the bounds past which a text is hostile (a name of a million characters, a zero-width
space for a name); a text from outside shown with what does not print made visible
(`escaped`). A value is quoted in a message by `quoted` (errors.py, where the rules find
it), cut short with an ellipsis."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from game.engine.errors import MAX_QUOTED_LENGTH, cut, quoted

__all__ = ["MAX_QUOTED_LENGTH", "cut", "quoted"]  # how every message quotes, from the kernel

MAX_NAME_LENGTH = 40
MAX_SAVE_NAME_LENGTH = 60
MAX_TEXT_LENGTH = 200
"""The longest text a save may hold anywhere (a value or a key): far more than any the
program writes (a name, a card, a date, the progress at two tables), far less than would
slow a reader or fill a message."""
MAX_REASON_LENGTH = 160  # a reason from the rules quoted in a refusal, cut short beyond it
UNPRINTABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""The kinds of character no name may hold: controls (tabs, line breaks), halves of
surrogate pairs (text that cannot be written or drawn), line and paragraph separators."""
VISIBLE = frozenset("LNPS")
"""The kinds of character that draw something (letters, digits, punctuation, symbols): a
name needs one. Marks, spaces and format characters alone draw nothing."""
IGNORABLE = (range(0x00AD, 0x00AE), range(0x034F, 0x0350), range(0x061C, 0x061D),
             range(0x115F, 0x1161), range(0x17B4, 0x17B6), range(0x180B, 0x1810),
             range(0x200B, 0x2010), range(0x202A, 0x202F), range(0x2060, 0x2070),
             range(0x3164, 0x3165), range(0xFE00, 0xFE10), range(0xFEFF, 0xFF00),
             range(0xFFA0, 0xFFA1), range(0xFFF0, 0xFFF9), range(0x1BCA0, 0x1BCA4),
             range(0x1D173, 0x1D17B), range(0xE0000, 0xE1000))
"""Unicode's default-ignorable code points: what a font may draw as nothing, with no
width (zero-width spaces and joiners, the soft hyphen, the byte-order mark, variation
selectors, the Hangul fillers). A name is kept without them."""
BLANK = frozenset("\u2800")
"""A symbol drawn as nothing that is not ignorable: the blank Braille pattern."""


def save_name(raw: object) -> str | None:
    """A save's name as it is kept and shown: what the player typed, cleaned (`cleaned`),
    at most 60 characters; None when nothing is left (or `raw` is not text)."""
    if not isinstance(raw, str):
        return None
    return cleaned(raw, MAX_SAVE_NAME_LENGTH) or None


def cleaned(typed: str, longest: int) -> str:
    """A name as typed, fit to keep: its runs of spaces (tabs, line breaks) made one space,
    without characters that do not print (format characters such as a zero-width space, a
    soft hyphen or a byte-order mark; controls; private or unassigned code points) or that
    are IGNORABLE, at most `longest` characters; '' if nothing visible is left (`visible`).
    What New game makes of a seat's name passes `seat_name` unchanged."""
    kept = "".join(c for c in unicodedata.normalize("NFC", typed)
                   if (c.isprintable() or c.isspace()) and not ignorable(c))
    name = " ".join(kept.split())[:longest].strip()
    return name if visible(name) else ""


def ignorable(char: str) -> bool:
    """Is `char` default-ignorable (IGNORABLE), drawn as nothing where it is not known?"""
    code = ord(char)
    return any(code in codes for codes in IGNORABLE)


def visible(text: str) -> bool:
    """Does `text` draw something: a letter, digit, punctuation mark or symbol that is not
    drawn blank?"""
    return any(unicodedata.category(c)[0] in VISIBLE and c not in BLANK for c in text)


def seat_name(raw: object) -> str | None:
    """A seat's name by the one rule of every route (New game, a save, the last New game
    setup): `raw` cleaned (`cleaned`), '' if nothing visible is left; None if `raw` is not
    text of 1 to 40 characters, not all of them spaces, none UNPRINTABLE (it could not be
    written, or kept on one line). What was refused before names were cleaned still is;
    what was not (a name of a zero-width space) loads."""
    if not isinstance(raw, str) or len(raw) > MAX_NAME_LENGTH or not printable(raw) \
            or not raw.strip():
        return None
    return cleaned(raw, MAX_NAME_LENGTH)


def seat_name_or_own(raw: object, index: int) -> str | None:
    """A seat's name as a save's seat `index` (from 0) holds it (`seat_name`), the seat's
    own name ("Seat 3") when nothing visible is left; None if the save's is no name."""
    name = seat_name(raw)
    return None if name is None else name or own_name(index)


def own_name(index: int) -> str:
    """The name of seat `index` (from 0) without one, as New game numbers its seats."""
    return f"Seat {index + 1}"


def printable(text: str) -> bool:
    """Can `text` be shown on one line, drawn and written: no character UNPRINTABLE?"""
    return not any(unicodedata.category(c) in UNPRINTABLE for c in text)


def brief(reason: object) -> str:
    """A reason quoted in a refusal (the rules' words on a hostile entry may quote it at
    length): on one line, cut short with an ellipsis."""
    return cut(" ".join(str(reason).split()), MAX_REASON_LENGTH)


JOINERS = frozenset("\u200c\u200d")
"""The format characters ordinary text is written with: the zero-width joiner of emoji
(a family of three, a flag) and of Indic scripts, the non-joiner of Persian. Shown as they
are."""
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The kinds of character `escaped` writes as escapes: controls (C0, DEL and C1: the
terminal's escape sequences, BEL), format characters (bidi overrides and isolates, the
byte-order mark, zero-width spaces), halves of surrogate pairs, private and unassigned code
points, line and paragraph separators."""


def escaped(text: str) -> str:
    """A text from outside (what an outside program says or answers) as the terminal and
    the log may show it: every character that does not print as itself (HIDDEN, JOINERS
    aside) written as its escape, as Python writes it (ESC as `\\x1b`, BEL as `\\x07`, a
    tab as `\\t`, a bidi override as `\\u202e`), so that nothing a program writes can
    change the player's terminal or hide or reorder the words around it; letters, symbols
    and spaces of every script, emoji, as they are. What is shown once is shown as it is
    again: only characters that print are written."""
    if text.isprintable():
        return text
    return "".join(_escape(char) if _hidden(char) else char for char in text)


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in HIDDEN and char not in JOINERS


def _escape(char: str) -> str:
    """The escape of one character, as Python's repr writes it (`\\x1b`, `\\t`,
    `\\u202e`); a backslash is not doubled, as it prints as itself."""
    return repr(char)[1:-1]


def oversized_text(data: object) -> tuple[str, int] | None:
    """The first text in `data` (a value or a key, however deep) longer than
    MAX_TEXT_LENGTH: the top-level field it is in ('' for `data` itself) and its length;
    None if there is none. Walked without recursion, in time linear in the file."""
    pending: list[tuple[object, str]] = [(data, "")]
    while pending:
        value, field_name = pending.pop()
        if isinstance(value, str):
            if len(value) > MAX_TEXT_LENGTH:
                return field_name, len(value)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if isinstance(key, str) and len(key) > MAX_TEXT_LENGTH:
                    return field_name, len(key)
                pending.append((item, field_name or str(key)))
        elif isinstance(value, list):
            pending.extend((item, field_name) for item in value)
    return None


def oversized_words(field_name: str, length: int) -> str:
    """What `oversized_text` found, in words: 'its “ruleset” is a text of 1,000,000
    characters (at most 200)'."""
    where = f"its {quoted(field_name)} holds" if field_name else "it is"
    return f"{where} a text of {length:,} characters (at most {MAX_TEXT_LENGTH})"
