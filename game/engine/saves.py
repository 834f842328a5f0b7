"""Saved games: versioned JSON, validated, then replayed through the rules.

A save holds the decision log: every seat's decision and every outcome of chance (the
deals), in the notation of the scenario files. Loading replays the log through the rules,
which rebuild every event, so a save can never smuggle in an illegal game: a file that is
malformed or breaks a rule is refused with a message saying where, and nothing is
half-loaded. No pickle, no eval.

    {"format": "coup-detat-save", "version": 2, "name": "Sunday with Zoé",
     "ruleset": "coup-detat", "options": {"players": 4, "short_game": false},
     "seats": [{"name": "Ada", "kind": "human"}, {"name": "Bob", "kind": "computer",
                "level": "hard"}, ...],
     "saved_at": "2026-11-22T10:00:00+00:00", "progress": "Round 2 of 4, hand 3 of 6",
     "over": false, "app": "coup-detat 0.1.0",
     "log": [{"draw": [[0, "AS"], ...]}, {"deal": {...}}, {"seat": 3, "decline": true}, ...]}

Format versions, each older one read through a migration step to the next:
    1  seats without levels (computers then played at random)
    2  every computer seat has a level; "app" names the program that wrote the save
       (later, within version 2: "over", which a reader may find missing)
       (later, within version 2: "name", the name the player gave the save, which the
       Load dialog lists; optional: autosaves have none, and a save without one, or with
       one that is not a name of 1 to 60 printable characters, is listed by its file name)
    3  a match may be played at two tables (six to eight at Coup d'État): then "options"
       are the match's ("players" counts everyone), "seats" lists every player, and
       "tables" holds, for each table, the match's seats in that table's seat order and
       the table's own log; such a save has no top-level "log". A save of one table is
       as in version 2.

    {..., "options": {"players": 7, "short_game": false}, "seats": [7 seats],
     "tables": [{"seats": [5, 0, 3, 1], "log": [...]}, {"seats": [2, 6, 4], "log": [...]}]}

In every version a seat's name is text of at most 40 characters, none of them a control
character (a tab, a line break), half of a surrogate pair or a line separator: a save with
another name is refused, as text that could not be shown. A name is kept as every route
keeps it (`seat_name`: New game, saves, the last New game setup): without the characters
that draw nothing (a zero-width space, a soft hyphen, a byte-order mark), its spaces made
single; a name with nothing visible left is the seat's own ("Seat 3"), so a save that
earlier versions wrote with such a name still loads (a name of spaces alone, which they
refused, still is).

Every text a save holds, each value and each key, is at most 200 characters (no text the
program writes comes near): a save holding a longer one is refused before anything else is
read of it, and a message quoting a value of a save cuts it short (`quoted`).

The engine knows no game: the functions that read a save are handed the rules it may name
and the computer levels a seat may name, in a `Catalogue` (the program's is
`game.services.catalogue.CATALOGUE`); a save naming another game or level is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from game import __version__
from game.engine.errors import IllegalMove, MalformedEntry, SaveError
from game.engine.match import ChanceSource, Match
from game.engine.ruleset import Ruleset
from game.engine.tables import Split, TablesMatch, table_options
from game.engine.texts import (
    MAX_NAME_LENGTH,
    brief,
    oversized_text,
    oversized_words,
    quoted,
    save_name,
    seat_name_or_own,
)
from game.system import files

FORMAT = "coup-detat-save"
VERSION = 3
APP = f"coup-detat {__version__}"
SEAT_KINDS = ("human", "computer")
DEFAULT_LEVEL = "medium"  # the level of a computer seat that a version 1 save left without


@dataclass(frozen=True)
class Catalogue:
    """What a reader of saves knows that the engine does not: the rules of each game it may
    load, by id, and the computer levels a seat may name."""

    rulesets: Mapping[str, Ruleset]
    levels: Collection[str]
    tables: Mapping[str, Mapping[int, tuple[int, ...]]] = field(default_factory=dict)
    """For a game that may be played at several tables: players -> players at each."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat. A computer has a level; "bot" is an outside program, whose
    command is never saved (a save must not be able to run a program), so a loaded bot
    seat plays at the Easy level."""

    name: str
    kind: str = "computer"
    level: str = DEFAULT_LEVEL


@dataclass(frozen=True)
class SavedGame:
    match: Match
    seats: tuple[Seat, ...]
    saved_at: str | None = None

    @property
    def ruleset(self) -> Ruleset:
        return self.match.ruleset

    @property
    def over(self) -> bool:
        return self.match.pending.over


@dataclass(frozen=True)
class SavedTables:
    """A saved match played at several tables."""

    tables: TablesMatch
    seats: tuple[Seat, ...]
    saved_at: str | None = None

    @property
    def ruleset(self) -> Ruleset:
        return self.tables.ruleset

    @property
    def over(self) -> bool:
        return self.tables.over


Saved = SavedGame | SavedTables


def to_json(match: Match | TablesMatch, seats: tuple[Seat, ...], *,
            saved_at: str | None = None, name: str | None = None) -> dict:
    return _with_logs(_taken(match, seats, saved_at=saved_at, name=name), match.ruleset)


def _taken(match: Match | TablesMatch, seats: tuple[Seat, ...], *,
           saved_at: str | None = None, name: str | None = None) -> dict:
    """The save as it stands now, each log still as its decisions (never changed in
    place): what `snapshot` keeps to write out later."""
    ruleset = match.ruleset
    named = save_name(name)
    head = {
        "format": FORMAT,
        "version": VERSION,
        **({"name": named} if named is not None else {}),
        "ruleset": ruleset.id,
    }
    tail = {
        "seats": [_seat_json(seat) for seat in seats],
        "saved_at": saved_at or datetime.now(UTC).isoformat(timespec="seconds"),
        "app": APP,
    }
    if isinstance(match, TablesMatch):
        return {**head, "options": dict(match.options), **tail,
                "progress": match.progress(), "over": match.over,
                "tables": [{"seats": list(seats_there), "log": tuple(table.decisions)}
                           for seats_there, table in zip(match.split.tables, match.matches,
                                                         strict=True)]}
    return {**head, "options": ruleset.options_to_json(match.options), **tail,
            "progress": ruleset.progress(match.state),  # for listing saves; not trusted
            "over": match.pending.over,  # nor is this: a finished game is not continued
            "log": tuple(match.decisions)}


def _with_logs(taken: dict, ruleset: Ruleset) -> dict:
    """`taken` with each of its logs written in the scenario notation."""
    def log(decisions: tuple) -> list[dict[str, object]]:
        return [ruleset.decision_to_json(decision) for decision in decisions]

    if "tables" in taken:
        return {**taken, "tables": [{**table, "log": log(table["log"])}
                                    for table in taken["tables"]]}
    return {**taken, "log": log(taken["log"])}


def _seat_json(seat: Seat) -> dict[str, str]:
    entry = {"name": seat.name, "kind": seat.kind}
    if seat.kind == "computer":
        entry["level"] = seat.level
    return entry


def write(path: str | Path, match: Match | TablesMatch, seats: tuple[Seat, ...], *, keep: int = 0,
          name: str | None = None) -> None:
    """Write a save atomically, keeping `keep` earlier versions beside it; `name` is the
    save's name as the player typed it (the file's name may differ)."""
    files.write_atomically(path, dumps(match, seats, name=name), keep=keep)


def dumps(match: Match | TablesMatch, seats: tuple[Seat, ...], *, name: str | None = None) -> str:
    return snapshot(match, seats, name=name)()


def snapshot(match: Match | TablesMatch, seats: tuple[Seat, ...], *,
             name: str | None = None) -> Callable[[], str]:
    """The save of the game as it stands now, as text when called, however the game has
    gone on since (the autosave's writer calls it in its own thread). Taking it is quick
    whatever the length of the game: it keeps each log's list of decisions (decisions
    never change) and how far the game has come, 0.03 ms for a whole match of eight at
    two tables near its end; writing those out as text takes that match 2 ms, which the
    caller's thread (the window's) is spared."""
    as_json = snapshot_json(match, seats, name=name)
    return lambda: json.dumps(as_json(), separators=(",", ":"))


def snapshot_json(match: Match | TablesMatch, seats: tuple[Seat, ...], *,
                  name: str | None = None) -> Callable[[], dict]:
    """`snapshot`, as the save's JSON object (`to_json`'s) when called."""
    taken = _taken(match, seats, name=name)
    ruleset = match.ruleset
    return lambda: _with_logs(taken, ruleset)


def check_texts(data: object) -> None:
    """`SaveError` if `data` holds a text longer than any a save holds (`oversized_text`)."""
    found = oversized_text(data)
    if found is not None:
        raise SaveError(f"The save is damaged: {oversized_words(*found)}.")


def read(path: str | Path, *, catalogue: Catalogue,
         chance: ChanceSource | None = None) -> Saved:
    """Load a save file of one of the catalogue's games; `SaveError` saying what is wrong
    if it cannot be loaded."""
    return from_json(read_data(Path(path)), catalogue=catalogue, chance=chance)


def read_data(path: Path) -> object:
    """A save file's JSON value, not yet checked; `SaveError` if the file cannot be read
    or is not JSON (files.read_json)."""
    try:
        return files.read_json(path, what="a saved game")
    except files.Refused as error:
        raise SaveError(f"{path.name} {error}.") from None


def read_first(paths: Iterable[Path], *, catalogue: Catalogue,
               chance: ChanceSource | None = None) -> tuple[Saved, Path, list[str]]:
    """The first of `paths` that loads, its path, and why each one before it did not.
    `SaveError` listing every reason if none loads."""
    problems: list[str] = []
    for path in paths:
        if not path.exists():
            continue
        try:
            return read(path, catalogue=catalogue, chance=chance), path, problems
        except SaveError as error:
            problems.append(str(error))
    raise SaveError(" ".join(problems) or "There is no saved game.")


def from_json(data: Any, *, catalogue: Catalogue,
              chance: ChanceSource | None = None) -> Saved:
    """A saved game of one of the catalogue's games from its JSON object, validated and replayed;
    `SaveError` if not. `chance` carries on the deals of a game of one table only."""
    check_texts(data)
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise SaveError("This is not a Coup d'État saved game.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("The save has no valid format version.")
    if version > VERSION:
        raise SaveError(
            f"The save is format version {quoted(version)}; this program reads up to version "
            f"{VERSION}. Update the game to load it."
        )
    data = migrated(data, version)
    ruleset = _ruleset(data.get("ruleset"), catalogue.rulesets)
    saved_at = data.get("saved_at")
    saved_at = saved_at if moment(saved_at) is not None else None
    if "tables" in data:
        tables = _tables(ruleset, data, catalogue)
        return SavedTables(tables, _seats(data.get("seats"), tables.players, catalogue.levels),
                           saved_at)
    try:
        options = ruleset.parse_options(data.get("options"))
    except MalformedEntry as error:
        raise SaveError(f"The save's options are wrong: {brief(error)}.") from None
    seats = _seats(data.get("seats"), ruleset.players(options), catalogue.levels)
    match = _replay(ruleset, options, data.get("log"), chance)
    return SavedGame(match, seats, saved_at)


def _tables(ruleset: Ruleset, data: Mapping[str, Any], catalogue: Catalogue) -> TablesMatch:
    """The match of several tables a save holds, every table's log replayed."""
    options, raw = data.get("options"), data.get("tables")
    if not isinstance(options, Mapping):
        raise SaveError("The save's options are wrong: options must be an object.")
    if not isinstance(raw, list) or not all(
            isinstance(table, Mapping) and isinstance(table.get("seats"), list) for table in raw):
        raise SaveError("The save's tables must each list their seats and their log.")
    players = options.get("players")
    sizes = catalogue.tables.get(ruleset.id, {}).get(players) if isinstance(players, int) \
        else None
    if sizes is None:
        raise SaveError(f"{ruleset.title} is not played at several tables by {quoted(players)} "
                        "players.")
    seated = [table["seats"] for table in raw]
    if any(not isinstance(seat, int) or isinstance(seat, bool)
           for seats in seated for seat in seats):
        raise SaveError("The save's tables must list seats by number.")
    try:
        split = Split(tuple(tuple(seats) for seats in seated))
    except ValueError:
        split = None
    if split is None or split.sizes != sizes:
        raise SaveError(f"The save's tables must seat {players} players "
                        f"{' + '.join(map(str, sizes))}, each once.")
    matches, canonical = [], {}
    for table, (seats, entry) in enumerate(zip(split.tables, raw, strict=True)):
        try:
            local = table_options(ruleset, options, len(seats))
            canonical = ruleset.options_to_json(local)
        except MalformedEntry as error:
            raise SaveError(f"The save's options are wrong: {brief(error)}.") from None
        try:
            matches.append(_replay(ruleset, local, entry.get("log"), None))
        except SaveError as error:
            raise SaveError(f"Table {table + 1}: {error}") from None
    return TablesMatch(ruleset, canonical, split, matches)


