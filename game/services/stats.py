"""Statistics across games, per ruleset, from the point of view of the human players.

A finished game is recorded once, whatever the number of human seats (pass-and-play): it
is won when any human seat is among the winners (a shared win counts), its worth is the
best human seat's, and its coups are those the human seats attempted and won. A bluffing
match (`coup`, `coup-inquisitor`) counts instead its rounds (played, and won by a human
seat), the challenges the human seats made (and won: a bluff caught) and the influences
they lost.

    {"format": "coup-detat-statistics", "version": 1,
     "rulesets": {"coup-detat": {"played": 3, "won": 1, "best_worth": 12300,
                                 "coups_attempted": 4, "coups_won": 1},
                  "coup": {"played": 2, "won": 1, "best_worth": null,
                           "coups_attempted": 0, "coups_won": 0,
                           "rounds_played": 4, "rounds_won": 2, "challenges": 3,
                           "challenges_won": 2, "influences_lost": 5}}}

Reading never fails, and says what it found (`Loaded`): a missing file gives empty
statistics; a damaged one (not JSON, not statistics, not readable at all) gives empty
statistics too, and an entry that makes no sense (won more than played...) is left out
while the others are kept. A count missing from an entry (a file written before it was
kept) is 0. The statistics are the player's history, so what could not be read is never
written over: recording a game (`record_game`) first keeps the file as it was aside
(`statistics.damaged-20261127-183000.json`), and never writes over a file of a newer
version (that game is not recorded). Either way the player is told in a sentence.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from game.engine.match import Match
from game.games import GAMES
from game.rules.words import counted
from game.system import files, paths

FORMAT = "coup-detat-statistics"
VERSION = 1
BLUFF_COUNTS = ("rounds_played", "rounds_won", "challenges", "challenges_won",
                "influences_lost")
COUNTS = ("played", "won", "coups_attempted", "coups_won", *BLUFF_COUNTS)
AT_MOST = (("won", "played"), ("coups_won", "coups_attempted"),
           ("rounds_won", "rounds_played"), ("challenges_won", "challenges"))
"""Counts that can never exceed another: an entry breaking one is damaged."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as the humans at the table saw it."""

    ruleset: str
    human_won: bool
    best_human_worth: int | None
    coups_attempted: int
    coups_won: int
    rounds_played: int = 0  # the bluffing games' counts (0 for the others)
    rounds_won: int = 0
    challenges: int = 0
    challenges_won: int = 0
    influences_lost: int = 0


@dataclass(frozen=True)
class RulesetStats:
    played: int = 0
    won: int = 0
    best_worth: int | None = None
    coups_attempted: int = 0
    coups_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    challenges: int = 0
    challenges_won: int = 0
    influences_lost: int = 0

    def with_game(self, record: GameRecord) -> RulesetStats:
        worths = [w for w in (self.best_worth, record.best_human_worth) if w is not None]
        added = {name: getattr(self, name) + getattr(record, name)
                 for name in ("coups_attempted", "coups_won", *BLUFF_COUNTS)}
        return RulesetStats(
            played=self.played + 1,
            won=self.won + int(record.human_won),
            best_worth=max(worths) if worths else None,
            **added,
        )


@dataclass(frozen=True)
class Statistics:
    by_ruleset: Mapping[str, RulesetStats] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:  # a private copy, read-only
        object.__setattr__(self, "by_ruleset", MappingProxyType(dict(self.by_ruleset)))

    def get(self, ruleset_id: str) -> RulesetStats:
        return self.by_ruleset.get(ruleset_id, RulesetStats())

    def with_game(self, record: GameRecord) -> Statistics:
        updated = self.get(record.ruleset).with_game(record)
        return Statistics({**self.by_ruleset, record.ruleset: updated})

    def to_json(self) -> dict[str, Any]:
        rulesets = {ruleset: asdict(stats) for ruleset, stats in self.by_ruleset.items()}
        return {"format": FORMAT, "version": VERSION, "rulesets": rulesets}


def combined(records: Sequence[GameRecord], won: bool) -> GameRecord:
    """One game's record from its tables' (a match at two tables): won as `won` says,
    the best worth of all, the counts added up."""
    worths = [record.best_human_worth for record in records
              if record.best_human_worth is not None]
    counts = {name: sum(getattr(record, name) for record in records)
              for name in ("coups_attempted", "coups_won", *BLUFF_COUNTS)}
    return GameRecord(ruleset=records[0].ruleset, human_won=won,
                      best_human_worth=max(worths, default=None), **counts)


def finished_humans(match: Match, ruleset_id: str, title: str,
                    human_seats: Collection[int]) -> frozenset[int]:
    """The human seats of a finished match of `ruleset_id`; `ValueError` otherwise."""
    if match.ruleset.id != ruleset_id:
        raise ValueError(f"Not a {title} match: {match.ruleset.id!r}.")
    if not match.pending.over:
        raise ValueError("The match is not over: only finished games are recorded.")
    humans = frozenset(human_seats)
    if not humans <= frozenset(range(match.players)):
        raise ValueError(f"No such seats in a {match.players}-player match: {sorted(humans)}.")
    return humans


class Trouble(Enum):
    """What was wrong with the statistics file as it was read."""

    DAMAGED = "damaged"  # nothing in it could be used: not readable, not JSON, not statistics
    ENTRIES = "entries"  # some games' entries made no sense; the others are used
    NEWER = "newer"  # written by a newer version of the game: never written over here


