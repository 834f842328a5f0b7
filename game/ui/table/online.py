"""A table this window hosts for friends on other machines: beside the table's screen,
it hands the hosted table what arrived from the friends each frame (never waiting: the
network has its own thread), lets it tell them what the table has done, and says over
the table who lost the connection and for how long they are waited for. The table is kept
as its game goes, to be continued (keeping_thread.py), and forgotten at its end."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.net.headless import Hosting
from game.net.keeping_thread import KeepingThread
from game.services.table.controller import TableController

SAID_FOR = 1.5  # seconds a remark on a friend away lasts (it is said again each second)


class OnlineTable:
    def __init__(self, hosting: Hosting, keeping: KeepingThread,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hosting = hosting
        self.keeping = keeping
        self.clock = clock  # the hosted table's own clock (its grace is real seconds)
        self._said_at = -1.0

    @property
    def table(self) -> object:
        return self.hosting.table

    def update(self, controller: TableController) -> None:
        """What arrived, handed over; what happened, told to the friends."""
        self.hosting.pump()
        self.hosting.table.step(computers=False)
        self.hosting.follow_seats()
        if self.hosting.table.over:
            self.keeping.forget()
        self._say_kept(controller)
        self._say_away(controller)

    def _say_kept(self, controller: TableController) -> None:
        """What the keeping of the table had to tell (a file kept aside, not kept)."""
        while not self.keeping.said.empty():
            words = self.keeping.said.get_nowait()
            controller.log.add(words)
            controller.say(words, seconds=8)

    def _say_away(self, controller: TableController) -> None:
        words = self.away_words()
        now = self.clock()
        if words is None or now - self._said_at < 1.0:
            return
        self._said_at = now
        controller.say(words, seconds=SAID_FOR)

    def away_words(self) -> str | None:
        """Who lost the connection, and how long they are still waited for."""
        hosted = self.hosting.table
        if hosted.over:
            return None
        for chair in hosted.chairs:
            if chair.away_since is None:
                continue
            left = hosted.grace - (self.clock() - chair.away_since)
            if left > 0:
                return (f"{chair.name} lost the connection: waiting for {chair.name}, "
                        f"{_clock(left)}")
            return f"{chair.name} is away: a computer plays the seat until {chair.name} is back"
        return None

    def close(self) -> None:
        """The table is left: the server stops (not waited for); the friends are told the
        table has closed, unless it is kept to be continued (they wait for it then)."""
        kept = self.keeping.keeper is not None and not self.hosting.table.over
        self.hosting.close(wait=False, for_good=not kept)  # kept: the friends wait for it
        self.keeping.stop()


def _clock(seconds: float) -> str:
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
