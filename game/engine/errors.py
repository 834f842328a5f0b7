"""Errors the engine and the rules raise; their messages are meant for players, and quote
what they were given cut short with an ellipsis (`quoted`, `cut`): a move, a save or a
program may hold a text of a million characters or a number of 4,000 digits."""

from __future__ import annotations

from collections.abc import Mapping

MAX_QUOTED_LENGTH = 40  # a value quoted in a message, cut short beyond it


class IllegalMove(Exception):
    """A decision the rules refuse, with a reason a player understands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedEntry(ValueError):
    """A JSON entry (a move, options, a deal) that is not of the expected shape."""


class SaveError(Exception):
    """A save file that cannot be loaded; the message says what is wrong."""


def quoted(value: object, longest: int = MAX_QUOTED_LENGTH) -> str:
    """A value from a file or a program as a message quotes it: its repr, at most
    `longest` characters (`cut`), so that a hostile value (a text of a million characters,
    a number of 4,000 digits) is shown by its start: "'xxx…'", "99999…"."""
    if isinstance(value, str):
        return _quoted_text(value, longest)
    if isinstance(value, list | Mapping):
        shown = f"a JSON {'list' if isinstance(value, list) else 'object'}"
    else:
        try:
            shown = repr(value)
        except ValueError:  # an integer of more digits than Python writes
            shown = "a number too long"
    return cut(shown, longest)


def _quoted_text(value: str, longest: int) -> str:
    """A text's repr of at most `longest` characters; cut short, the ellipsis inside its
    quotes ("'xxx…'"), so that the words after it read as words after a quotation."""
    whole = repr(value[:longest + 1])
    if len(whole) <= longest:
        return whole
    kept = value[:longest]
    while kept and len(repr(kept)) + 1 > longest:  # an escape may take several characters
        kept = kept[:-1]
    shown = repr(kept)
    return f"{shown[:-1]}…{shown[-1]}"


def cut(text: str, longest: int) -> str:
    """`text` for a message: at most `longest` characters, and if it is cut short, its
    start and an ellipsis, so that a message never cuts a text without saying so."""
    return text if len(text) <= longest else f"{text[:longest]}…"
