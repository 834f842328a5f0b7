"""Learn to play: the games that have a lesson, each a guided first game at the real table."""

from __future__ import annotations

from game.games import get_game
from game.ui import screens
from game.ui.scenes.common import Action, MenuScene
from game.ui.table.coach import lessons


class LessonsMenu(MenuScene):
    title = "Learn to play"
    subtitle = "A guided game: the coach says what to do and points at it on the table"

    def enter(self) -> None:
        entries: list[tuple[str, Action | None]] = [
            (get_game(game_id).title, self._lesson(game_id)) for game_id in lessons()]
        self.button_column([*entries, ("Back", self.back)], round(self.app.size[1] * 0.35),
                           width=360)

    def _lesson(self, game_id: str) -> Action:
        return lambda: self.app.replace(screens.make("lesson", self.app, game_id))
