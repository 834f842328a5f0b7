"""Learn to play: each lesson played to its end as a player runs it (the shipped settings,
the window's own loop, from the Title screen by clicks and keys; only the clock is
faster), the person making the move the coach names, the coach's frame on it. And the
lesson itself on the rules: its record replays, and a move it does not want is refused
with the coach's reason while the game stands still.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from player_kit import Person, shipped_app
from pygame import Rect

from game.games import get_game
from game.games.coup.table.picker import CardPicker
from game.services import stats
from game.services.lessons import LEFT_THE_RECORD, Lesson, LessonGame, chances, lesson_of, same
from game.services.table.coaching import departure_words
from game.system import paths
from game.ui import text
from game.ui.scenes.lessons import LessonsMenu
from game.ui.scenes.title import TitleScene
from game.ui.table.coach import (
    MIN_TEXT,
    LessonOver,
    fitted_words,
    lessons,
    target_rect,
    words_room,
)
from game.ui.table.layout import hand_for, table_layout, with_coach
from game.ui.table.overlays import ResultOverlay
from game.ui.table.scene import TableScene


class Learner(Person):
    """A person who does what the coach says, and checks that the coach points at it."""

    pointed = 0  # decisions made where the coach's frame was on the thing to press

    @staticmethod
    def _frames(table: TableScene) -> dict[str, Rect | None]:
        lesson = table.controller.lesson
        assert lesson is not None
        coach = lesson.coach()
        assert lesson.expected() is not None and coach is not None, "the coach says nothing"
        return {name: target_rect(table.felt, table.buttons.decisions, name)
                for name in coach.points_at}

    def _card_or_button(self, table: TableScene, legal: Sequence[Any], by_key: bool) -> None:
        lesson = table.controller.lesson
        assert lesson is not None
        wanted = lesson.expected()
        named = self._frames(table)
        frames = list(named.values())
        card = getattr(wanted, "card", None)
        if card is not None:
            assert all(frames), f"the coach points at nothing: {named}"
            spot = self.card_spot(table, card)
            self.pointed += any(frame.collidepoint(spot) for frame in frames)  # type: ignore[union-attr]
            self._play_card(table, card, by_key)
            return
        assert table.buttons.decisions is not None
        offered = table.buttons.decisions.buttons
        buttons = list(offered)
        index = next((at for at, button in enumerate(buttons) if offered[button] == wanted),
                     None)
        if index is None:  # an action against one of several players: its button, then whom
            index = next(at for at, button in enumerate(buttons)
                         if wanted in getattr(offered[button], "choices", ()))
            on = buttons[index].get_abs_rect() in frames
            self._press_one_of(table, by_key, index)
            offered = table.buttons.decisions.buttons
            buttons = list(offered)
            index = next(at for at, button in enumerate(buttons) if offered[button] == wanted)
            after = self._frames(table)
            assert all(named[name] or after[name] for name in named), \
                f"the coach points at nothing: {after}"
            self.pointed += on and buttons[index].get_abs_rect() in after.values()
        else:
            assert all(frames), f"the coach points at nothing: {named}"
            self.pointed += buttons[index].get_abs_rect() in frames
        self._press_one_of(table, by_key, index)

    def _pick_in_panel(self, picker: CardPicker, cards: Sequence[Any], by_key: bool) -> None:
        """The exchange: the cards the lesson keeps, then Keep these."""
        table = self.app.scene
        assert isinstance(table, TableScene) and table.controller.lesson is not None
        wanted = table.controller.lesson.expected()
        named = self._frames(table)
        assert all(named.values()), f"the coach points at nothing: {named}"
        self.pointed += picker.done.get_abs_rect() in named.values()
        super()._pick_in_panel(picker, wanted.cards, by_key)  # type: ignore[union-attr]

    def _pick_in_hand(self, table: TableScene, cards: Sequence[Any], by_key: bool) -> None:
        """The exchange made in the hand (the game for two): the cards the lesson sets
        aside, the coach's frames on them and on Set aside and draw."""
        assert table.controller.lesson is not None and table.buttons.decisions is not None
        wanted = table.controller.lesson.expected()
        named = self._frames(table)
        frames = list(named.values())
        assert all(frames), f"the coach points at nothing: {named}"
        picked = list(wanted.cards)  # type: ignore[union-attr]
        confirm = next(button for button in table.buttons.decisions.buttons
                       if button.text == "Set aside and draw")
        on_cards = all(any(frame.collidepoint(self.card_spot(table, card))  # type: ignore[union-attr]
                           for frame in frames) for card in picked)
        self.pointed += on_cards and confirm.get_abs_rect() in frames
        super()._pick_in_hand(table, picked, by_key)


