"""Leaving a game in a real window (issue 39), under Xvfb, every click and key real X input
(xdotool), as in tests/test_real_window.py, at the shipped settings (only the clock is
faster): New game keeps the game it takes Continue's place from, and Load brings it
back; the game over comes back after Esc with a key and with a click; a real
double-click on the pass screen's Menu opens the menu and leaves nothing; Esc on the
Title screen asks before quitting.

Needs Xvfb and xdotool; where they cannot be had, the tests are skipped and say why.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest
from player_kit import Person, Sending, shipped_app
from test_real_window import GAMES, XHands, real_window, x_display  # noqa: F401 (fixtures)
from test_ui_leaving import (
    GAME_OVER_WORDS,
    INQUISITOR,
    choose_save,
    decisions_in,
    kept_games,
    leave_the_table,
    offered,
    pass_screen_of_two_persons,
    wait_for,
)

from game.system import paths
from game.ui.scenes.files import LoadScene
from game.ui.scenes.leave_game import LeaveGameDialog
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.title import QuitDialog, TitleScene
from game.ui.table.scene import TableScene

DOUBLE_CLICK_MS = "150"  # between a double-click's two clicks (SDL counts up to 500 ms)
READING_SECONDS = 0.6  # a question read before it is answered: more than a double-click's


def read_the_question(person: Person) -> None:
    """The person reads the question a click of his has just opened before he answers it
    (a click sooner, near the first, would be the second click of a double-click, which
    the window drops: it cannot have been aimed at the question)."""
    until = time.perf_counter() + READING_SECONDS
    while time.perf_counter() < until:
        person.frame()


class DoubleClickingHands(XHands):
    def double_click(self) -> Sending:
        """Two clicks where the pointer is, a moment apart: a double-click, as SDL counts."""
        return self._later("click", "--repeat", "2", "--delay", DOUBLE_CLICK_MS, "1")


def test_new_game_keeps_the_game_in_progress_and_load_brings_it_back(
        real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(2)
    with shipped_app(tmp_path, monkeypatch) as app:
        assert pygame.display.get_driver() == "x11"
        person = Person(app, seed=2, hands=XHands(real_window))
        table = person.start(INQUISITOR)
        person.play_until(lambda: person.decisions >= 2 and table.session.to_act == 0
                          and Person.table_waits_for_the_person(table))
        leave_the_table(person)
        left = decisions_in(paths.autosave_path())
        person.click_button("New game")
        person.click_button("Start")
        asked = app.scene
        assert isinstance(asked, LeaveGameDialog), f"Start led to {person.where()}"
        read_the_question(person)
        person.click_button("Start")  # the question's: keep the game left, start the new one
        assert isinstance(app.scene, TableScene), person.where()
        [kept] = kept_games()
        assert kept.title == asked.kept_as and kept.title.startswith("Game left on ")
        person.press(pygame.K_ESCAPE)
        person.click_button("Load")
        assert isinstance(app.scene, LoadScene)
        choose_save(person, lambda entry: entry.title == kept.title)
        person.click_button("Load")
        assert isinstance(app.scene, LeaveGameDialog), "the new game is left in its turn"
        read_the_question(person)
        person.click_button("Load")
        back = app.scene
        assert isinstance(back, TableScene), person.where()
        again = list(back.session.match.decisions)  # (its computer may have moved since)
        assert again[:len(left)] == left, "Load brought the old game back"


def test_the_game_over_comes_back_after_esc_with_a_key_and_with_a_click(
        real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(2)  # (a short game)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=2, hands=XHands(real_window))
        table = person.start(GAMES["coup-inquisitor"])
        over = type(person.play_to_the_end())
        felt = table.layout.felt
        for bring_back in (lambda: person.press(pygame.K_RETURN),
                           lambda: person.click((felt.left + 12, felt.top + 12)),
                           lambda: person.click_widget(offered(person, table))):
            person.press(pygame.K_ESCAPE)
            assert app.scene is table, person.where()
            offered(person, table)
            assert table.message() == GAME_OVER_WORDS
            bring_back()
            assert isinstance(app.scene, over), person.where()
        person.click_button("Replay this deal")
        replayed = app.scene
        assert isinstance(replayed, TableScene) and replayed is not table, person.where()
        assert not replayed.session.over


def test_a_real_double_click_on_the_pass_screens_menu_opens_the_menu_and_no_more(
        real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(8)
    with shipped_app(tmp_path, monkeypatch) as app:
        hands = DoubleClickingHands(real_window)
        person = Person(app, seed=8, hands=hands)
        pass_screen = pass_screen_of_two_persons(person)
        menu = next(button for button in pass_screen.actions if button.text == "Menu")
        at = menu.rect.center
        for sending in (hands.move(at), hands.double_click()):
            while sending() or pygame.event.peek():
                person.frame()
        person.frames(10)
        assert isinstance(app.scene, PauseMenu), f"the double-click led to {person.where()}"
        leave = next(button for button in app.scene.actions if button.text == "Leave the table")
        assert leave.rect.collidepoint(at), "the second click fell on Leave the table"
        person.click_button("Resume")
        assert app.scene is pass_screen


def test_esc_on_the_title_asks_before_quitting(
        real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=1, hands=XHands(real_window))
        wait_for(person, lambda: isinstance(app.scene, TitleScene) and app.stats.frame_seconds,
                 "the Title screen")
        person.press(pygame.K_ESCAPE)
        assert isinstance(app.scene, QuitDialog) and app.running
        person.press(pygame.K_ESCAPE)
        assert isinstance(app.scene, TitleScene) and app.running
        person.press(pygame.K_ESCAPE)
        person.click_button("Quit")
        assert not app.running
