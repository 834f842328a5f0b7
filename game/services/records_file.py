"""What the player's records files (the statistics, the history of games) share: how one is
read and what was wrong with it, and how a game is added to it without ever writing over
what could not be read (it is kept aside first) nor over a newer version's file.

A records file is a JSON object `{"format": ..., "version": ..., <its body's key>: ...}`;
each file's module reads its body's entries and words what happened in its own terms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TypeGuard

from game.system import files

LATER = "the file will be kept as it is, under another name, when a game is recorded."


class Trouble(Enum):
    """What was wrong with a records file as it was read."""

    DAMAGED = "damaged"  # nothing in it could be used: not readable, not JSON, not this file
    ENTRIES = "entries"  # some entries made no sense; the others are used
    NEWER = "newer"  # written by a newer version of the game: never written over here


@dataclass(frozen=True)
class Kind:
    """One records file: what a refusal calls it, its format and version, and the key and
    type of its body."""

    what: str
    format: str
    version: int
    key: str
    body: type
    oldest: int = 0  # the oldest version read as this one (its files migrate); 0: none

    def reads(self, version: int) -> bool:
        return version == self.version or 0 < self.oldest <= version < self.version


class Troubled:
    """What each file's `Loaded` knows from its `trouble`."""

    trouble: Trouble | None

    @property
    def writable(self) -> bool:
        """May a game be added to the file? Never to a newer version's."""
        return self.trouble is not Trouble.NEWER

    @property
    def kept_aside_first(self) -> bool:
        """Must the file, as it is, be kept aside before it is written over?"""
        return self.trouble in (Trouble.DAMAGED, Trouble.ENTRIES)

    def _notice(self, named: str, entries: Callable[[], str]) -> str | None:
        """What a screen showing the file tells the player: `named` is the file in words
        with its path; `entries` says which part of it could not be read and is not shown."""
        if self.trouble is Trouble.DAMAGED:
            return f"{named} could not be read: {LATER}"
        if self.trouble is Trouble.ENTRIES:
            return f"{entries()}: {LATER}"
        if self.trouble is Trouble.NEWER:
            return (f"{named} is from a newer version of the game: it is not shown, and games "
                    "played with this version are not added to it.")
        return None


def read_body(path: Path, kind: Kind) -> tuple[object, Trouble | None]:
    """The body of the file at `path`, of the type its kind says, and no trouble; or None and
    what was wrong (no trouble when there is no file). Never raises."""
    try:
        data = files.read_json(path, what=kind.what)
    except files.Missing:
        return None, None
    except files.Refused:  # a folder or a pipe in its place, not UTF-8, not JSON...
        return None, Trouble.DAMAGED
    if not isinstance(data, Mapping) or data.get("format") != kind.format:
        return None, Trouble.DAMAGED
    version, body = data.get("version"), data.get(kind.key)
    if is_int(version) and version > kind.version:
        return None, Trouble.NEWER
    if not (is_int(version) and kind.reads(version) and isinstance(body, kind.body)):
        return None, Trouble.DAMAGED
    return body, None


class NotAdded(Exception):
    """A game was not added to a records file."""

    def sentence(self, not_added: str, the_file: str) -> str:
        """Why, for the player: "This game was not recorded: your statistics file ..."."""
        raise NotImplementedError


class Newer(NotAdded):
    def sentence(self, not_added: str, the_file: str) -> str:
        return f"{not_added}: {the_file} is from a newer version of the game."


class Unkept(NotAdded):
    """The file could not be read, and could not be kept aside either."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(f"{path}: {error}")
        self.path, self.why = path, files.why_unwritten(error)

    def sentence(self, not_added: str, the_file: str) -> str:
        return (f"{not_added}: {the_file} ({self.path}) could not be read, nor kept under "
                f"another name ({self.why}).")


class Unwritten(NotAdded):
    """The file could not be written; `aside` is where it was kept first, if it was."""

    def __init__(self, error: OSError, aside: Path | None) -> None:
        super().__init__(str(error))
        self.why, self.aside = files.why_unwritten(error), aside

    def sentence(self, not_added: str, the_file: str) -> str:
        return f"{not_added}: {self.why}."


def rewrite(path: Path, loaded: Troubled, write: Callable[[], None]) -> Path | None:
    """Write the file at `path` anew by `write`, first keeping aside what was read with
    trouble: where it is kept (None if it was not). `NotAdded` if nothing was written."""
    if not loaded.writable:
        raise Newer(str(path))
    try:
        aside = files.keep_aside(path, "damaged") if loaded.kept_aside_first else None
    except OSError as error:
        raise Unkept(path, error) from error
    try:
        write()
    except OSError as error:
        raise Unwritten(error, aside) from error
    return aside


def is_int(value: object) -> TypeGuard[int]:
    """A whole number (JSON's, so not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)
