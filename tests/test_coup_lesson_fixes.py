"""The Coup lesson as a player meets it: Back takes his first move back (the lesson's
cards are its record's: nothing is learnt by taking a move back), a move the lesson
refuses is refused with a reason, and the keyboard starts on the move the coach names,
so Enter makes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_kit import frames, open_app, press, run_until

from game.engine.match import Match
from game.services.lessons import LessonGame, lesson_of
from game.ui import screens
from game.ui.app import App
from game.ui.table.coach import lessons
from game.ui.table.scene import TableScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with open_app(tmp_path, monkeypatch) as app:
        yield app


def _lesson_table(app: App, game_id: str) -> TableScene:
    app.replace(screens.make("title", app))
    app.push(screens.make("lesson", app, game_id))
    frames(app, 2)
    while not isinstance(app.scene, TableScene):  # the welcome's pages
        app.pop()
        frames(app, 2)
    table = app.scene
    _his_turn(app, table)
    return table


def _his_turn(app: App, table: TableScene) -> None:
    run_until(app, lambda: table.controller.human_to_act() is not None
              and table.controller.caught_up and app.scene is table)
    frames(app)


def test_back_takes_the_first_move_of_the_coup_lesson_back(app: App) -> None:
    table = _lesson_table(app, "coup")
    coach, lesson = table.coach, table.controller.lesson
    assert coach is not None and lesson is not None
    first = lesson.expected()
    table.turns.decide(first)  # Exchange: the others let it pass, and he draws two cards
    _his_turn(app, table)
    assert lesson.person_decisions() == 1
    assert coach.coaching.may_go_back(), table.controller.undo_refusal()
    coach.back()
    _his_turn(app, table)
    assert lesson.person_decisions() == 0 and lesson.expected() == first and lesson.on_script


def test_a_recorded_game_may_be_taken_back_past_what_its_record_drew() -> None:
    game = LessonGame(lesson_of("coup"))
    match: Match = game.match
    while game.person_decisions() < 2:
        seat = match.pending.seat
        assert seat is not None
        match.submit(game.player(seat).decide(match.view(seat), match.legal()))
    assert match.undo(game.lesson.person)
    assert game.person_decisions() == 1 and game.on_script


def test_a_move_the_coup_lesson_refuses_is_told_why(app: App) -> None:
    table = _lesson_table(app, "coup")
    lesson = table.controller.lesson
    assert lesson is not None
    income = next(d for d in table.session.match.legal() if d != lesson.expected())
    table.turns.decide(income)
    toast = table.controller.toast
    assert toast is not None
    assert "exchanging cards" in toast[0] and "try it" not in toast[0], toast[0]


@pytest.mark.parametrize("game_id", lessons())
def test_the_keyboard_starts_on_the_move_the_coach_names(app: App, game_id: str) -> None:
    table = _lesson_table(app, game_id)
    lesson = table.controller.lesson
    assert lesson is not None
    wanted = lesson.expected()
    turns = len(table.session.match.turns)
    press(app, pygame.K_RETURN)
    made = table.session.match.turns[turns].decision if len(
        table.session.match.turns) > turns else None
    assert made == wanted, f"Enter made {made}, the coach named {wanted}"


def test_enter_follows_the_coach_through_a_question_of_whom(app: App) -> None:
    """Steal asks whom next: the keyboard goes on to the one the coach names."""
    table = _lesson_table(app, "coup")
    coach, lesson = table.coach, table.controller.lesson
    assert coach is not None and lesson is not None
    while lesson.person_decisions() < 7:  # the Coach's step 7: steal from Chloé
        coach.next()
        _his_turn(app, table)
    wanted = lesson.expected()
    turns = len(table.session.match.turns)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert table.session.match.turns[turns].decision == wanted
