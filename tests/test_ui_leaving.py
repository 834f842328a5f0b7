"""Nothing a player has is lost on the way out of a game (issue 39), as players run the
window: the shipped settings, the window's own loop, clicks and keys (tests/player_kit.py);
only the clock is faster.

- New game asks before its game takes Continue's place from a game in progress, and keeps
  that one in the saves ("Game left on…"), as Load does; so does playing a finished game
  again when the game at the table was loaded finished and the autosave holds another.
  A game over, played here, is played again or followed by New game without a question.
- The game over screen comes back after Esc, in every game, at two tables and at the end
  of a lesson: Enter, a click on the table, the table's Results and the menu's Results
  bring it back, and the line over the table says how, until the table is left.
- Load asks nothing about a lesson (finished or not): the game it would take the place of
  is the autosave's, kept if it is unfinished.
- The second click of a double-click on the pass screen's Menu does not fall on the
  menu's Leave the table.
- Esc on the Title screen asks before quitting, and says that a game in progress is safe.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pygame
import pytest
from player_kit import Person, Seating, shipped_app
from pygame_gui.elements import UIButton, UISelectionList
from test_lessons import Learner
from test_real_window import GAMES, PERSON
from ui_kit import finished_match

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.engine.saves import Seat
from game.games import get_game, get_ruleset
from game.games.coup_detat.table.results import GameOverScene, MatchOverScene
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.system import paths
from game.system.files import write_atomically
from game.ui.in_progress import InProgress, keep_in_saves, kept_name
from game.ui.saved_games import resume
from game.ui.scenes.files import LoadScene
from game.ui.scenes.leave_game import LeaveGameDialog
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.save_list import describe
from game.ui.scenes.title import QuitDialog, TitleScene
from game.ui.table.coach import LessonOver
from game.ui.table.controls import OfferText
from game.ui.table.ending import LAST_WORDS, RESULTS
from game.ui.table.overlays import GameOverOverlay
from game.ui.table.scene import TableScene

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
IN_PROGRESS = SAMPLES / "coup-in-progress-4-players.json"  # the 1966 game, unfinished
COMPLETE = SAMPLES / "complete-game-4-players.json"  # the 1966 game, finished
SHORT = SAMPLES / "short-game-3-players.json"  # three persons, unfinished
INQUISITOR = GAMES["coup-inquisitor"]  # the quickest game: two players, one round
GAME_OVER_WORDS = "The game is over: press Enter, or click the table, for the results."
LESSON_OVER_WORDS = "The lesson is over: press Enter, or click the table, for its last words."


def autosave(source: Path) -> None:
    """The sample as the game in progress, autosaved as the game does."""
    write_atomically(paths.autosave_path(), source.read_text(), keep=paths.PREVIOUS_AUTOSAVES)


def decisions_in(path: Path) -> list[object]:
    saved = saves.read(path, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame)
    return list(saved.match.decisions)


def kept_games() -> list[save_index.SaveEntry]:
    """The player's own saves (not the samples)."""
    return save_index.list_saves([(paths.saves_dir(), False)])


def wait_for(person: Person, done: Callable[[], bool], what: str, seconds: float = 10.0) -> None:
    """Frames of the window's loop until `done()`, for `seconds` of the wall clock at most."""
    deadline = time.perf_counter() + seconds
    while not done():
        assert time.perf_counter() < deadline, f"{what} never came ({person.where()})"
        person.frame()


def leave_the_table(person: Person) -> None:
    """Esc, then the menu's Leave the table: back to the Title screen."""
    person.press(pygame.K_ESCAPE)
    assert isinstance(person.app.scene, PauseMenu), person.where()
    person.click_button("Leave the table")
    assert isinstance(person.app.scene, TitleScene), person.where()


