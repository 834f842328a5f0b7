"""What a game provides to the program: one `Game` entry, written in the game's own module
of this package and listed once in `game.games.GAMES`.

The rules are held directly (they sit below this layer). Everything above the rules (the
computer players, the file formats, the records, the table's kit) is named by a `Ref`, a
"module:attribute" path loaded on first use: registering a game imports only its rules,
and no layer below the screens ever imports a screen to learn what a game has.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.engine.custody import Custody
from game.engine.ruleset import Ruleset

T = TypeVar("T")


@dataclass(frozen=True)
class Ref(Generic[T]):
    """A module attribute named by its path, "package.module:attribute", loaded when asked."""

    path: str

    def __post_init__(self) -> None:
        module, _, attribute = self.path.partition(":")
        if not module or not attribute:
            raise ValueError(f"a reference is 'module:attribute', not {self.path!r}")

    @property
    def module(self) -> str:
        return self.path.partition(":")[0]

    def load(self) -> T:
        module, _, attribute = self.path.partition(":")
        value: Any = importlib.import_module(module)
        for name in attribute.split("."):
            value = getattr(value, name)
        return value


@dataclass(frozen=True)
class Toggle:
    """A yes/no option of the game's (RULES.md), as New game offers it."""

    key: str  # the option's name in the options JSON
    label: str  # its words on the button
    tip: str  # what it changes, in a line
    two_players_only: bool = False  # offered (and sent) only when two play
    default: bool = False
    flag: str = ""  # the command line's switch that turns it on ("short": --short); "": none


@dataclass(frozen=True)
class Setup:
    """How New game sets the game up: the counts it offers (in its menu's order) and the
    usual one, the toggles, and a match's rounds when the game is played in rounds."""

    player_counts: tuple[int, ...]
    usual_players: int
    toggles: tuple[Toggle, ...] = ()
    rounds: tuple[int, ...] = ()  # a match of 1, 3 or 5 rounds...; empty: no rounds
    seating: str = ""  # said instead of a choice when only one count is possible

    def options(self, players: int, flags: Mapping[str, bool], rounds: int) -> dict[str, object]:
        """The options JSON for the choices made (toggles not offered are left out)."""
        chosen: dict[str, object] = {"players": players}
        for toggle in self.offered(players):
            chosen[toggle.key] = bool(flags.get(toggle.key, toggle.default))
        if self.rounds:
            chosen["rounds"] = rounds if rounds in self.rounds else self.rounds[0]
        return chosen

    def offered(self, players: int) -> tuple[Toggle, ...]:
        """The toggles offered to this number of players."""
        return tuple(toggle for toggle in self.toggles
                     if players == 2 or not toggle.two_players_only)


@dataclass(frozen=True)
class Count:
    """A count the statistics keep of a game's finished games, beyond those every game has
    (played and won): coups attempted, rounds won..."""

    key: str  # its name in the statistics file ("coups_won")
    words: str  # what it counts, in words that stand alone ("Coups won")
    at_most: str = ""  # the key of a count it can never exceed ("coups_attempted")


@dataclass(frozen=True)
class Best:
    """A game's best result (the highest) kept in the statistics, when the game has one:
    the 1966 game's best final worth."""

    key: str  # its name in the statistics file ("best_worth")
    words: str  # what it is ("Best final worth")


@dataclass(frozen=True)
class Records:
    """How the game's finished games are counted: the record of one game for the
    statistics and what it keeps there beyond games played and won (`counts`, `best`),
    the lines the Statistics screen shows, and the tally of simulated games."""

    record: Ref[Any]  # (match, human seats) -> stats.GameRecord
    lines: Ref[Any]  # (stats.RulesetStats) -> list[str]
    summary: Ref[Any]  # (ruleset id, options as JSON, seats) -> a Tally of simulated games
    counts: tuple[Count, ...] = ()
    best: Best | None = None


@dataclass(frozen=True)
class Tables:
    """How more players than one table seats play the game: split among tables, each a
    complete game of its own, then compared across the tables (RULES.md)."""

    sizes: Mapping[int, tuple[int, ...]]  # players -> players at each table (7: (4, 3))
    score: Ref[Any]  # (state, seat) -> what is compared across tables (the final worth)
    score_text: Ref[Any]  # (score) -> it in words ("12,300 F")
    score_name: str = "score"  # what the standings call it ("worth")


@dataclass(frozen=True)
class Game:
    """One game, as every part of the program outside its packages knows it."""

    ruleset: Ruleset
    blurb: str  # what the game is, in a line under New game's choice
    setup: Setup
    packages: tuple[str, ...]  # the game's own packages and modules: only they name its id
    players: Mapping[str, Ref[Any]]  # level -> the computer player's class (seed, ...)
    records: Records
    rules_page: Ref[Any]  # () -> rules_sections.Section
    custody: Custody[Any]  # where its cards are and which a seat cannot see (its rules')
    formats: Ref[Any] | None = None  # scenario files and the bot protocol; None: neither
    kit: Ref[Any] | None = None  # () -> the table's kit; None: the window cannot seat it
    tables: Tables | None = None  # None: played at one table only
    lesson: Ref[Any] | None = None
    review: Ref[Any] | None = None
    terminal: Ref[Any] | None = None  # a game in the terminal (`coup-detat play`)
    hand_size: Callable[[int], int] | None = None  # players -> the cards dealt to each
    # (its charts'), by which the table makes room for a hand; None: no hands of cards

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def title(self) -> str:
        return self.ruleset.title

    def refs(self) -> dict[str, Ref[Any]]:
        """Every reference the entry holds, by what it is (for the tests that load them)."""
        found: dict[str, Ref[Any]] = {f"players.{level}": ref
                                      for level, ref in self.players.items()}
        found |= {"rules_page": self.rules_page,
                  "records.record": self.records.record, "records.lines": self.records.lines,
                  "records.summary": self.records.summary}
        for name in ("formats", "kit", "lesson", "review", "terminal"):
            ref = getattr(self, name)
            if ref is not None:
                found[name] = ref
        if self.tables is not None:
            found["tables.score"] = self.tables.score
            found["tables.score_text"] = self.tables.score_text
        return found

    def player_counts(self) -> tuple[int, ...]:
        """Every count of players the game seats, at one table or several, fewest first."""
        several = self.tables.sizes if self.tables is not None else {}
        return tuple(sorted({*self.setup.player_counts, *several}))
