"""A table this window hosts for friends on other machines: beside the table's screen,
it hands the hosted table what arrived from the friends each frame (never waiting: the
network has its own thread), lets it tell them what the table has done, and says over
the table who lost the connection and for how long they are waited for. The table is kept
as its game goes, to be continued (keeping_thread.py), and forgotten at its end."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.net.chat import NO_SEAT, ChatAt, Muting
from game.net.headless import Hosting
from game.net.hosted import PERSON, HostedTable
from game.net.keeping_thread import KeepingThread
from game.net.wire import JsonObject
from game.services.table.controller import TableController

SAID_FOR = 1.5  # seconds a remark on a friend away lasts (it is said again each second)


class OnlineTable:
    def __init__(self, hosting: Hosting, keeping: KeepingThread,
                 clock: Callable[[], float] = time.monotonic,
                 muting: Muting | None = None) -> None:
        """`muting`: what the lobby's chat muted (still muted at the table)."""
        self.hosting = hosting
        self.keeping = keeping
        self.clock = clock  # the hosted table's own clock (its grace is real seconds)
        self._said_at = -1.0
        self.viewer: int | None = None  # the seat shown at this screen now
        self.chat = host_chat(hosting, lambda: self.viewer)
        if muting is not None:
            self.chat.muting = muting

    @property
    def table(self) -> object:
        return self.hosting.table

    def update(self, controller: TableController) -> None:
        """What arrived, handed over; what happened, told to the friends."""
        self.viewer = controller.viewer
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


def host_chat(hosting: Hosting, viewer: Callable[[], int | None]) -> ChatAt:
    """The table's chat at the host's screen (its lobby, then its table): who speaks is the
    person whose cards are shown (`viewer`), else the first person here (nobody, if the
    persons at this table are all on other machines)."""
    hosted = hosting.table
    assert isinstance(hosted, HostedTable), "the window hosts one table"

    def speaker() -> int | None:
        persons = [seat for seat, chair in enumerate(hosted.chairs) if chair.kind == PERSON]
        seat = viewer()
        return seat if seat in persons else next(iter(persons), None)

    def said(message: JsonObject) -> str | None:
        seat = speaker()
        return NO_SEAT if seat is None else hosted.said(seat, message)

    return ChatAt(lambda: hosted.chat.lines, said, speaker)


def _clock(seconds: float) -> str:
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
