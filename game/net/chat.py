"""The table's chat: what the persons at a table for friends say to one another, in the
lobby, during the game and after it. Everything here runs in the game's thread, beside
the hosted table (hosted.py), which hands in each line said and tells every seat the
line as this chat makes it: the seat, the seat's name and the words, nothing else (no
line ever holds anything of the game).

A line is trusted nothing: it is cleaned (controls, line breaks and characters that draw
nothing taken out, runs of spaces made one), refused if nothing is left or if it is longer
than MOST_CHAT characters; a seat may say RATE lines a second on average, BURST at once,
and is told when it says more; a seat that keeps on is cut off, as the wire's other floods
are. A ready phrase is sent by its key (PHRASES): nobody can make it say anything else.
The table keeps the last KEPT lines, for a friend who joins or comes back.

Muting is each screen's own (`Muting`): the chat, or one seat's lines, no longer shown.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from game.engine import texts
from game.net.wire import MOST_TEXT, JsonObject

MOST_CHAT = MOST_TEXT  # characters in a line: as in any text a friend sends
RATE = 1.0  # lines a second a seat may say on average...
BURST = 4.0  # ...and at once
MOST_FLOODED = 20  # lines over a seat's share before its connection is cut
KEPT = 30  # lines the table keeps for a friend who joins or comes back
PHRASES: Mapping[str, str] = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "one_moment": "One moment, please.",
    "your_turn": "Your turn.",
    "well_played": "Well played.",
    "thanks": "Thank you.",
    "good_game": "Good game.",
}
"""The ready phrases, by the key a friend's machine sends (in the order they are offered)."""
TOO_FAST = "You are saying too much at once: wait a moment before the next line."
CUT_OFF = "Too many lines of chat at once."


@dataclass(frozen=True)
class Line:
    """One line of the chat: its number at the table (from 1), who said it and what."""

    number: int
    seat: int
    name: str
    text: str
    phrase: str | None = None  # the ready phrase's key, if it is one

    def message(self) -> JsonObject:
        """The line as the wire's `said` message."""
        said: JsonObject = {"type": "said", "n": self.number, "seat": self.seat,
                            "name": self.name, "text": self.text}
        if self.phrase is not None:
            said["phrase"] = self.phrase
        return said


@dataclass(frozen=True)
class Refused:
    """A line not said, and why; `cut`: the seat has flooded the chat, its connection goes."""

    reason: str
    cut: bool = False


def cleaned_line(typed: object) -> str | Refused:
    """What a person typed, as the chat says it; Refused if it cannot be said."""
    if not isinstance(typed, str):
        return Refused("A line of chat is text.")
    if len(typed) > MOST_CHAT:
        return Refused(f"A line of chat is at most {MOST_CHAT} characters.")
    text = texts.cleaned(typed, MOST_CHAT)
    if not text:
        return Refused("There is nothing to say in that line.")
    return text


def words_of(message: Mapping[str, object]) -> tuple[str, str | None] | Refused:
    """The words a `say` message says (its text, cleaned, or its phrase's), with the
    phrase's key; Refused if it says nothing, or both."""
    typed, key = message.get("text"), message.get("phrase")
    if (typed is None) == (key is None):
        return Refused("A line of chat has either a text or a phrase.")
    if key is not None:
        phrase = PHRASES.get(key) if isinstance(key, str) else None
        if phrase is None:
            return Refused(f"There is no ready phrase {texts.quoted(str(key), 24)}.")
        return phrase, str(key)
    text = cleaned_line(typed)
    return text if isinstance(text, Refused) else (text, None)


@dataclass
class Share:
    """A seat's share of lines: RATE a second, BURST at once."""

    level: float
    when: float
    flooded: int = 0  # lines over its share since it last said one in time

    def take(self, now: float) -> bool:
        """May one more line be said at `now`? (It is counted if so.)"""
        self.level = min(BURST, self.level + (now - self.when) * RATE)
        self.when = now
        if self.level < 1:
            self.flooded += 1
            return False
        self.level -= 1
        self.flooded = 0
        return True


class TableChat:
    def __init__(self, clock: Callable[[], float] = time.monotonic, kept: int = KEPT) -> None:
        self.clock = clock
        self.lines: deque[Line] = deque(maxlen=kept)
        self._numbered = 0
        self._shares: dict[int, Share] = {}

    def hear(self, seat: int, name: str, message: Mapping[str, object]) -> Line | Refused:
        """What seat `seat` (named `name`) said: the line to tell every seat, or why not."""
        words = words_of(message)
        if isinstance(words, Refused):
            return words
        now = self.clock()
        share = self._shares.setdefault(seat, Share(BURST, now))
        if not share.take(now):
            return Refused(TOO_FAST if share.flooded < MOST_FLOODED else CUT_OFF,
                           cut=share.flooded >= MOST_FLOODED)
        self._numbered += 1
        line = Line(self._numbered, seat, name or texts.own_name(seat), *words)
        self.lines.append(line)
        return line

    def told_from_elsewhere(self, seat: int, said: Line) -> Line:
        """A line said at another table (heard there, and let through there), told here
        too as said by `seat`: this table's number for that table's speaker."""
        self._numbered += 1
        line = Line(self._numbered, seat, said.name, said.text, said.phrase)
        self.lines.append(line)
        return line

    def recent(self) -> list[JsonObject]:
        """The lines kept, as `said` messages, oldest first."""
        return [line.message() for line in self.lines]


