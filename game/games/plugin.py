"""What a game provides to the program: one `Game` entry, written in the game's own module
of this package and listed once in `game.games.GAMES`.

The rules are held directly (they sit below this layer). Everything above the rules (the
computer players, the file formats, the records, the table's kit) is named by a `Ref`, a
"module:attribute" path loaded on first use: registering a game imports only its rules,
and no layer below the screens ever imports a screen to learn what a game has.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from game.engine.custody import Custody, Privacy
from game.engine.match import ChanceSource, Match
from game.engine.player import Player
from game.engine.ruleset import Decision, Options, Ruleset, State, View

T = TypeVar("T", covariant=True)  # a reference to a T is one to any supertype too
K = TypeVar("K")

PlayerMaker = Callable[..., Player]
"""A computer player's class: made with a seed (a search player also with its budget,
workers and pool of processes)."""
Score = Callable[[Any, int], int]  # (a table's state, a seat there) -> what tables compare


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

    def load_as(self, kind: type[K]) -> K:
        """The attribute, which must be a `kind`: for what a layer above the registry
        defines (a lesson, a review's words), checked where it is used; `TypeError`
        saying what the reference named otherwise."""
        value: object = self.load()
        if not isinstance(value, kind):
            raise TypeError(f"{self.path} is a {type(value).__name__}, not a {kind.__name__}")
        return value

    def load(self) -> T:
        module, _, attribute = self.path.partition(":")
        value: Any = importlib.import_module(module)
        for name in attribute.split("."):
            value = getattr(value, name)
        return value


class ScenarioSupport(Protocol):
    """What the scenario format needs that differs by game."""

    def check_move_shape(self, entry: object) -> str:
        """The move's verb; `MalformedEntry` if the move is not of the game's shape."""
        ...

    def parse_deal(self, raw: object, options: Options) -> Decision:
        """One scenario deal as chance's decision; `MalformedEntry` if it is not valid."""
        ...

    def scripted_chance(self, first_dealer: int, deals: Sequence[Decision]) -> ChanceSource:
        """Chance as the scenario fixes it; nothing once its deals run out."""
        ...

    def result_fields(self, state: State) -> dict[str, object]:
        """The game's own fields of the scenario output (and of the bot's last message)."""
        ...


class BotSupport(Protocol):
    """What an outside program playing a seat is told."""

    def seat_history(self, match: Match, seat: int) -> dict[str, Any]:
        """`first_dealer`, `deals` and `moves` as the seat saw them, and `hand_start`."""
        ...

    def view_json(self, view: View) -> dict[str, Any]:
        """The game's own summary of the position for a seat (a bot may ignore it)."""
        ...


@dataclass(frozen=True)
class Formats:
    """One game's adapters to the scenario files and the bot protocol
    (docs/SCENARIOS.md, docs/BOT_PROTOCOL.md): what its entry's `formats` names."""

    scenario: ScenarioSupport
    protocol: BotSupport


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

    # The services' types, checked where they are used (stats.game_record, simulate):
    record: Ref[Callable[..., object]]  # (match, human seats) -> stats.GameRecord
    lines: Ref[Callable[..., list[str]]]  # (stats.RulesetStats) -> the Statistics lines
    summary: Ref[Callable[..., object]]  # (ruleset id, options as JSON, seats) -> a Tally
    counts: tuple[Count, ...] = ()
    best: Best | None = None
    # The history's entries of a ranking before this one hold places that are not the
    # rules' (history.py, `ranking`): they are kept, and shown without their place.
    places_since: int = 1


@dataclass(frozen=True)
class Tables:
    """How more players than one table seats play the game: split among tables, each a
    complete game of its own, then compared across the tables (RULES.md)."""

    sizes: Mapping[int, tuple[int, ...]]  # players -> players at each table (7: (4, 3))
    score: Ref[Score]  # what is compared across tables (the final worth)
    score_text: Ref[Callable[[int], str]]  # a score in words ("12,300 F")
    score_name: str = "score"  # what the standings call it ("worth")


@dataclass(frozen=True)
class ValueTypes:
    """The types of a game's values, its rules': by them a state, an event, a decision or
    a seat's view sent in JSON is read back (game/formats/values_json.py)."""

    state: Any
    event: Any  # the union of its events
    decision: Any  # the union of its decisions, chance's too
    view: Any


@dataclass(frozen=True)
class Game:
    """One game, as every part of the program outside its packages knows it."""

    ruleset: Ruleset
    blurb: str  # what the game is, in a line under New game's choice
    setup: Setup
    packages: tuple[str, ...]  # the game's own packages and modules: only they name its id
    players: Mapping[str, Ref[PlayerMaker]]  # level -> the computer player's class
    records: Records
    rules_page: Ref[Callable[[], object]]  # () -> its rules_sections.Section
    custody: Custody[Any]  # where its cards are and which a seat cannot see (its rules')
    privacy: Privacy[Any]  # what of each event a seat may know (its rules')
    types: ValueTypes  # its values' types, to read them from JSON
    formats: Ref[Formats] | None = None  # scenario files and the bot protocol; None: neither
    kit: Ref[Callable[[], object]] | None = None  # () -> its table kit (ui.table.kit.TableKit);
    # None: the window cannot seat it
    tables: Tables | None = None  # None: played at one table only
    lesson: Ref[object] | None = None  # its lesson (services.lessons.Lesson)
    review: Ref[object] | None = None  # its review's words (services.review.Words)
    terminal: Ref[Callable[..., int]] | None = None  # a game in the terminal (`play`):
    # (options as JSON, seed) -> the exit status
    hand_size: Callable[[int], int] | None = None  # players -> the cards dealt to each
    # (its charts'), by which the table makes room for a hand; None: no hands of cards

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def title(self) -> str:
        return self.ruleset.title

    def refs(self) -> dict[str, Ref[object]]:
        """Every reference the entry holds, by what it is (for the tests that load them)."""
        found: dict[str, Ref[object]] = {f"players.{level}": ref
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
