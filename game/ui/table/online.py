"""A table this window hosts for friends on other machines: beside the table's screen,
it hands the hosted table what arrived from the friends each frame (never waiting: the
network has its own thread), lets it tell them what the table has done, says over the
table who lost the connection and for how long they are waited for, and when the grace
is over asks the host what to do (`ask`: wait longer, or let the computer play the seat).
It says when a seat's time for a decision ran out, and how much the seat to act has left.
The table is kept as its game goes, to be continued (keeping_thread.py), and forgotten at
its end."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.net.chat import NO_SEAT, ChatAt, Muting
from game.net.decision_clock import clock_words
from game.net.headless import Hosting
from game.net.hosted import PERSON, Chair, HostedTable
from game.net.keeping_thread import KeepingThread
from game.net.wire import JsonObject
from game.services.table.controller import TableController

SAID_FOR = 1.5  # seconds a remark on a friend away lasts (it is said again each second)
TOLD_FOR = 4.0  # seconds the remark that a seat's time ran out lasts


class OnlineTable:
    def __init__(self, hosting: Hosting, keeping: KeepingThread,
                 clock: Callable[[], float] = time.monotonic,
                 muting: Muting | None = None,
                 ask: Callable[[Chair], None] | None = None) -> None:
        """`muting`: what the lobby's chat muted (still muted at the table); `ask`: called
        once the grace of a friend away is over, to ask the host (by a dialog) whether to
        wait longer or let the computer play the seat."""
        self.hosting = hosting
        self.hosted: HostedTable = table_here(hosting)  # the table shown (of two: online_tables)
        self.keeping = keeping
        self.clock = clock  # the hosted table's own clock (its grace is real seconds)
        self.ask = ask
        self._said_at = -1.0
        self.viewer: int | None = None  # the seat shown at this screen now
        self.chat = host_chat(hosting, lambda: self.viewer, lambda: self.hosted)
        if muting is not None:
            self.chat.muting = muting
        self._asked: set[tuple[str | None, float]] = set()  # (token, away since) asked about

    @property
    def table(self) -> object:
        return self.hosted

    def update(self, controller: TableController) -> None:
        """What arrived, handed over; what happened, told to the friends."""
        self.viewer = controller.viewer
        hosted = self.hosted
        seating = controller.seating
        hosted.before_him = lambda seat: not seating.pass_and_play or seating.viewer == seat
        self.hosting.pump()
        self.hosting.table.step(computers=False)  # (at two tables, both)
        self.hosting.follow_seats()
        if hosted.over:
            self.keeping.forget()
        self._say_kept(controller)
        while hosted.remarks:  # in the log too, before the events it comes with
            self._said_at = self.clock()  # the remark on a friend away waits its turn
            line = hosted.remarks.pop(0)
            controller.log.add(line)
            controller.say(line, seconds=TOLD_FOR)
        self._say_away(controller)
        self._ask_past_grace()

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

    def _past_grace(self, chair: Chair) -> bool:
        return chair.away_since is not None and \
            self.clock() - chair.away_since >= self.hosted.grace

    def _ask_past_grace(self) -> None:
        """Ask the host about a friend away the whole grace (once each time waited)."""
        if self.ask is None or not self.hosted.ask_after_grace:
            return
        for chair in self.waited_for():
            if chair.away_since is None or chair.let_play or not self._past_grace(chair):
                continue
            if (chair.token, chair.away_since) not in self._asked:
                self._asked.add((chair.token, chair.away_since))
                self.ask(chair)

    def waited_for(self) -> list[Chair]:
        """The chairs whose friend may be away and waited for: those of a game not over."""
        return [] if self.hosted.over else self.hosted.chairs

    def away_words(self) -> str | None:
        """Who lost the connection, and how long they are still waited for."""
        hosted = self.hosted
        for chair in self.waited_for():
            if chair.away_since is None:
                continue
            name = chair.name
            left = hosted.grace - (self.clock() - chair.away_since)
            if left > 0 and not chair.let_play:
                return f"{name} lost the connection: waiting for {name}, {clock_words(left)}"
            if chair.let_play or not hosted.ask_after_grace:
                return f"{name} is away: a computer plays the seat until {name} is back"
            return f"{name} has been away for {clock_words(hosted.grace)}: waiting for {name}"
        return None

    def time_left(self) -> tuple[int, float] | None:
        """The seat to act whose decision is timed, and the seconds it has left."""
        hosted = self.hosted
        session = hosted.session
        if session is None or session.over or session.to_act is None:
            return None
        left = hosted.decision_clock.left(len(session.match.turns))
        return None if left is None else (session.to_act, left)

    def close(self) -> None:
        """The table is left: the server stops (not waited for); the friends are told the
        table has closed, unless it is kept to be continued (they wait for it then)."""
        kept = self.keeping.keeper is not None and not self.hosted.over
        self.hosting.close(wait=False, for_good=not kept)  # kept: the friends wait for it
        self.keeping.stop()


def table_here(hosting: Hosting) -> HostedTable:
    """The hosted table, or of two the one of the host's first person."""
    hosted = hosting.table
    return hosted if isinstance(hosted, HostedTable) else hosted.table_here()


def host_chat(hosting: Hosting, viewer: Callable[[], int | None],
              shown: Callable[[], HostedTable] | None = None) -> ChatAt:
    """The table's chat at the host's screen (its lobby, then its table): who speaks is the
    person whose cards are shown (`viewer`), else the first person here (nobody, if the
    persons at this table are all on other machines). `shown`: the table whose chat it is
    now, of a match at two (by default the host's first person's)."""
    here = table_here(hosting)
    table = shown or (lambda: here)

    def speaker() -> int | None:
        persons = [seat for seat, chair in enumerate(table().chairs) if chair.kind == PERSON]
        seat = viewer()
        return seat if seat in persons else next(iter(persons), None)

    def said(message: JsonObject) -> str | None:
        seat = speaker()
        return NO_SEAT if seat is None else table().said(seat, message)

    return ChatAt(lambda: table().chat.lines, said, speaker)
