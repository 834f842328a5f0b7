"""The end of the game at a table: what is shown over it when the game ends (the game's own
results, the standings of a match at two tables, a lesson's last words), and the same again
whenever the player asks, until he leaves the table. Esc on the end only looks at the
final table; Enter, a click on its felt, its Results and the menu's bring the end back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.table.controls import OfferText

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screens import Screen
    from game.ui.table.coach import CoachPanel
    from game.ui.table.host import TableShown
    from game.ui.table.kit import TableKit
    from game.ui.table.result_due import ResultDue
    from game.ui.table.tables import TwoTables

RESULTS = OfferText("What next?", "Results",
                    "The game's results again, and the ways on: play again, a review, "
                    "New game", in_corner=False)
LAST_WORDS = OfferText("The lesson is over", "Last words",
                       "The coach's last words again, and the way on", in_corner=False)
GAME_OVER_WORDS = "The game is over: press Enter, or click the table, for the results."
LESSON_OVER_WORDS = "The lesson is over: press Enter, or click the table, for its last words."


class GameEnd:
    def __init__(self, app: App, table: TableShown, kit: TableKit, result_due: ResultDue, *,
                 coach: CoachPanel | None = None, tables: TwoTables | None = None) -> None:
        """`table`: the table whose end it is; `coach`: its lesson's, `tables`: the match
        of two tables it is one of, whose end is theirs."""
        self.app = app
        self.table = table
        self.kit = kit
        self.result_due = result_due
        self.coach = coach
        self.tables = tables
        self._shown = False  # the game's end was shown (at a table of its own)

    @property
    def ended(self) -> bool:
        """Has the end been shown over the table (of the whole match at two tables, of the
        lesson)? It may be shown again from then on."""
        if self.result_due.waiting:
            return False
        if self.coach is not None:
            return self.coach.finished
        if self.tables is not None:
            return self.tables.match_over_shown
        return self._shown

    def reached(self, results: Screen) -> Screen:
        """The game has just ended, `results` the kit's: what is shown over the table (the
        match's at two tables, the coach's in a lesson)."""
        self._shown = True
        return results if self.tables is None and self.coach is None else self.screen()

    def shown_now(self) -> Screen:
        """A finished game was loaded: its end, shown at once."""
        self._shown = True
        return self.screen()

    def screen(self) -> Screen:
        """The end over the table, made afresh (so that its buttons work again)."""
        if self.tables is not None:
            return self.tables.table_over(self.table)
        if self.coach is not None:
            return self.coach.over()
        return self.kit.game_over(self.app, self.table.controller)

    def show_again(self) -> bool:
        """The end over the table again, if it has been shown and the table is on top."""
        if not (self.ended and self.table.on_top):
            return False
        self.app.push(self.screen())
        return True

    @property
    def words(self) -> str | None:
        """The line over the final table, on top: how the end comes back (None: no end)."""
        if not (self.ended and self.table.on_top):
            return None
        return LESSON_OVER_WORDS if self.coach is not None else GAME_OVER_WORDS

    @property
    def offer(self) -> OfferText:
        """The final table's offer of its end again."""
        return LAST_WORDS if self.coach is not None else RESULTS
