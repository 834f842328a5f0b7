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

Loading never fails: a missing or damaged file gives empty statistics, and a damaged
ruleset entry is dropped on its own. A count missing from an entry (a file written before
it was kept) is 0.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.engine.match import Match
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


def load(path: Path | None = None) -> Statistics:
    """The statistics in `path` (default: the player's file); empty if missing or damaged."""
    path = paths.stats_path() if path is None else path
    try:
        data = files.read_json(path, what="statistics")
    except files.Refused:
        return Statistics()
    return from_json(data)


def from_json(data: object) -> Statistics:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        return Statistics()
    if data.get("version") != VERSION or not isinstance(data.get("rulesets"), Mapping):
        return Statistics()
    entries = {ruleset: _ruleset_stats(raw) for ruleset, raw in data["rulesets"].items()}
    return Statistics({ruleset: stats for ruleset, stats in entries.items() if stats is not None})


def save(stats: Statistics, path: Path | None = None) -> None:
    """Write the statistics atomically; `OSError` if the folder cannot be written."""
    path = paths.stats_path() if path is None else path
    files.write_atomically(path, json.dumps(stats.to_json(), indent=2) + "\n")


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


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
