"""A match as one seat follows it from another machine: the beats its host sent it.

A friend's machine never holds the host's game. It holds, for its own seat, each event as
that seat may know it, with a state in which every card the seat cannot see was dealt
anew at random on the host (the seat's view of it is the true view: tests/test_contract.py
and tests/test_contract_privacy.py hold every game to that). This is what the table of a
friend reads where a local table reads its `Match`: the state, the events, the decisions
grouped as they were made (who made each is public), the legal decisions of the question
the host asked, and the views. Nothing is ever folded here: each state comes as the host
made it, so a card dealt anew differently from one beat to the next changes nothing the
seat sees. Nothing is taken back either (an online table offers no undo).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.engine.ruleset import AnyRuleset, Decision, Event, Options, Pending, State, View


@dataclass(frozen=True)
class SeatTurn:
    """A decision as the seat knows of it: who made it (None: chance), where its events
    start, the state before it, and the decision itself when it is the seat's own, sent
    from this machine (another seat's, or one a stand-in made while the seat was away, is
    known only by its events: None)."""

    seat: int | None
    first_event: int
    state_before: State
    decision: Decision | None = None


class SeatFollower:
    """Hands out a seat match's new beats, each event with the state after it (what a
    `Follower` does for a local match, without folding anything)."""

    rewound = False

    def __init__(self, match: SeatMatch, *, from_start: bool) -> None:
        self.match = match
        self._told = 0 if from_start else len(match.events)

    @property
    def caught_up(self) -> bool:
        return self._told == len(self.match.events)

    def new_events(self) -> Iterator[tuple[Event, State]]:
        while self._told < len(self.match.events):
            index = self._told
            self._told += 1
            yield self.match.events[index], self.match.states[index]


class SeatMatch:
    rewinds = 0  # nothing is taken back at an online table

    def __init__(self, ruleset: AnyRuleset, options: Options, seat: int) -> None:
        self.ruleset = ruleset
        self.options = options
        self.seat = seat
        self.state: State = ruleset.new_game(options)
        self.start: State = self.state
        self.events: list[Event] = []
        self.states: list[State] = []  # after each event
        self.lines: list[tuple[str, ...]] = []  # each event in the words the host told it
        self.turns: list[SeatTurn] = []
        self.asked: tuple[int, Sequence[Decision]] | None = None  # the open question
        self._turn: int | None = None  # the host's number of the last decision told
        self._answered: tuple[int, Sequence[Decision]] | None = None  # on its way
        self._sent: dict[int, Decision] = {}  # the seat's answers, by question number
        self._opened = 0  # questions opened (asked, or open again after a refusal) or
        #   closed by the host (settled)

    # What the host sends --------------------------------------------------------------
    def add(self, turn: int, decider: int | None, event: Event, state: State,
            lines: Sequence[str] = ()) -> None:
        """The next beat: an event of the decision the host numbers `turn` (made by
        `decider`), with the state after it (and the host's words for it, `lines`);
        another number starts another decision."""
        if turn != self._turn:
            self._turn = turn
            sent = self._sent.get(turn) if decider == self.seat else None
            self.turns.append(SeatTurn(decider, len(self.events), self.state, sent))
        self.events.append(event)
        self.states.append(state)
        self.lines.append(tuple(lines))
        self.state = state

    def ask(self, number: int, legal: Sequence[Decision]) -> None:
        """The host asks the seat to decide: its question's number and legal decisions."""
        self.asked = (number, tuple(legal))
        self._opened += 1

    def answered(self, decision: Decision | None = None) -> None:
        """The question is answered (by `decision`): the answer is on its way to the
        host."""
        if self.asked is not None and decision is not None:
            number, legal = self.asked
            if decision in legal:
                self._sent[number] = decision
        self._answered, self.asked = self.asked, None

    def refused(self, number: int) -> bool:
        """The host refused the answer to question `number`: it is open again (True), if
        it was the one answered last."""
        if self._answered is None or self._answered[0] != number or self.asked is not None:
            return False
        self.asked, self._answered = self._answered, None
        self._opened += 1
        return True

    def settled(self, number: int) -> None:
        """The host settled question `number` (took its answer, or a computer's): it is
        not open any more, if it was."""
        if self.asked is not None and self.asked[0] == number:
            self.asked = None
            self._opened += 1  # its panel goes
        if self._answered is not None and self._answered[0] == number:
            self._answered = None

    # What the table reads ---------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        return self.ruleset.pending(self.state)

    @property
    def players(self) -> int:
        return self.ruleset.players(self.options)

    @property
    def moment(self) -> tuple[int, int]:
        """Changes whenever the question open may have. A question comes after the events
        before it, in a message of its own: often a frame later (taken up again, at once)."""
        return len(self.turns), self._opened

    def legal(self) -> Sequence[Decision]:
        """The decisions of the question open, once the table has shown everything the
        host sent before it; none while nothing is asked."""
        if self.asked is None or self.pending.seat != self.seat:
            return ()
        return self.asked[1]

    def view(self, seat: int | None) -> View:
        return self.ruleset.view(self.state, seat)

    def events_of(self, index: int) -> list[Event]:
        end = self.turns[index + 1].first_event if index + 1 < len(self.turns) \
            else len(self.events)
        return self.events[self.turns[index].first_event:end]

    def told_of(self, index: int) -> list[str]:
        """The decision at `turns[index]` in the words the host told the seat of it."""
        first = self.turns[index].first_event
        return [line for told in self.lines[first:first + len(self.events_of(index))]
                for line in told]

    def beats_of(self, index: int) -> list[tuple[Event, State]]:
        """The events of the decision at `turns[index]`, each with the state after it."""
        first = self.turns[index].first_event
        events = self.events_of(index)
        return list(zip(events, self.states[first:first + len(events)], strict=True))

    def undo_point(self, seat: int) -> int | None:
        return None

    def can_undo(self, seat: int) -> bool:
        return False

    def can_redo(self, seat: int) -> bool:
        return False

    def follower(self, *, from_start: bool) -> SeatFollower:
        return SeatFollower(self, from_start=from_start)
