"""Where things live: the player's saves, settings and statistics, and the shipped samples.

Everything the game writes goes to the user's folders (platformdirs), never beside the
program. `COUP_DETAT_HOME`, when set, replaces both the data and the config folder with
one folder of its own: tests and portable installs use it. A value whose `~` names no
home folder is refused (`home_problem`, checked as the program starts).

Folders are created on demand, quietly: a folder that cannot be made (read-only home, a
file in the way) is still returned, and the `OSError` comes from the write that needs it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from game.system.files import generations
from game.system.resources import resource_path

APP_NAME = "coup-detat"
HOME_VARIABLE = "COUP_DETAT_HOME"


def data_dir() -> Path:
    """Saves, the autosave and statistics."""
    return _made(_home() or _user_dir("data"))


def config_dir() -> Path:
    """The settings file."""
    return _made(_home() or _user_dir("config"))


def _user_dir(kind: str) -> Path:
    """The system's folder of this `kind` (data, config, state) for the game. platformdirs
    is imported here, not as the module loads: the commands that write nothing of the
    player's (`scenario`) run on the standard library alone."""
    import platformdirs

    folder = {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir,
              "state": platformdirs.user_state_dir}[kind]
    return Path(folder(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return _made(data_dir() / "saves")


def autosave_path() -> Path:
    """The newest autosave; the ones before it are kept beside it (`autosave_paths`)."""
    return data_dir() / "autosave.json"


PREVIOUS_AUTOSAVES = 2  # kept so that a damaged newest autosave falls back to the one before


def autosave_paths() -> list[Path]:
    """The autosaves, newest first."""
    return generations(autosave_path(), PREVIOUS_AUTOSAVES)


def crash_reports_dir() -> Path:
    """Reports of unexpected errors, with the game's log, for the player to send us."""
    state = _home() or _user_dir("state")
    return _made(state / "crash-reports")


def settings_path() -> Path:
    return config_dir() / "settings.json"


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def sample_saves_dir() -> Path:
    """The sample games shipped with the program: the repository's or the bundle's saves/."""
    return resource_path("saves")


class UnusableHome(OSError):
    """COUP_DETAT_HOME names no folder that can be found (`~someone` of no such user)."""


def home_problem() -> str | None:
    """Why COUP_DETAT_HOME cannot be used, in a sentence; None when it can (or is unset)."""
    try:
        _home()
    except UnusableHome as error:
        return str(error)
    return None


def _home() -> Path | None:
    home = os.environ.get(HOME_VARIABLE, "").strip()
    if not home:
        return None
    try:
        return Path(home).expanduser()
    except RuntimeError:  # "~nosuchuser/games", or "~" with no home known
        shown = home if len(home) <= 60 else f"{home[:60]}…"
        raise UnusableHome(f"{HOME_VARIABLE} is {shown!r}, but its ~ names no home folder "
                           "on this computer: set it to a folder's full path.") from None


def _made(folder: Path) -> Path:
    with contextlib.suppress(OSError):  # the write that needs the folder will say why
        folder.mkdir(parents=True, exist_ok=True)
    return folder