def choose_save(person: Person, chosen: Callable[[save_index.SaveEntry], bool]) -> None:
    """On the Load screen, click the row of the save `chosen` picks."""
    scene = person.app.scene
    assert isinstance(scene, LoadScene), person.where()
    entry = next(entry for entry in scene.entries if chosen(entry))
    listing = scene.list
    assert isinstance(listing, UISelectionList)
    item = next(item for item in listing.item_list if item["text"] == describe(entry))
    row = item["button_element"]
    if not item["selected"]:  # (a click on the save chosen would put it down)
        person.click(row.rect.center, row)


def load_sample(person: Person, sample: Path) -> None:
    """Load, from the screen on top (the Title, or a table's menu), a sample game."""
    person.click_button("Load")
    choose_save(person, lambda entry: entry.path == paths.sample_saves_dir() / sample.name)
    person.click_button("Load")


# 2. New game keeps the game it takes Continue's place from. ----------------------------------

def test_new_game_asks_before_it_takes_continues_place_and_keeps_the_game_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(2)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=2)
        table = person.start(INQUISITOR)
        person.play_until(lambda: person.decisions >= 2 and table.session.to_act == 0
                          and Person.table_waits_for_the_person(table))
        played = list(table.session.match.decisions)
        leave_the_table(person)
        left = decisions_in(paths.autosave_path())  # as far as the last turn ended
        assert left == played[:len(left)] and len(left) > len(played) // 2
        assert person.enabled("Continue")
        person.click_button("New game")
        person.click_button("Start")
        asked = app.scene
        assert isinstance(asked, LeaveGameDialog), f"Start led to {person.where()}"
        assert asked.title == "Leave the game in progress?"
        assert asked.lines == [f"Your unfinished game will be kept in your saves as "
                               f"“{asked.kept_as}”, where Load finds it.",
                               "Continue will then carry on the new game."]
        person.click_button("Cancel")
        assert isinstance(app.scene, NewGameScene) and kept_games() == []
        assert decisions_in(paths.autosave_path()) == left, "Cancel changes nothing"
        person.click_button("Start")
        asked = app.scene
        assert isinstance(asked, LeaveGameDialog)
        person.click_button("Start")  # the question's own
        new = app.scene
        assert isinstance(new, TableScene) and new.session.match.decisions != left
        [kept] = kept_games()
        assert kept.title == asked.kept_as and kept.title.startswith("Game left on ")
        assert decisions_in(kept.path) == left
        assert not kept.over


def test_new_game_at_two_tables_keeps_the_game_left_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=6)
        autosave(IN_PROGRESS)
        person.frames(3)
        person.click_button("New game")
        form = app.scene
        assert isinstance(form, NewGameScene)
        person.choose(form.game_menu, "Coup d'État")
        person.choose(form.players_menu, "6 players")
        assert form.split is not None
        person.click_button("Start")
        assert isinstance(app.scene, LeaveGameDialog), person.where()
        person.click_button("Start")
        wait_for(person, lambda: isinstance(app.scene, TableScene | PassDeviceScene),
                 "the two tables")
        [kept] = kept_games()
        assert decisions_in(kept.path) == decisions_in(IN_PROGRESS)
        autosaved = saves.read(paths.autosave_path(), catalogue=CATALOGUE)
        assert isinstance(autosaved, saves.SavedTables), "Continue carries on the new match"


def test_new_game_after_a_game_played_to_its_end_asks_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Replay this deal and Same players, new deal, after a game played here, ask nothing
    either: the tests of the game over below play on from it.)"""
    random.seed(4)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=4)
        person.start(INQUISITOR)
        person.play_to_the_end()
        person.click_button("New game")
        person.click_button("Start")
        assert isinstance(app.scene, TableScene), f"asked: {person.where()}"
        assert kept_games() == [], "a finished game is never kept as a game left"


def test_replaying_a_finished_game_loaded_keeps_the_game_in_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Looking at a finished game takes no autosave: Continue still carries on the game in
    progress, which playing the finished one again would take the place of."""
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=1)
        autosave(IN_PROGRESS)
        person.frames(3)
        load_sample(person, COMPLETE)
        wait_for(person, lambda: isinstance(app.scene, GameOverScene), "the game over")
        person.click_button("Replay this deal")
        assert isinstance(app.scene, LeaveGameDialog), f"not asked: {person.where()}"
        person.click_button("Start")
        wait_for(person, lambda: isinstance(app.scene, TableScene | PassDeviceScene),
                 "the game replayed")
        [kept] = kept_games()
        assert decisions_in(kept.path) == decisions_in(IN_PROGRESS)


