"""Writing a file so that a crash, a kill or a full disk never leaves half of it.

A file is written beside its final place, flushed to the disk, then renamed over the old
one in a single step: whenever the program dies, the path holds either the old text or the
new, whole. A file written with `keep=N` also keeps its N previous versions, newest first,
as `name-1.json`, `name-2.json`, ...: if the newest is ever damaged, one before it is there.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

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
