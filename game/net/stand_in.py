"""The computer that decides for a person's seat at a hosted table, one decision at a time:
for a friend away past the grace (each time it is the seat's turn, until the friend is
back: hosted.py's headless host at once, the window's once its host lets it), or for a
seat whose time for the decision ran out (decision_clock.py), that once, everyone told.
It thinks in a thread of its own: the game's thread never waits for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from game.ai.levels import make_player
from game.engine.player import Player, View
from game.engine.ruleset import Decision
from game.net.decision_clock import DecisionClock, timed_out_line
from game.net.wire import JsonObject
from game.services.session import GameSession

STAND_IN_LEVEL = "medium"  # who decides for a person's seat: away past the grace, or timed out
AWAY = "away"  # why the computer decides: the friend is away past the grace
TIMED_OUT = "time"  # the seat's time for the decision ran out


class Chair(Protocol):
    """What the stand-in reads of a seat's chair (hosted.py's `Chair`)."""

    name: str
    connection: int | None
    away_since: float | None
    stood_in: bool
    let_play: bool

    @property
    def is_friends(self) -> bool: ...

    @property
    def is_persons(self) -> bool: ...


class HostedTable(Protocol):
    """What the stand-in reads of the hosted table (hosted.py's `HostedTable`)."""

    session: GameSession | None
    decision_clock: DecisionClock
    ask_after_grace: bool
    grace: float
    clock: Callable[[], float]
    log: Callable[[str], None]
    remarks: list[str]

    @property
    def chairs(self) -> Sequence[Chair]: ...

    def follow_clock(self) -> None: ...


@dataclass(frozen=True)
class StandIn:
    """A computer deciding for a person's seat, this once: the question and why."""

    seat: int
    question: int
    why: str  # AWAY or TIMED_OUT
    future: Future[Decision]


class StandIns:
    def __init__(self, ruleset_id: str, seed: int | None,
                 wake: Callable[[], None] | None = None,
                 tell_all: Callable[[JsonObject], None] = lambda message: None) -> None:
        """`wake`: called (from the helper's thread) when a decision is made; `tell_all`:
        sends a message to every seat connected."""
        self.ruleset_id, self.seed, self._wake, self._tell_all = ruleset_id, seed, wake, tell_all
        self._helper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stand-in")
        self.pending: StandIn | None = None

    def step(self, table: HostedTable) -> None:
        """A decision made by the stand-in, if one is; else one started if one is due."""
        session = table.session
        assert session is not None
        pending = self.pending
        if pending is not None:
            if pending.future.done():
                self.pending = None
                self._made(table, pending)
            return
        table.follow_clock()
        seat = session.to_act
        if seat is None or not table.chairs[seat].is_persons:
            return
        number = len(session.match.turns)
        why = TIMED_OUT if table.decision_clock.run_out() == number else \
            AWAY if away_too_long(table, table.chairs[seat]) else None
        if why is not None:
            self._start(seat, number, why, session.match.view(seat),
                        list(session.match.legal()))

    def _start(self, seat: int, question: int, why: str, view: View,
               legal: list[Decision]) -> None:
        future = self._helper.submit(self._player(seat).decide, view, legal)
        wake = self._wake
        if wake is not None:
            future.add_done_callback(lambda _: wake())
        self.pending = StandIn(seat, question, why, future)

    def _player(self, seat: int) -> Player:
        seed = None if self.seed is None else f"{self.seed}:away:{seat}"
        return make_player(STAND_IN_LEVEL, seed, ruleset=self.ruleset_id)

    def _made(self, table: HostedTable, done: StandIn) -> None:
        """The stand-in's decision, made if its question is still open (and, for a friend
        away, the friend is still away); a time run out is said to everyone."""
        session = table.session
        assert session is not None
        chair = table.chairs[done.seat]
        if session.to_act != done.seat or len(session.match.turns) != done.question:
            return  # answered meanwhile
        if done.why == AWAY:
            if chair.connection is not None:
                return
            if not chair.stood_in:
                chair.stood_in = True
                table.log(f"{chair.name} is still away: the computer decides for the seat "
                          "until the connection is back.")
        else:
            table.log(timed_out_line(chair.name))
            table.remarks.append(timed_out_line(chair.name))
            self._tell_all({"type": "time_up", "id": done.question, "seat": done.seat,
                            "name": chair.name})
        session.submit(done.future.result())

    def close(self) -> None:
        self._helper.shutdown(wait=False, cancel_futures=True)


def away_too_long(table: HostedTable, chair: Chair) -> bool:
    """Is the friend of `chair` away past the grace, or (if the host is asked instead) has
    the host let a computer play the seat?"""
    if not chair.is_friends or chair.connection is not None or chair.away_since is None:
        return False
    if table.ask_after_grace:
        return chair.let_play
    return table.clock() - chair.away_since >= table.grace
