"""A seat at a friend's table, as this machine's window follows it: what the host has sent
(through a `SeatLink`), made into the seat's match and session for the same table screen
as a local game's. Everything the host sends is read through the game's own types
(game/formats/values_json.py) and rules: a message that cannot be read is said, never
shown half-read, and ends the connection rather than a game shown wrong."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

from game.ai.levels import DEFAULT_LEVEL, levels_for
from game.engine import texts
from game.engine.errors import MalformedEntry
from game.engine.ruleset import Decision
from game.engine.saves import Seat
from game.formats.values_json import from_json
from game.games import get_game
from game.games.plugin import Game
from game.net.catch_up import CatchUp
from game.net.chat import ChatAt, HeardLines
from game.net.client import legal_moves
from game.net.decision_clock import time_up_line
from game.net.link import Back, Ended, Lost, SeatLink
from game.net.wire import JsonObject
from game.services.seat_match import SeatMatch
from game.services.seat_session import SeatSession
from game.services.session import COMPUTER, HUMAN

MOST_PER_FRAME = 400  # messages read a frame: a long game told again waits for the next
MOST_ABOUT = 300  # characters of what the host says of the table, in the table's log


class UnreadableHost(Exception):
    """The host sent what this program cannot read (another game, a broken value)."""


class AtFriends:
    def __init__(self, link: SeatLink, *, on_thinking_done: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """`clock`: this machine's, to count down the seconds the host said are left."""
        self.link = link
        self.clock = clock
        self.on_thinking_done = on_thinking_done
        self.seat: int | None = None
        self.title = ""
        self.about: str | None = None  # what the host says of the table (one of two)
        self.lobby: list[JsonObject] = []  # the lobby's seats, as last sent
        self.coming: tuple[str, JsonObject] | None = None  # the game and options welcomed to
        self.session: SeatSession | None = None
        self.caught_up = False  # the host's position has come with every event before it
        self.result: JsonObject | None = None
        self.ended: str | None = None  # why the connection ended for good
        self.over = False  # the connection ended (for good)
        self.away = False  # the connection is lost, being taken up again
        self.remarks: list[str] = []  # what the table should say (refusals, who dropped)
        self.logged: list[str] = []  # what the table's log should tell too (time ran out)
        self._deadline: tuple[int, float] | None = None  # the seat timed, until when here
        self.catch_up = CatchUp(clock)  # when to ask the host to tell again (a message lost)
        self._settled = -1  # the last of this seat's questions the host settled
        self._game: Game | None = None
        self.heard = HeardLines()  # the table's chat, as the host tells it
        self.chat = ChatAt(lambda: self.heard.lines, self._say, lambda: self.seat)

    @property
    def started(self) -> bool:
        return self.session is not None

    def pump(self) -> None:
        """Read what has arrived (at most MOST_PER_FRAME messages); ask the host to tell
        again if a message of its was lost (catch_up.py)."""
        for _ in range(MOST_PER_FRAME):
            try:
                arrival = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            try:
                self._arrived(arrival)
            except UnreadableHost as error:
                self.ended, self.over = f"The host sent what cannot be read: {error}.", True
                self.link.close()
                return
        self._ask_again()

    def _ask_again(self) -> None:
        seat = self._as_it_is()
        since = None if seat is None else self.catch_up.wanted(*seat)
        if since is not None:
            self.link.send({"type": "resend", "since": since})

    def look_in(self) -> float | None:
        """The seconds until the pump has a resend to ask (the seat is stuck), if any: a
        window that rests wakes for it."""
        seat = self._as_it_is()
        due = None if seat is None else self.catch_up.due_at(*seat)
        return None if due is None else max(0.0, due - self.clock())

    def _as_it_is(self) -> tuple[int, bool, bool] | None:
        """What catch_up.py is told of the seat: the events it knows, whether its question
        is open, whether a message the host always sends is missing (the game over here,
        no `end` come; or the game under way, no position come with all told before it:
        a seat taken up again is shown once it has); None while nothing is to be asked
        (no game yet, or its end come, or the connection away or ended)."""
        session = self.session
        if session is None or self.over or self.away or self.result is not None:
            return None
        match = session.match
        return len(match.events), match.asked is not None, match.pending.over \
            or not self.caught_up

    def _arrived(self, arrival: JsonObject | Lost | Back | Ended) -> None:
        if isinstance(arrival, Lost):
            self.away = True
        elif isinstance(arrival, Back):
            self.away = False
            self.catch_up.moved()
        elif isinstance(arrival, Ended):
            self.over, self.ended = True, arrival.reason
        else:
            self._message(arrival)

    def _message(self, message: JsonObject) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.heard.welcomed()
            self.seat = message["seat"]
            table = message["table"]
            self.title = str(table.get("title", ""))
            about = table.get("about")
            self.about = about if isinstance(about, str) else None
            self.lobby = _seats(table.get("seats"))
            self.coming = _coming(table)
        elif kind == "lobby":
            self.lobby = _seats(message["seats"])
        elif kind == "start":
            self._start(message)
        elif kind == "told":
            self._told(message)
        elif kind == "decide":
            self._asked(message)
            self._timed(message.get("seat"), message.get("time_left"))
        elif kind == "state":
            self._position(message)
        elif kind == "accepted":
            self._settle(message["id"])
        elif kind == "time_up":
            self._deadline = None
            if message["seat"] == self.seat:
                self._settle(message["id"])
            self.remarks.append(time_up_line(message, self.seat))
            self.logged.append(time_up_line(message, self.seat))
        elif kind == "refused":
            self.remarks.append(str(message["reason"]))
            number = message.get("id")
            if self.session is not None and isinstance(number, int) and number > self._settled:
                self.session.match.refused(number)
        elif kind == "seat":
            state = "is back" if message["connected"] else "lost the connection"
            self.remarks.append(f"{message['name']} {state}.")
        elif kind == "end":
            self.result = message["result"]
        elif kind == "said":
            self.heard.heard(message)

    def _position(self, message: JsonObject) -> None:
        pending = message["pending"]
        self._timed(pending.get("seat"), message.get("time_left"))
        self.catch_up.position(message["n"], pending.get("seat") == self.seat
                               and not pending.get("over"))
        if self.session is not None and message["n"] == len(self.session.match.events):
            self.caught_up = True

    def _settle(self, number: int) -> None:
        """The host settled this seat's question `number` (accepted its answer, or let
        the computer choose): the question is not open here any more, nor asked again (a
        question sent before the answer came, in answer to a resend)."""
        self._settled = max(self._settled, number)
        if self.session is not None:
            self.session.match.settled(number)

    def _timed(self, seat: object, left: object) -> None:
        """The seat to act has `left` seconds (the host's word) to decide, if any."""
        if isinstance(seat, int) and isinstance(left, (int, float)) and 0 <= left < 1e6:
            self._deadline = (seat, self.clock() + left)
        else:
            self._deadline = None

    def time_left(self) -> tuple[int, float] | None:
        """The seat whose decision is timed now, and the seconds it has left."""
        if self._deadline is None or self.over:
            return None
        seat, until = self._deadline
        session = self.session
        if seat == self.seat and session is not None and session.match.asked is None:
            return None  # answered: on its way (a refusal opens the question again)
        return seat, max(0.0, until - self.clock())

    def _start(self, message: JsonObject) -> None:
        if self.session is not None:  # told again on coming back: the game goes on
            return
        try:
            self._game = game = get_game(message["ruleset"])
            options = game.ruleset.parse_options(message["options"])
        except (KeyError, MalformedEntry) as error:
            raise UnreadableHost(texts.brief(error)) from None
        names = [texts.seat_name(name) or f"Seat {index + 1}"
                 for index, name in enumerate(message["names"])]
        kinds = {entry.get("seat"): entry.get("kind") for entry in self.lobby}
        levels = {entry.get("seat"): entry.get("level") for entry in self.lobby}
        known = levels_for(game.ruleset.id)  # a computer's level, for the history
        seats = [Seat(name, COMPUTER, level if isinstance(level := levels.get(index), str)
                      and level in known else DEFAULT_LEVEL)
                 if kinds.get(index) == "computer" else Seat(name, HUMAN)
                 for index, name in enumerate(names)]
        match = SeatMatch(game.ruleset, options, message["seat"])
        self.session = SeatSession(match, seats, send=self._send,
                                   on_thinking_done=self.on_thinking_done)
        self.catch_up.moved()  # its first position is waited for from now (not the lobby's)
        about = texts.cleaned(self.about or "", MOST_ABOUT)
        if about:
            self.session.notes.append(about)

    def _told(self, message: JsonObject) -> None:
        session, game = self.session, self._game
        if session is None or game is None:
            raise UnreadableHost("the game was told before it began")
        match = session.match
        self.catch_up.told(message["n"], len(match.events))
        if message["n"] != len(match.events):
            return  # told again (already known), or past one lost (asked again: pump)
        try:
            event = from_json(message.get("event"), game.types.event)
            state = from_json(message.get("state"), game.types.state)
        except (MalformedEntry, TypeError) as error:
            raise UnreadableHost(texts.brief(error)) from None
        turn, decider = message.get("turn"), message.get("by")
        if not isinstance(turn, int) or not (decider is None or isinstance(decider, int)):
            raise UnreadableHost("an event without the decision it came from")
        lines = message.get("lines")
        said = [line for line in lines if isinstance(line, str)] if isinstance(lines, list) \
            else []
        match.add(turn, decider, event, state, said)
        self.link.heard(len(match.events))

    def _asked(self, question: JsonObject) -> None:
        session = self.session
        if session is None:
            raise UnreadableHost("a question before the game began")
        if question["id"] <= self._settled:
            return  # sent again before the host had the answer: settled since
        legal = legal_moves(session.ruleset, question["legal"], session.seat)
        if legal:
            session.match.ask(question["id"], legal)
            self.catch_up.moved()

    def _send(self, number: int, decision: Decision) -> None:
        assert self.session is not None
        self.catch_up.moved()
        self.link.send({"type": "decision", "id": number,
                        "move": self.session.ruleset.decision_to_json(decision)})

    def _say(self, message: JsonObject) -> str | None:
        """A line of chat to the host (who tells it to every seat, this one too)."""
        if self.over:
            return "The connection to the table has ended."
        self.link.send(message)
        return None

    def close(self) -> None:
        self.link.close()
        if self.session is not None:
            self.session.close()


def _coming(table: JsonObject) -> tuple[str, JsonObject] | None:
    """The game and options a welcome says the table plays, if they are ones this program
    plays (the table is drawn ahead from them; the game itself starts from `start`)."""
    ruleset, options = table.get("ruleset"), table.get("options")
    if not isinstance(ruleset, str) or not isinstance(options, dict):
        return None
    try:
        get_game(ruleset).ruleset.parse_options(options)
    except (KeyError, MalformedEntry, TypeError, ValueError):
        return None
    return ruleset, options


def _seats(raw: Any) -> list[JsonObject]:
    return [entry for entry in raw if isinstance(entry, dict)] if isinstance(raw, list) else []

