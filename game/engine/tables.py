"""A match at several tables: more players than one table seats, split among complete,
independent games of one ruleset played side by side (RULES.md, end of section 1: six to
eight play Coup d'État at two tables).

Each table is a `Match` of its own, with its own options (the match's, with the table's
count of players), decision log, chance and undo; the rules are not told there is another
table. The match adds only who sits where, the `Split`. Comparing players across tables
is the game's to judge (the 1966 game compares final worth): see game.services.tables.

>>> from game.games import get_ruleset
>>> rules = get_ruleset("coup-detat")
>>> match = TablesMatch.new(rules, {"players": 7}, (4, 3), seed=1)
>>> [len(table) for table in match.split.tables], match.matches[1].players
([4, 3], 3)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.engine.match import ChanceSource, Match, seeded_chance
from game.engine.ruleset import Options, Ruleset

__all__ = ["Split", "TablesMatch", "draw_split"]


@dataclass(frozen=True, slots=True)
class Split:
    """Who sits at which table: for each table, the match's seats in that table's seat
    order (a table's seat 0 is `tables[t][0]` of the match)."""

    tables: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        seats = sorted(seat for table in self.tables for seat in table)
        if seats != list(range(len(seats))) or not all(self.tables) or len(self.tables) < 2:
            raise ValueError(f"a split seats every player once at two tables or more, "
                             f"not {self.tables!r}")

    @property
    def players(self) -> int:
        return sum(map(len, self.tables))

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.tables))

    def place(self, seat: int) -> tuple[int, int]:
        """The table `seat` plays at and his seat there."""
        for table, seats in enumerate(self.tables):
            if seat in seats:
                return table, seats.index(seat)
        raise ValueError(f"no seat {seat} in a match of {self.players}")

    def seat(self, table: int, local: int) -> int:
        """The match's seat of seat `local` at `table`."""
        return self.tables[table][local]


def draw_split(sizes: Sequence[int], rng: random.Random) -> Split:
    """Players drawn at random to tables of `sizes` players, and to seats there."""
    seats = list(range(sum(sizes)))
    rng.shuffle(seats)
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(seats[start:start + size]))
        start += size
    return Split(tuple(tables))


def table_options(ruleset: Ruleset, options: Mapping[str, object], players: int) -> Options:
    """A table's options: the match's, for the table's own count of players
    (`MalformedEntry` when the ruleset refuses them)."""
    return ruleset.parse_options({**options, "players": players})


def table_chance(ruleset: Ruleset, seed: int | str, table: int) -> ChanceSource:
    """Each table's deals from its own generator, all drawn from the match's seed."""
    return seeded_chance(ruleset, f"{seed}/table {table + 1}")


class TablesMatch:
    """The tables of one match, each a `Match`, and who sits at each."""

    def __init__(self, ruleset: Ruleset, options: Mapping[str, object], split: Split,
                 matches: Sequence[Match]) -> None:
        if len(matches) != len(split.tables):
            raise ValueError(f"{len(split.tables)} tables need as many matches")
        self.ruleset = ruleset
        self.options: dict[str, object] = {**options, "players": split.players}
        self.split = split
        self.matches = tuple(matches)

    @classmethod
    def new(cls, ruleset: Ruleset, options: Mapping[str, object], sizes: Sequence[int], *,
            seed: int | str, split: Split | None = None) -> TablesMatch:
        """A match from its start: the split drawn from `seed` unless given (`ValueError`
        if the split given does not seat `sizes`), each table's deals from `seed` too."""
        if split is None:
            split = draw_split(sizes, random.Random(f"{seed}/split"))
        elif split.sizes != tuple(sizes):  # a save holds the tables in this order only
            raise ValueError(f"tables of {' + '.join(map(str, sizes))} players, "
                             f"not {split.tables!r}")
        matches = [Match(ruleset, table_options(ruleset, options, len(seats)),
                         chance=table_chance(ruleset, seed, table))
                   for table, seats in enumerate(split.tables)]
        # the options as a save writes them back, whatever was left out or added
        return cls(ruleset, ruleset.options_to_json(matches[0].options), split, matches)

    @property
    def players(self) -> int:
        return self.split.players

    @property
    def over(self) -> bool:
        """Has every table finished?"""
        return all(match.pending.over for match in self.matches)

    def reseed(self, seed: int | str) -> None:
        """Chance for the deals still to come at every table, drawn from `seed`."""
        for table, match in enumerate(self.matches):
            match.chance = table_chance(self.ruleset, seed, table)
            match.advance()

    def turns(self) -> int:
        """The decisions taken at every table, chance's included."""
        return sum(len(match.turns) for match in self.matches)

    def progress(self) -> str:
        """How far each table has come, in a few words."""
        if self.over:
            return "Match over at both tables"
        return "; ".join(f"table {table + 1}: {self.ruleset.progress(match.state)}"
                         for table, match in enumerate(self.matches))
