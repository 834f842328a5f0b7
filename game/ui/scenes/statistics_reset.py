"""Asked before the statistics start again: what a reset does, and that the old files are
kept (under other names, in the data folder), answered by Reset or Cancel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.services import stats
from game.ui.scenes.common import WordsDialog

if TYPE_CHECKING:
    from game.ui.app import App


class ResetStatisticsDialog(WordsDialog):
    title = "Reset statistics?"
    lines = ("Your statistics and your history of games start again from nothing.",
             "The files as they are now are not deleted: they are kept in your data folder "
             "under other names.")

    def __init__(self, app: App, done: Callable[[str], None]) -> None:
        """`done`: told what the reset did, in a sentence, once it is done."""
        super().__init__(app)
        self.done = done

    def enter(self) -> None:
        self.button_pair(("Reset", self._reset), ("Cancel", self.app.pop))

    def _reset(self) -> None:
        said = stats.reset()
        self.app.pop()
        self.done(said)