@pytest.mark.parametrize("game_id", lessons())
def test_a_lesson_is_played_to_its_end_from_the_title_screen(
        game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        learner = Learner(app, 3)
        learner.frames(3)
        learner.click_button("Learn to play")
        learner.click_button(get_game(game_id).title)
        learner.play_until(lambda: isinstance(app.scene, LessonOver), limit_seconds=240)
        lesson = app.scene.table.lesson
        assert lesson is not None and lesson.over and lesson.on_script
        steps = len(lesson.lesson.steps)
        assert learner.decisions == lesson.person_decisions() == steps
        assert learner.pointed == steps, "the coach's frame was not on what he named"
        assert app.settings.animation_speed == "normal"
        assert not paths.autosave_path().exists(), "a lesson never touches the autosave"
        assert stats.load().get(game_id).played == 0, "a lesson is not counted"
        learner.click_button("Title screen")


@pytest.mark.parametrize("game_id", lessons())
def test_a_move_the_lesson_does_not_want_is_refused_with_the_coachs_reason(
        game_id: str) -> None:
    game = LessonGame(lesson_of(game_id))
    while game.coach() is None or not game.coach().wants:  # type: ignore[union-attr]
        seat = game.match.pending.seat
        assert seat is not None
        game.match.submit(game.player(seat).decide(game.match.view(seat), game.match.legal()))
    other = next(decision for decision in game.match.legal() if decision != game.expected())
    before = len(game.match.turns)
    assert game.refusal(other) and game.refusal(game.expected()) is None
    assert len(game.match.turns) == before and game.on_script


@pytest.mark.parametrize("game_id", lessons())
def test_the_lesson_replays_its_record_to_its_end_with_a_word_for_each_step(
        game_id: str) -> None:
    lesson = lesson_of(game_id)
    game = LessonGame(lesson)
    said = 0
    while not game.over:
        seat = game.match.pending.seat
        assert seat is not None
        if seat == lesson.person:
            said += game.coach() is not None
            game.match.submit(game.expected())
        else:
            game.match.submit(game.player(seat).decide(game.match.view(seat),
                                                       game.match.legal()))
    assert game.on_script and said == len(lesson.steps) == game.person_decisions()


def test_leaving_the_record_lets_the_game_go_on_with_the_computers_at_medium() -> None:
    lesson = lesson_of("coup-detat")
    game = LessonGame(lesson, seed=1)
    while game.match.pending.seat != lesson.person:
        seat = game.match.pending.seat
        assert seat is not None
        game.match.submit(game.player(seat).decide(game.match.view(seat), game.match.legal()))
    other = next(d for d in game.match.legal() if d != game.expected())
    game.match.submit(other)  # as a lesson that does not want its move would let him
    assert not game.on_script and game.expected() is None and game.coach() is None
    left_at = len(game.match.turns)
    for _ in range(12):  # the person plays on too (his first legal move each time)
        seat = game.match.pending.seat
        assert seat is not None
        chosen = game.match.legal()[0] if seat == lesson.person else \
            game.player(seat).decide(game.match.view(seat), game.match.legal())
        game.match.submit(chosen)
    computers = {turn.seat for turn in game.match.turns[left_at:]} - {lesson.person, None}
    assert computers, "the computers played on off the record"
    assert game.coach() is None and not game.on_script


def run_program(*arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COUP_DETAT_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "COUP_DETAT_TIME_SCALE": "40"}
    return subprocess.run([sys.executable, "-m", "game", *arguments], env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_lesson_plays_itself_to_its_end_from_the_command_line(tmp_path: Path) -> None:
    done = run_program("--autoplay", "--lesson", "coup-detat", "--until-over",
                       "--frames", "100000", "--screenshot", str(tmp_path / "end.png"),
                       home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "end.png").exists() and not list(tmp_path.rglob("autosave*.json"))


@pytest.mark.parametrize("arguments", [["--lesson", "coup-detat", "--players", "3"],
                                       ["--lesson", "no-such-game"]])
def test_a_lesson_asked_for_wrongly_is_refused_in_a_line(arguments: list[str],
                                                         tmp_path: Path) -> None:
    done = run_program(*arguments, home=tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "--lesson" in done.stderr


def test_an_exchange_is_the_lessons_whatever_order_its_cards_were_picked_in() -> None:
    lesson = lesson_of("coup-detat-duel")
    game = LessonGame(lesson)
    while not hasattr(game.expected(), "cards") or game.match.pending.seat != lesson.person:
        seat = game.match.pending.seat
        assert seat is not None and len(game.match.turns) < len(game.script)
        chosen = game.expected() if seat == lesson.person else \
            game.player(seat).decide(game.match.view(seat), game.match.legal())
        game.match.submit(chosen)
    wanted = game.expected()
    assert len(wanted.cards) > 1  # type: ignore[union-attr]
    turned = replace(wanted, cards=tuple(reversed(wanted.cards)))  # type: ignore[union-attr, type-var]
    assert turned != wanted and same(turned, wanted) and game.refusal(turned) is None


def first_free_step(lesson: Lesson) -> int:
    """The person's decision (from 0) the lesson lets him choose himself."""
    return next(number for number, coach in sorted(lesson.steps.items()) if not coach.wants)


def play_to_the_persons_decision(game: LessonGame, number: int) -> None:
    """The record played (the person's recorded moves too) up to his `number`-th decision."""
    while not (game.to_act() and game.person_decisions() == number):
        seat = game.match.pending.seat
        assert seat is not None and game.on_script
        game.match.submit(game.player(seat).decide(game.match.view(seat), game.match.legal()))


def every_word_of_the_coach(game_id: str) -> list[str]:
    """What the coach of a lesson may say: each step's words, and after each other move
    the person may make at the lesson's free step, his words on it."""
    lesson = lesson_of(game_id)
    said = [coach.says for coach in lesson.steps.values()]
    game = LessonGame(lesson, seed=3)
    play_to_the_persons_decision(game, first_free_step(lesson))
    wanted = game.expected()
    for other in game.match.legal():
        if same(other, wanted) or game.refusal(other) is not None:
            continue
        game.match.submit(other)
        said.append(departure_words(game, lesson.names) or "")
        assert game.match.undo(lesson.person)
    return said


@pytest.mark.parametrize("size", [(960, 600), (1100, 650), (1280, 800)])
@pytest.mark.parametrize("game_id", lessons())
def test_every_word_of_the_coach_fits_his_panel(game_id: str, size: tuple[int, int]) -> None:
    pygame.font.init()
    lesson = lesson_of(game_id)
    players = len(lesson.names)
    layout, panel = with_coach(table_layout(size, players, hand_for(game_id, players)))
    room = words_room(panel, layout.scale)
    for says in every_word_of_the_coach(game_id):
        letters, lines = fitted_words(says, room, layout.scale)
        assert letters >= MIN_TEXT
        assert len(lines) * text.font(letters).get_linesize() <= room.height, \
            f"at {size} the coach's words run over his buttons: {says!r}"


@pytest.mark.parametrize("game_id", lessons())
def test_each_lesson_lets_one_move_be_chosen_freely_and_says_what_another_meant(
        game_id: str) -> None:
    lesson = lesson_of(game_id)
    game = LessonGame(lesson, seed=3)
    free = first_free_step(lesson)
    coach = lesson.steps[free]
    assert coach.why, "a move the person may choose has the coach's word on another"
    play_to_the_persons_decision(game, free)
    wanted = game.expected()
    other = next(decision for decision in game.match.legal() if not same(decision, wanted))
    assert game.refusal(other) is None, "the lesson lets him make another move here"
    before = game.match.state
    game.match.submit(other)
    assert game.departure() == (other, wanted, coach)
    assert game.state_departed_from() == before, "the coach speaks of the state he left"
    while not game.over:  # a normal game from here: Medium for everyone, the person too
        seat = game.match.pending.seat
        assert seat is not None and game.coach() is None
        game.match.submit(game.player(seat).decide(game.match.view(seat), game.match.legal()))
        assert game.departure() == (other, wanted, coach), "the departure stays on record"
    assert game.farewell()[0] == LEFT_THE_RECORD
    assert game.farewell()[1:] == (lesson.farewell_free or lesson.farewell)
    recorded = game.script[:lesson.ends_after]
    if recorded[-1].seat is None:  # the record ends on a deal: so does the free game
        assert chances(game.match.decisions) == chances(recorded)
        assert game.match.decisions[-1].seat is None and not game.match.pending.over
    else:
        assert game.match.pending.over


def test_back_to_the_record_undoes_the_departure_and_the_coach_speaks_again() -> None:
    lesson = lesson_of("coup-detat")
    game = LessonGame(lesson)
    free = first_free_step(lesson)
    play_to_the_persons_decision(game, free)
    other = next(d for d in game.match.legal() if d != game.expected())
    game.match.submit(other)
    while not game.to_act():  # the computers play on to his next turn, off the record
        seat = game.match.pending.seat
        assert seat is not None and game.departure() is not None
        game.match.submit(game.player(seat).decide(game.match.view(seat), game.match.legal()))
    assert game.match.undo(lesson.person)  # Back: his last move taken back
    assert game.on_script and game.departure() is None
    assert game.coach() is lesson.steps[free]


class Wanderer(Person):
    """A person who lets the coach play with Next, then makes his own move at the free
    step, then uses Back and Leave."""

    def next_by_the_coachs_button(self, table: TableScene) -> None:
        lesson, coach = table.controller.lesson, table.coach
        assert lesson is not None and coach is not None
        before, wanted = lesson.person_decisions(), lesson.expected()
        assert wanted is not None and coach.buttons, "the coach shows his buttons"
        if self.rng.random() < 0.5:
            self.click(coach.buttons["next"].center)
        else:
            self.press(pygame.K_n)
        self.until(lambda: lesson.person_decisions() > before, "Next made no move")
        move = next(turn for turn in reversed(lesson.match.turns)
                    if turn.seat == lesson.lesson.person)
        assert same(move.decision, wanted), "Next made the move the coach names"

    def until(self, done: Callable[[], bool], why: str, *, frames: int = 20000) -> None:
        for _ in range(frames):
            if done():
                return
            if isinstance(self.app.scene, ResultOverlay):
                self._continue()
            self.frame()
        pytest.fail(why)

    def waits(self, table: TableScene) -> bool:
        return self.app.scene is table and self.table_waits_for_the_person(table)

    def open_lesson(self, title: str) -> TableScene:
        """From the Title screen by clicks, past the lesson's welcome, to its table."""
        self.frames(3)
        self.click_button("Learn to play")
        self.click_button(title)
        self.until(lambda: isinstance(self.app.scene, TableScene), "no table")
        table = self.app.scene
        assert isinstance(table, TableScene) and table.controller.lesson is not None
        return table


def test_the_coachs_next_back_and_leave_buttons_at_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Wanderer(app, 11)
        table = person.open_lesson("Coup d'État")
        lesson, coach = table.controller.lesson, table.coach
        assert coach is not None
        free = first_free_step(lesson.lesson)
        while True:
            person.until(lambda: person.waits(table), "the person's turn never came")
            if lesson.person_decisions() == free:
                break
            person.next_by_the_coachs_button(table)
        wanted = lesson.expected()
        other = next(card for card in table.felt.playable_in_hand() if card != wanted.card)
        person.click(person.card_spot(table, other))
        person.until(lambda: not lesson.on_script, "his own card was not played")
        person.until(lambda: person.waits(table), "his next turn never came")
        words = coach.coaching.words()
        assert words is not None and "where the lesson suggested" in words[0]
        assert f"You went your own way, playing {other.label} where the lesson suggested " \
               f"playing {wanted.card.label}." in words[0], "a sentence, not button labels"
        assert lesson.lesson.steps[free].why in words[0]
        assert not coach._enabled()["next"], "off the record Next has nothing to make"
        person.click(coach.buttons["back"].center)
        person.until(lambda: lesson.on_script and person.waits(table), "Back did not go back")
        assert lesson.coach() is lesson.lesson.steps[free]
        person.next_by_the_coachs_button(table)
        person.until(lambda: person.waits(table), "the person's turn never came")
        person.click(coach.buttons["leave"].center)
        person.frames(3)
        assert isinstance(app.scene, LessonsMenu)
        assert not paths.autosave_path().exists(), "a lesson never touches the autosave"
        person.click_button("Back")
        person.frames(3)
        assert isinstance(app.scene, TitleScene), person.where()


def test_the_menu_leaves_a_lesson_for_the_list_of_lessons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Wanderer(app, 2)
        person.open_lesson("Coup")
        person.press(pygame.K_ESCAPE)
        person.click_button("Leave the lesson")
        person.frames(3)
        assert isinstance(app.scene, LessonsMenu) and isinstance(app.scenes[0], TitleScene)
        assert not paths.autosave_path().exists()
