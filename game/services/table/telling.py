"""The game as the table tells it, beat by beat: what is shown so far, what waits to be
shown, the hand left on the table between two hands, and what settled it. It follows the
match and knows nothing of the window (no pygame), so it is tested without one.

The table shows events one after another, each as a beat; the state drawn is the state
after the last beat shown, which lags the match while beats wait. An undo or a redo
rewinds the match: the table then shows it as it stands, at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from game.engine.follower import Follower
from game.engine.match import Match
from game.engine.ruleset import Event, State, View
from game.services.seat_match import SeatFollower, SeatMatch
from game.services.table.seating import Seating
from game.services.table.teller import Teller


@dataclass(frozen=True)
class Beat:
    """One event as the table shows it, with the state just after it."""

    event: Event
    state: State


def follow(match: Match | SeatMatch, *, from_start: bool) -> Follower | SeatFollower:
    """What hands out a match's new events with their states: a local match's are
    folded as they come; a seat's from another machine came with their states."""
    if isinstance(match, SeatMatch):
        return match.follower(from_start=from_start)
    return Follower(match, from_start=from_start)


class Telling:
    def __init__(self, match: Match | SeatMatch, kit: Teller, seating: Seating, *,
                 from_start: bool) -> None:
        """`from_start`: tell the game from its first event (a new game: the draw for the
        first office and the first deal are shown); else from where the match stands."""
        self.match = match
        self.ruleset = match.ruleset
        self.kit = kit
        self.seating = seating
        self.follower: Follower | SeatFollower = follow(match, from_start=from_start)
        self.queue: deque[Beat] = deque()
        self.shown: State = match.state if not from_start else \
            self.ruleset.new_game(match.options)
        self.hand_view: View | None = None  # the hand being played, as last shown
        self.settled: list[tuple[Event, State]] = []  # this hand's settling, shown so far
        self._seen: tuple[State, int | None, View] | None = None  # the last view worked out

    @property
    def caught_up(self) -> bool:
        """Everything that happened has been shown (nothing waits to be told)."""
        return not self.queue and self.follower.caught_up

    def view(self, state: State | None = None) -> View:
        """The viewer's view of `state`, by default of the game as shown so far (asked many
        times a frame: worked out once for each state shown and viewer)."""
        viewer = self.seating.viewer
        if state is not None:
            return self.ruleset.view(state, viewer)
        seen = self._seen
        if seen is None or seen[0] is not self.shown or seen[1] != viewer:
            seen = self._seen = (self.shown, viewer, self.ruleset.view(self.shown, viewer))
        return seen[2]

    def table_view(self) -> View:
        """What lies on the table: between two hands, the hand just finished stays there
        for everyone to look at until the next deal (after the last, for good)."""
        view = self.view()
        cards = self.kit.cards
        if cards is not None and cards.between_hands(view) and self.hand_view is not None:
            return self.hand_view
        return view

    def pull(self) -> bool:
        """Take the match's new events as beats waiting to be shown. After an undo or a
        redo (True), nothing waits: the match is shown as it stands."""
        new = list(self.follower.new_events())
        if self.follower.rewound:
            self.queue.clear()
            self.shown = self.match.state
            return True
        self.queue.extend(Beat(event, state) for event, state in new)
        return False

    def show(self, beat: Beat) -> None:
        """`beat` is being shown: the table draws the state after it."""
        self.shown = beat.state
        self.remember(beat)

    def retold(self) -> Iterator[Beat]:
        """Every beat of the match from its start, remembered as if shown (to tell the
        whole game again in the log, after an undo or for a loaded game)."""
        self.hand_view, self.settled = None, []
        for event, state in follow(self.match, from_start=True).new_events():
            beat = Beat(event, state)
            self.remember(beat)
            yield beat

    def remember(self, beat: Beat) -> None:
        """Keep what a hand's result tells: the hand as last played, and its settling."""
        if self.kit.starts_hand(beat.event):
            self.hand_view, self.settled = None, []
        cards = self.kit.cards
        if cards is not None:
            view = self.view(beat.state)
            if cards.in_play(view):
                self.hand_view = view
        if self.kit.settles(beat.event):
            self.settled.append((beat.event, beat.state))

    def hand_settlement(self) -> list[tuple[Event, State]]:
        """The hand's settling: what was shown, and what still waits up to the next deal."""
        waiting = []
        for beat in self.queue:
            if self.kit.starts_hand(beat.event):
                break
            if self.kit.settles(beat.event):
                waiting.append((beat.event, beat.state))
        return [*self.settled, *waiting]
