"""The saved games on disk, listed for the Load dialog from their headers alone.

Listing shows each file's header fields (name, ruleset, options, seats, saved_at, progress:
a save is listed by the name the player gave it, else by its file's name), and
replays its log through the rules, as loading will, so that a file which would be refused
(damaged, hand-edited into an illegal game) is listed with a short `problem` saying why.
A replay takes milliseconds; its verdict is remembered while the file is unchanged.
A match at two tables is listed as any game: its header's options count every player, its
seats are all of them, its progress tells each table's ("table 1: Round 2 of 4, ...").
A file holding a text longer than any a save holds (`texts.MAX_TEXT_LENGTH`) is listed as
damaged before anything is read of it, so that one hostile file cannot stall the listing.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from game.engine import saves, texts
from game.engine.errors import SaveError
from game.engine.saves import FORMAT, SEAT_KINDS, VERSION
from game.games import get_ruleset
from game.services.catalogue import CATALOGUE
from game.system import paths

AUTOSAVE_NAME = "autosave.json"
MAX_STEM_LENGTH = 40
MAX_SHOWN_LENGTH = 80  # the longest progress a listing shows ("Round 2 of 4, hand 3 of 6")
FALLBACK_STEM = "game"
MAX_FILE_NAME_LENGTH = 255  # characters a file's name has at most on the usual disks
UNTITLED = "Untitled save"  # a save whose file's name shows nothing
# Names Windows keeps for its devices (whatever the suffix), and the autosave's, which the
# Load dialog does not list: a save typed with one of them gets a number.
WINDOWS_DEVICES = frozenset(
    {"con", "prn", "aux", "nul"}
    | {f"{device}{number}" for device in ("com", "lpt") for number in "123456789¹²³"}
)
RESERVED_STEMS = WINDOWS_DEVICES | {"autosave"}


@dataclass(frozen=True)
class SaveEntry:
    path: Path
    title: str
    saved_at: datetime | None
    ruleset: str
    players: int
    seat_names: tuple[str, ...]
    humans: int
    progress: str
    sample: bool
    problem: str | None = None  # why the file cannot be loaded; the fields above may be empty
    over: bool = False  # the header says the game has ended


def default_folders() -> list[tuple[Path, bool]]:
    """The player's saves, then the shipped samples: (folder, holds samples) pairs."""
    return [(paths.saves_dir(), False), (paths.sample_saves_dir(), True)]


def list_saves(folders: Sequence[tuple[Path, bool]]) -> list[SaveEntry]:
    """Every save directly in these folders, each once: the player's newest first, then
    the samples. A save that has a second name beside it (a symbolic link to it) is listed
    under its own file; a link is listed only for a save in none of the folders (a link to
    a save kept on a stick), so that no save is ever hidden behind a link to it."""
    found = sorted(((path.is_symlink(), place, path.name), path, sample)  # own files first
                   for place, (folder, sample) in enumerate(folders)
                   for path in _save_files(folder))
    entries: list[SaveEntry] = []
    seen: set[Path] = set()
    for _, path, sample in found:
        if _real(path) not in seen:
            seen.add(_real(path))
            entries.append(read_entry(path, sample=sample))
    return sorted(entries, key=_listing_order)


def _real(path: Path) -> Path:
    """The file `path` names, links followed (as far as they go)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        return path.absolute()


def read_entry(path: Path, *, sample: bool = False, replay: bool = True) -> SaveEntry:
    """One file's entry; never raises. `replay=False` trusts the header without replaying."""
    blank = SaveEntry(path, title_for(path), None, "", 0, (), 0, "", sample)
    try:
        data = saves.read_data(path)
    except SaveError as error:
        return _with_problem(blank, _short(str(error), path))
    oversized = texts.oversized_text(data)
    if oversized is not None:
        return _with_problem(blank, f"damaged: {texts.oversized_words(*oversized)}")
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        return _with_problem(blank, "not a Coup d'État saved game")
    entry = _entry_from_header(blank, data)
    if entry.problem is None and replay:
        problem = _replay_problem(path, data)
        if problem is not None:
            return _with_problem(entry, problem)
    return entry


_verdicts: dict[tuple[Path, int, int], str | None] = {}


def _replay_problem(path: Path, data: Mapping[str, object]) -> str | None:
    """Why the rules refuse this save, or None; remembered while the file is unchanged."""
    try:
        status = path.stat()
    except OSError as error:
        return f"cannot be read ({type(error).__name__})"
    key = (path.resolve(), status.st_mtime_ns, status.st_size)
    if key not in _verdicts:
        try:
            saves.from_json(data, catalogue=CATALOGUE)
            _verdicts[key] = None
        except SaveError as error:
            _verdicts[key] = _short(str(error), path)
    return _verdicts[key]


