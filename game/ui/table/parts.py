"""The table's parts that its input (input.py) and its turns (turns.py) reach, besides
what any part sees of the table shown (host.py's `TableShown`): the felt, its buttons, the
side buttons' actions and the match of tables it is one of. It imports them for their types
only, so that no part and the scene import one another round a circle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui.table.host import TableShown

if TYPE_CHECKING:
    from game.ui.table.actions import TableActions
    from game.ui.table.buttons import TableButtons
    from game.ui.table.felt import Felt
    from game.ui.table.tables import TwoTables


class TableParts(TableShown, Protocol):
    @property
    def felt(self) -> Felt: ...

    @property
    def buttons(self) -> TableButtons: ...

    @property
    def actions(self) -> TableActions: ...

    @property
    def tables(self) -> TwoTables | None: ...
