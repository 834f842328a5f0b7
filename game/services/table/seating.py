"""Who looks at the table.

With one person at the table, always that person. With none (autoplay), seat 0: nobody is
there to be deceived. With several (pass-and-play), nobody between decisions (a spectator's
view: no hand face up); before a person's decision the device is passed to him, and his
cards show only once he says it is him. They turn face down as soon as he has decided,
unless the next decision is his again in the same hand (an Ace-on-King run, a coup followed
by his lead). He keeps the device until another person takes it: if his next decision
comes before any other person's (only computers played meanwhile: a challenge of his claim,
a trick round the computers), his cards show again without asking for the device anew. A
result shown to the whole table (the end of a hand or a round) puts the device down: the
next person to decide is asked for it, even the one who held it.

At a match of two tables the screen is shared by the persons of both: a table with a
person is played as pass-and-play when there are persons at the other table too, and a
table without persons is shown as a spectator sees it (no hand face up).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.match import Match

GAME_OVER = "The game is over: there is nothing to take back"
NOTHING_YET = "Nothing of yours to take back yet"
DEALT_SINCE = "The cards have been dealt since: undo stops at a deal"
REVEALED_SINCE = "A card has been revealed since: undo stops here"
ANOTHER_PERSON = "Another person has played since"
NOBODY_HOLDS = "Undo is for the person holding the device, on his turn"
NOBODY_PLAYS = "Nobody at this table has anything to take back"
ONLINE_NO_UNDO = ("At a table of friends on other machines a move stands: undo is not "
                  "offered online")


class Seating:
    def __init__(self, humans: Sequence[int], *, elsewhere: bool = False,
                 holder: int | None = None, private: bool = False) -> None:
        """`elsewhere`: persons share the screen from another table; `holder`: the person
        of this table who holds the device already (he was the last to decide);
        `private`: other seats are persons' on other machines, whose cards this screen
        never shows (with no person here, it shows the table as a spectator sees it)."""
        self.humans = tuple(humans)
        self.pass_and_play = len(self.humans) > 1 or (elsewhere and bool(self.humans))
        self.viewer: int | None = None if self.pass_and_play or elsewhere else (
            self.humans[0] if self.humans else None if private else 0)
        self.bottom = self.humans[0] if self.humans else 0  # who sits at the bottom
        self.holder: int | None = holder  # the person the device was last handed to
        if holder is not None:
            self.bottom = holder

    def must_pass_to(self, seat: int) -> bool:
        """Must the device be handed to `seat` before he decides? Not while he still holds
        it (no other person has decided since it was handed to him)."""
        return (self.pass_and_play and seat in self.humans and self.viewer != seat
                and self.holder != seat)

    def handed_to(self, seat: int) -> None:
        """The device is in `seat`'s hands (he said so, or he never let go of it)."""
        self.viewer = seat
        self.bottom = seat
        self.holder = seat

    def put_down(self) -> None:
        """A result is shown to the whole table: nobody holds the device any more."""
        self.holder = None
        self.looking_away()

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
        return self.undo_refusal(match) is None

    def undo_refusal(self, match: Match) -> str | None:
        """Why Undo may take nothing back now, or None when it may: the one question that
        the Undo button (greyed, and saying why) and Ctrl+Z both ask. At a shared screen a
        person may not take back what another person decided since: that would show him
        the other's move and make him play again."""
        seat = self.undo_seat()
        if seat is None:
            return NOBODY_HOLDS if self.pass_and_play else NOBODY_PLAYS
        point = match.undo_point(seat)
        if point is None:
            return why_no_undo(match, seat)
        later = {turn.seat for turn in match.turns[point + 1:]}
        if (later & set(self.humans)) - {seat}:
            return ANOTHER_PERSON
        return None

    def may_redo(self, match: Match) -> bool:
        seat = self.undo_seat()
        return seat is not None and match.can_redo(seat)


def why_no_undo(match: Match, seat: int) -> str:
    """Why `match.undo_point(seat)` found nothing: the game's end, a deal or a card shown
    since the seat's last decision, or no decision of his at all."""
    if match.pending.over:
        return GAME_OVER
    for index in range(len(match.turns) - 1, -1, -1):
        turn = match.turns[index]
        if turn.seat is None or any(map(match.ruleset.reveals, match.events_of(index))):
            if not any(earlier.seat == seat for earlier in match.turns[:index + 1]):
                return NOTHING_YET
            return DEALT_SINCE if turn.seat is None else REVEALED_SINCE
    return NOTHING_YET
