"""A match at two tables (six to eight at Coup d'État): a `GameSession` for each table,
sharing one autosave and one pool of search workers, and the standings across the tables.

Each table's session is a game session like any other (its computers think in its own
worker, its persons undo their own decisions); only its save is the whole match's: every
decision and undo at either table writes the match's autosave.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.bot import DEFAULT_TIME_LIMIT
from game.ai.search import SearchPool
from game.engine import saves
from game.engine.saves import Seat
from game.engine.tables import Split, TablesMatch
from game.games import get_game
from game.games.plugin import Tables
from game.services import stats
from game.services.session import HUMAN, Autosave, GameSession
from game.system import files


def tables_of(ruleset_id: str) -> Tables | None:
    """How the game is played at several tables; None if it is not."""
    return get_game(ruleset_id).tables


def at_several_tables(ruleset_id: str, players: int) -> bool:
    """Do `players` play this game at several tables?"""
    tables = tables_of(ruleset_id)
    return tables is not None and players in tables.sizes


def sizes_for(ruleset_id: str, players: int) -> tuple[int, ...]:
    """Players at each table when `players` play; `ValueError` if they do not play at
    several tables."""
    tables = tables_of(ruleset_id)
    if tables is None or players not in tables.sizes:
        raise ValueError(f"{players} players do not play {ruleset_id} at several tables")
    return tables.sizes[players]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place in the whole match: his score (final worth), at which table."""

    seat: int  # the match's seat
    table: int
    score: int
    place: int  # 1 for the highest score; equal scores share a place


def played_at_tables(ruleset_id: str) -> Tables:
    """How a game played at several tables is played there (it must be one)."""
    tables = tables_of(ruleset_id)
    assert tables is not None, f"{ruleset_id} is played at one table"
    return tables


def standings(match: TablesMatch) -> list[Standing]:
    """Every player by score across the tables, highest first (the match's seat order
    among equals)."""
    score = played_at_tables(match.ruleset.id).score.load()
    scored = []
    for table, (seats, game) in enumerate(zip(match.split.tables, match.matches, strict=True)):
        scored += [(score(game.state, local), seat, table) for local, seat in enumerate(seats)]
    scored.sort(key=lambda entry: (-entry[0], entry[1]))
    ranked: list[Standing] = []
    for value, seat, table in scored:
        place = ranked[-1].place if ranked and ranked[-1].score == value else len(ranked) + 1
        ranked.append(Standing(seat, table, value, place))
    return ranked


def winners(match: TablesMatch) -> tuple[int, ...]:
    """The match's seats with the highest score across both tables (empty until both
    have finished)."""
    if not match.over:
        return ()
    return tuple(sorted(standing.seat for standing in standings(match) if standing.place == 1))


def record(match: TablesMatch, human_seats: Collection[int]) -> stats.GameRecord:
    """A finished two-table match for the statistics: one game, won when a person is
    among the match's winners (not merely his table's); the rest (best worth, coups...)
    gathered from each table the persons played at. `ValueError` if it is not over."""
    if not match.over:
        raise ValueError("The match is not over: only finished games are recorded.")
    records = []
    for seats, game in zip(match.split.tables, match.matches, strict=True):
        humans = [local for local, seat in enumerate(seats) if seat in human_seats]
        if humans:
            records.append(stats.game_record(game, humans))
    if not records:
        raise ValueError("Nobody at the tables is a person: nothing to record.")
    won = bool(set(winners(match)) & set(human_seats))
    places = [0] * match.players
    for standing in standings(match):
        places[standing.seat] = standing.place
    place, shared = stats.best_place(places, human_seats)
    return stats.combined(records, won, place, shared)


