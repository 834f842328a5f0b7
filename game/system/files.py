"""Writing a file so that a crash, a kill or a full disk never leaves half of it; reading
one so that no file, whatever it holds or is, can crash or stall the game.

A file is written beside its final place, flushed to the disk, then renamed over the old
one in a single step: whenever the program dies, the path holds either the old text or the
new, whole. A file written with `keep=N` also keeps its N previous versions, newest first,
as `name-1.json`, `name-2.json`, ...: if the newest is ever damaged, one before it is there.
A player's file that cannot be used is kept aside (`keep_aside`) before anything is written
in its place: under a name of its own that says why and when, never over another.

Every file the game reads (saves, autosaves, settings, statistics, the last New game
setup, scenario files) is read by `read_json`: a regular file of at most MAX_BYTES, as
UTF-8 text, as strict JSON; anything else is refused with a one-line reason (`Refused`).
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import shutil
import stat
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

STALE_TEMPORARY_SECONDS = 600  # a temporary file this old was left by a killed writer


def write_atomically(path: str | Path, text: str, *, keep: int = 0) -> None:
    """Put `text` at `path` in one step, keeping `keep` earlier versions beside it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:  # on any system
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        _shift_generations(generations(path, keep))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    _sweep_stale_temporaries(path)


def generations(path: str | Path, keep: int) -> list[Path]:
    """The file and its `keep` previous versions, newest first."""
    path = Path(path)
    return [path] + [path.with_name(f"{path.stem}-{age}{path.suffix}")
                     for age in range(1, keep + 1)]


def _shift_generations(paths: list[Path]) -> None:
    """Each version moves one place older; the oldest is dropped. Every step is a rename,
    so a kill between two steps loses no version but the oldest."""
    for older, newer in zip(reversed(paths[1:]), reversed(paths[:-1]), strict=True):
        if newer.exists():
            os.replace(newer, older)


def _sync_folder(folder: Path) -> None:
    """Make the renames themselves durable (POSIX; Windows has no folder handles)."""
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _sweep_stale_temporaries(path: Path) -> None:
    limit = time.time() - STALE_TEMPORARY_SECONDS
    with contextlib.suppress(OSError):
        for leftover in path.parent.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.stat().st_mtime < limit:
                    leftover.unlink()


ASIDE_ATTEMPTS = 100  # names tried for one second's copies before giving up


