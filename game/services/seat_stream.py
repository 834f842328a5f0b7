"""What one seat of a match is told, and nothing else: the seat's stream.

The host of a table of friends sends each friend's machine its seat's stream
(docs/NETWORK.md); the stream is made only of what that seat may know:

- `told`: each event of the match, numbered from 0, in the words the game's narrator has
  for that seat alone (`tell_all=False`: another seat's hidden cards are never named),
  and as the seat may know it, for its own table to show: the event with every card the
  seat cannot see replaced by a random one (the game's `Privacy`), and the state after it
  with those cards dealt anew at random (its `Custody`): the seat's view of it is the true
  view, and nothing true of the hidden cards is in it;
- `state`: after the events of a decision, whose turn it is and the seat's view (the
  game's summary of it, as an outside program is sent it: docs/BOT_PROTOCOL.md);
- `decide`: when the seat must decide, the question an outside program would be asked
  for it: the deals and moves as that seat saw them, its legal decisions and its view.

The stream only grows: an online table takes nothing back (no undo), so what was told
stands and a friend who missed messages asks again from a number.

Telling an event is in two parts: `next_told` (the number, and the decision it came
from: it reads the match, which grows, so it is done where the match is played) and
`build` (the words and the seat's view, as JSON: the costly part, of immutable values
only, so a window's table has it done in another thread, in the same order).
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.match import Match
from game.engine.ruleset import Event, Pending, State
from game.formats.support import final_result, formats_of
from game.formats.values_json import to_json
from game.games import get_game

JsonObject = dict[str, Any]


@dataclass(frozen=True)
class Telling:
    """An event to be told a seat, as numbered where the match is played."""

    number: int  # the event's place in what the seat is told
    event: Event
    state: State  # just after the event
    turn: int  # the number of the decision it came of
    by: int | None  # whose decision that was


class SeatStream:
    def __init__(self, match: Match, seat: int, names: Sequence[str]) -> None:
        self.match = match
        self.seat = seat
        self.narrator = match.ruleset.narrator(names, seat, tell_all=False, second_person=True)
        self.protocol = formats_of(match.ruleset.id).protocol
        self.game = get_game(match.ruleset.id)
        # built (by `build`), each as its text: the whole game told, kept for a friend who
        # asks again, is then a few strings, not lists and dicts the collector walks at
        # each of its full passes (one took 30 ms of a window's frame near a game's end)
        self.told: list[str] = []
        self.numbered = 0  # the events numbered so far (by `next_told`)
        self._turn = 0  # the decision of the last event told
        self._rng = random.Random(secrets.randbits(64))  # the host's alone: what it draws
        # in the places of the cards the seat cannot see says nothing of them

    def tell(self, event: Event, state: State) -> JsonObject:
        """The next event (with the state just after it) as this seat is told it: in
        words, and as the seat may know it for its own table to show (`event`, with every
        card it cannot see a random one; `state`, with every such card dealt anew), with
        the decision it came from (`turn`, its number; `by`, whose it was: public)."""
        return self.build(self.next_told(event, state))

    def next_told(self, event: Event, state: State) -> Telling:
        """The next event numbered, to be built (`build`), in this order."""
        number = self.numbered
        self.numbered += 1
        turn = self._turn_of(number)
        return Telling(number, event, state, turn, self.match.turns[turn].seat)

    def build(self, telling: Telling) -> JsonObject:
        """The told message of an event numbered by `next_told`, kept in `told`."""
        assert telling.number == len(self.told), "built out of order"
        event, state = telling.event, telling.state
        message = {"type": "told", "n": telling.number,
                   "lines": self.narrator.lines(event, state),
                   "turn": telling.turn, "by": telling.by,
                   "event": to_json(self.game.privacy.event_seen(event, self.seat, self._rng)),
                   "state": to_json(self.game.custody.unseen_dealt_anew(state, self.seat,
                                                                        self._rng))}
        self.told.append(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
        return message

    def _turn_of(self, event: int) -> int:
        """The number of the decision that caused the match's event numbered `event`."""
        turns = self.match.turns
        while self._turn + 1 < len(turns) and turns[self._turn + 1].first_event <= event:
            self._turn += 1
        return self._turn

    def since(self, number: int) -> list[JsonObject]:
        """What was told from `number` on (all of it from 0): built by then."""
        return [json.loads(told) for told in self.told[max(0, number):]]

    def position(self) -> JsonObject:
        """Whose turn it is, and the seat's view of the match as it stands."""
        return self.position_later()()

    def position_later(self) -> Callable[[], JsonObject]:
        """`position` as the match stands now, built when called (in another thread, the
        match gone on since: the seat's view of now never changes, only its JSON is left)."""
        numbered, pending, view = self.numbered, self.match.pending, self.match.view(self.seat)
        return lambda: {"type": "state", "n": numbered, "pending": pending_json(pending),
                        "view": self.protocol.view_json(view)}

    @property
    def question_id(self) -> int | None:
        """The number of the decision the seat must make now (the match's count of
        decisions so far), None when it is not the seat's to make."""
        pending = self.match.pending
        return len(self.match.turns) if pending.seat == self.seat and not pending.over \
            else None

    def question(self) -> JsonObject | None:
        """What the seat is asked when it must decide; None when it need not."""
        asked = self.asked()
        return None if asked is None else asked()

    def asked(self) -> Callable[[], JsonObject] | None:
        """`question` as the match stands now, built when called (in another thread, the
        match gone on since: the seat's view of now never changes, and its history and
        legal decisions are read from a copy of the match as it stands: the duel's can be
        a thousand); None when the seat need not decide."""
        number = self.question_id
        if number is None:
            return None
        standing, view = self.match.as_it_stands(), self.match.view(self.seat)
        return lambda: {"type": "decide", "id": number, "seat": self.seat,
                        **self.protocol.seat_history(standing, self.seat),
                        "legal": [standing.ruleset.decision_to_json(decision)
                                  for decision in standing.legal()],
                        "view": self.protocol.view_json(view)}

    def end(self) -> JsonObject:
        """The result, once the game is over (public: every seat sees the same)."""
        return {"type": "end", "result": final_result(self.match)}


def pending_json(pending: Pending) -> JsonObject:
    return {"seat": pending.seat, "word": pending.word, "over": pending.over}
