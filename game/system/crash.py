"""Crash reports: when the program meets an error it did not expect, it writes what
happened, with the log of the game being played, to the player's state folder.

A report is JSON: when, which program and platform, the error and its traceback, what was
on screen, and for each game open its save (the decision log, in the save format), so the
game can be loaded again and the moment replayed. Writing a report never raises: a report
that cannot be written is no reason to lose the game as well.
"""

from __future__ import annotations

import json
import platform
import sys
import traceback
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__
from game.system import paths
from game.system.files import write_atomically

FORMAT = "coup-detat-crash-report"


def report(error: BaseException, *, screens: Iterable[str] = (),
           games: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The report of `error`: `screens` names the scenes, bottom first; `games` are the
    open games as save JSON."""
    return {
        "format": FORMAT,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "app": f"coup-detat {__version__}",
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "frozen": bool(getattr(sys, "frozen", False)),
        "error": f"{type(error).__name__}: {error}",
        "traceback": traceback.format_exception(error),
        "screens": list(screens),
        "games": list(games),
    }


def write_report(data: Mapping[str, Any], folder: Path | None = None) -> Path | None:
    """Write a report to the crash-reports folder; its path, or None if it could not be
    written."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    try:
        folder = paths.crash_reports_dir() if folder is None else folder
        path = folder / f"crash-{stamp}.json"
        write_atomically(path, json.dumps(data, indent=1, default=repr))
    except (OSError, ValueError, TypeError):
        return None
    return path
