"""The history of finished games: one entry a game, the last MOST_GAMES of them, beside the
statistics in the player's data folder (`history.json`).

    {"format": "coup-detat-history", "version": 1, "games": [
      {"when": "2026-11-27T18:30:00+01:00", "ruleset": "coup-detat",
       "options": {"players": 4, "short_game": false},
       "players": [{"name": "You", "kind": "human"},
                   {"name": "Anna", "kind": "computer", "level": "hard"}, ...],
       "persons": [0], "won": true, "place": 1, "shared": false, "ranking": 2,
       "score": 12300, "result": "Final worth: 12,300 F", "online": false}, ...]}

Oldest first. `place` is the persons' best place as the game's rules rank it, `shared` when
another player has it too. `ranking` says how the place was found: 2 for the places of
RULES_NOTES.md ("Places in the statistics"); an entry without it was written before
(ranking 1), when no place was said to be shared and the bluffing games' places did not
follow the order the players went out (every one-round match lost was second). Such an
entry is kept as it is; a game's records say from which ranking its places can be shown
(`Records.places_since`). `score` is the persons' best in the game's own unit (None when
the game has none) and `result` says it in the game's words: shared code never words a
game's score.

`online` is true for a game played with friends on other machines (hosted here, or at a
friend's table: there, the entry holds what that seat saw, its result, its place, who sat
where). An entry without it was written before it was kept, and was played at this
screen: older versions read the entries that have it, and leave it out.

The totals stay in the statistics file (which keeps every game ever played); the history
keeps the last MOST_GAMES so that the file cannot grow without end.

Reading never fails, as the statistics' does (`Loaded`): a missing file is an empty
history; a damaged one (not JSON, not a history) is empty too, an entry that makes no sense
is left out while the others are kept, and a file of a newer version is shown as empty and
never written over. Adding a game to a file that could not be read whole first keeps it
aside (`history.damaged-20261127-183000.json`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import TypeGuard

from game.services import records_file
from game.services.records_file import is_int
from game.system import files

FORMAT = "coup-detat-history"
VERSION = 1
FILE_NAME = "history.json"
MOST_GAMES = 1000  # the history keeps the last 1,000 games; the totals keep all
KINDS = ("human", "computer", "bot")
MOST_PLAYERS = 16
LONGEST_TEXT = 200  # characters of a name, a level, a game's id or its result
LONGEST_OPTIONS = 32  # options in an entry
BIGGEST_NUMBER = 10**15  # a score or an option beyond this is not a game's
RANKING = 2  # how this version ranks places (the module's docstring); 1 before it was kept

Scalar = bool | int | str | None


@dataclass(frozen=True)
class Player:
    """Who sat at a seat: a person ("human"), a computer of a level, an outside program."""

    name: str
    kind: str
    level: str = ""  # a computer's level; "" for the others


@dataclass(frozen=True)
class Finished:
    """One finished game as the persons at the table saw it."""

    when: datetime  # when it ended, with its offset from UTC
    ruleset: str
    options: Mapping[str, Scalar] = field(hash=False)
    players: tuple[Player, ...]
    persons: tuple[int, ...]  # the seats the persons played
    won: bool  # a person is among the winners
    place: int | None = None  # the persons' best place (1: won); None if the game ranks none
    score: int | None = None  # the persons' best score in the game's unit; None if none
    result: str = ""  # the game's words for it
    shared: bool = False  # another player has the same place (never said before ranking 2)
    ranking: int = RANKING  # how the place was found
    online: bool = False  # played with friends on other machines

    def __post_init__(self) -> None:  # a private copy, read-only
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def opponents(self) -> tuple[Player, ...]:
        return tuple(player for seat, player in enumerate(self.players)
                     if seat not in self.persons)

    def to_json(self) -> dict[str, object]:
        return {"when": self.when.isoformat(timespec="seconds"), "ruleset": self.ruleset,
                "options": dict(self.options), "players": [_player_json(p) for p in self.players],
                "persons": list(self.persons), "won": self.won, "place": self.place,
                "shared": self.shared, "ranking": self.ranking, "score": self.score,
                "result": self.result, "online": self.online}


Trouble = records_file.Trouble
KIND = records_file.Kind("a history of games", FORMAT, VERSION, key="games", body=list)


@dataclass(frozen=True)
class Loaded(records_file.Troubled):
    games: tuple[Finished, ...] = ()  # oldest first
    trouble: Trouble | None = None
    left_out: int = 0  # entries that made no sense (`ENTRIES`)

    def notice(self, path: Path) -> str | None:
        """What a screen showing the history tells the player about its file."""
        games = "game" if self.left_out == 1 else "games"
        return self._notice(f"Your history of games ({path})", lambda: (
            f"{self.left_out} {games} of your history ({path}) could not be read and are not "
            "shown"))


def path_beside(stats_path: Path) -> Path:
    """The history's file, in the statistics' folder."""
    return stats_path.with_name(FILE_NAME)


def read(path: Path) -> Loaded:
    """The history in `path` and what was wrong with it. Never raises."""
    games, trouble = records_file.read_body(path, KIND)
    if not isinstance(games, list):  # no file, or nothing in it could be used
        return Loaded(trouble=trouble)
    read_games = [finished_from_json(entry) for entry in games]
    kept = tuple(game for game in read_games if game is not None)
    left_out = len(read_games) - len(kept)
    return Loaded(kept[-MOST_GAMES:], Trouble.ENTRIES if left_out else None, left_out)


def save(games: Sequence[Finished], path: Path) -> None:
    """Write the last MOST_GAMES games atomically; `OSError` if it cannot be written."""
    document = {"format": FORMAT, "version": VERSION,
                "games": [game.to_json() for game in games[-MOST_GAMES:]]}
    files.write_atomically(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def add(game: Finished, path: Path) -> str | None:
    """Add a finished game to the history in `path`: None when it is added and there is
    nothing to say, else a sentence for the player. Never raises, and never writes over
    what it could not read (it is kept aside first) nor over a newer version's file."""
    loaded = read(path)
    try:
        aside = records_file.rewrite(path, loaded, lambda: save([*loaded.games, game], path))
    except records_file.NotAdded as refused:
        return refused.sentence("This game is not in your history of games", "its file")
    if aside is None:
        return None
    return (f"Your history of games could not be read whole: it is kept as {aside.name} in "
            f"{aside.parent}, and the games that could be read go on in it.")


