"""What the player sees after an unexpected error: what happened, where the report is, and
the way back to the game (its last autosave), to the title, or out."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui import screens, text
from game.ui.saved_games import can_continue, resume_autosave
from game.ui.scenes.common import MenuScene, draw_backdrop, draw_lines

if TYPE_CHECKING:
    from game.ui.app import App

MAX_ERROR_LENGTH = 90


class CrashScene(MenuScene):
    title = "Something went wrong"
    subtitle = "The game met an error it did not expect"

    def __init__(self, app: App, error: BaseException, report: Path | None) -> None:
        super().__init__(app)
        self.error = error
        self.report = report
        self.problem: str | None = None  # why Continue failed, if it did

    def enter(self) -> None:
        self.button_column([
            ("Continue from the last autosave", self._continue if can_continue() else None),
            ("Title screen", self._title),
            ("Quit", self.app.quit),
        ], round(self.app.size[1] * 0.55), width=380)

    def _continue(self) -> None:
        self.problem = resume_autosave(self.app)

    def _title(self) -> None:
        self.app.replace(screens.make("title", self.app))

    def back(self) -> None:
        self._title()

    def lines(self) -> list[str]:
        error = f"{type(self.error).__name__}: {self.error}"
        if len(error) > MAX_ERROR_LENGTH:
            error = error[:MAX_ERROR_LENGTH - 1] + "…"
        told = [error, ""]
        if self.report is not None:
            told += ["A report of what happened, with the game's log, was written to",
                     str(self.report), "Sending it to us helps mend the game."]
        else:
            told += ["The report of what happened could not be written."]
        if self.problem is not None:
            told += ["", f"The autosave could not be loaded: {self.problem}"]
        return told

    def draw(self, surface: pygame.Surface) -> None:
        scale = draw_backdrop(surface, self.title, self.subtitle)
        size = round(18 * scale)
        lines = self.lines()
        widest = max(text.font(size).size(line)[0] for line in lines)
        left = max(round(16 * scale), (surface.get_width() - widest) // 2)
        draw_lines(surface, lines, (left, round(200 * scale)), size)
