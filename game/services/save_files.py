"""The player's saves as files: the one rule for a save's name (Save and Rename share it),
and renaming and deleting a save from the Load dialog.

Only the player's own saves, directly in the saves folder, are renamed or deleted: never
a sample game, and never an autosave (it is the game Continue carries on; the Load dialog
does not list it, and these refuse it should it be asked for). A symbolic link in the
saves folder is the player's too: deleting or renaming it never touches the file it links
to. A save that cannot be loaded may be deleted but keeps its name: its header is not to be
trusted to write back.
Renaming writes the save, with its new name, beside the old file (a file named after the
new name, as Save names one) before the old is removed: whenever it stops (a full or
read-only disk), the save is there, under one name or the other, never lost.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from game.engine import saves, texts
from game.engine.errors import SaveError
from game.services import save_index
from game.system import files, paths
from game.system.files import why_unwritten


class Refused(Exception):
    """Why a name, a rename or a deletion is refused, in a sentence for the player."""


def checked_name(typed: str, *, required: bool) -> str | None:
    """A save's name as the player typed it, kept as every save keeps it
    (`texts.save_name`); None for a name left empty, unless one is `required`. `Refused`
    for a name too long, or (when required) with nothing in it that shows."""
    if len(typed.strip()) > texts.MAX_SAVE_NAME_LENGTH:
        raise Refused(f"A name has at most {texts.MAX_SAVE_NAME_LENGTH} characters.")
    name = texts.save_name(typed)
    if name is None and required:
        raise Refused("Type a name: letters, digits or signs that show.")
    return name


def rename(entry: save_index.SaveEntry, typed: str,
           listed: Sequence[save_index.SaveEntry]) -> Path:
    """Give the save `entry` the name typed: its file (named after the new name) and
    its name inside. `listed`: the saves whose names it must not take. The file it is
    now in; `Refused` saying why not, the save left as it was."""
    _own(entry, "renamed")
    if entry.problem:
        raise Refused("A save that cannot be loaded keeps its name (you may delete it).")
    name = checked_name(typed, required=True)
    assert name is not None
    if name == entry.title:
        raise Refused(f"The save is called “{name}” already.")
    if any(other.path != entry.path and not other.sample
           and other.title.casefold() == name.casefold() for other in listed):
        raise Refused(f"There is already a save called “{name}”: choose another name.")
    data = _header_of(entry.path)
    target = entry.path if save_index.safe_stem(name) == entry.path.stem else \
        save_index.new_save_path(name, entry.path.parent)
    try:
        files.write_atomically(target, json.dumps(_named(data, name), separators=(",", ":")))
    except OSError as error:
        raise Refused(f"Could not rename the save ({why_unwritten(error)}): "
                      "it is as it was.") from None
    if target != entry.path:
        _remove_old(entry.path, target)
    return target


def delete(entry: save_index.SaveEntry) -> None:
    """Delete the save `entry` (the player has said yes); `Refused` saying why not."""
    _own(entry, "deleted")
    try:
        entry.path.unlink()
    except FileNotFoundError:
        raise Refused(f"“{entry.title}” is no longer there.") from None
    except OSError as error:
        raise Refused(f"Could not delete “{entry.title}” ({why_unwritten(error)}): "
                      "it is still there.") from None


def _own(entry: save_index.SaveEntry, done: str) -> None:
    """`Refused` unless `entry` is one of the player's saves (not a sample, nor an
    autosave, nor a file elsewhere)."""
    if entry.sample:
        raise Refused(f"The sample games cannot be {done}.")
    path = own_place(entry.path)
    if any(path == own_place(autosave) for autosave in paths.autosave_paths()):
        raise Refused(f"The autosave is the game in progress: it cannot be {done} here.")
    if path.parent != paths.saves_dir().resolve():
        raise Refused(f"Only your saves can be {done}.")


def own_place(path: Path) -> Path:
    """Where the file `path` is, its folder's links followed but not its own: a link in
    the saves folder is the player's, whatever it links to. Deleting it removes the link
    alone, and renaming it writes the save anew beside it and removes the link: the file
    it links to is never touched."""
    return path.parent.resolve() / path.name


def _header_of(path: Path) -> Mapping[str, object]:
    """The save's JSON object as it is on disk; `Refused` if it cannot be read."""
    try:
        data = saves.read_data(path)
    except SaveError as error:
        raise Refused(str(error)) from None
    if not isinstance(data, Mapping):
        raise Refused("A save that cannot be loaded keeps its name (you may delete it).")
    return data


def _named(data: Mapping[str, object], name: str) -> dict[str, object]:
    """The save with `name` as its name, where a save written with it holds it."""
    head = {"format": data.get("format"), "version": data.get("version"), "name": name}
    return {**head, **{key: value for key, value in data.items() if key not in head}}


def _remove_old(old: Path, new: Path) -> None:
    """The old file of a save written anew at `new`; if it stays, the new one goes, so
    that the save is not there twice."""
    try:
        old.unlink()
    except FileNotFoundError:
        return
    except OSError as error:
        new.unlink(missing_ok=True)
        raise Refused(f"Could not rename the save ({why_unwritten(error)}): "
                      "it is as it was.") from None
