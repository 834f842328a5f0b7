"""A match at two tables this window hosts for friends on other machines (six to eight at
Coup d'État: game/net/hosted_tables.py). The persons here play at their tables as in a
match at two tables at one screen (tables.py: the screen goes to whichever table needs a
person); what the host's screen does for the friends is `OnlineTable`'s, for the table
shown: its chat, the clock of its seat to act. Both tables are told to their friends each
frame, whichever is shown; a friend away is said at either table, and what one table has
to say (a seat's time ran out) is said at the table shown, with its table's number.

A match at two tables is not kept to be continued after the window closes (kept_table.py
keeps a game of one table): the lobby says so, and the table's log when it begins.
"""

from __future__ import annotations

from typing import Any

from game.net.headless import Hosting
from game.net.hosted import Chair
from game.net.hosted_tables import HostedTables
from game.net.keeping_thread import KeepingThread
from game.services.table.controller import TableController
from game.ui.table.online import OnlineTable

NOT_CONTINUED = ("A match at two tables cannot be continued: if this window closes before "
                 "both tables end, the match is over for everyone.")


class OnlineTables(OnlineTable):
    def __init__(self, hosting: Hosting, keeping: KeepingThread, **given: Any) -> None:
        """As `OnlineTable`'s, for the match at two tables `hosting` holds."""
        match = hosting.table
        assert isinstance(match, HostedTables), "a match at two tables"
        self.match = match
        super().__init__(hosting, keeping, **given)

    def show(self, table: int) -> None:
        """The screen shows `table` now: its chat, its clock and its remarks are shown."""
        self.hosted = self.match.tables[table]

    def update(self, controller: TableController) -> None:
        shown = self.hosted
        for number, table in enumerate(self.match.tables):
            if table is not shown and table.remarks:
                shown.remarks += [f"Table {number + 1}: {line}" for line in table.remarks]
                table.remarks.clear()
        super().update(controller)

    def waited_for(self) -> list[Chair]:
        """The chairs of both tables whose game is not over."""
        return [chair for table in self.match.tables if not table.over
                for chair in table.chairs]
