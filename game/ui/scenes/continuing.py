"""Continue, when there is more to carry on than the game at this screen: the game, the
table this machine hosted for friends, the seats at friends' tables (game/ui/carry_on.py),
one button each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.carry_on import Continuable, Found
from game.ui.scenes.common import Action, MenuScene

if TYPE_CHECKING:
    from game.ui.app import App


class ContinueScene(MenuScene):
    """Several things to continue: one button each."""

    title = "Continue"
    subtitle = "Carry on where you left off"

    def __init__(self, app: App, found: Found) -> None:
        super().__init__(app)
        self.found = found
        self.problem: str | None = None

    def enter(self) -> None:
        entries: list[tuple[str, Action | None]] = [
            (game.words, self._carrying_on(game)) for game in self.found.games]
        self.button_column([*entries, ("Back", self.back)],
                           round(self.app.size[1] * 0.3), width=560)

    def _carrying_on(self, game: Continuable) -> Action:
        def carry_on() -> None:
            problem = game.carry_on()
            if isinstance(problem, str):
                self.app.settings_notice = problem
                self.app.pop()
        return carry_on

    def back(self) -> None:
        self.app.pop()
