"""When a friend's machine asks the host to tell its seat's stream again (`resend`,
docs/NETWORK.md), the same for a window's seat (at_friends.py) and `join --bot`'s
(client.py).

The host sends each message once, in order, on one connection, and a friend's machine
that misses one on the way (a relay, a proxy, a fault of either program) would wait for
ever: a `told` lost leaves the seat's game behind, a `decide` lost leaves the seat to act
with no question, an `end` lost leaves a game over with no result. Three signs say a
message was lost: something numbered past what this machine has (a `told` whose `n` is
ahead, or a position whose `n` is); the host's position saying this seat is to act while
no question has come for QUIET seconds (a `decide` lost, or this seat's answer); and a
message the host always sends missing for QUIET seconds, as the caller sees it (the `end`
of a game over; at the window's seat, a position of the game under way, which a seat
taken up again waits for to be shown). Either way the machine asks `resend` from the
number it has; the host answers with what it told from there, its position, and the
question if one is open, or the end if the game is over. While the seat is still stuck
it asks again, each pause twice the one before, from FIRST_PAUSE (over the host's
RESEND_GAP: never refused as too soon) up to MOST_PAUSE: never a flood.

Nothing here waits or sends: the caller says what came, asks `wanted` when it looks (each
frame, or each tick), and sends what it is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable

QUIET = 3.0  # seconds the seat to act waits for its question before asking for it again
FIRST_PAUSE = 2.0  # seconds before asking again, at first (the host refuses under 1 s)...
MOST_PAUSE = 30.0  # ...doubled at each ask while still stuck, up to this


class CatchUp:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.ahead = 0  # the events the host has said it told (a told's n + 1, a position's n)
        self.to_act = False  # the host's last position: this seat decides
        self.asked = 0  # resends asked, all told (for tests and reports)
        self._moved_at = clock()  # when the seat's game last moved on, in order
        self._asked_at: float | None = None  # when a resend was last asked, while stuck
        self._pause = FIRST_PAUSE

    def told(self, number: int, known: int) -> None:
        """A `told` numbered `number` came, `known` events known before it."""
        self.ahead = max(self.ahead, number + 1)
        if number == known:
            self.moved()

    def position(self, number: int, to_act: bool) -> None:
        """The host's position came: `number` events told, this seat `to_act` or not."""
        self.ahead = max(self.ahead, number)
        self.to_act = to_act
        self.moved()

    def moved(self) -> None:
        """The game moved on in order (a told, a position, a question, an answer sent, a
        connection taken up again): the seconds to wait count from now."""
        self._moved_at = self.clock()

    def stuck(self, known: int, asked: bool, missing: bool = False) -> bool:
        """Is the seat behind the host (`known` events of more told), to act with no
        question (`asked`: one is open, or being answered), or `missing` a message the
        host always sends (the `end` of a game over, a position)?"""
        return known < self.ahead or (self.to_act and not asked) or missing

    def due_at(self, known: int, asked: bool, missing: bool = False) -> float | None:
        """When (by `clock`) a resend is to be asked, if the seat is stuck."""
        if not self.stuck(known, asked, missing):
            return None
        if self._asked_at is not None:
            return max(self._asked_at, self._moved_at) + self._pause
        return self._moved_at if known < self.ahead else self._moved_at + QUIET

    def wanted(self, known: int, asked: bool, missing: bool = False) -> int | None:
        """The number to ask the host to tell again from, if a resend is due now (it is
        then counted as asked); None otherwise."""
        due = self.due_at(known, asked, missing)
        if due is None:
            self._asked_at, self._pause = None, FIRST_PAUSE  # not stuck: the pauses anew
            return None
        now = self.clock()
        if now < due:
            return None
        if self._asked_at is not None:
            self._pause = min(MOST_PAUSE, self._pause * 2)
        self._asked_at = now
        self.asked += 1
        return known
