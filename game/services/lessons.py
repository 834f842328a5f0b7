"""Learn to play by playing: a guided game on the real rules.

A lesson is a game recorded in the saves' notation (every decision, chance's deals
included) and the coach's words before the person's decisions. Played again, chance deals
the recorded cards and the computers make the recorded replies, so the table shows what
the coach speaks of; the person makes every decision himself. Where the coach `wants` the
recorded move (the lesson needs it: a coup attempted with the wild card), another legal
move is refused with the coach's reason and asked again; elsewhere it is played, and from
there the game goes on as a normal game (chance draws afresh, the computers play at the
Medium level), the coach saying so.

Nothing here draws: the table shows the coach's words and points at what they name
(`Coach.points_at`: "board", "treasury", "last trick", "log", "banner", "hand",
"card:QS", "button:Coup in" (a decision's button by the start of its words), "plate:2";
game/ui/table/coach.py finds them on the screen).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass

from game.ai import Player
from game.ai.levels import make_player
from game.engine.match import Match
from game.engine.ruleset import Decision, Ruleset, State, View
from game.games import get_game, get_ruleset
from game.services.review import words_for


@dataclass(frozen=True)
class Coach:
    """What the coach says before one of the person's decisions."""

    says: str
    points_at: tuple[str, ...] = ()
    wants: bool = False  # only the recorded move will do here
    why: str = ""  # said when another move is tried (wants) or played (else)


@dataclass(frozen=True)
class Lesson:
    ruleset: str
    title: str
    options: Mapping[str, object]
    names: tuple[str, ...]
    person: int  # the seat the person plays
    script: tuple[Mapping[str, object], ...]  # the recorded game, in the saves' notation
    steps: Mapping[int, Coach]  # before the person's n-th decision (from 0)
    welcome: tuple[str, ...] = ()
    farewell: tuple[str, ...] = ()
    farewell_free: tuple[str, ...] | None = None  # instead, once the person left the record
    ends_after: int | None = None  # decisions of the script after which it ends; None: the game
    pages: tuple[str, ...] = field(default=())  # last words (a variant's differences)


def lesson_of(ruleset_id: str) -> Lesson:
    """The lesson of a game that has one (`KeyError` otherwise)."""
    ref = get_game(ruleset_id).lesson
    if ref is None:
        raise KeyError(f"{ruleset_id!r} has no lesson")
    return ref.load_as(Lesson)


