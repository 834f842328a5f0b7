"""A table held by this machine for friends on others: the chairs, who has taken each,
the game, and what each friend is sent. No sockets here: the server (server.py) hands in
what each connection says, already checked against the wire's shapes (wire.py), and
sends what this table gives it for each connection. Everything here runs in one thread,
the game's; what a friend sends can only ever be a message in its queue.

What a friend's message may do is checked here, against the game: a decision counts only
from the connection that holds its seat (by the seat's token, given at joining), only
when that seat is to decide, only if the rules allow it, and only once (it answers the
question of that number, and the next question has another).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.levels import levels_for, make_player
from game.engine import texts
from game.engine.errors import IllegalMove
from game.engine.follower import Follower
from game.engine.match import seeded_chance
from game.engine.player import Player
from game.engine.saves import SavedGame, Seat
from game.games import get_ruleset
from game.net.answers import decision_named
from game.net.chat import Line, TableChat
from game.net.decision_clock import DecisionClock
from game.net.stand_in import StandIns
from game.net.telling import Close, Later, Send, Teller
from game.net.wire import VERSION, JsonObject
from game.services.seat_stream import SeatStream
from game.services.session import COMPUTER, HUMAN, GameSession
from game.services.table.seating import ONLINE_NO_UNDO

OPEN = "open"  # a chair for a friend, as a seat plan names it
PERSON = "person"  # a chair for a person at the host's own screen
DEFAULT_GRACE = 60.0  # seconds a friend who lost the connection is waited for
RESEND_GAP = 1.0  # seconds between two resends to a seat: each may be the whole game told
TOO_SOON = "Asked again too soon: the table sends what it told again once a second at most."
COMPUTER_NAMES = ("Antoine", "Brigitte", "Camille", "Didier", "Émile", "Françoise", "Gaston",
                  "Hélène")
NO_UNDO = f"{ONLINE_NO_UNDO}."

__all__ = ["COMPUTER_NAMES", "DEFAULT_GRACE", "OPEN", "PERSON", "Chair", "Close",
           "HostedTable", "Send"]


@dataclass
class Chair:
    """One seat of the table: a friend's (open until taken) or a computer's."""

    kind: str  # OPEN, or a computer's level
    name: str = ""
    token: str | None = None  # the friend's secret, once the chair is taken
    connection: int | None = None  # the friend's connection now; None: away
    away_since: float | None = None  # when the friend's connection was lost
    stood_in: bool = False  # a computer has decided for the friend since
    let_play: bool = False  # the host let a computer play the seat until the friend is back
    stream: SeatStream | None = None
    asked: int | None = None  # the number of the question sent on this connection
    resent_at: float | None = None  # when what the seat was told was last sent again

    @property
    def is_friends(self) -> bool:
        return self.kind == OPEN

    @property
    def is_persons(self) -> bool:
        """A person's: a friend's, or one at the host's screen."""
        return self.kind in (OPEN, PERSON)

    @property
    def taken(self) -> bool:
        return self.token is not None

    def wait_longer(self, now: float) -> None:
        """The host waits another grace for the friend away, from `now`."""
        self.away_since, self.let_play = now, False


