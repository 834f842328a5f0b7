"""The table last set in New game (the game, the players, the options, each seat's name and
who plays it), kept beside the settings so that New game offers it the next time.

A small versioned JSON object in the config folder. Loading never fails: a missing or
damaged file gives nothing to offer (New game shows its defaults), and so does one holding
a text longer than any a save holds; a part that makes no sense (a game that does not
exist, a seat with a level that does not, a name with nothing visible in it) is left out,
and New game keeps its own default for it. A name is kept by the rule of every route
(`texts.seat_name`). Unknown keys are ignored.

The players may be any count the game seats, at one table or at several (six to eight at
Coup d'État), and every seat of the form is kept, up to eight, with who sat at which
table and where (`tables`, the split started): New game offers that split again, and
draws another only when asked or when the count changes. A split that is not one (a seat
twice, one table) is left out. A file from before the tables reads the same; one with
seven players read by an older program offers the seats it can and its own count of
players.

Each game keeps the setup last started for it, so that choosing a game in New game offers
its own again: the last one started at the top (what a file of version 1 held, and all an
older program reads), every other game's under "games", by its id, in the same form without
"format" and "version".

    {"format": "coup-detat-new-game", "version": 2, "ruleset": "coup", "players": 5,
     "options": {"rounds": 3, "alternative_deal": false},
     "seats": [{"name": "Alex", "kind": "human", "level": "medium"}, ...],
     "tables": null,  (seven players: "tables": [[6, 2, 0, 4], [1, 5, 3]])
     "games": {"coup-detat": {"ruleset": "coup-detat", "players": 4, ...}}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS
from game.engine.tables import Split
from game.engine.texts import oversized_text, seat_name
from game.games import GAMES, RULESETS
from game.services.session import COMPUTER, FRIEND, HUMAN
from game.system import files, paths

FORMAT = "coup-detat-new-game"
VERSION = 2
KINDS = (HUMAN, COMPUTER, FRIEND)
MOST_SEATS = 8  # two tables of four


@dataclass(frozen=True)
class SeatChoice:
    """A seat as New game set it: a name, and a person (here, or a friend on another
    machine) or the computer at a level."""

    name: str
    kind: str = COMPUTER
    level: str = "medium"


@dataclass(frozen=True)
class Setup:
    ruleset: str | None = None  # None: the file named no game this program has
    players: int | None = None
    options: dict[str, bool | int] = field(default_factory=dict)  # the game's options
    seats: tuple[SeatChoice | None, ...] = ()  # every seat of the form, used or not
    tables: Split | None = None  # who sat at which table and where; None: one table

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, **self._fields()}

    def _fields(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset,
                "players": self.players, "options": dict(self.options),
                "seats": [None if seat is None else
                          {"name": seat.name, "kind": seat.kind, "level": seat.level}
                          for seat in self.seats],
                "tables": None if self.tables is None else
                [list(table) for table in self.tables.tables]}


def setup_path() -> Path:
    return paths.config_dir() / "new-game.json"


def load(path: Path | None = None) -> Setup | None:
    """The setup last started, kept at `path` (default: the player's), or None if there
    is none to offer. Never raises."""
    data = _read(path)
    return None if data is None else from_json(data)


def load_each(path: Path | None = None) -> dict[str, Setup]:
    """The setup last started for each game, by the game's id (none: the file is missing
    or cannot be read). Never raises."""
    data = _read(path)
    if data is None:
        return {}
    games = data.get("games")
    kept = [from_json(game) for game in games.values() if isinstance(game, Mapping)] \
        if isinstance(games, Mapping) else []
    each = {setup.ruleset: setup for setup in kept if setup.ruleset is not None}
    last = from_json(data)
    if last.ruleset is not None:
        each[last.ruleset] = last
    return each


def _read(path: Path | None) -> Mapping[str, Any] | None:
    """The file's object if it is a New game setup this program reads, else None."""
    path = setup_path() if path is None else path
    try:
        data = files.read_json(path, what="a New game setup")
    except files.Refused:  # missing, unreadable, not a file, not UTF-8, not JSON
        return None
    if not isinstance(data, Mapping) or data.get("format") != FORMAT \
            or oversized_text(data) is not None:
        return None
    version = data.get("version")
    if type(version) is not int or version < 1:
        return None
    return data


def from_json(data: Mapping[str, Any]) -> Setup:
    """A setup from a JSON object: what makes no sense is left out."""
    ruleset = data.get("ruleset")
    ruleset = ruleset if isinstance(ruleset, str) and ruleset in RULESETS else None
    players = data.get("players")
    if type(players) is not int or ruleset is None or not seats_players(ruleset, players):
        players = None
    raw_options = data.get("options")
    options = {name: value for name, value in raw_options.items()
               if isinstance(name, str) and type(value) in (bool, int)} \
        if isinstance(raw_options, Mapping) else {}
    raw_seats = data.get("seats")
    seats = tuple(_seat(seat) for seat in raw_seats[:MOST_SEATS]) \
        if isinstance(raw_seats, list) else ()
    tables = _split(data.get("tables"))
    if tables is not None and tables.players != players:
        tables = None
    return Setup(ruleset, players, options, seats, tables)


def _split(raw: object) -> Split | None:
    """Who sat at which table, if `raw` is a split (lists of the seats at each table)."""
    if not isinstance(raw, list) or not all(isinstance(table, list) for table in raw):
        return None
    if not all(type(seat) is int for table in raw for seat in table):
        return None
    try:
        return Split(tuple(tuple(table) for table in raw))
    except ValueError:  # a seat twice or missing, a single table
        return None


def seats_players(ruleset: str, players: int) -> bool:
    """Does the game seat this many players, at one table or at several?"""
    rules = RULESETS[ruleset]
    return rules.min_players <= players <= rules.max_players or \
        players in GAMES[ruleset].player_counts()


def _seat(raw: object) -> SeatChoice | None:
    if not isinstance(raw, Mapping):
        return None
    name, kind, level = seat_name(raw.get("name")), raw.get("kind"), raw.get("level")
    if not name or kind not in KINDS or level not in LEVELS:
        return None
    return SeatChoice(name, kind, level)


def save(setup: Setup, path: Path | None = None) -> None:
    """Keep the setup as the one last started, and as its game's, beside the other games'
    kept (written atomically); `OSError` if the folder cannot be written."""
    path = setup_path() if path is None else path
    others = {ruleset: kept._fields() for ruleset, kept in load_each(path).items()
              if ruleset != setup.ruleset}
    files.write_atomically(path, json.dumps({**setup.to_json(), "games": others}, indent=2,
                                            ensure_ascii=False) + "\n")
