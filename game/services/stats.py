"""Statistics across games, per ruleset, from the point of view of the human players.

A finished game is recorded once, whatever the number of human seats (pass-and-play): it
is won when any human seat is among the winners (a shared win counts). That is what every
game keeps; each game's records (`Records` in its registry entry) say what else it keeps:
its counts (the 1966 game's coups attempted and won, the bluffing matches' rounds,
challenges and lost influences), each with the count it can never exceed, and its best
result if it has one (the best human seat's final worth), under the names it gives them.

    {"format": "coup-detat-statistics", "version": 1,
     "rulesets": {"coup-detat": {"played": 3, "won": 1, "best_worth": 12300,
                                 "coups_attempted": 4, "coups_won": 1},
                  "coup": {"played": 2, "won": 1, "rounds_played": 4, "rounds_won": 2,
                           "challenges": 3, "challenges_won": 2, "influences_lost": 5}}}

Reading never fails, and says what it found (`Loaded`): a missing file gives empty
statistics; a damaged one (not JSON, not statistics, not readable at all) gives empty
statistics too, and an entry that makes no sense (won more than played...) is left out
while the others are kept. A count missing from an entry (a file written before it was
kept) is 0; a name an entry holds that its game does not keep is left out (files of the
first versions held every game's counts in every entry); the entry of a game this version
does not know keeps its whole numbers as they are. The statistics are the player's
history, so what could not be read is never written over: recording a game
(`record_game`) first keeps the file as it was aside
(`statistics.damaged-20261127-183000.json`), and never writes over a file of a newer
version (that game is not recorded). Either way the player is told in a sentence.

Beside the totals, `record_game` keeps each game in the history of games (history.py:
`history.json` in the same folder, the last 1,000 games, under the same rules), given who
sat at its table (`Table`) and the place, score and result the game's record says in its
own words. `reset` starts both again, each file kept aside first.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.engine.match import Match
from game.engine.saves import Seat
from game.games import GAMES, get_game
from game.games.plugin import Records
from game.rules.words import counted
from game.services import history, records_file
from game.services.records_file import is_int
from game.system import files, paths

FORMAT = "coup-detat-statistics"
VERSION = 1
SHARED = ("played", "won")  # what every game keeps; won never exceeds played


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as the humans at the table saw it: whether one of them won, the
    best result among them (None if the game has none) and the game's own counts; for the
    history, their best place as the game's rules rank it (shared or not), their best score
    (in the game's unit) and the score in the game's words ("Final worth: 12,300 F")."""

    ruleset: str
    human_won: bool
    best: int | None = None
    counts: Mapping[str, int] = field(default_factory=dict, hash=False)
    place: int | None = None  # 1: won; None if the game ranks no places
    score: int | None = None
    result: str = ""
    shared: bool = False  # another seat has the same place

    def __post_init__(self) -> None:  # a private copy, read-only
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))


@dataclass(frozen=True)
class RulesetStats:
    """One game's statistics: games played and won, the best result, the game's counts (a
    count not held is 0: `stats["coups_won"]`)."""

    played: int = 0
    won: int = 0
    best: int | None = None
    counts: Mapping[str, int] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:  # a private copy, read-only, without the counts at 0
        held = {key: value for key, value in self.counts.items() if value}
        object.__setattr__(self, "counts", MappingProxyType(held))

    def __getitem__(self, key: str) -> int:
        return self.counts.get(key, 0)

    def with_game(self, record: GameRecord) -> RulesetStats:
        return RulesetStats(
            played=self.played + 1,
            won=self.won + int(record.human_won),
            best=_best(self.best, record.best),
            counts=Counter(self.counts) + Counter(record.counts),
        )


@dataclass(frozen=True)
class Statistics:
    by_ruleset: Mapping[str, RulesetStats] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:  # a private copy, read-only
        object.__setattr__(self, "by_ruleset", MappingProxyType(dict(self.by_ruleset)))

    def get(self, ruleset_id: str) -> RulesetStats:
        return self.by_ruleset.get(ruleset_id, RulesetStats())

    def with_game(self, record: GameRecord) -> Statistics:
        """The statistics with one more game; `ValueError` if the record holds a count its
        game does not keep (it would be lost at the next reading)."""
        kept = _kept(record.ruleset)
        if kept is not None:
            unknown = sorted(set(record.counts) - {count.key for count in kept.counts})
            if unknown or (record.best is not None and kept.best is None):
                raise ValueError(f"{record.ruleset} keeps no {unknown or 'best result'}")
        updated = self.get(record.ruleset).with_game(record)
        return Statistics({**self.by_ruleset, record.ruleset: updated})

    def to_json(self) -> dict[str, Any]:
        rulesets = {ruleset: _entry_json(ruleset, stats)
                    for ruleset, stats in self.by_ruleset.items()}
        return {"format": FORMAT, "version": VERSION, "rulesets": rulesets}


