"""Saving outside the saves folder: the file a whole path typed in Save's box stands for.

When the disk of the saves folder is full, Save as… takes a whole path instead of a name
("/media/stick/my game", "~/games/tuesday"). Only a whole path counts: a name with a slash
in it ("Anna/Bob") is a name, kept in the saves folder, never a file beside wherever the
program was started. The file ends in .json; a folder typed gets a new file of its own in
it. A path into the saves folder is a name there, a new file as any name typed.

A file of the player's is never replaced unless he says so: a path naming a file that is
there already comes back `taken`, for the table to ask first. A path no game can be saved
at is refused with the reason, in a sentence (`Refused`): its `~` names no home folder,
its folder is not there, it names a folder, a pipe or a device rather than a file, or one
of the game's own files (the autosave, the settings, the statistics and everything beside
them), which the game writes itself.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.engine import texts
from game.services import save_index
from game.services.save_files import Refused
from game.system import paths
from game.system.files import kind_of, why_unwritten

LONGEST_SHOWN = 12  # characters of a name quoted in a refusal: it fits the dialog's line
FREE_NAMES_TRIED = 100  # new files tried in a folder typed before giving up
_SEPARATORS = [os.sep, *([os.altsep] if os.altsep else [])]


@dataclass(frozen=True)
class Elsewhere:
    """Where the game is saved for a whole path typed, and under what name."""

    path: Path
    name: str | None
    taken: bool  # a file is there already: replaced only once the player says so


def default_name() -> str:
    """The name Save offers: the day and time, written as the game left on another day is
    ("Game 3 May 14:05")."""
    now = datetime.now()
    return f"Game {now.day} {now:%b %H:%M}"


def elsewhere(typed: str) -> Elsewhere | None:
    """Where a whole path typed in Save's box saves the game; None for a name. `Refused`
    saying why no game can be saved there."""
    path = _whole_path(typed)
    if path is None:
        return None
    status = _status(path)
    if status is not None and stat.S_ISDIR(status.st_mode):
        return _new_file_in(path)
    if typed.strip().endswith(tuple(_SEPARATORS)):  # a folder was meant
        raise Refused(f"There is no folder “{_shown(path.name)}”: check the path.")
    file = path if path.suffix.lower() == ".json" else path.with_name(f"{path.name}.json")
    _check_folder(file.parent)
    if _is_the_saves_folder(file.parent):
        return _among_the_saves(file.stem)
    _check_not_the_games_own(file)
    status = _status(file)
    if status is not None and not stat.S_ISREG(status.st_mode):
        raise Refused(f"“{_shown(file.name)}” is {kind_of(status.st_mode)}, not a file: "
                      "type another name.")
    return Elsewhere(file, texts.save_name(file.stem), taken=os.path.lexists(file))


def _whole_path(typed: str) -> Path | None:
    """The path typed, its `~` made the home folder, if it is a whole path."""
    text = typed.strip()
    if not (text.startswith("~") or any(mark in text for mark in _SEPARATORS)):
        return None
    if "\0" in text:
        raise Refused("That path holds a character no file's name may hold.")
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # "~nosuchuser/game", or "~" with no home known
        user = next((part for part in Path(text).parts if part), text)
        raise Refused(f"“{_shown(user)}” names no home folder here: type a full path.") \
            from None
    return path if path.is_absolute() else None


def _status(path: Path) -> os.stat_result | None:
    """What is at `path` (links followed); None if nothing. `Refused` if it cannot be
    known (a name too long, a folder that may not be read)."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise Refused(f"Cannot save there: {why_unwritten(error)}.") from None


def _check_folder(folder: Path) -> None:
    """`Refused` unless the file's folder is there (a folder mistyped is not made)."""
    status = _status(folder)
    if status is None:
        raise Refused(f"There is no folder “{_shown(folder.name)}”: check the path.")
    if not stat.S_ISDIR(status.st_mode):
        raise Refused(f"“{_shown(folder.name)}” is not a folder: check the path.")


def _new_file_in(folder: Path) -> Elsewhere:
    """A new file in the folder typed, named after the day and time (numbered should
    that name be taken: a file there is never replaced)."""
    if _is_the_saves_folder(folder):
        return _among_the_saves(default_name())
    name = default_name()
    for number in range(1, FREE_NAMES_TRIED + 1):
        file = folder / (f"{name}.json" if number == 1 else f"{name} ({number}).json")
        _check_not_the_games_own(file)
        if not os.path.lexists(file):
            return Elsewhere(file, name, taken=False)
    raise Refused("That folder holds too many games of today: type a file's name too.")


def _among_the_saves(typed: str) -> Elsewhere:
    """A path into the saves folder: a name there, a new file as any name typed."""
    name = texts.save_name(typed)
    return Elsewhere(save_index.new_save_path(name or ""), name, taken=False)


def _is_the_saves_folder(folder: Path) -> bool:
    return _same_place(folder, paths.saves_dir())


def _check_not_the_games_own(file: Path) -> None:
    """`Refused` if the file is one the game writes itself, or lies in one of its folders
    (a save in the saves folder is the player's: that is not asked here)."""
    for known, what in _games_own_files():
        if _same_file(file, known):
            raise Refused(f"That file {what}: type another name.")
    if any(_inside(file, folder) for folder in _games_own_folders()):
        raise Refused("That is one of the game's own folders: type another path.")


def _games_own_files() -> list[tuple[Path, str]]:
    return [*((autosave, "is the autosave") for autosave in paths.autosave_paths()),
            (paths.settings_path(), "holds your settings"),
            (paths.stats_path(), "holds your statistics")]


def _games_own_folders() -> list[Path]:
    return [paths.data_dir(), paths.config_dir(), paths.crash_reports_dir(),
            paths.sample_saves_dir()]


def _same_place(one: Path, other: Path) -> bool:
    return os.path.realpath(one) == os.path.realpath(other)


def _same_file(one: Path, other: Path) -> bool:
    """The same path (links followed), or one file under two names (a hard link)."""
    if _same_place(one, other):
        return True
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def _inside(file: Path, folder: Path) -> bool:
    """Is `file` in `folder` or below it, but not in the saves folder or below it?"""
    real = Path(os.path.realpath(file))
    saves = Path(os.path.realpath(paths.saves_dir()))
    return real.is_relative_to(os.path.realpath(folder)) and not real.is_relative_to(saves)


def _shown(name: str) -> str:
    """A name as a refusal quotes it: cut short with an ellipsis."""
    name = texts.cleaned(name, len(name)) or "?"
    return texts.cut(name, LONGEST_SHOWN - 1) if len(name) > LONGEST_SHOWN else name
