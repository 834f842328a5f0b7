"""A match at two tables hosted for friends (six to eight at Coup d'État): a `HostedTable`
for each table, over the tables' sessions of one `TablesSession`, behind the one face the
server and the host's loop know.

Who sits at which table is drawn when the table is opened (or given: the window's New game
shows it before the start). A friend who says hello takes the first open seat of the
match, at whichever table it is, and from then on talks to that table alone: he is
welcomed to it, told its game as his seat there may know it (its own seat's stream,
numbered as that table numbers its seats), asked its questions. The other table's game is
never sent to him: a person at a local match of two tables sees only his own table too,
and is told in his table's log that the other plays at the same time and that the highest
worth at both wins: a friend's welcome says so (its table's `about`). A friend's machine
is told his table's game as a game of its own players; the match's standings across both
tables are the host's.

The save is the whole match's (both tables); a match at two tables is not kept to be
continued after the host stops (kept_table.py keeps a game of one table). The window hosts
it too (game/ui/table/online_tables.py): its persons play at their tables as in a match of
two tables at one screen.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engine.saves import Seat
from game.engine.tables import Split, TablesMatch, draw_split
from game.formats.support import final_result
from game.games import get_ruleset
from game.net.chat import Line
from game.net.hosted import (
    COMPUTER_NAMES,
    DEFAULT_GRACE,
    PERSON,
    Chair,
    Close,
    HostedTable,
    Send,
)
from game.net.telling import Later
from game.net.wire import JsonObject
from game.services.session import COMPUTER, HUMAN
from game.services.tables import (
    TablesSession,
    at_several_tables,
    played_at_tables,
    sizes_for,
)

NOT_CONTINUED = "a match at two tables cannot be continued"


def hosted_table(ruleset_id: str, options: Mapping[str, object], plan: Sequence[str],
                 **table: Any) -> HostedTable | HostedTables:
    """The hosted table for `plan`: one table, or two for a game played so at that count."""
    if at_several_tables(ruleset_id, len(plan)):
        return HostedTables(ruleset_id, options, plan, **table)
    return HostedTable(ruleset_id, options, plan, **table)


class HostedTables:
    def __init__(self, ruleset_id: str, options: Mapping[str, object], plan: Sequence[str],
                 *, send: Send, close: Close, seed: int | None = None,
                 grace: float = DEFAULT_GRACE, clock: Callable[[], float] = time.monotonic,
                 log: Callable[[str], None] | None = None, names: Sequence[str] = (),
                 session_options: Mapping[str, Any] | None = None,
                 wake: Callable[[], None] | None = None, time: float | None = None,
                 ask_after_grace: bool = False, split: Split | None = None) -> None:
        """As `HostedTable`'s; `plan` seats the whole match; `split`: who sits where (the
        window's New game shows it before the start), else drawn from the seed."""
        if session_options:
            raise ValueError("a match at two tables takes no session's options (its `wake`)")
        self.ruleset = get_ruleset(ruleset_id)
        sizes = sizes_for(ruleset_id, len(plan))
        self.options = {**options, "players": len(plan)}
        self.seed = seed
        self.grace = grace
        self.clock = clock
        self.log = log or (lambda line: None)
        self._wake = wake
        self._match_seed = seed if seed is not None else random.randrange(2**63)
        if split is not None and split.sizes != sizes:
            raise ValueError(f"{len(plan)} players sit at tables of "
                             f"{' + '.join(map(str, sizes))}, not as that split")
        self.split: Split = split or draw_split(sizes,
                                                random.Random(f"{self._match_seed}/split"))
        given = [*names, *[""] * len(plan)]
        self.tables = [
            HostedTable(ruleset_id, {**options, "players": len(seats)},
                        [plan[seat] for seat in seats], send=send, close=close, seed=seed,
                        grace=grace, clock=clock, log=self._log_of(number),
                        names=[given[seat] for seat in seats], wake=wake, time=time,
                        ask_after_grace=ask_after_grace)
            for number, seats in enumerate(self.split.tables)]
        score = played_at_tables(ruleset_id).score_name
        for number, table in enumerate(self.tables):
            table.on_said = self._lobby_line(number)
            table.title = f"{self.ruleset.title}, table {number + 1} of {len(self.tables)}"
            table.about = (f"Table {number + 1}: the other table plays at the same time. The "
                           f"highest {score} at both tables wins.")
        self.session: TablesSession | None = None
        self._table_of: dict[int, int] = {}  # a connection -> the table it talks to

    def _lobby_line(self, table: int) -> Callable[[int, Line], None]:
        """Before the match begins, a line said at `table` is told at every table: the
        lobby's chat is everyone's (each table has its own once the game is under way)."""
        def heard(seat: int, line: Line) -> None:
            if self.session is not None:
                return
            for number, other in enumerate(self.tables):
                if number != table:
                    other.said_elsewhere(self.seat_elsewhere(number, table, seat), line)
        return heard

    def seat_elsewhere(self, table: int, other: int, seat: int) -> int:
        """The number `table` gives seat `seat` of table `other` in the lobby's chat: after
        its own seats, the other tables' in order (no seat of `table` has it)."""
        before = [number for number in range(len(self.tables)) if number not in (table, other)
                  and number < other]
        return len(self.tables[table].chairs) + sum(
            len(self.tables[number].chairs) for number in before) + seat

    def _log_of(self, table: int) -> Callable[[str], None]:
        return lambda line: self.log(f"Table {table + 1}: {line}")

    # What the server and the host's loop read ------------------------------------------
    @property
    def chairs(self) -> list[Chair]:
        """Every seat's chair, in the match's order."""
        return [self.tables[table].chairs[local]
                for table, local in map(self.split.place, range(self.split.players))]

    def set_later(self, later: Later) -> None:
        """Where each table's messages to the friends are built (`HostedTable.later`)."""
        for table in self.tables:
            table.later = later

    def table_here(self) -> HostedTable:
        """The table of the first person at the host's screen, else the first: whose chat
        the host's lobby shows."""
        here = [table for table in self.tables
                if any(chair.kind == PERSON for chair in table.chairs)]
        return (here or self.tables)[0]

    @property
    def started(self) -> bool:
        return all(table.started for table in self.tables)

    @property
    def over(self) -> bool:
        """Has the game ended at both tables?"""
        return all(table.over for table in self.tables)

    @property
    def ready(self) -> bool:
        return all(table.ready for table in self.tables)

    def seat_of(self, connection: int) -> int | None:
        """The match's seat of a connection."""
        table = self._table_of.get(connection)
        local = None if table is None else self.tables[table].seat_of(connection)
        return None if table is None or local is None else self.split.seat(table, local)

    # What friends send ---------------------------------------------------------------------
    def hello(self, connection: int, message: JsonObject) -> None:
        """To the table of the seat the token holds, else of the first open seat (a table
        with none refuses, in its own words)."""
        table = self._table_for(message.get("token"))
        self._table_of[connection] = table
        self.tables[table].hello(connection, message)

    def _table_for(self, token: object) -> int:
        if token is not None:
            held = [number for number, table in enumerate(self.tables)
                    if any(chair.token == token for chair in table.chairs)]
            return held[0] if held else 0
        open_seats = [seat for seat, chair in enumerate(self.chairs)
                      if chair.is_friends and not chair.taken]
        return self.split.place(open_seats[0])[0] if open_seats else 0

    def received(self, connection: int, message: JsonObject) -> None:
        self.tables[self._table_of.get(connection, 0)].received(connection, message)

    def dropped(self, connection: int) -> None:
        """A connection ended (a friend coming back comes on a new one)."""
        table = self._table_of.pop(connection, None)
        if table is not None:
            self.tables[table].dropped(connection)

    def give_to_computer(self, seat: int, level: str) -> None:
        table, local = self.split.place(seat)
        self.tables[table].give_to_computer(local, level)

    # The match ----------------------------------------------------------------------------------
    def start(self) -> None:
        """The match begins at both tables: computers get names no other seat has, each
        friend his table's stream."""
        if self.started:
            return
        if not self.ready:
            raise ValueError("a friend's seat is still open")
        chairs = self.chairs
        spare = iter(name for name in COMPUTER_NAMES
                     if name not in {chair.name for chair in chairs})
        for chair in chairs:
            if not chair.name:
                chair.name = next(spare)
        seats = [Seat(chair.name, HUMAN) if chair.is_persons else
                 Seat(chair.name, COMPUTER, chair.kind) for chair in chairs]
        match = TablesMatch.new(self.ruleset, self.options, self.split.sizes,
                                seed=self._match_seed, split=self.split)
        self.session = session = TablesSession(match, seats, on_thinking_done=self._wake)
        for table, hosted in zip(self.tables, session.tables, strict=True):
            table.start(session=hosted)

    def resume(self, *given: object) -> None:
        raise ValueError(NOT_CONTINUED)

    def step(self, computers: bool = True) -> None:
        for table in self.tables:
            table.step(computers)

    def decisions(self) -> int:
        """The decisions taken at both tables, chance's included."""
        return 0 if self.session is None else self.session.match.turns()

    def result(self) -> JsonObject:
        """The match's result: its winners (the match's seats) across the tables, and each
        table's own result (its seats numbered as the table numbers them)."""
        assert self.session is not None
        match = self.session.match
        return {"ok": True, "error": None, "awaiting": None, "game_over": match.over,
                "winners": list(self.session.winners()),
                "tables": [{"seats": list(seats), **final_result(game)}
                           for seats, game in zip(match.split.tables, match.matches,
                                                  strict=True)]}

    def close(self) -> None:
        for table in self.tables:
            table.close()
        if self.session is not None:
            self.session.search_pool.shutdown(wait=False)
