"""The question asked before a game takes Continue's place from another one in progress (a
game loaded, a new game started, a finished game played again): the game left is kept
among the player's saves first, so that starting a game never loses one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.system.files import why_unwritten
from game.ui.in_progress import InProgress, keep_in_saves, kept_name
from game.ui.scenes.common import WordsDialog

if TYPE_CHECKING:
    from game.ui.app import App


class LeaveGameDialog(WordsDialog):
    """"Leave the game in progress?": the game `coming` ("the new game", a save's title in
    quotes) is carried on by Continue from now on, the one `left` is kept in the saves."""

    title = "Leave the game in progress?"

    def __init__(self, app: App, left: InProgress, *, coming: str, go: str,
                 not_done: str, go_on: Callable[[], str | None],
                 say: Callable[[str], None]) -> None:
        """`go`: the button that goes on ("Load", "Start"); `go_on`: what it does once the
        game left is kept (the reason, when it could not); `not_done`: what did not happen
        when the game left could not be kept ("nothing was loaded"); `say`: how the screen
        below tells the player either."""
        super().__init__(app)
        self.left = left
        self.go = go
        self.not_done = not_done
        self.go_on = go_on
        self.say = say
        self.kept_as = kept_name()
        self.lines = [f"Your unfinished game will be kept in your saves as “{self.kept_as}”, "
                      "where Load finds it.",
                      f"Continue will then carry on {coming}."]

    def enter(self) -> None:
        self.button_pair((self.go, self._keep_and_go_on), ("Cancel", self.app.pop))

    def _keep_and_go_on(self) -> None:
        try:
            keep_in_saves(self.left, self.kept_as)
        except OSError as error:
            self._back(f"The game in progress could not be kept ({why_unwritten(error)}): "
                       f"{self.not_done}.")
            return
        problem = self.go_on()
        if problem is not None:
            self._back(problem)

    def _back(self, words: str) -> None:
        """Back to the screen below, which says `words`."""
        self.app.pop()
        self.say(words)
