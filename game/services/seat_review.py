"""Which review a table's end offers, and what it may show: the game's every seat once it is
over at a table of this machine's alone; at a table hosted for friends, only the decisions
of the host's own persons, with no hand shown that the rules did not show (a host with no
person of his own at the table may see everything, as at a game of computers only); at a
friend's table, the friend's own seat, from what his machine was told of it.

The friend's review reads the seat's match (`SeatMatch`): the decisions of the others are
told in the words the host told his seat of them; their hidden cards, and the views they
decided from, stayed on the host's machine and are never shown here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.services.review import Reviewed
from game.services.seat_match import SeatMatch

FROM_THE_SEAT = ("This review is made from what your machine was told of your seat: the "
                 "others' moves as you saw them, never their hidden cards, which stayed "
                 "with the host.")
NOT_SENT = ("Decided for you while you were away (this machine did not send it): not "
            "judged.")
ONLY_YOURS = "Only your own decisions: the others decided from views this machine never had"
NO_HANDS_SEEN = "The others' hidden cards stayed with the host: only what the rules showed"
NO_HANDS_HOSTED = "The friends' hidden cards are theirs: only what the rules showed"
ONLY_PERSONS = "Only the decisions of the persons at this screen: the friends' are theirs"


class ReviewedSession(Protocol):
    """What the choice reads of a table's session (a `GameSession`, or a `SeatSession`)."""

    @property
    def match(self) -> Reviewed: ...

    @property
    def human_seats(self) -> tuple[int, ...]: ...

    @property
    def elsewhere(self) -> frozenset[int]: ...


@dataclass(frozen=True)
class Reviewable:
    """The review offered: the game, the seat it opens at, the seats whose decisions may be
    reviewed once it is over (`others` says why no other, when there are none), and
    whether every hand may then be shown (`hands` says why not)."""

    match: Reviewed
    seat: int
    seats: tuple[int, ...]
    others: str | None = None
    hands: str | None = None

    @property
    def all_hands(self) -> bool:
        return self.hands is None


def review_of(session: ReviewedSession, viewer: int | None) -> Reviewable:
    """The review a table's end offers, opening at `viewer`'s seat (else the first
    reviewable)."""
    match = session.match
    if isinstance(match, SeatMatch):
        return Reviewable(match, match.seat, (match.seat,), ONLY_YOURS, NO_HANDS_SEEN)
    every = tuple(range(match.players))
    persons = session.human_seats
    if not session.elsewhere or not persons:  # this machine's game, or computers' only here
        return Reviewable(match, viewer if viewer is not None else 0, every)
    seat = viewer if viewer in persons else persons[0]
    return Reviewable(match, seat, persons, None if len(persons) > 1 else ONLY_PERSONS,
                      NO_HANDS_HOSTED)


def told_later(player: str) -> str:
    """A move the host told nothing of on its own (a card played: told with its trick)."""
    return f"{player}'s move, told with what followed."
