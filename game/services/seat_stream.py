"""What one seat of a match is told, and nothing else: the seat's stream.

The host of a table of friends sends each friend's machine its seat's stream
(docs/NETWORK.md); the stream is made only of what that seat may know:

- `told`: each event of the match, numbered from 0, in the words the game's narrator has
  for that seat alone (`tell_all=False`: another seat's hidden cards are never named);
- `state`: after the events of a decision, whose turn it is and the seat's view (the
  game's summary of it, as an outside program is sent it: docs/BOT_PROTOCOL.md);
- `decide`: when the seat must decide, the question an outside program would be asked
  for it: the deals and moves as that seat saw them, its legal decisions and its view.

The stream only grows: an online table takes nothing back (no undo), so what was told
stands and a friend who missed messages asks again from a number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.match import Match
from game.engine.ruleset import Event, Pending, State
from game.formats.support import final_result, formats_of

JsonObject = dict[str, Any]


class SeatStream:
    def __init__(self, match: Match, seat: int, names: Sequence[str]) -> None:
        self.match = match
        self.seat = seat
        self.narrator = match.ruleset.narrator(names, seat, tell_all=False, second_person=True)
        self.protocol = formats_of(match.ruleset.id).protocol
        self.told: list[JsonObject] = []

    def tell(self, event: Event, state: State) -> JsonObject:
        """The next event (with the state just after it) as this seat is told it."""
        message = {"type": "told", "n": len(self.told),
                   "lines": self.narrator.lines(event, state)}
        self.told.append(message)
        return message

    def since(self, number: int) -> list[JsonObject]:
        """What was told from `number` on (all of it from 0)."""
        return self.told[max(0, number):]

    def position(self) -> JsonObject:
        """Whose turn it is, and the seat's view of the match as it stands."""
        return {"type": "state", "n": len(self.told),
                "pending": pending_json(self.match.pending),
                "view": self.protocol.view_json(self.match.view(self.seat))}

    @property
    def question_id(self) -> int | None:
        """The number of the decision the seat must make now (the match's count of
        decisions so far), None when it is not the seat's to make."""
        pending = self.match.pending
        return len(self.match.turns) if pending.seat == self.seat and not pending.over \
            else None

    def question(self) -> JsonObject | None:
        """What the seat is asked when it must decide; None when it need not."""
        number = self.question_id
        if number is None:
            return None
        ruleset = self.match.ruleset
        return {"type": "decide", "id": number, "seat": self.seat,
                **self.protocol.seat_history(self.match, self.seat),
                "legal": [ruleset.decision_to_json(d) for d in self.match.legal()],
                "view": self.protocol.view_json(self.match.view(self.seat))}

    def end(self) -> JsonObject:
        """The result, once the game is over (public: every seat sees the same)."""
        return {"type": "end", "result": final_result(self.match)}


def pending_json(pending: Pending) -> JsonObject:
    return {"seat": pending.seat, "word": pending.word, "over": pending.over}
