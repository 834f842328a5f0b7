"""A seat at a friend's table, on this machine: what the table's controller asks of a game
session, answered from the seat's stream (a `SeatMatch`) instead of a game of our own.

The host holds the game. A decision made here is sent to the host and shown only when the
host's beats bring it back: it is never applied here first (after a lost connection, a
friend's table that applied its own move would show a game the host does not have).
While an answer is on its way, the seat is not asked again. Hints are worked out here,
by the Hard player, from the seat's view, which is the true one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from game.ai.search import SearchPool
from game.engine.errors import IllegalMove
from game.engine.ruleset import AnyRuleset, Decision, Event
from game.engine.saves import Seat
from game.formats.support import legal_named
from game.services.hints import HINT_BUDGET, Hints, Position
from game.services.seat_match import SeatMatch
from game.services.session import HUMAN

NOT_YOURS = "It is not your turn to decide"
KEPT_BY_HOST = "The host keeps this game: only the host can save it"

Send = Callable[[int, Decision], None]  # (the question's number, the decision)


class SeatSession:
    keeps_game = False  # the host keeps it (and its saves)
    autosave = None

    def __init__(self, match: SeatMatch, seats: Sequence[Seat], *, send: Send,
                 on_thinking_done: Callable[[], None] | None = None) -> None:
        self.match = match
        self.seats = tuple(seats)
        self.seat = match.seat
        self._send = send
        self.notes: list[str] = []  # what the table's log should say besides the game
        self.elsewhere = frozenset(seat for seat, info in enumerate(self.seats)
                                   if info.kind == HUMAN and seat != self.seat)
        self.search_pool = SearchPool()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.hints = Hints(match.ruleset.id, self._executor, self.search_pool,
                           on_thinking_done)

    # Reading ------------------------------------------------------------------------------
    @property
    def ruleset(self) -> AnyRuleset:
        return self.match.ruleset

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def human_seats(self) -> tuple[int, ...]:
        return (self.seat,)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].kind == HUMAN

    @property
    def to_act(self) -> int | None:
        """Whose decision the game waits for; not this seat's once it has answered (until
        the host asks it again)."""
        seat = self.match.pending.seat
        if seat == self.seat and self.match.asked is None:
            return None
        return seat

    @property
    def over(self) -> bool:
        return self.match.pending.over

    thinking = None  # no computer of this machine plays at the table

    # Deciding -----------------------------------------------------------------------------
    def submit(self, decision: Decision) -> list[Event]:
        """Send the decision to the host (`IllegalMove` if it is not one the host asked
        for); what it causes comes back from the host."""
        asked = self.match.asked
        if asked is None or self.match.pending.seat != self.seat:
            raise IllegalMove(f"{NOT_YOURS}.")
        number, legal = asked
        self.ruleset.decide(self.match.state, decision)  # IllegalMove in the rules' words
        named = legal_named(self.ruleset, decision, legal, idle_suit=True)
        if named is None:  # the rules here took it, but the host asked otherwise
            raise IllegalMove("The rules do not allow that move now.")
        self.match.answered(named)
        self._send(number, named)
        return []

    def computer_step(self, ready: bool = True) -> list[Event]:
        return []

    def undo(self, seat: int) -> bool:
        return False

    def redo(self, seat: int) -> bool:
        return False

    # Hints ----------------------------------------------------------------------------------
    @property
    def _position(self) -> Position:
        return len(self.match.events), 0

    @property
    def can_hint(self) -> bool:
        return self.hints.available

    def ask_hint(self, budget: float = HINT_BUDGET) -> None:
        if self.to_act == self.seat:
            self.hints.ask(self._position, self.match.view(self.seat), self.match.legal(),
                           budget)

    def hint(self) -> tuple[Decision, str] | None:
        return self.hints.found(self._position, self.match.legal())

    @property
    def hinting(self) -> bool:
        return self.hints.thinking(self._position)

    # The rest -------------------------------------------------------------------------------
    def autosave_trouble(self) -> str | None:
        return None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.search_pool.shutdown(wait=False)
