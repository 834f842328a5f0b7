"""A result over the table (a hand's, a round's, the game's end), made in the frame that
shows its beat and shown in the next: each of the two frames does half the work (the game's
end once held one frame 50 ms)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screens import Screen


class ResultDue:
    def __init__(self, app: App) -> None:
        self.app = app
        self._screen: Screen | None = None

    @property
    def waiting(self) -> bool:
        """Is a result made and not yet shown? The table tells nothing more meanwhile."""
        return self._screen is not None

    def made(self, screen: Screen, *, show_now: bool) -> None:
        """A result to show: at once (nothing glides, so no frame is spared), or at the
        table's next update."""
        if show_now:
            self.app.push(screen)
        else:
            self._screen = screen

    def show(self, table_on_top: bool) -> None:
        """Show the waiting result, once the table is on top (not under a menu)."""
        if self._screen is not None and table_on_top:
            self.app.push(self._screen)
            self._screen = None