def _ruleset(named: object, rulesets: Mapping[str, Ruleset]) -> Ruleset:
    if isinstance(named, str) and named in rulesets:
        return rulesets[named]
    raise SaveError(f"The save names unknown ruleset {quoted(named)} "
                    f"(known: {', '.join(rulesets)}).")


EARLIEST = datetime.min.replace(tzinfo=UTC) + timedelta(days=1)
LATEST = datetime.max.replace(tzinfo=UTC) - timedelta(days=1)
"""The moments a save may say it was written at: a day inside the calendar's ends, so that
the moment is a date and time in every time zone (a zone is less than a day from UTC)."""


def moment(raw: object) -> datetime | None:
    """When a save says it was written, if it says so as a date and time (ISO 8601; a
    moment without a time zone is taken as UTC) between EARLIEST and LATEST; None
    otherwise ("0001-01-01T00:00:00+14:00" is no moment a clock shows anywhere)."""
    if not isinstance(raw, str):
        return None
    try:
        when = datetime.fromisoformat(raw)
    except ValueError:
        return None
    when = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    return when if EARLIEST <= when <= LATEST else None


def migrated(data: Mapping[str, Any], version: int) -> Mapping[str, Any]:
    """A save of an older format version brought up to this one, a step at a time."""
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data


def _from_version_1(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """Version 1 seats had no level: their computers now play at the default level."""
    seats = data.get("seats")
    if isinstance(seats, list):
        seats = [{**seat, "level": seat.get("level", DEFAULT_LEVEL)}
                 if isinstance(seat, Mapping) and seat.get("kind") == "computer" else seat
                 for seat in seats]
    return {**data, "version": 2, "seats": seats}


def _from_version_2(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """Version 3 only added games at several tables: a version 2 save reads as it is."""
    return {**data, "version": 3}


MIGRATIONS: dict[int, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = {
    1: _from_version_1, 2: _from_version_2}


def _seats(raw: object, players: int, levels: Collection[str]) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise SaveError(f"The save must list {players} seats.")
    seats = []
    for index, entry in enumerate(raw):
        name = seat_name_or_own(entry.get("name"), index) if isinstance(entry, Mapping) else None
        kind = entry.get("kind") if isinstance(entry, Mapping) else None
        if name is None:
            raise SaveError(f"Seat {index} needs a name of 1 to {MAX_NAME_LENGTH} "
                            "characters that print.")
        if kind not in SEAT_KINDS:
            raise SaveError(f"Seat {index} must be {' or '.join(SEAT_KINDS)}, not {quoted(kind)}.")
        level = entry.get("level", DEFAULT_LEVEL)
        if kind == "computer" and "level" not in entry:
            raise SaveError(f"Seat {index} is a computer without a level.")
        if not isinstance(level, str) or level not in levels:
            raise SaveError(f"Seat {index} has no level {quoted(level)}.")
        seats.append(Seat(name, kind, level))
    return tuple(seats)


def _replay(ruleset: Ruleset, options: object, log: object,
            chance: ChanceSource | None) -> Match:
    if not isinstance(log, list):
        raise SaveError("The save has no log of the game.")
    match = Match(ruleset, options)  # no chance source: the deals come from the log
    for index, entry in enumerate(log):
        try:
            match.submit(ruleset.decision_from_json(entry))
        except MalformedEntry as error:
            raise SaveError(f"The save is damaged at log entry {index}: {brief(error)}.") from None
        except IllegalMove as refusal:
            raise SaveError(
                f"The save breaks the rules at log entry {index}: {brief(refusal.message)}"
            ) from None
    match.chance = chance
    match.advance()
    return match