# Reading one entry: anything that is not what this version writes is left out. ---------------
def finished_from_json(raw: object) -> Finished | None:
    """One entry of the file, or None if it makes no sense."""
    if not isinstance(raw, Mapping):
        return None
    when, players = _when(raw.get("when")), _players(raw.get("players"))
    ruleset, options = raw.get("ruleset"), _options(raw.get("options"))
    won, place, score, result = (raw.get(key) for key in ("won", "place", "score", "result"))
    if when is None or players is None or options is None or not (_text(ruleset) and ruleset):
        return None
    persons = _persons(raw.get("persons"), len(players))
    if persons is None or not isinstance(won, bool) or not _text(result):
        return None
    if not (place is None or (is_int(place) and 1 <= place <= len(players))):
        return None
    if not (score is None or (is_int(score) and abs(score) < BIGGEST_NUMBER)):
        return None
    shared, ranking = raw.get("shared", False), raw.get("ranking", 1)
    if not (isinstance(shared, bool) and is_int(ranking) and 1 <= ranking < BIGGEST_NUMBER):
        return None
    online = raw.get("online", False)
    if not isinstance(online, bool):
        return None
    return Finished(when, ruleset, options, players, persons, won, place, score, result,
                    shared, ranking, online)


def _when(raw: object) -> datetime | None:
    if not (isinstance(raw, str) and len(raw) <= 40):
        return None
    try:
        when = datetime.fromisoformat(raw)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def _players(raw: object) -> tuple[Player, ...] | None:
    if not (isinstance(raw, list) and 1 <= len(raw) <= MOST_PLAYERS):
        return None
    players = []
    for entry in raw:
        if not isinstance(entry, Mapping):
            return None
        name, kind, level = entry.get("name"), entry.get("kind"), entry.get("level", "")
        if not (_text(name) and kind in KINDS and _text(level)):
            return None
        players.append(Player(name, str(kind), level))
    return tuple(players)


def _persons(raw: object, players: int) -> tuple[int, ...] | None:
    if not (isinstance(raw, list) and raw):
        return None
    if not all(is_int(seat) and 0 <= seat < players for seat in raw) or len(set(raw)) < len(raw):
        return None
    return tuple(raw)


def _options(raw: object) -> dict[str, Scalar] | None:
    if not (isinstance(raw, Mapping) and len(raw) <= LONGEST_OPTIONS):
        return None
    options: dict[str, Scalar] = {}
    for key, value in raw.items():
        if not (_text(key) and is_scalar(value)):
            return None
        options[key] = value
    return options


def is_scalar(value: object) -> TypeGuard[Scalar]:
    """Is this an option's value the history keeps (no lists, no mappings)?"""
    if value is None or isinstance(value, bool):
        return True
    if is_int(value):
        return abs(value) < BIGGEST_NUMBER
    return _text(value)


def _text(value: object) -> TypeGuard[str]:
    """A short line of printable text (no line breaks, no control characters)."""
    return isinstance(value, str) and len(value) <= LONGEST_TEXT and value.isprintable()


def _player_json(player: Player) -> dict[str, str]:
    entry = {"name": player.name, "kind": player.kind}
    if player.level:
        entry["level"] = player.level
    return entry