@dataclass(frozen=True)
class Loaded:
    """The statistics as far as the file could be read, and what was wrong with it."""

    statistics: Statistics
    trouble: Trouble | None = None
    left_out: tuple[str, ...] = ()  # the games whose entries are not used (`ENTRIES`)

    @property
    def writable(self) -> bool:
        """May a game be added to the file? Never to a newer version's."""
        return self.trouble is not Trouble.NEWER

    @property
    def kept_aside_first(self) -> bool:
        """Must the file, as it is, be kept aside before it is written over?"""
        return self.trouble in (Trouble.DAMAGED, Trouble.ENTRIES)

    def notice(self, path: Path) -> str | None:
        """What a screen that shows these statistics tells the player about the file."""
        later = "the file will be kept as it is, under another name, when a game is recorded."
        if self.trouble is Trouble.DAMAGED:
            return f"Your statistics file ({path}) could not be read: {later}"
        if self.trouble is Trouble.ENTRIES:
            return (f"Part of your statistics file ({path}) could not be read "
                    f"({_entries(self.left_out)}) and is not shown: {later}")
        if self.trouble is Trouble.NEWER:
            return (f"Your statistics file ({path}) is from a newer version of the game: it "
                    "is not shown, and games played with this version are not added to it.")
        return None


def read(path: Path | None = None) -> Loaded:
    """The statistics in `path` (default: the player's file) and what was wrong with it.
    Never raises."""
    path = paths.stats_path() if path is None else path
    try:
        data = files.read_json(path, what="statistics")
    except files.Missing:
        return Loaded(Statistics())
    except files.Refused:  # a folder or a pipe in its place, not UTF-8, not JSON...
        return Loaded(Statistics(), Trouble.DAMAGED)
    return from_json(data)


def load(path: Path | None = None) -> Statistics:
    """The statistics in `path` as far as they can be read (`read` says what was wrong)."""
    return read(path).statistics


def from_json(data: object) -> Loaded:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        return Loaded(Statistics(), Trouble.DAMAGED)
    version, rulesets = data.get("version"), data.get("rulesets")
    if _is_int(version) and version > VERSION:
        return Loaded(Statistics(), Trouble.NEWER)
    if not (_is_int(version) and version == VERSION and isinstance(rulesets, Mapping)):
        return Loaded(Statistics(), Trouble.DAMAGED)
    entries = {ruleset: _ruleset_stats(raw) for ruleset, raw in rulesets.items()}
    kept = {ruleset: stats for ruleset, stats in entries.items() if stats is not None}
    left_out = tuple(ruleset for ruleset in entries if ruleset not in kept)
    return Loaded(Statistics(kept), Trouble.ENTRIES if left_out else None, left_out)


def save(stats: Statistics, path: Path | None = None) -> None:
    """Write the statistics atomically; `OSError` if the folder cannot be written."""
    path = paths.stats_path() if path is None else path
    files.write_atomically(path, json.dumps(stats.to_json(), indent=2) + "\n")


def record_game(record: GameRecord, path: Path | None = None) -> str | None:
    """Add a finished game to the statistics in `path` (default: the player's file): None
    when it is recorded and there is nothing to say, else a sentence for the player. Never
    raises, and never writes over what it could not read (see the module's docstring)."""
    path = paths.stats_path() if path is None else path
    loaded = read(path)
    if not loaded.writable:
        return ("This game was not recorded: your statistics file is from a newer version "
                "of the game.")
    try:
        aside = files.keep_aside(path, "damaged") if loaded.kept_aside_first else None
    except OSError as error:
        return (f"This game was not recorded: your statistics file ({path}) could not be "
                f"read, nor kept under another name ({files.why_unwritten(error)}).")
    try:
        save(loaded.statistics.with_game(record), path)
    except OSError as error:
        kept = "" if aside is None else f" The file as it was is {_kept_as(aside)}."
        return (f"This game was not recorded in your statistics: "
                f"{files.why_unwritten(error)}.{kept}")
    return None if aside is None else _kept_aside(loaded, aside)


def _kept_aside(loaded: Loaded, aside: Path) -> str:
    if loaded.trouble is Trouble.ENTRIES:
        return (f"Part of your statistics file could not be read ({_entries(loaded.left_out)})"
                f" and is left out; the file as it was is {_kept_as(aside)}.")
    return (f"Your statistics file could not be read: it is {_kept_as(aside)}, and your "
            "statistics start again with this game.")


def _kept_as(aside: Path) -> str:
    return f"kept as {aside.name} in {aside.parent}"


def _entries(rulesets: Sequence[str]) -> str:
    """"the counts of Coup d'État", "the counts of Coup and of 2 other games"."""
    titles = [GAMES[ruleset].ruleset.title for ruleset in rulesets if ruleset in GAMES]
    others = len(rulesets) - len(titles)
    named = " and of ".join(titles[:2])
    more = len(titles[2:]) + others
    if not named:
        return f"the counts of {counted(more, 'game')} this version does not know"
    return f"the counts of {named}" + (f" and of {counted(more, 'other game')}" if more else "")


def count_events(match: Match, kind: type, seats: frozenset[int]) -> int:
    """How many events of `kind` (events with a `seat`) the seats caused."""
    return sum(1 for event in match.events
               if isinstance(event, kind) and getattr(event, "seat", None) in seats)


def _ruleset_stats(raw: object) -> RulesetStats | None:
    """One ruleset's entry, or None if it makes no sense."""
    if not isinstance(raw, Mapping):
        return None
    counts = {name: raw.get(name, 0) for name in COUNTS}
    best = raw.get("best_worth")
    if not all(_is_int(count) and count >= 0 for count in counts.values()):
        return None
    if not (best is None or _is_int(best)):
        return None
    if any(counts[part] > counts[whole] for part, whole in AT_MOST):
        return None
    return RulesetStats(best_worth=best, **counts)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
