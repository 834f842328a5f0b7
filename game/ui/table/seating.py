"""Who looks at the table.

With one person at the table, always that person. With none (autoplay), seat 0: nobody is
there to be deceived. With several (pass-and-play), nobody between decisions (a spectator's
view: no hand face up); before a person's decision the device is passed to him, and his
cards show only once he says it is him. They turn face down as soon as he has decided,
unless the next decision is his again in the same hand (an Ace-on-King run, a coup followed
by his lead).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.match import Match


class Seating:
    def __init__(self, humans: Sequence[int]) -> None:
        self.humans = tuple(humans)
        self.pass_and_play = len(self.humans) > 1
        self.viewer: int | None = None if self.pass_and_play else (
            self.humans[0] if self.humans else 0)
        self.bottom = self.humans[0] if self.humans else 0  # who sits at the bottom

    def must_pass_to(self, seat: int) -> bool:
        """Must the device be handed to `seat` before he decides?"""
        return self.pass_and_play and seat in self.humans and self.viewer != seat

    def handed_to(self, seat: int) -> None:
        self.viewer = seat
        self.bottom = seat

    def decided(self, seat: int, again: bool) -> None:
        """`seat` has decided: his cards go face down, unless he decides `again` at once
        (in the same hand: a new deal always passes the device anew)."""
        if self.pass_and_play and not again:
            self.viewer = None

    def looking_away(self) -> None:
        """The device is about to change hands: no hand may show."""
        if self.pass_and_play:
            self.viewer = None

    def undo_seat(self) -> int | None:
        """Whose decisions Undo takes back: the person holding the device."""
        if self.viewer is not None and self.viewer in self.humans:
            return self.viewer
        return self.humans[0] if len(self.humans) == 1 else None

    def may_undo(self, match: Match) -> bool:
        """At a shared screen a person may not take back what another person decided
        since: that would show him the other's move and make him play again."""
        seat = self.undo_seat()
        if seat is None:
            return False
        point = match.undo_point(seat)
        if point is None:
            return False
        later = {turn.seat for turn in match.turns[point + 1:]}
        return not (later & set(self.humans)) - {seat}

    def may_redo(self, match: Match) -> bool:
        seat = self.undo_seat()
        return seat is not None and match.can_redo(seat)
