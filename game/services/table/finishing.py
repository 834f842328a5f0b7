"""Finishing quickly: when every person at the table is out of the play it shows (a
bluffing game's lost influences) while the computers play on, the table offers to play the
rest at once; watching is the default (the pace: pacing.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.ruleset import State
from game.services.session import GameSession
from game.services.table.pacing import Pace
from game.services.table.teller import Teller
from game.services.table.telling import Telling


class Finishing:
    def __init__(self, session: GameSession, teller: Teller, telling: Telling, pace: Pace,
                 clock: Callable[[], float]) -> None:
        self.session = session
        self.teller = teller
        self.telling = telling
        self.pace = pace
        self.clock = clock
        self._out: tuple[State, bool] | None = None  # the persons out, for the state shown

    @property
    def persons_out(self) -> bool:
        """Every person at the table is out of the play the table shows while the
        computers play on. Asked every frame: worked out once for each state shown."""
        shown = self.telling.shown
        if self._out is None or self._out[0] is not shown:
            self._out = (shown, self._all_out(shown))
        return self._out[1]

    def _all_out(self, state: State) -> bool:
        ruleset, persons = self.session.ruleset, self.session.human_seats
        knocked_out = self.teller.knocked_out
        if knocked_out is None or not persons or ruleset.pending(state).over:
            return False
        return all(knocked_out(ruleset.view(state, seat), seat) for seat in persons)

    def offered(self) -> bool:
        """Is "Finish quickly" to be offered: the persons are all out and have not asked
        yet? Once the play they were out of is over, their asking is forgotten."""
        if not self.persons_out:
            self.pace.finishing = False
        return self.persons_out and not self.pace.finishing

    def finish_quickly(self) -> None:
        """The computers play the rest of the play the persons are out of at once."""
        self.pace.finish_quickly(self.clock())