class HostedTable:
    def __init__(self, ruleset_id: str, options: Mapping[str, object], plan: Sequence[str],
                 *, send: Send, close: Close, seed: int | None = None,
                 grace: float = DEFAULT_GRACE, clock: Callable[[], float] = time.monotonic,
                 log: Callable[[str], None] | None = None,
                 names: Sequence[str] = (), session_options: Mapping[str, Any] | None = None,
                 wake: Callable[[], None] | None = None, time: float | None = None,
                 ask_after_grace: bool = False) -> None:
        """`plan`: a seat each, OPEN for a friend, PERSON for a person at this screen, or a
        computer's level; `names`: the seats' names where the host gave them (a friend
        names himself). `send` and `close` reach a connection (from this thread; they never
        wait). `session_options`: for the game's session (the window's autosave). `wake` is
        called (from another thread) when a computer has decided: `step` has something to
        do. `time`: the seconds a person has for each decision, after which a computer
        decides it (None: no time). `ask_after_grace`: a friend away past the grace is
        waited for until the host lets a computer play the seat (`Chair.let_play`: the
        window asks), not given to it at once."""
        self.ruleset = get_ruleset(ruleset_id)
        self.options = dict(options)
        self.ruleset.parse_options(self.options)  # MalformedEntry now, not at the start
        players = self.ruleset.players(self.ruleset.parse_options(self.options))
        if len(plan) != players:
            raise ValueError(f"{players} seats are needed, not {len(plan)}")
        levels = levels_for(ruleset_id)
        unknown = [kind for kind in plan if kind not in (OPEN, PERSON) and kind not in levels]
        if unknown:
            raise ValueError(f"no level {unknown[0]!r}: choose from open, {', '.join(levels)}")
        self.chairs = [Chair(kind, name if kind != OPEN else "")
                       for kind, name in zip(plan, [*names, *[""] * len(plan)], strict=False)]
        self.session_options = dict(session_options or {})
        self.decision_clock = DecisionClock(time, clock)
        # Is the question of a person at the host's screen in front of him? At a screen
        # two persons share, not while it asks to be passed to him: his time waits.
        self.before_him: Callable[[int], bool] = lambda seat: True
        self.tell = Teller(self.chairs, send, close, self.decision_clock)
        self.seed = seed
        self.grace = grace
        self.clock = clock
        self.log = log or (lambda line: None)
        self._wake = wake
        self.title = self.ruleset.title  # as the welcome names the table
        self.about: str | None = None  # what else the welcome says of it (of two tables)
        self.session: GameSession | None = None
        self._follower: Follower | None = None
        self.stand_ins = StandIns(ruleset_id, seed, wake, self.tell.tell_all)
        self.ask_after_grace = ask_after_grace
        self.remarks: list[str] = []  # what the host's own screen should say (time ran out)
        self._ended = False
        self.chat = TableChat(clock)
        self.on_said: Callable[[int, Line], None] | None = None  # a line said at a seat
        # here (a match at two tables hears the lobby's at both)

    # The lobby ---------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.session is not None

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.over

    @property
    def ready(self) -> bool:
        """Has every friend's chair been taken?"""
        return all(chair.taken for chair in self.chairs if chair.is_friends)

    @property
    def later(self) -> Later:
        """Where what the friends are told of the game is built (`Teller.later`)."""
        return self.tell.later

    @later.setter
    def later(self, later: Later) -> None:
        self.tell.later = later

    def seat_of(self, connection: int) -> int | None:
        for seat, chair in enumerate(self.chairs):
            if chair.connection == connection:
                return seat
        return None

    def hello(self, connection: int, message: JsonObject) -> None:
        """A connection says who it is: a friend taking a chair (with a name), or coming
        back to the one taken before (with its token)."""
        token = message.get("token")
        if token is not None:
            self._come_back(connection, token, message.get("since", 0))
            return
        if self.started:
            self.tell.refuse_and_close(connection, "The game has begun and every seat is taken.")
            return
        free = next((seat for seat, chair in enumerate(self.chairs)
                     if chair.is_friends and not chair.taken), None)
        if free is None:
            self.tell.refuse_and_close(connection, "Every seat at this table is taken.")
            return
        chair = self.chairs[free]
        chair.name = self._unique_name(texts.seat_name(message.get("name")) or
                                       f"Friend {free + 1}", free)
        chair.token = secrets.token_urlsafe(18)
        chair.connection = connection
        self.log(f"{chair.name} took seat {free + 1}.")
        self._welcome(free)
        self._tell_lobby()

    def _come_back(self, connection: int, token: object, since: object) -> None:
        # compare_digest takes ASCII text only (a token is): "é" would raise, not refuse
        seat = next((seat for seat, chair in enumerate(self.chairs)
                     if chair.token is not None and isinstance(token, str) and token.isascii()
                     and secrets.compare_digest(chair.token, token)), None)
        if seat is None:
            self.tell.refuse_and_close(connection, "That seat's token is not one of this table's.")
            return
        chair = self.chairs[seat]
        if chair.connection is not None and chair.connection != connection:
            self.tell.close(chair.connection, "Your seat was taken up again on another connection.")
        chair.connection, chair.away_since, chair.asked = connection, None, None
        chair.stood_in = chair.let_play = False
        self.log(f"{chair.name} is back.")
        self._welcome(seat)
        if not self.started:
            self._tell_lobby()
            return
        self.tell.tell_all({"type": "seat", "seat": seat, "connected": True, "name": chair.name})
        self.tell.send(connection, self._start_message(seat))
        self._tell_again(seat, since if isinstance(since, int) else 0)

    def _tell_again(self, seat: int, since: int) -> None:
        """What the seat's stream told from `since` on, its position, and then the end if
        the game is over, else its question if it must decide (asked on its connection
        anew)."""
        chair = self.chairs[seat]
        stream, connection = chair.stream, chair.connection
        assert stream is not None and connection is not None
        self.tell.again(stream, connection, since)
        self.tell.position(stream, connection)
        if self.over:
            self.tell.send(connection, stream.end())
        else:
            chair.asked = None
            self.tell.ask(seat)

    def _unique_name(self, name: str, seat: int) -> str:
        taken = {chair.name for index, chair in enumerate(self.chairs) if index != seat}
        if name not in taken:
            return name
        number = 2
        while f"{name} {number}" in taken:
            number += 1
        return f"{name} {number}"

    def _welcome(self, seat: int) -> None:
        chair = self.chairs[seat]
        assert chair.connection is not None and chair.token is not None
        self.tell.send(chair.connection, {
            "type": "welcome", "version": VERSION, "seat": seat, "token": chair.token,
            "table": {"ruleset": self.ruleset.id, "title": self.title,
                      "options": self.options, "seats": self._lobby_seats(),
                      **({"about": self.about} if self.about else {})}})
        for line in self.chat.recent():
            self.tell.send(chair.connection, line)

    def _lobby_seats(self) -> list[JsonObject]:
        return [{"seat": seat, "name": chair.name, "kind": _kind_word(chair.kind),
                 "level": None if chair.is_persons else chair.kind,
                 "taken": chair.taken or not chair.is_friends,
                 "connected": chair.connection is not None or not chair.is_friends}
                for seat, chair in enumerate(self.chairs)]

    def _tell_lobby(self) -> None:
        self.tell.tell_all({"type": "lobby", "seats": self._lobby_seats()})

    def give_to_computer(self, seat: int, level: str) -> None:
        """Before the start, a friend's chair nobody took is a computer's."""
        chair = self.chairs[seat]
        if self.started or not chair.is_friends or chair.taken:
            raise ValueError(f"seat {seat + 1} is not an open seat")
        chair.kind = level
        self._tell_lobby()

    # The game ------------------------------------------------------------------------------
    def start(self, session: GameSession | None = None) -> None:
        """The game begins: computers get their names, each friend its stream. `session`:
        this table's of a match at two tables (hosted_tables.py), its seats named."""
        if self.started:
            return
        if not self.ready:
            raise ValueError("a friend's seat is still open")
        spare = iter(name for name in COMPUTER_NAMES
                     if name not in {chair.name for chair in self.chairs})
        for seat, chair in enumerate(self.chairs):
            if not chair.name:
                chair.name = self._unique_name(next(spare), seat)
        seats = [Seat(chair.name, HUMAN) if chair.is_persons else
                 Seat(chair.name, COMPUTER, chair.kind) for chair in self.chairs]
        self._begin(session or GameSession.new(
            self.ruleset.id, self.options, seats, seed=self.seed, computers_seed=self.seed,
            **{"on_thinking_done": self._wake, **self.session_options}))
        assert self.session is not None
        self.log(f"The game begins: {', '.join(self.session.names)}.")
        self.step()

    def resume(self, saved: SavedGame, tokens: Sequence[str | None]) -> None:
        """Open again a table whose game had begun (kept_table.py): each chair as it was,
        with its name and token; every friend away, and waited for, until the friend's
        program comes back with its token."""
        if self.started or len(saved.seats) != len(self.chairs):
            raise ValueError("not a game of this table")
        now = self.clock()
        for chair, seat, token in zip(self.chairs, saved.seats, tokens, strict=True):
            chair.name, chair.token = seat.name, token
            chair.away_since = now if chair.is_friends else None
        match = saved.match
        # the deals to come: not the ones a seed drew from the start, nor the same each time
        match.chance = seeded_chance(match.ruleset, None if self.seed is None
                                     else f"{self.seed}:{len(match.turns)}")
        match.advance()
        self._begin(GameSession(match, saved.seats, computers_seed=self.seed,
                                on_thinking_done=self._wake))
        self.log(f"The game goes on: {', '.join(chair.name for chair in self.chairs)}.")
        self.step()

    def _begin(self, session: GameSession) -> None:
        """The game under way: each friend's stream told from the start (a stream is the
        same however often it is made), the start sent to those here."""
        self.session = session
        session.elsewhere = frozenset(seat for seat, chair in enumerate(self.chairs)
                                      if chair.is_friends)
        for seat, chair in enumerate(self.chairs):
            if chair.is_friends:
                chair.stream = SeatStream(session.match, seat, session.names)
        self._follower = Follower(session.match, from_start=True)
        for seat, chair in enumerate(self.chairs):
            if chair.connection is not None:
                self.tell.send(chair.connection, self._start_message(seat))

    def _start_message(self, seat: int) -> JsonObject:
        assert self.session is not None
        message = {"type": "start", "ruleset": self.ruleset.id, "options": self.options,
                   "seat": seat, "names": self.session.names}
        if self.decision_clock.seconds is not None:
            message["time_limit"] = self.decision_clock.seconds
        return message

    def step(self, computers: bool = True) -> None:
        """Let computers decide (unless a window's table paces them: `computers` False), a
        stand-in for a friend away too long; tell what happened."""
        session = self.session
        if session is None or self._ended:
            return
        if computers:
            session.computer_step(ready=True)
        self.stand_ins.step(self)
        self._tell_new()

    def _tell_new(self) -> None:
        session, follower = self.session, self._follower
        assert session is not None and follower is not None
        events = list(follower.new_events())
        if events:
            self.tell.events(events)
        self.follow_clock()
        if events:
            for chair in self.chairs:
                if chair.stream is not None and chair.connection is not None:
                    self.tell.position(chair.stream, chair.connection)
        if session.over:
            self._end()
            return
        seat = session.to_act
        if seat is not None:
            self.tell.ask(seat)

    def follow_clock(self) -> None:
        """The decision clock follows the question open now, if a person's."""
        session = self.session
        assert session is not None
        seat = session.to_act
        timed = seat is not None and self.chairs[seat].is_persons and not session.over \
            and (self.chairs[seat].is_friends or self.before_him(seat))
        self.decision_clock.follow(len(session.match.turns) if timed else None)

    def _end(self) -> None:
        self._ended = True
        for chair in self.chairs:
            if chair.stream is not None and chair.connection is not None:
                self.tell.send(chair.connection, chair.stream.end())
        self.log("The game is over.")

    # What a friend sends -----------------------------------------------------------------
    def received(self, connection: int, message: JsonObject) -> None:
        seat = self.seat_of(connection)
        if seat is None:
            self.tell.refuse(connection, "Say hello first: this connection holds no seat.")
            return
        kind = message["type"]
        if kind == "undo":
            self.tell.refuse(connection, NO_UNDO)
        elif kind == "resend":
            self._resend(seat, message["since"])
        elif kind in ("decision", "stand_in"):
            self._answered(seat, message)
        elif kind == "say":
            self.said(seat, message)
        else:
            self.tell.refuse(connection, f"A {kind} message means nothing once seated.")

    def said(self, seat: int, message: JsonObject) -> str | None:
        """A line of chat said at `seat` (a friend's, or a person's at this screen, as a
        `say` message): told to every seat; else the reason it was refused (told to a
        friend, who is cut off for a flood)."""
        chair = self.chairs[seat]
        heard = self.chat.hear(seat, chair.name, message)
        if isinstance(heard, Line):
            self.log(f"{heard.name} says: {heard.text}")
            self.tell.tell_all(heard.message())
            if self.on_said is not None:
                self.on_said(seat, heard)
            return None
        if chair.connection is not None:
            (self.tell.refuse_and_close if heard.cut else self.tell.refuse)(chair.connection,
                                                                    heard.reason)
        return heard.reason

    def said_elsewhere(self, seat: int, line: Line) -> None:
        """A line said at another table of the match, told to every seat here as said by
        `seat` (a number no seat here has)."""
        self.tell.tell_all(self.chat.told_from_elsewhere(seat, line).message())

    def _resend(self, seat: int, since: int) -> None:
        chair = self.chairs[seat]
        assert chair.connection is not None
        now = self.clock()
        if chair.resent_at is not None and now - chair.resent_at < RESEND_GAP:
            self.tell.refuse(chair.connection, TOO_SOON)  # a flood of them: a flood of replies
            return
        chair.resent_at = now
        if chair.stream is None:
            self._welcome(seat)
            return
        self._tell_again(seat, since)

    def _answered(self, seat: int, message: JsonObject) -> None:
        session = self.session
        chair = self.chairs[seat]
        connection = chair.connection
        assert connection is not None
        number = message["id"]
        why = _not_asked(session, chair.stream, number, self.decision_clock)
        if why is not None:
            self.tell.refuse(connection, why, number)
            return
        assert session is not None
        if message["type"] == "stand_in":
            decision = self._easy(seat).decide(session.match.view(seat),
                                               list(session.match.legal()))
        else:
            found = decision_named(session.match, seat, message["move"])
            if isinstance(found, str):
                # the question stands, not sent again: a seat that answers wrong
                # without end must not make the table work
                self.tell.refuse(connection, found, number)
                return
            decision = found
        try:
            session.submit(decision)
        except IllegalMove as refusal:  # the rules' own words ("You must follow Hearts")
            self.tell.refuse(connection, refusal.message, number)
            return
        self.tell.send(connection, {"type": "accepted", "id": number})
        self._tell_new()

    def _easy(self, seat: int) -> Player:
        seed = None if self.seed is None else f"{self.seed}:stand-in:{seat}"
        return make_player("easy", seed, ruleset=self.ruleset.id)

    def dropped(self, connection: int) -> None:
        """A connection ended: its friend is away (and waited for), or left the lobby."""
        seat = self.seat_of(connection)
        if seat is None:
            return
        chair = self.chairs[seat]
        chair.connection, chair.asked = None, None
        if not self.started:  # a chair left in the lobby is open again
            chair.token, chair.name = None, ""
            self._tell_lobby()
            return
        if self.over:
            return
        chair.away_since = self.clock()
        self.log(f"{chair.name} lost the connection: waited for {self.grace:g} s.")
        self.tell.tell_all({"type": "seat", "seat": seat, "connected": False, "name": chair.name})

    def close(self) -> None:
        """Let the computers and the stand-in go."""
        self.stand_ins.close()
        if self.session is not None:
            self.session.close()


def _not_asked(session: GameSession | None, stream: SeatStream | None, number: int,
               decision_clock: DecisionClock) -> str | None:
    """Why an answer to question `number` from the seat of `stream` is not one the table
    waits for, if it is not."""
    if session is None or session.over or stream is None:
        return "There is no decision to make: the game is not under way."
    if number != stream.question_id and decision_clock.ran_out(number):
        return "Time ran out for that decision: the computer chose for you."
    if stream.question_id is None:
        return "It is not your turn to decide."
    if number != stream.question_id:
        return f"That answers question {number}; the question now is {stream.question_id}."
    return None


def _kind_word(kind: str) -> str:
    """Who sits in a chair, as the lobby says it to friends."""
    return {OPEN: "friend", PERSON: "host"}.get(kind, "computer")