def keep_aside(path: str | Path, why: str, *, now: datetime | None = None) -> Path:
    """Keep what is at `path` under a name of its own beside it, saying `why` and when:
    `statistics.json` is kept as `statistics.damaged-20261127-183000.json` (then `-2`,
    `-3`... should that name be taken: an earlier copy is never written over). A regular
    file the game could read is copied, so the path holds it until it is written over;
    anything else (a folder, a pipe, a file too big or that may not be read) is moved. The
    name it is kept under; `OSError` if it cannot be kept (the path then holds it as it
    was)."""
    path = Path(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for attempt in range(1, ASIDE_ATTEMPTS + 1):
        numbered = "" if attempt == 1 else f"-{attempt}"
        aside = path.with_name(f"{path.stem}.{why}-{stamp}{numbered}{path.suffix}")
        try:
            _copy_or_move(path, aside)
        except FileExistsError:
            continue
        _sync_folder(path.parent)
        return aside
    raise FileExistsError(errno.EEXIST, "every name to keep it under is taken", str(path))


def _copy_or_move(path: Path, aside: Path) -> None:
    """Copy `path` to `aside`, or move it there if it cannot be copied; `FileExistsError`
    if `aside` is taken."""
    try:
        _copy_new(path, aside)
    except (PermissionError, IsADirectoryError, _Uncopiable):
        if os.path.lexists(aside):
            raise FileExistsError(errno.EEXIST, "taken", str(aside)) from None
        os.rename(path, aside)


class _Uncopiable(OSError):
    """Not a regular file, or one too big to read: it is moved, not copied."""


def _copy_new(path: Path, aside: Path) -> None:
    """Copy a regular file to a new file `aside`, which must not exist; a copy cut short
    (a full disk) is removed."""
    with _opened(path) as source:
        status = os.fstat(source.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
            raise _Uncopiable(errno.EINVAL, "not a file to copy", str(path))
        copy = open(aside, "xb")  # noqa: SIM115 (closed below, its failure caught too)
        try:
            with copy:  # closing flushes what is left: on a full disk, that fails too
                shutil.copyfileobj(source, copy)
                copy.flush()
                os.fsync(copy.fileno())
        except BaseException:
            aside.unlink(missing_ok=True)
            raise


# Reading ------------------------------------------------------------------------------------

MAX_BYTES = 8 * 1024 * 1024
"""The most the game reads of any file: a whole 4-player game's save is about 25 kB."""
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
"""Non-blocking: should a pipe take the file's place after it was checked, opening it
returns at once instead of waiting for a writer (a regular file ignores the flag)."""


class Refused(Exception):
    """A file that cannot be used. Its message is the reason, worded to follow the file's
    name: `f"{path.name} {error}."` reads "autosave.json is damaged: not valid JSON ..."."""


class Unreadable(Refused):
    """The file cannot be read as text: missing, not a regular file, too big, not allowed,
    not UTF-8."""


class Missing(Unreadable):
    """There is no file at the path."""


class Malformed(Refused):
    """The file is text, but not JSON."""


def read_json(path: str | Path, *, what: str) -> object:
    """The JSON value a file holds, read as `_read_text` reads; `Malformed` if it is not
    strict JSON (NaN and numbers too big for a float are not), whatever the parser's
    complaint: a syntax error, a number of more digits than Python converts, nesting
    deeper than it recurses. `what` the file should be, for the reasons: "a saved game"."""
    text = _read_text(Path(path), what)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as error:
        raise Malformed(f"is damaged: not valid JSON (line {error.lineno}, "
                        f"column {error.colno})") from None
    except RecursionError:
        raise Malformed(f"is damaged: nested too deeply to be {what}") from None
    except ValueError:  # a number too long or too big, NaN, Infinity
        raise Malformed("is damaged: not valid JSON (a number out of range)") from None


def _read_text(path: Path, what: str) -> str:
    """A file's text (UTF-8, with or without a byte-order mark), read only if it is a
    regular file (after following links) of at most MAX_BYTES: a folder, a pipe or a
    device is refused without being opened for reading. `Unreadable` saying why not."""
    data = _read_bytes(path, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Unreadable("cannot be read: it is not text (UTF-8)") from None


def _opened(path: Path) -> BinaryIO:
    """The file at `path`, opened to be read (`_OPEN_FLAGS`: never waiting on a pipe); the
    descriptor closed again if it cannot be read as a file (a folder), not left open."""
    handle = os.open(path, _OPEN_FLAGS)
    try:
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def _read_bytes(path: Path, what: str) -> bytes:
    try:
        _check_regular(os.stat(path), what)
        with _opened(path) as file:
            _check_regular(os.fstat(file.fileno()), what)  # what was opened, whatever the path
            data = file.read(MAX_BYTES + 1)  # at most the cap, even from a file still growing
    except FileNotFoundError:
        raise Missing("cannot be read: there is no such file") from None
    except OSError as error:
        raise Unreadable(f"cannot be read: {error.strerror or type(error).__name__}") from None
    if len(data) > MAX_BYTES:
        raise _too_big(what)
    return data


def _check_regular(status: os.stat_result, what: str) -> None:
    if not stat.S_ISREG(status.st_mode):
        raise Unreadable(f"cannot be read: it is {kind_of(status.st_mode)}, not a file")
    if status.st_size > MAX_BYTES:
        raise _too_big(what)


def kind_of(mode: int) -> str:
    """What a file's `mode` says it is, in words: "a folder", "a pipe"..."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket" if stat.S_ISSOCK(mode) else "something else"


def _too_big(what: str) -> Unreadable:
    return Unreadable(f"is more than {MAX_BYTES // 2**20} MB: too big to be {what}")


def _no_constant(name: str) -> float:
    raise ValueError(name)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(text)
    return number


UNWRITTEN = {getattr(errno, name): words for name, words in (  # (not every system has all)
    ("ENOSPC", "the disk is full"), ("EDQUOT", "your disk quota is used up"),
    ("EROFS", "the disk is read-only"), ("EACCES", "its folder may not be written"),
    ("EPERM", "its folder may not be written")) if hasattr(errno, name)}


def why_unwritten(error: OSError) -> str:
    """Why a file could not be written, in a player's words."""
    return UNWRITTEN.get(error.errno or 0) or str(error.strerror or error).lower()


def why_unwritten_in(folder: str | Path, error: OSError) -> str:
    """Why a file could not be written in `folder`, in a player's words: `why_unwritten`,
    unless something that is not a folder stands where the folder, or one above it, should
    be (the system says only "File exists" or "Not a directory"): "it is a file, not a
    folder", or "/home/ada/games is a file, not a folder"."""
    folder = Path(folder)
    for place in (folder, *folder.parents):
        try:
            mode = os.stat(place).st_mode
        except OSError:
            continue  # not there (to be made), or not reached: one above it may say why
        if stat.S_ISDIR(mode):
            break
        kind = "a file" if stat.S_ISREG(mode) else kind_of(mode)
        return f"{'it' if place == folder else place} is {kind}, not a folder"
    return why_unwritten(error)
