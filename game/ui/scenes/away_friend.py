"""Asked of the host when a friend has been away for the whole grace: wait longer (another
grace, its countdown starting again), or let the computer play the seat until the friend
is back (the seat is handed back then). The table goes on under the question: the other
seats play, and the friend may come back meanwhile (the question then goes by itself).
Enter answers with the button the keyboard is on (Wait longer first), Escape waits longer."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.net.decision_clock import clock_words
from game.net.hosted import Chair
from game.ui.scenes.common import WordsDialog

if TYPE_CHECKING:
    from game.ui.app import App


class AwayFriendDialog(WordsDialog):
    table_moves_under = True  # the table below goes on (scene.py)

    def __init__(self, app: App, chair: Chair, grace: float,
                 clock: Callable[[], float]) -> None:
        """`chair`: the friend's; `grace`: the seconds waited each time; `clock`: the
        hosted table's."""
        super().__init__(app)
        self.chair, self.grace, self.clock = chair, grace, clock
        name = chair.name
        self.title = f"{name} has been away for {clock_words(grace)}"
        self.lines = [f"Wait longer: {name} is waited for another {clock_words(grace)}.",
                      f"Or let the computer play for {name} until {name} is back: the seat "
                      f"is handed back to {name} then."]

    def enter(self) -> None:
        self.button_pair(("Wait longer", self.wait_longer),
                         ("Let the computer play", self.let_computer_play), width=260)

    @property
    def settled(self) -> bool:
        """Has the question gone by itself (the friend is back)?"""
        return self.chair.connection is not None or self.chair.away_since is None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.settled and self.app.scene is self:
            self.app.pop()

    def wait_longer(self) -> None:
        self.chair.wait_longer(self.clock())
        self.app.pop()

    def let_computer_play(self) -> None:
        self.chair.let_play = True
        self.app.pop()

    def back(self) -> None:  # Escape: the answer that changes least
        self.wait_longer()