def test_two_games_left_in_one_minute_are_kept_under_two_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    moment = datetime(2026, 5, 3, 14, 5)
    game = InProgress(saves.read(IN_PROGRESS, catalogue=CATALOGUE).match, ())
    assert kept_name(moment) == "Game left on 3 May at 14:05"
    keep_in_saves(game, kept_name(moment))
    assert kept_name(moment) == "Game left on 3 May at 14:05 (2)"
    keep_in_saves(game, kept_name(moment))
    assert sorted(entry.title for entry in kept_games()) == [
        "Game left on 3 May at 14:05", "Game left on 3 May at 14:05 (2)"]


# 5. The results come back after Esc until the table is left. ---------------------------------

def offered(person: Person, table: TableScene) -> UIButton:
    """The table's offer of its results, once the line over the table says how."""
    words = LESSON_OVER_WORDS if table.coach is not None else GAME_OVER_WORDS
    wait_for(person, lambda: table.message() == words, "the line over the final table")
    offer = table.buttons.offer
    assert offer is not None, "no Results on the final table"
    [button] = offer.buttons
    person.sees(button)
    return button


def results_come_back(person: Person, table: TableScene, shown: type,
                      text: OfferText = RESULTS) -> None:
    """Esc on the end of the game looks at the final table; Enter, a click on the table,
    the table's Results and the menu's Results each bring the end back."""
    app = person.app
    assert isinstance(app.scene, shown)
    felt = table.layout.felt
    ways: list[tuple[str, Callable[[], None]]] = [
        ("Enter", lambda: person.press(pygame.K_RETURN)),
        ("a click on the table", lambda: person.click((felt.left + 12, felt.top + 12))),
        (f"the table's {text.label}", lambda: person.click_widget(offered(person, table))),
        ("the menu's Results", lambda: (person.press(pygame.K_ESCAPE),
                                        person.click_button("Results"))),
    ]
    for way, bring_back in ways:
        person.press(pygame.K_ESCAPE)
        assert app.scene is table, f"Esc led to {person.where()}"
        button = offered(person, table)
        assert button.text == text.label and table.buttons.offer.text == text  # type: ignore[union-attr]
        side = table.buttons.side
        assert side is not None and not side.hint.is_enabled, "a hint offered after the end"
        bring_back()
        assert isinstance(app.scene, shown), f"{way} did not bring the end back: {person.where()}"
        assert table.message() not in (GAME_OVER_WORDS, LESSON_OVER_WORDS), \
            "the line of the final table drawn under its results"


