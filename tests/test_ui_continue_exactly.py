"""Continue brings back the game exactly as the player left it (issue 39): every move the
table has shown, a computer's too, and every undo. At the shipped settings, from the Title
screen through New game by clicks (tests/player_kit.py), only the clock faster.

A computer's move once shown is part of the game: leaving the table and pressing Continue
showed "Didier claims Duke: tax" where the table had shown "Didier claims Captain: steal
from Camille", the computers deciding again from the last checkpoint. A card taken back
by Undo came back on Continue after the window was closed.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from player_kit import Person, Seating, shipped_app
from test_lessons import Learner

from game.engine import saves
from game.engine.saves import Seat
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession
from game.system import paths
from game.ui.app import App
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

PERSON, HARD, MEDIUM = "Person", "Computer: Hard", "Computer: Medium"

GAMES = {
    "Coup, Hard computers": Seating("Coup", 3, [PERSON, HARD, HARD]),
    "Coup, Medium computers": Seating("Coup", 3, [PERSON, MEDIUM, MEDIUM]),
    "Coup d'État, Medium computers": Seating("Coup d'État", 4, [PERSON, MEDIUM, MEDIUM, MEDIUM]),
    "Coup d'État, Hard computers": Seating("Coup d'État", 3, [PERSON, HARD, HARD]),
}


def table_of(app: App) -> TableScene:
    table = app.scene
    assert isinstance(table, TableScene), f"not at the table: {type(table).__name__}"
    return table


def computers_move_shown(app: App) -> list[str] | None:
    """The log's lines of the last decision, once it is a computer's, told at the table
    and ended by no checkpoint (which the autosave was already written at); else None."""
    table = app.scene
    if not isinstance(table, TableScene):
        return None
    controller, session = table.controller, table.session
    match = session.match
    if not match.turns or not controller.caught_up or not table.beats_over(controller.clock()):
        return None
    last = len(match.turns) - 1
    seat = match.turns[last].seat
    events = match.events_of(last)
    if seat is None or session.is_human(seat) or any(map(match.ruleset.checkpoint, events)):
        return None
    state, lines = match.turns[last].state_before, []
    for event in events:
        state = match.ruleset.apply(state, event)
        lines += controller.narrator.lines(event, state)
    return lines if lines and table.log.lines[-len(lines):] == lines else None


def autosaved_decisions() -> list[object]:
    """The decisions of the autosave Continue would load."""
    saved, _, _ = saves.read_first(paths.autosave_paths(), catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame)
    return saved.match.decisions


def continued(person: Person) -> TableScene:
    """Continue, from the Title screen: the table of the game carried on."""
    for _ in range(200):
        if isinstance(person.app.scene, TitleScene) and person.app.stats.frame_seconds:
            break
        person.frame()
    person.click_button("Continue")
    return table_of(person.app)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_computers_move_shown_is_there_again_on_continue(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, sum(map(ord, name)))
        table = person.start(GAMES[name])
        person.play_until(lambda: computers_move_shown(app) is not None, limit_seconds=120)
        shown = computers_move_shown(app)
        assert shown is not None
        person.press(pygame.K_ESCAPE)
        person.click_button("Leave the table")
        assert isinstance(app.scene, TitleScene)
        left = table.session.match.decisions  # (the session is closed: nothing moves now)
        assert autosaved_decisions() == left, "the autosave holds the game as it was left"
        again = continued(person)
        assert again.session.match.decisions[:len(left)] == left
        lines = again.log.lines
        assert any(lines[at:at + len(shown)] == shown for at in range(len(lines))), \
            f"the move shown is told again: {shown}"


def a_card_that_ended_a_trick_taken_back(app: App) -> bool:
    """The person is to play, his last decision came to a checkpoint (a trick won: the
    autosave was written), and Undo may take it back."""
    table = app.scene
    if not isinstance(table, TableScene) or not table.controller.caught_up:
        return False
    controller, match = table.controller, table.session.match
    if controller.human_to_act() != 0 or controller.undo_refusal() is not None:
        return False
    his = [index for index, turn in enumerate(match.turns) if turn.seat == 0]
    return bool(his) and any(map(match.ruleset.checkpoint, match.events_of(his[-1])))


def test_an_undo_then_closing_the_window_is_the_game_continue_brings_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seating = Seating("Coup d'État", 4, [PERSON, MEDIUM, MEDIUM, MEDIUM])
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, 39)
        table = person.start(seating)
        person.play_until(lambda: a_card_that_ended_a_trick_taken_back(app), limit_seconds=120)
        before = len(table.session.match.turns)
        person.click_button("Undo")
        person.frames(5)
        undone = table.session.match.decisions
        assert len(undone) < before and table.controller.human_to_act() == 0
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
        for _ in range(50):
            if not app.running:
                break
            person.frame()
        assert not app.running, "the window closes"
    with shipped_app(tmp_path, monkeypatch) as app:
        again = continued(Person(app, 40))
        assert again.session.match.decisions == undone, "the position taken back to"
        assert again.controller.human_to_act() == 0


def test_the_back_of_a_lesson_never_touches_the_autosave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson has no autosave: its moves and its Back leave the game in progress as it
    was, for Continue."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    game = GameSession.new("coup-detat", {"players": 3, "short_game": True},
                           [Seat("Ada", "human"), Seat("Blaise"), Seat("Colette")], seed=8,
                           autosave_path=paths.autosave_path())
    game.close()
    kept = {path.name: path.read_bytes() for path in tmp_path.glob("**/autosave*.json")}
    with shipped_app(tmp_path, monkeypatch) as app:
        learner = Learner(app, 3)
        learner.frames(3)
        learner.click_button("Learn to play")
        learner.click_button("Coup d'État")
        table = table_of(app) if isinstance(app.scene, TableScene) else app.scenes[-2]
        assert isinstance(table, TableScene) and table.controller.lesson is not None
        lesson = table.controller.lesson
        learner.play_until(lambda: lesson.person_decisions() >= 1, limit_seconds=60)
        learner.frames(5)
        assert table.coach is not None
        learner.click(table.coach.buttons["back"].center)  # drawn by the coach's panel
        learner.frames(5)
        assert lesson.person_decisions() == 0, "Back took the move back"
        assert {path.name: path.read_bytes()
                for path in tmp_path.glob("**/autosave*.json")} == kept
