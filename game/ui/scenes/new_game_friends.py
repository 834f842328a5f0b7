"""What New game does for a table for friends on other machines (Title > Play with friends >
Host, or a seat given to a friend): a friend's seat shows no name box (a friend joins with
the name he gives), the time for each decision is offered above Start, and Start opens the
lobby (scenes/hosting.py) with the seats and, when the players sit at two tables (six to
eight at Coup d'État), the split shown."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from pygame import Rect
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.engine.saves import Seat
from game.engine.tables import Split
from game.net.decision_clock import TIME_CHOICES, time_words
from game.services import last_setup
from game.ui import screens
from game.ui.scenes.common import MenuScene

FRIEND_CHOICE = "Friend (online)"
FRIENDS_LINE = "A friend on another machine joins with the name the friend gives."
FRIENDS_NAME = "Friend's own name"  # where a friend's seat has no name box


def hosting_refusal(seats: Sequence[Seat]) -> str | None:
    """Why these seats cannot be a table for friends on other machines, if they cannot."""
    if any(seat.level == "bot" for seat in seats):
        return "An outside program joins a table for friends with coup-detat join --bot."
    return None


class FriendsForm(MenuScene):
    """The part of New game (new_game.py) that sets up a table for friends."""

    kinds: list[str]  # who plays each seat, as its menu words it
    players: int
    friends: bool  # the form was opened to host a table for friends
    ruleset: str
    time: float | None  # the time for each decision (None: no time)
    time_button: UIButton | None
    start_button: UIButton | None  # the time for each decision stands before it
    _time_rect: Rect

    def options(self) -> dict[str, object]:
        raise NotImplementedError

    def setup(self) -> last_setup.Setup:
        raise NotImplementedError

    def _say(self, words: str) -> None:
        raise NotImplementedError

    def _rebuild(self) -> None:
        raise NotImplementedError

    @property
    def hosts(self) -> bool:
        """Is a table for friends on other machines being set up?"""
        return self.friends or FRIEND_CHOICE in self.kinds[:self.players]

    def friends_seat(self, seat: int) -> bool:
        return self.kinds[seat] == FRIEND_CHOICE

    def no_name_box(self, entry: UITextEntryLine) -> None:
        """A friend's seat: its name box hidden (kept, with what was typed in it, for when
        the seat is given to a person or a computer again), a note in its place."""
        entry.hide()
        self.keep(UILabel(entry.relative_rect, FRIENDS_NAME, manager=self.app.ui,
                          object_id="#note_label"))

    def _offer_time(self) -> None:
        """The time for each decision above Start, for a table for friends only (made or
        taken away as a friend's seat is chosen, the form as it stands)."""
        if self.hosts and self.time_button is None:
            self.time_button = self.button(
                self._time_rect, f"Time per decision: {time_words(self.time)}",
                self._next_time, tip="The time each person has for a decision, after which "
                                     "the computer chooses for the seat, that once",
                before=self.start_button)
        elif not self.hosts and self.time_button is not None:
            self.take_away(self.time_button)
            self.time_button = None

    def _next_time(self) -> None:
        """The next time for each decision (off, 30 s, 1 min, 2 min, off again)."""
        self.time = TIME_CHOICES[(TIME_CHOICES.index(self.time) + 1) % len(TIME_CHOICES)]
        self._rebuild()

    def _host(self, seats: list[Seat], split: Split | None) -> None:
        """A table for friends on other machines (at two tables, as `split` shows): its
        lobby, where they take their seats."""
        refused = hosting_refusal(seats)
        if refused is not None:
            self._say(refused)
            return
        with contextlib.suppress(OSError):
            last_setup.save(self.setup())
        self.app.push(screens.make("hosting", self.app, self.ruleset, self.options(), seats,
                                   time=self.time, split=split))