class TablesSession:
    """A match of several tables at one screen or in a simulation."""

    def __init__(self, match: TablesMatch, seats: Sequence[Seat], *,
                 autosave_path: Path | None = None,
                 on_thinking_done: Callable[[], None] | None = None,
                 autosave_now: bool = True) -> None:
        if len(seats) != match.players:
            raise ValueError(f"{match.players} seats are needed, not {len(seats)}")
        self.match = match
        self.seats = tuple(seats)
        self.search_pool = SearchPool()
        self.autosave = Autosave(autosave_path) if autosave_path is not None else None
        self.tables = tuple(
            GameSession(game, [self.seats[seat] for seat in split_seats],
                        on_thinking_done=on_thinking_done, search_pool=self.search_pool,
                        autosave=self.autosave, document=self.snapshot)
            for split_seats, game in zip(match.split.tables, match.matches, strict=True))
        if self.autosave is not None:
            if autosave_now:
                self.autosave.write(self.snapshot())  # a new match can be continued at once
            else:
                self.autosave.claim()

    @classmethod
    def new(cls, ruleset_id: str, options: Mapping[str, object], seats: Sequence[Seat], *,
            seed: int | None = None, split: Split | None = None,
            autosave_path: Path | None = None,
            on_thinking_done: Callable[[], None] | None = None) -> TablesSession:
        """A match from its start: `options` are the match's (`players` counts everyone);
        the split is drawn from the seed unless given."""
        game = get_game(ruleset_id)
        seed = seed if seed is not None else random.randrange(2**63)
        sizes = sizes_for(ruleset_id, len(seats))
        match = TablesMatch.new(game.ruleset, options, sizes, seed=seed, split=split)
        return cls(match, seats, autosave_path=autosave_path, on_thinking_done=on_thinking_done)

    @classmethod
    def resume(cls, saved: saves.SavedTables, *, seed: int | None = None,
               autosaved: bool = False, autosave_path: Path | None = None,
               on_thinking_done: Callable[[], None] | None = None) -> TablesSession:
        """Carry on a loaded match; the deals still to come are drawn afresh. `autosaved`
        as for `GameSession.resume`."""
        turns = saved.tables.turns()
        saved.tables.reseed(seed if seed is not None else random.randrange(2**63))
        drawn = saved.tables.turns() != turns
        return cls(saved.tables, saved.seats, autosave_now=drawn or not autosaved,
                   autosave_path=autosave_path, on_thinking_done=on_thinking_done)

    def introduction(self, table: int) -> str:
        """What a table's log says first: which table it is, and that the other plays on."""
        other = 1 - table if len(self.tables) == 2 else None
        names = ", ".join(self.tables[table].names)
        beside = f" Table {other + 1} plays at the same time." if other is not None else ""
        score = self._tables.score_name
        return f"Table {table + 1}: {names}.{beside} The highest {score} at both tables wins."

    # Reading ------------------------------------------------------------------------------
    @property
    def ruleset_id(self) -> str:
        return self.match.ruleset.id

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The persons at this screen (not those `elsewhere`)."""
        elsewhere = self.elsewhere
        return tuple(seat for seat, info in enumerate(self.seats)
                     if info.kind == HUMAN and seat not in elsewhere)

    @property
    def elsewhere(self) -> frozenset[int]:
        """The seats of friends on other machines (a match hosted for them), as each
        table's session knows its own."""
        return frozenset(self.seat_of(table, local) for table, game in enumerate(self.tables)
                         for local in game.elsewhere)

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def score(self) -> Callable[[Any, int], int]:
        """(a table's state, a seat there) -> what the tables compare (the final worth)."""
        return self._tables.score.load()

    @property
    def score_text(self) -> Callable[[int], str]:
        """A score in words ("12,300 F")."""
        return self._tables.score_text.load()

    @property
    def _tables(self) -> Tables:
        return played_at_tables(self.ruleset_id)

    def place(self, seat: int) -> tuple[int, int]:
        """The table `seat` plays at, and his seat there."""
        return self.match.split.place(seat)

    def seat_of(self, table: int, local: int) -> int:
        return self.match.split.seat(table, local)

    def standings(self) -> list[Standing]:
        return standings(self.match)

    def winners(self) -> tuple[int, ...]:
        return winners(self.match)

    def record(self) -> stats.GameRecord:
        """The finished match for the persons' statistics (`ValueError` if none sat)."""
        return record(self.match, self.human_seats)

    def sitting(self) -> stats.Table:
        """Who sat where and the match's options, for the history of games."""
        elsewhere = self.elsewhere
        return stats.Table(dict(self.match.options), self.seats, online=bool(elsewhere),
                           persons=self.human_seats if elsewhere else None)

    def seat_bot(self, seat: int, command: str,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        """Let an outside program play `seat` at his table: it sees that table's game only,
        as in a game of that table's players (BOT_PROTOCOL.md)."""
        table, local = self.place(seat)
        self.tables[table].seat_bot(local, command, time_limit)

    # Saving -------------------------------------------------------------------------------
    def dumps(self, name: str | None = None) -> str:
        return self.snapshot(name)()

    def snapshot(self, name: str | None = None) -> Callable[[], str]:
        """The save of the whole match as it stands now, as text when called."""
        return saves.snapshot(self.match, self.seats, name=name)

    def save(self, path: Path, name: str | None = None) -> None:
        files.write_atomically(path, self.dumps(name))

    def autosave_trouble(self) -> str | None:
        return self.autosave.trouble() if self.autosave is not None else None

    def close(self) -> None:
        """Stop every table's workers, the pool and (once written) the autosave."""
        for table in self.tables:
            table.close()
        self.search_pool.shutdown(wait=False)
        if self.autosave is not None:
            self.autosave.close()
