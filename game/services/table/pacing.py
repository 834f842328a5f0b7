"""The table's pace: when the next computer's move may be shown, at the table's clock, and
finishing quickly (the persons all out of the play, the computers play the rest at once)."""

from __future__ import annotations

from collections.abc import Callable


class Pace:
    def __init__(self, computer_delay: Callable[[], float]) -> None:
        """`computer_delay`: the pause before a computer's move, at the player's pace now
        (the settings may change during the game)."""
        self.computer_delay = computer_delay
        self.computer_ready_at = 0.0  # the table's time the next computer move may come
        self.finishing = False  # the persons, all out, asked to see the rest at once

    @property
    def hurried(self) -> bool:
        """The persons, all out, asked to finish quickly: no pauses and no animations
        until the play they are out of is over (the game, or the round of a match)."""
        return self.finishing

    def computer_pause(self) -> float:
        """The pause before a computer's move: the player's pace, none when hurried."""
        return 0.0 if self.hurried else self.computer_delay()

    def ready(self, now: float) -> bool:
        """May a computer's move be shown at `now`?"""
        return now >= self.computer_ready_at

    def moved(self, now: float) -> None:
        """A decision was made at `now`: the next computer waits the pause."""
        self.computer_ready_at = now + self.computer_pause()

    def finish_quickly(self, now: float) -> None:
        """The computers play the rest of the play the persons are out of at once."""
        self.finishing = True
        self.computer_ready_at = now