def finished_game(ruleset_id: str, path: Path, seed: int = 3) -> Path:
    """A whole game of random legal decisions by two players, saved at `path`."""
    ruleset = get_ruleset(ruleset_id)
    match = Match(ruleset, ruleset.parse_options({"players": 2}),
                  chance=seeded_chance(ruleset, seed))
    choose = random.Random(seed)
    while not match.pending.over:
        match.submit(choose.choice(match.legal()))
    saves.write(path, match, [Seat("Anna", "human"), Seat("Bruno", "computer", "medium")])
    return path


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
def test_the_game_over_comes_back_after_esc_and_its_buttons_still_work(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game played to its end; Replay this deal after it asks nothing."""
    random.seed(len(ruleset))
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=len(ruleset))
        table = person.start(GAMES[ruleset])
        over = person.play_to_the_end()
        results_come_back(person, table, type(over))
        person.click_button("Replay this deal")
        replayed = app.scene
        assert isinstance(replayed, TableScene) and replayed is not table, person.where()
        assert not replayed.session.over and replayed.session.ruleset.id == ruleset


@pytest.mark.parametrize("ruleset", ["coup-detat", "coup-detat-duel"])
def test_the_game_over_of_a_finished_game_loaded_comes_back_after_esc(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Its games take long to play to their end: loaded finished, from Load.)"""
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=2)
        person.frames(3)
        if ruleset == "coup-detat":
            load_sample(person, COMPLETE)
        else:
            finished_game(ruleset, paths.saves_dir() / "finished.json")
            person.click_button("Load")
            choose_save(person, lambda entry: entry.path.name == "finished.json")
            person.click_button("Load")
        wait_for(person, lambda: isinstance(app.scene, GameOverOverlay), "the game over")
        over, table = app.scene, app.scenes[0]
        assert isinstance(table, TableScene) and table.session.ruleset.id == ruleset
        results_come_back(person, table, type(over))
        person.click_button("Same players, new deal")
        wait_for(person, lambda: isinstance(app.scene, TableScene | PassDeviceScene),
                 "the new game")


def test_the_standings_of_two_tables_come_back_after_esc(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=5)
        path = tmp_path / "finished.json"
        finished_match(path, ("Anna", "Bruno", "Chloé", "Denis", "Elsa", "Félix"))
        person.frames(3)
        assert resume(app, path) is None
        wait_for(person, lambda: isinstance(app.scene, MatchOverScene), "the standings")
        table = app.scenes[0]
        assert isinstance(table, TableScene) and table.tables is not None
        results_come_back(person, table, MatchOverScene)
        person.click_button("Same players, new deal")
        wait_for(person, lambda: isinstance(app.scene, TableScene | PassDeviceScene),
                 "the new match")
        assert isinstance(app.scenes[0], TableScene) and app.scenes[0].tables is not None
        assert not app.scenes[0].tables.session.over


def open_a_lesson(person: Person, game_id: str = "coup") -> TableScene:
    person.frames(3)
    person.click_button("Learn to play")
    person.click_button(get_game(game_id).title)
    table = person.app.scenes[0]
    assert isinstance(table, TableScene) and table.coach is not None
    return table


