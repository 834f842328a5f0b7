"""What the side buttons, the keys and the table's menu do at a table: undo and redo, a
hint, the menu, saving, the rules, the results again, leaving a lesson. The game's part is
the controller's; what is the window's (the screens opened, the cursor put back) is here.
These are the `SideActions` of the side buttons and the `MenuHost` of the menu (host.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.services.table.controller import TableController
from game.ui import screens
from game.ui.table.felt import Felt

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.ending import GameEnd


class TableActions:
    def __init__(self, app: App, table: TableController, felt: Felt, end: GameEnd, *,
                 leave_lesson: Callable[[], None] | None = None) -> None:
        """`end`: the game's end, which the menu shows again; `leave_lesson`: how the
        table's lesson is left (None: the table is no lesson's)."""
        self.app = app
        self.table = table
        self.felt = felt
        self.end = end
        self._leave_lesson = leave_lesson

    def undo(self) -> None:
        """Ctrl+Z and the Undo button: take back the person's last decision, or say why not."""
        if self.table.undo():
            self.felt.selected = None

    def redo(self) -> None:
        self.table.redo()

    def hint(self) -> None:
        self.table.hint()

    def open_menu(self) -> None:
        self.app.push(screens.make("pause", self.app, self))

    def open_save(self) -> None:
        refusal = self.table.save_refusal()
        if refusal is not None:
            self.table.say(refusal)
            return
        self.app.push(screens.make("save", self.app, self.table.session, saved=self.table.say))

    def open_rules(self) -> None:
        self.app.push(screens.make("rules", self.app, self.table.ruleset.id))

    @property
    def ended(self) -> bool:
        return self.end.ended

    def show_results(self) -> None:
        self.end.show_again()

    @property
    def in_lesson(self) -> bool:
        return self._leave_lesson is not None

    def leave_lesson(self) -> None:
        assert self._leave_lesson is not None
        self._leave_lesson()
