"""The coach of a lesson at the table, without the window: what he says now and what he
points at, and the moves of his buttons (Back takes the person's last move back, Next
makes the move he names). The window's coach (game/ui/table/coach.py) draws his panel and
his pointer."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.ruleset import Decision
from game.services.lessons import LessonGame
from game.services.review import words_for
from game.services.table.controller import TableController

NORMAL_GAME = "From here it is a normal game; Back takes your move back."


class Coaching:
    def __init__(self, game: LessonGame, table: TableController) -> None:
        self.game = game
        self.table = table
        self.lesson_seat = game.lesson.person

    def words(self) -> tuple[str, tuple[str, ...]] | None:
        """What the coach says now, and what he points at: before the person's decision,
        once it is shown; after the record was left, what that move meant."""
        table = self.table
        if not table.caught_up or not self.game.to_act():
            return None
        if table.session.is_human(self.lesson_seat) and table.human_to_act() is None:
            return None  # his cards are not shown yet
        coach = self.game.coach()
        if coach is not None:
            return coach.says, coach.points_at
        left = departure_words(self.game, table.names)
        return None if left is None else (left, ())

    def may_go_back(self) -> bool:
        """Back takes the person's last move back: his own seat's, when Undo may."""
        table = self.table
        return table.session.is_human(self.lesson_seat) and table.undo_refusal() is None

    def suggested(self) -> Decision | None:
        """The move Next makes: the one the coach names, on the person's turn."""
        wanted = self.game.expected()
        if self.table.human_to_act() is None or self.game.coach() is None or wanted is None:
            return None
        return wanted if wanted in self.table.match.legal() else None


def departure_words(game: LessonGame, names: Sequence[str]) -> str | None:
    """What the coach says once the person left the lesson's record (None: he has not):
    his move and the lesson's, in the review's words, and what the lesson meant."""
    left = game.departure()
    if left is None:
        return None
    made, wanted, step = left
    phrase = words_for(game.lesson.ruleset).phrase
    state = game.state_departed_from()
    why = f" {step.why}" if step is not None and step.why else ""
    return (f"You went your own way, {phrase(made, state, names)} where the lesson suggested "
            f"{phrase(wanted, state, names)}.{why} {NORMAL_GAME}")