def _best(*results: int | None) -> int | None:
    """The highest of the results there are (None if none)."""
    return max((result for result in results if result is not None), default=None)


def combined(records: Sequence[GameRecord], won: bool, place: int | None = None,
             shared: bool = False) -> GameRecord:
    """One game's record from its tables' (a match at two tables): won as `won` says and
    at `place` across the tables (`shared` with another player or not), the best result of
    all, the counts added up, the best table's score."""
    counts: Counter[str] = Counter()
    for record in records:
        counts.update(record.counts)
    scored = [record for record in records if record.score is not None]
    top = max(scored, key=lambda record: record.score or 0) if scored else records[0]
    return GameRecord(ruleset=records[0].ruleset, human_won=won,
                      best=_best(*(record.best for record in records)), counts=counts,
                      place=place, score=top.score, result=top.result, shared=shared)


def ranked(standing: Sequence[tuple[int, ...]]) -> list[int]:
    """Each seat's place when the seats rank by their `standing` (the higher the better,
    compared item by item): one more than the seats ahead of it, so that equals share a
    place and the places after them are skipped (1, 1, 3). Each game says what a standing
    is (RULES_NOTES.md, "Places in the statistics")."""
    return [1 + sum(1 for other in standing if other > mine) for mine in standing]


def best_place(places: Sequence[int], humans: Collection[int]) -> tuple[int | None, bool]:
    """The best place among the seats `humans` (None if there are none), and whether another
    seat has that place too."""
    if not humans:
        return None, False
    best = min(places[seat] for seat in humans)
    return best, places.count(best) > 1


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


Trouble = records_file.Trouble
KIND = records_file.Kind("statistics", FORMAT, VERSION, key="rulesets", body=Mapping)


@dataclass(frozen=True)
class Loaded(records_file.Troubled):
    """The statistics as far as the file could be read, and what was wrong with it."""

    statistics: Statistics
    trouble: Trouble | None = None
    left_out: tuple[str, ...] = ()  # the games whose entries are not used (`ENTRIES`)

    def notice(self, path: Path) -> str | None:
        """What a screen that shows these statistics tells the player about the file."""
        return self._notice(f"Your statistics file ({path})", lambda: (
            f"Part of your statistics file ({path}) could not be read "
            f"({_entries(self.left_out)}) and is not shown"))


def read(path: Path | None = None) -> Loaded:
    """The statistics in `path` (default: the player's file) and what was wrong with it.
    Never raises."""
    path = paths.stats_path() if path is None else path
    rulesets, trouble = records_file.read_body(path, KIND)
    if not isinstance(rulesets, Mapping):  # no file, or nothing in it could be used
        return Loaded(Statistics(), trouble)
    entries = {ruleset: _ruleset_stats(ruleset, raw) for ruleset, raw in rulesets.items()}
    kept = {ruleset: stats for ruleset, stats in entries.items() if stats is not None}
    left_out = tuple(ruleset for ruleset in entries if ruleset not in kept)
    return Loaded(Statistics(kept), Trouble.ENTRIES if left_out else None, left_out)


def load(path: Path | None = None) -> Statistics:
    """The statistics in `path` as far as they can be read (`read` says what was wrong)."""
    return read(path).statistics


def save(stats: Statistics, path: Path | None = None) -> None:
    """Write the statistics atomically; `OSError` if the folder cannot be written."""
    path = paths.stats_path() if path is None else path
    files.write_atomically(path, json.dumps(stats.to_json(), indent=2) + "\n")


def game_record(match: Match, human_seats: Collection[int]) -> GameRecord:
    """A finished game of one table as its game records it for the persons at `human_seats`
    (its entry's `records.record`)."""
    record_of = get_game(match.ruleset.id).records.record
    made = record_of.load()(match, human_seats)
    if not isinstance(made, GameRecord):
        raise TypeError(f"{record_of.path} made a {type(made).__name__}, not a GameRecord")
    return made


@dataclass(frozen=True)
class Table:
    """Who sat at the table of a finished game, and its options (as JSON): what the
    history keeps beside the game's record."""

    options: Mapping[str, object]
    seats: tuple[Seat, ...]
    online: bool = False  # played with friends on other machines
    persons: tuple[int, ...] | None = None  # this machine's persons; None: every human seat