@pytest.mark.parametrize("lesson", ["coup-detat", "coup"])  # ending before its game, with it
def test_the_coachs_last_words_come_back_after_esc(
        lesson: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        learner = Learner(app, 3)
        table = open_a_lesson(learner, lesson)
        learner.play_until(lambda: isinstance(app.scene, LessonOver), limit_seconds=120)
        results_come_back(learner, table, LessonOver, LAST_WORDS)
        learner.click_button("Title screen")
        assert isinstance(app.scene, TitleScene)


# 14. Load asks nothing of a lesson; a double-click; Esc on the Title screen. -----------------

def test_loading_from_a_finished_lesson_asks_nothing_and_keeps_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        learner = Learner(app, 3)
        open_a_lesson(learner, "coup-detat")  # (its lesson ends before its game)
        learner.play_until(lambda: isinstance(app.scene, LessonOver), limit_seconds=120)
        learner.press(pygame.K_ESCAPE)
        learner.press(pygame.K_ESCAPE)
        assert isinstance(app.scene, PauseMenu)
        load_sample(learner, SHORT)
        assert not isinstance(app.scene, LeaveGameDialog), "asked about the lesson"
        assert isinstance(app.scene, PassDeviceScene | TableScene), learner.where()
        assert kept_games() == [], "the lesson kept as a game left"


def test_loading_from_a_lesson_keeps_the_game_continue_carries_on_not_the_lesson(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=3)
        autosave(IN_PROGRESS)
        open_a_lesson(person)
        person.click_button("Continue")  # the lesson's first words
        person.press(pygame.K_ESCAPE)
        load_sample(person, SHORT)
        assert isinstance(app.scene, LeaveGameDialog), person.where()
        person.click_button("Load")
        [kept] = kept_games()
        assert decisions_in(kept.path) == decisions_in(IN_PROGRESS)


def test_a_game_loaded_from_a_tables_menu_takes_the_autosave_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table left lets go of the autosave before the game loaded takes it: no
    "another window keeps the autosave" over the new table, not even for a moment."""
    random.seed(4)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=4)
        table = person.start(INQUISITOR)
        person.play_until(lambda: person.decisions >= 1
                          and Person.table_waits_for_the_person(table))
        person.press(pygame.K_ESCAPE)
        load_sample(person, IN_PROGRESS)
        assert isinstance(app.scene, LeaveGameDialog), person.where()
        person.click_button("Load")
        loaded = next(scene for scene in app.scenes if isinstance(scene, TableScene))
        assert loaded is not table and loaded.session.autosave is not None
        assert loaded.session.autosave.settled(timeout=10) is None
        assert decisions_in(paths.autosave_path()) == decisions_in(IN_PROGRESS)


def pass_screen_of_two_persons(person: Person) -> PassDeviceScene:
    """A game of two persons at their pass screen, its Menu button ready to click."""
    person.start(Seating("Coup with the Inquisitor", 2, [PERSON, PERSON]))
    wait_for(person, lambda: isinstance(person.app.scene, PassDeviceScene), "the pass screen")
    return person.app.scene  # type: ignore[return-value]


def post_click(at: tuple[int, int], clicks: int) -> None:
    """A click as SDL reports it: `clicks` counts the clicks of a double-click."""
    pygame.mouse.set_pos(at)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1, clicks=clicks,
                                             touch=False))


def test_the_second_click_of_a_double_click_on_the_pass_screens_menu_stays_off_the_menu(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(8)
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=8)
        pass_screen = pass_screen_of_two_persons(person)
        menu = next(button for button in pass_screen.actions if button.text == "Menu")
        at = menu.rect.center
        leave = None
        person.hands.move(at)
        person.frames(2)
        post_click(at, 1)
        wait_for(person, lambda: isinstance(app.scene, PauseMenu), "the menu")
        leave = next(button for button in app.scene.actions if button.text == "Leave the table")
        assert leave.rect.collidepoint(at), "the menu's Leave the table is under the pointer"
        post_click(at, 2)  # the second click of the double-click, a moment later
        person.frames(5)
        assert isinstance(app.scene, PauseMenu), f"the second click led to {person.where()}"
        post_click(at, 1)  # a click of its own, once the menu is seen, counts
        person.frames(5)
        assert isinstance(app.scene, TitleScene)


def test_esc_on_the_title_asks_before_quitting_and_says_the_game_in_progress_is_safe(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        person = Person(app, seed=1)
        person.frames(3)
        person.press(pygame.K_ESCAPE)
        asked = app.scene
        assert isinstance(asked, QuitDialog) and app.running, "Esc quit at once"
        assert asked.title == "Quit Coup d'État?"
        assert asked.lines == ["Stay, or Esc, keeps the window open."]
        person.press(pygame.K_ESCAPE)
        assert isinstance(app.scene, TitleScene) and app.running
        autosave(IN_PROGRESS)
        person.press(pygame.K_ESCAPE)
        assert app.scene.lines == [  # type: ignore[attr-defined]
            "Your game in progress is safe: Continue carries it on next time.",
            "Stay, or Esc, keeps the window open."]
        person.click_button("Stay")
        assert isinstance(app.scene, TitleScene) and app.running
        person.press(pygame.K_ESCAPE)
        person.press(pygame.K_RETURN)  # the keyboard is on Quit
        assert not app.running