class LessonGame:
    """A lesson being played: its match, its chance and computers, and the coach."""

    def __init__(self, lesson: Lesson, *, seed: int = 0) -> None:
        self.lesson = lesson
        self.ruleset: Ruleset = get_ruleset(lesson.ruleset)
        self.script: tuple[Decision, ...] = tuple(
            self.ruleset.decision_from_json(entry) for entry in lesson.script)
        self._rng = random.Random(seed)
        self.match = Match(self.ruleset, self.ruleset.parse_options(lesson.options))
        self.match.chance = self._chance
        self.match.foreseen = self._recorded  # Back may pass the record's draws
        self.match.advance()
        self._medium = {seat: make_player("medium", f"{seed}:{seat}", ruleset=lesson.ruleset)
                        for seat in range(self.match.players)}

    # Where the lesson stands ----------------------------------------------------------------
    @property
    def on_script(self) -> bool:
        """Has every decision so far been the recorded one?"""
        return self.left_at() is None

    def left_at(self) -> int | None:
        """The turn at which the game left the record (None: it follows it still)."""
        done = self.match.decisions
        for at, decision in enumerate(done):
            if at >= len(self.script) or not same(decision, self.script[at]):
                return at
        return None

    def _recorded(self, index: int) -> bool:
        """Was the turn at `index` the record's, as every turn before it? Then what it
        dealt or revealed was the record's, known before it was played: taking a move back
        past it shows nobody anything new."""
        left = self.left_at()
        return index < len(self.script) and (left is None or index < left)

    def departure(self) -> tuple[Decision, Decision, Coach | None] | None:
        """Where the person left the record: the move he made, the recorded one, and the
        coach's words for it (None: the game follows the record)."""
        at = self.left_at()
        if at is None or at >= len(self.script):
            return None
        made = self.match.decisions[at]
        earlier = sum(1 for turn in self.match.turns[:at] if turn.seat == self.lesson.person)
        return made, self.script[at], self.lesson.steps.get(earlier)

    def state_departed_from(self) -> State | None:
        """The state in which the person left the record (None: he has not), for the
        coach's words on it."""
        at = self.left_at()
        return None if at is None else self.match.turns[at].state_before

    def expected(self) -> Decision | None:
        """The recorded decision at this point of the game, while it follows the record."""
        at = len(self.match.turns)
        return self.script[at] if self.on_script and at < len(self.script) else None

    @property
    def over(self) -> bool:
        """The game is over, or the lesson's stretch of it: the record played to
        `ends_after`; off the record, as many of chance's deals made as the record made
        (when it ends on one: the next hand dealt), else the whole game."""
        ends = self.lesson.ends_after
        if self.match.pending.over:
            return True
        if ends is None:
            return False
        if self.on_script:
            return len(self.match.turns) >= ends
        recorded = self.script[:ends]
        return bool(recorded) and recorded[-1].seat is None \
            and chances(self.match.decisions) >= chances(recorded)

    def person_decisions(self) -> int:
        return sum(1 for turn in self.match.turns if turn.seat == self.lesson.person)

    def coach(self) -> Coach | None:
        """The coach's words for the person's decision now, while the game follows the
        record and it is his turn."""
        if not self.on_script or self.match.pending.seat != self.lesson.person:
            return None
        return self.lesson.steps.get(self.person_decisions())

    def to_act(self) -> bool:
        """Is it the person's decision now?"""
        return self.match.pending.seat == self.lesson.person

    def refusal(self, decision: Decision) -> str | None:
        """Why the lesson asks for another move than `decision` (None: it may be played)."""
        coach, wanted = self.coach(), self.expected()
        if coach is None or not coach.wants or wanted is None or same(decision, wanted):
            return None
        if coach.why:
            return coach.why
        phrase = words_for(self.lesson.ruleset).phrase(wanted, self.match.state,
                                                       self.lesson.names)
        return (f"This lesson follows a recorded game, which goes on by {phrase}: make that "
                "move here, or press Next to have it made.")

    def farewell(self) -> tuple[str, ...]:
        """The coach's last words: the lesson's, or (once the person left the record)
        those that hold whatever happened since."""
        lesson = self.lesson
        if self.on_script:
            return lesson.farewell
        return (LEFT_THE_RECORD, *(lesson.farewell if lesson.farewell_free is None
                                   else lesson.farewell_free))

    # Chance and the computers ---------------------------------------------------------------
    def _chance(self, state: State) -> Decision:
        wanted = self.expected()
        if wanted is not None and wanted.seat is None:
            return wanted
        return self.ruleset.random_chance(state, self._rng)

    def player(self, seat: int) -> Player:
        """The computer at `seat`: the recorded reply while the game follows the record,
        else the Medium player's. (At the person's seat: the lesson playing itself.)"""
        return _Scripted(self, self._medium[seat])


LEFT_THE_RECORD = "From your own move on, the lesson's game went on as a normal game."


def same(decision: Decision, other: Decision) -> bool:
    """The same decision, whatever the order its cards were picked in (an exchange's
    cards come in the hand's order from the table, in the record's from the file)."""
    if decision == other:
        return True
    if type(decision) is not type(other) or not is_dataclass(decision):
        return False
    mine, theirs = vars_of(decision), vars_of(other)
    for name in ("cards", "kept", "returned"):
        picked, recorded = mine.get(name), theirs.get(name)
        if isinstance(picked, tuple) and isinstance(recorded, tuple):
            mine[name] = sorted(map(str, picked))
            theirs[name] = sorted(map(str, recorded))
    return mine == theirs


def chances(decisions: Sequence[Decision]) -> int:
    """How many of `decisions` chance made (the deals)."""
    return sum(1 for decision in decisions if decision.seat is None)


def vars_of(decision: Decision) -> dict[str, object]:
    return {field.name: getattr(decision, field.name) for field in fields(decision)}


class _Scripted:
    def __init__(self, game: LessonGame, otherwise: Player) -> None:
        self.game = game
        self.otherwise = otherwise

    def decide(self, view: View, legal: Sequence[Decision]) -> Decision:
        wanted = self.game.expected()
        if wanted is not None and wanted in legal:
            return wanted
        return self.otherwise.decide(view, legal)


def record(ruleset_id: str, options: Mapping[str, object], seed: int, *,
           level: str = "medium", until: int | None = None) -> list[dict[str, object]]:
    """A game played by computers of `level` from `seed`, in the saves' notation: the
    raw material of a lesson (`until`: at most so many decisions)."""
    from game.engine.match import seeded_chance

    rules = get_ruleset(ruleset_id)
    match = Match(rules, rules.parse_options(options), chance=seeded_chance(rules, seed))
    players = {seat: make_player(level, f"{seed}:{seat}", ruleset=ruleset_id)
               for seat in range(match.players)}
    while not match.pending.over and (until is None or len(match.turns) < until):
        seat = match.pending.seat
        assert seat is not None
        match.submit(players[seat].decide(match.view(seat), match.legal()))
    return [rules.decision_to_json(decision) for decision in match.decisions]