def record_game(record: GameRecord, path: Path | None = None, *, table: Table | None = None,
                now: datetime | None = None) -> str | None:
    """Add a finished game to the statistics in `path` (default: the player's file) and,
    when its `table` is given, to the history of games beside it: None when it is recorded
    and there is nothing to say, else sentences for the player. Never raises, and never
    writes over what it could not read (see the module's docstring)."""
    path = paths.stats_path() if path is None else path
    said = [_record_totals(record, path)]
    if table is not None:
        finished = finished_game(record, table, now or datetime.now().astimezone())
        said.append(history.add(finished, history.path_beside(path)))
    return " ".join(words for words in said if words) or None


def finished_game(record: GameRecord, table: Table, when: datetime) -> history.Finished:
    """A game's entry in the history: its record, who sat where, its options."""
    players = tuple(history.Player(seat.name, seat.kind,
                                   seat.level if seat.kind == "computer" else "")
                    for seat in table.seats)
    persons = table.persons if table.persons is not None else tuple(
        seat for seat, player in enumerate(players) if player.kind == "human")
    options = {key: value for key, value in table.options.items() if history.is_scalar(value)}
    return history.Finished(when, record.ruleset, options, players, persons,
                            record.human_won, record.place, record.score, record.result,
                            shared=record.shared, online=table.online)


def reset(path: Path | None = None) -> str:
    """Start the statistics and the history again, each file kept aside first as it was
    (`statistics.reset-20261127-183000.json`): never lost. What was done, in a sentence."""
    path = paths.stats_path() if path is None else path
    kept: list[Path] = []
    for held in (path, history.path_beside(path)):
        if not os.path.lexists(held):
            continue
        try:
            kept.append(files.keep_aside(held, "reset"))
            held.unlink(missing_ok=True)  # a file that could only be moved is gone already
        except OSError as error:
            return (f"Your statistics were not reset: {held.name} could not be kept under "
                    f"another name ({files.why_unwritten(error)}).")
    if not kept:
        return "There were no statistics to reset."
    names = " and ".join(aside.name for aside in kept)
    return f"Your statistics start again. The old ones are kept as {names} in {path.parent}."


def _record_totals(record: GameRecord, path: Path) -> str | None:
    loaded = read(path)
    try:
        aside = records_file.rewrite(path, loaded,
                                     lambda: save(loaded.statistics.with_game(record), path))
    except records_file.Unwritten as unwritten:
        aside = unwritten.aside
        kept = "" if aside is None else f" The file as it was is {_kept_as(aside)}."
        return f"This game was not recorded in your statistics: {unwritten.why}.{kept}"
    except records_file.NotAdded as refused:
        return refused.sentence("This game was not recorded", "your statistics file")
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


def _kept(ruleset_id: str) -> Records | None:
    """What the game keeps beyond played and won; None for a game this version does not
    know."""
    game = GAMES.get(ruleset_id)
    return game.records if game is not None else None


def _entry_json(ruleset_id: str, stats: RulesetStats) -> dict[str, object]:
    """One game's entry in the file: every count it keeps, those at 0 too."""
    entry: dict[str, object] = {"played": stats.played, "won": stats.won}
    kept = _kept(ruleset_id)
    if kept is None:
        return entry | dict(stats.counts)
    if kept.best is not None:
        entry[kept.best.key] = stats.best
    return entry | {count.key: stats[count.key] for count in kept.counts}


def _ruleset_stats(ruleset_id: str, raw: object) -> RulesetStats | None:
    """One game's entry, or None if it makes no sense."""
    if not isinstance(raw, Mapping):
        return None
    kept = _kept(ruleset_id)
    if kept is None:
        return _unknown_game_stats(raw)
    counts = {name: raw.get(name, 0) for name in (*SHARED, *(c.key for c in kept.counts))}
    best = raw.get(kept.best.key) if kept.best is not None else None
    if not all(is_int(count) and count >= 0 for count in counts.values()):
        return None
    if not (best is None or is_int(best)):
        return None
    at_most = [("won", "played"), *((c.key, c.at_most) for c in kept.counts if c.at_most)]
    if any(counts[part] > counts[whole] for part, whole in at_most):
        return None
    played, won = counts.pop("played"), counts.pop("won")
    return RulesetStats(played, won, best, counts)


def _unknown_game_stats(raw: Mapping[Any, object]) -> RulesetStats | None:
    """The entry of a game this version does not know: games played and won, and its
    other whole numbers kept as they are, to be written back unchanged."""
    played, won = raw.get("played", 0), raw.get("won", 0)
    if not (is_int(played) and is_int(won) and 0 <= won <= played):
        return None
    others = {name: value for name, value in raw.items()
              if isinstance(name, str) and name not in SHARED and is_int(value)}
    return RulesetStats(played, won, counts=others)