def _short(reason: str, path: Path) -> str:
    """A refusal as a listing shows it: without the file's name, which the line starts with."""
    reason = reason.removeprefix(f"{path.name} is ").removeprefix(f"{path.name} ")
    reason = reason.removeprefix("The save ").removeprefix("This ")
    return reason.rstrip(".")


def title_for(path: Path) -> str:
    """A save without a name of its own is listed by its file's name in words:
    'coup-in-progress_4-players.json' -> 'Coup in progress 4 players'; kept as a name is
    (`texts.cleaned`: a file's name may hold a line break, or nothing visible)."""
    title = texts.cleaned(" ".join(re.split(r"[-_\s]+", path.stem)), MAX_FILE_NAME_LENGTH)
    return title[:1].upper() + title[1:] if title else UNTITLED


def new_save_path(name: str, folder: Path | None = None) -> Path:
    """A new file in `folder` (default: the player's saves) named after what he typed."""
    folder = paths.saves_dir() if folder is None else folder
    stem = safe_stem(name)
    for number in itertools.count(1):
        candidate = stem if number == 1 else f"{stem}-{number}"
        path = folder / f"{candidate}.json"
        if candidate.lower() not in RESERVED_STEMS and not path.exists():
            return path
    raise AssertionError("unreachable")


def safe_stem(name: str) -> str:
    """Letters and digits kept, spaces as dashes, at most 40 characters; 'game' if nothing."""
    name = unicodedata.normalize("NFC", name)
    kept = "".join(c if c.isalnum() or c in "-_" else "-" if c.isspace() else "" for c in name)
    stem = re.sub(r"-{2,}", "-", kept)[:MAX_STEM_LENGTH].strip("-_")
    return stem or FALLBACK_STEM


def _save_files(folder: Path) -> list[Path]:
    try:
        return [
            path for path in folder.glob("*.json")
            if path.name.lower() != AUTOSAVE_NAME and not path.name.startswith(".")
            and path.is_file()
        ]
    except OSError:
        return []


def _entry_from_header(blank: SaveEntry, data: Mapping[str, object]) -> SaveEntry:
    version, ruleset = data.get("version"), data.get("ruleset")
    options, seats = data.get("options"), data.get("seats")
    progress, saved_at = data.get("progress"), data.get("saved_at")
    players = options.get("players") if isinstance(options, Mapping) else None
    seat_list = seats if isinstance(seats, list) else []
    names = tuple(texts.seat_name_or_own(seat.get("name"), index) or "?"
                  for index, seat in enumerate(seat_list) if isinstance(seat, Mapping))
    kinds = [seat.get("kind") for seat in seat_list if isinstance(seat, Mapping)]
    entry = SaveEntry(
        path=blank.path,
        title=texts.save_name(data.get("name")) or blank.title,
        saved_at=saves.moment(saved_at),
        ruleset=ruleset if isinstance(ruleset, str) else "",
        players=players if type(players) is int else len(names),
        seat_names=names,
        humans=kinds.count("human"),
        progress=_shown(progress),
        sample=blank.sample,
        over=_over(data.get("over"), progress),
    )
    problem = _header_problem(version, entry.ruleset)
    if problem is None and (len(kinds) != len(seat_list) or len(names) != entry.players
                            or any(kind not in SEAT_KINDS for kind in kinds)):
        problem = "damaged: the seats do not match the players"
    return entry if problem is None else _with_problem(entry, problem)


def _shown(raw: object) -> str:
    """A header's text as the listing shows it: '' unless it is one short printable line."""
    if isinstance(raw, str) and len(raw) <= MAX_SHOWN_LENGTH and texts.printable(raw):
        return raw
    return ""


FINISHED = frozenset({"Game over", "Match over"})
"""What `progress` said of a finished game in saves written before the header said `over`."""


def _over(over: object, progress: object) -> bool:
    if isinstance(over, bool):
        return over
    return isinstance(progress, str) and progress in FINISHED


def _header_problem(version: object, ruleset: str) -> str | None:
    if type(version) is not int or version < 1:
        return "damaged: no format version"
    if version > VERSION:
        return f"saved by a newer version of the game (format {texts.quoted(version)})"
    try:
        get_ruleset(ruleset)
    except KeyError:
        return f"unknown ruleset {texts.quoted(ruleset)}"
    return None


def _listing_order(entry: SaveEntry) -> tuple[bool, bool, float, str]:
    """The player's saves before the samples; newest first; undated last; then by title."""
    undated = entry.saved_at is None
    newest_first = -entry.saved_at.timestamp() if entry.saved_at is not None else 0.0
    return (entry.sample, undated, newest_first, entry.title.lower())


def _with_problem(entry: SaveEntry, problem: str) -> SaveEntry:
    return replace(entry, problem=problem)
