"""The time a person has for each decision at a hosted table, when the host gives one
(after which the computer decides for the seat, that once: stand_in.py). Time runs on the
host's clock only (monotonic: a friend's clock, or the host's wall clock put back, changes
nothing); a friend is told the seconds left with each question, and a friend who comes
back is told what is left, not a fresh time. No sockets and no game here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine import texts

TIME_CHOICES = (None, 30.0, 60.0, 120.0)  # what a host chooses from in the window (None: off)


def time_words(seconds: float | None) -> str:
    """A time for each decision as New game offers it: "off", "30 s", "1 min"."""
    if seconds is None:
        return "off"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def clock_words(seconds: float) -> str:
    """Seconds as a clock says them: "1:00", "0:42"."""
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def timed_out_line(name: str) -> str:
    """What everyone is told when a seat's time ran out."""
    return f"Time ran out for {name}: the computer chose for {name}."


def time_up_line(message: Mapping[str, Any], own_seat: int | None) -> str:
    """What a friend's machine says of the host's `time_up` message."""
    if message.get("seat") == own_seat:
        return "Time ran out for you: the computer chose for you."
    return timed_out_line(texts.seat_name(message.get("name")) or "a seat")


class DecisionClock:
    """How long the question open now has been open, for a seat whose decisions are timed.
    A question is known by its number (the decisions made before it: the wire's `id`),
    which no other question of the game has."""

    def __init__(self, seconds: float | None, clock: Callable[[], float]) -> None:
        """`seconds`: the time for each decision (None: no time); `clock`: the host's
        monotonic clock."""
        if seconds is not None and not seconds > 0:
            raise ValueError("the time for a decision is more than 0 seconds")
        self.seconds = seconds
        self.clock = clock
        self._open: tuple[int, float] | None = None  # the question timed, since when
        self._ran_out: set[int] = set()  # the questions whose time ran out

    def follow(self, number: int | None) -> None:
        """The timed question open now (None: none is, or not a timed seat's): its time
        starts when it opens, and runs on while it stays open."""
        if self.seconds is None or number is None:
            self._open = None
        elif self._open is None or self._open[0] != number:
            self._open = (number, self.clock())

    def left(self, number: int) -> float | None:
        """The seconds left for question `number` (None: it is not timed)."""
        if self.seconds is None or self._open is None or self._open[0] != number:
            return None
        return max(0.0, self.seconds - (self.clock() - self._open[1]))

    def run_out(self) -> int | None:
        """The question whose time has run out now (once each), if one has."""
        if self._open is None:
            return None
        number = self._open[0]
        left = self.left(number)
        if left is None or left > 0 or number in self._ran_out:
            return None
        self._ran_out.add(number)
        return number

    def ran_out(self, number: int) -> bool:
        """Did question `number`'s time run out (a late answer to it is refused so)?"""
        return number in self._ran_out