def line_from(message: Mapping[str, object]) -> Line | None:
    """A `said` message from the host as a line (its fields checked by the wire already);
    None if its words are not a line the chat could have said."""
    number, seat, name, text = (message.get(key) for key in ("n", "seat", "name", "text"))
    phrase = message.get("phrase")
    if not (isinstance(number, int) and isinstance(seat, int) and isinstance(text, str)
            and isinstance(name, str)) or (phrase is not None and phrase not in PHRASES):
        return None
    shown = PHRASES[phrase] if isinstance(phrase, str) else cleaned_line(text)
    if isinstance(shown, Refused):
        return None
    return Line(number, seat, texts.cleaned(name, texts.MAX_NAME_LENGTH) or
                texts.own_name(seat), shown, phrase if isinstance(phrase, str) else None)


@dataclass
class Muting:
    """What one screen does not show of the chat: all of it, or some seats' lines."""

    everything: bool = False
    seats: set[int] = field(default_factory=set)

    def shown(self, lines: Iterable[Line]) -> list[Line]:
        if self.everything:
            return []
        return [line for line in lines if line.seat not in self.seats]

    def toggle(self, seat: int | None = None) -> None:
        """Mute (or hear again) seat `seat`'s lines; None: the whole chat."""
        if seat is None:
            self.everything = not self.everything
        else:
            self.seats ^= {seat}


class HeardLines:
    """The chat as a friend's machine follows it: the host's `said` lines, each once (a
    connection taken up again is told the recent ones again), the last KEPT of them."""

    def __init__(self, kept: int = KEPT) -> None:
        self.lines: deque[Line] = deque(maxlen=kept)
        self._last = 0

    def heard(self, message: Mapping[str, object]) -> Line | None:
        """Take a `said` message: the new line, None if known already or unreadable."""
        line = line_from(message)
        if line is None or line.number <= self._last:
            return None
        self._last = line.number
        self.lines.append(line)
        return line

    def welcomed(self) -> None:
        """The host has welcomed this seat (again): the recent lines follow, numbered as
        that host numbers them (a host opened again numbers from 1)."""
        self.lines.clear()
        self._last = 0


NO_SEAT = "Only the players at this table chat: this screen holds no seat."


class ChatAt:
    """The chat as one screen has it (the host's, or a friend's): the lines to show, what
    its person says (checked here first, so that a line refused is said at once), and
    what the screen mutes. `lines` gives the lines heard so far; `send` hands a `say`
    message on (the reason, if it is refused there); `seat` is the screen's own seat, who
    speaks (None: nobody here). A person who says too much at once is told so here, before
    anything goes: the host would cut a flood off."""

    def __init__(self, lines: Callable[[], Iterable[Line]],
                 send: Callable[[JsonObject], str | None],
                 seat: Callable[[], int | None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._lines, self._send, self._seat = lines, send, seat
        self.clock = clock
        self.muting = Muting()
        self._share = Share(BURST, clock())

    @property
    def seat(self) -> int | None:
        return self._seat()

    def shown(self, last: int | None = None) -> list[Line]:
        """The lines to show (not muted), the last `last` of them."""
        lines = self.muting.shown(self._lines())
        return lines if last is None else lines[-last:] if last > 0 else []

    def speakers(self) -> list[tuple[int, str]]:
        """The other seats that have said something, with their names (as last said):
        those this screen may mute."""
        named: dict[int, str] = {}
        for line in self._lines():
            if line.seat != self.seat:
                named[line.seat] = line.name
        return sorted(named.items())

    def say(self, typed: str) -> str | None:
        """Say what the person typed: None if it went, else why not."""
        return self._say({"type": "say", "text": typed})

    def say_phrase(self, key: str) -> str | None:
        return self._say({"type": "say", "phrase": key})

    def _say(self, message: JsonObject) -> str | None:
        if self.seat is None:
            return NO_SEAT
        words = words_of(message)
        if isinstance(words, Refused):
            return words.reason
        if not self._share.take(self.clock()):
            return TOO_FAST
        text, key = words
        return self._send({"type": "say", "phrase": key} if key is not None
                          else {"type": "say", "text": text})
