"""Where a review stands: the reviewed seat, the decision shown, and the steps to the
next (or previous) decision, trick, hand, round or costly decision. No drawing: the
review screen (game/ui/scenes/review.py) shows it and moves it."""

from __future__ import annotations

import bisect

from game.engine.ruleset import State
from game.services.review import HAND, ROUND, TRICK, Judgement, Reviewed, Words, turns_of


class ReviewPlace:
    def __init__(self, match: Reviewed, words: Words, seat: int) -> None:
        self.match, self.words, self.seat = match, words, seat
        self.seat_turns = [j for j, turn in enumerate(turns_of(match)) if turn.seat == seat]
        self.moves = [index for index, turn in enumerate(turns_of(match)) if turn.seat is not None]
        self.starts = self._starts()
        self.turn = self.seat_turns[0] if self.seat_turns else len(match.turns)

    def _starts(self) -> dict[int, list[int]]:
        """For each step (a trick, a hand, a round), the decisions that open one."""
        starts: dict[int, list[int]] = {TRICK: [], HAND: [], ROUND: []}
        ended = ROUND  # the first decision opens everything
        for index, turn in enumerate(turns_of(self.match)):
            if turn.seat is not None and ended:
                for level in starts:
                    if ended >= level:
                        starts[level].append(index)
                ended = 0
            ended = max([ended, *map(self.words.boundary, self.match.events_of(index))])
        return starts

    @property
    def state(self) -> State:
        """The game as it stood before the decision shown (at the end: as it ended)."""
        turns = self.match.turns
        return turns[self.turn].state_before if self.turn < len(turns) else self.match.state

    def go(self, level: int, direction: int) -> None:
        """To the next (or previous) decision, or the start of the next (or previous)
        trick, hand or round."""
        marks = self.moves if level == 0 else self.starts[level]
        if direction > 0:
            place = bisect.bisect_right(marks, self.turn)
            self.turn = marks[place] if place < len(marks) else len(self.match.turns)
        else:
            place = bisect.bisect_left(marks, self.turn) - 1
            if place >= 0:
                self.turn = marks[place]

    def go_to(self, turn: int) -> None:
        self.turn = max(0, min(turn, len(self.match.turns)))

    def next_mistake(self, judgements: list[Judgement], direction: int) -> None:
        """To the next (or previous) decision that cost more than the game's threshold."""
        costly = [j.turn for j in judgements if j.mistake(self.words.threshold)]
        ahead = [turn for turn in costly if (turn - self.turn) * direction > 0]
        if ahead:
            self.turn = min(ahead) if direction > 0 else max(ahead)
