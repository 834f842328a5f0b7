"""Save as… with a whole path, at the table at the shipped settings, by keys and clicks: a
file of the player's outside the saves folder is replaced only once he says so (the
question names it, and Enter, Escape and "Keep it" keep it; Tab then Enter, or "Replace
it", replace it); a path that cannot be saved at is refused on the dialog's line, never
with the crash screen."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest
from player_kit import shipped_app
from test_ui_layout_fits import clipped_widgets
from ui_kit import frames, press, press_button, remarks_of, type_over

from game.engine import saves
from game.engine.saves import Seat
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession
from game.system import paths
from game.ui import screens, text
from game.ui.app import App
from game.ui.scenes.common import lines_step
from game.ui.scenes.files import SaveDialog
from game.ui.table.scene import TableScene

NOTES = "my notes, not a game"
KEPT = "Nothing was replaced: type another name or path."


@contextmanager
def table_at(home: Path, monkeypatch: pytest.MonkeyPatch,
             size: tuple[int, int] | None = None) -> Iterator[App]:
    """The window at the shipped settings, at a table of a person and two computers."""
    with shipped_app(home, monkeypatch, size=size) as app:
        seats = [Seat("Ada", "human"), Seat("Blaise", "computer"), Seat("Colette", "computer")]
        session = GameSession.new("coup-detat", {"players": 3, "short_game": True}, seats,
                                  seed=5, autosave_path=paths.autosave_path(),
                                  on_thinking_done=app.wake)
        app.replace(TableScene(app, session, from_start=True))
        frames(app, 3)
        yield app


@pytest.fixture
def at_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with table_at(tmp_path / "home", monkeypatch) as app:
        yield app


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    """A file of the player's, outside the game's folders, whose name ends in .json."""
    folder = tmp_path / "me"
    folder.mkdir()
    file = folder / "notes.json"
    file.write_text(NOTES)
    return file


def save_as(app: App, typed: str) -> SaveDialog:
    """Ctrl+S at the table, the path typed over the name offered, then Enter."""
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.scene
    assert isinstance(dialog, SaveDialog)
    type_over(app, dialog.name, typed)
    press(app, pygame.K_RETURN)
    return dialog


def asked(app: App) -> Any:
    """The question over the Save dialog, asked before a file is replaced."""
    question = app.scene
    assert isinstance(question, screens.kind("replace_file")), \
        f"not asked: {type(question).__name__}"
    return question


def keyboard_on(question: Any) -> str:
    current = question.keyboard.current
    assert current is not None and current.is_selected, "the keyboard's button is shown"
    return str(getattr(current, "text", ""))


def back_in_the_dialog(app: App, dialog: SaveDialog, typed: str) -> None:
    assert app.scene is dialog and dialog.name is not None and dialog.message is not None
    assert dialog.name.get_text() == typed, "what was typed is still there"
    assert dialog.message.text == KEPT


def test_a_file_of_the_players_is_replaced_only_once_he_says_so_by_keys(
        at_the_table: App, notes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = at_the_table
    table = app.scenes[0]
    assert isinstance(table, TableScene)
    said = remarks_of(table, monkeypatch)  # (over the table for 3 s of its fast clock)
    dialog = save_as(app, str(notes))
    question = asked(app)
    assert question.lines[0] == f"There is already a file called “notes.json” in {notes.parent}."
    assert keyboard_on(question) == "Keep it", "the way that replaces nothing is the default"
    press(app, pygame.K_RETURN)
    back_in_the_dialog(app, dialog, str(notes))
    press(app, pygame.K_RETURN)  # the name box has the keyboard again: asked again
    asked(app)
    press(app, pygame.K_ESCAPE)
    back_in_the_dialog(app, dialog, str(notes))
    assert notes.read_text() == NOTES
    press(app, pygame.K_RETURN)
    question = asked(app)
    press(app, pygame.K_TAB)
    assert keyboard_on(question) == "Replace it"
    press(app, pygame.K_RETURN)
    assert app.scene is table
    assert [words for words in said if words.startswith("Saved")] == ["Saved as “notes”."]
    saved = saves.read(notes, catalogue=CATALOGUE)
    assert len(saved.match.turns) == len(table.session.match.turns)


def test_a_file_of_the_players_is_kept_or_replaced_by_the_questions_buttons(
        at_the_table: App, notes: Path) -> None:
    app = at_the_table
    dialog = save_as(app, str(notes.with_suffix("")))  # .json is added: the same file
    asked(app)
    press_button(app, "Keep it")
    back_in_the_dialog(app, dialog, str(notes.with_suffix("")))
    assert notes.read_text() == NOTES
    press_button(app, "Save")
    asked(app)
    press_button(app, "Replace it")
    assert isinstance(app.scene, TableScene)
    assert saves.read(notes, catalogue=CATALOGUE).match.ruleset.id == "coup-detat"


def test_a_new_file_outside_the_saves_folder_is_saved_without_a_question(
        at_the_table: App, notes: Path) -> None:
    app = at_the_table
    save_as(app, str(notes.parent / "tuesday"))
    assert isinstance(app.scene, TableScene)
    assert saves.read(notes.parent / "tuesday.json", catalogue=CATALOGUE)
    assert notes.read_text() == NOTES


REFUSED = [
    ("~nosuchuser/game", "“~nosuchuser” names no home folder here: type a full path."),
    ("{tmp}/no/such/folder/game", "There is no folder “folder”: check the path."),
    ("{tmp}/notes.txt/game", "“notes.txt” is not a folder: check the path."),
    ("{tmp}/pipe", "“pipe.json” is a pipe, not a file: type another name."),
    ("{tmp}/" + "a" * 300, "Cannot save there: file name too long."),
    ("{tmp}/home/statistics", "That file holds your statistics: type another name."),
    ("{tmp}/home/reviews/game", "That is one of the game's own folders: type another path."),
]


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)], ids=["1280x800", "960x600"])
def test_a_path_no_game_can_be_saved_at_is_refused_whole_on_the_dialogs_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    (tmp_path / "notes.txt").write_text(NOTES)
    os.mkfifo(tmp_path / "pipe.json")
    with table_at(tmp_path / "home", monkeypatch, size) as app:
        (paths.data_dir() / "reviews").mkdir()
        for typed, said in REFUSED:
            dialog = save_as(app, typed.format(tmp=tmp_path))
            assert app.scene is dialog and dialog.message is not None
            assert dialog.message.text == said
            assert clipped_widgets(app.ui) == []
            press(app, pygame.K_ESCAPE)
        assert not (tmp_path / "no").exists(), "a folder mistyped is not made"
        assert not paths.stats_path().exists()


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)], ids=["1280x800", "960x600"])
def test_the_question_and_its_buttons_show_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    long_name = tmp_path / ("a folder of many words " * 4).strip() / ("notes " * 12 + ".json")
    long_name.parent.mkdir()
    long_name.write_text(NOTES)
    with table_at(tmp_path / "home", monkeypatch, size) as app:
        save_as(app, str(long_name))
        question = asked(app)
        assert clipped_widgets(app.ui) == []
        panel, scale = question.panel_rect(), question.scale
        size_of_words = max(12, round(17 * scale))
        lines = [part for line in question.lines
                 for part in text.wrap(line, size_of_words, panel.width - round(56 * scale))]
        words_end = panel.top + round(66 * scale) + len(lines) * lines_step(size_of_words)
        buttons = [element for element in question.actions if element.visible]
        assert len(buttons) == 2 and all(words_end <= button.rect.top for button in buttons), \
            "the words stay above the buttons"


def test_the_games_own_file_is_refused_and_left_as_it_was(at_the_table: App) -> None:
    app = at_the_table
    autosave = paths.autosave_path()
    for _ in range(200):  # the table autosaves as the game starts
        if autosave.exists():
            break
        frames(app)
    before = autosave.read_bytes()
    dialog = save_as(app, str(paths.stats_path()))
    assert dialog.message is not None
    assert dialog.message.text == "That file holds your statistics: type another name."
    type_over(app, dialog.name, str(autosave))
    press(app, pygame.K_RETURN)
    assert app.scene is dialog
    assert dialog.message.text == "That file is the autosave: type another name."
    assert not paths.stats_path().exists() and autosave.read_bytes() == before


def test_cancel_after_the_question_writes_nothing_anywhere(
        at_the_table: App, notes: Path) -> None:
    app = at_the_table
    dialog = save_as(app, str(notes))
    asked(app)
    press_button(app, "Keep it")
    assert dialog.listing is not None
    press_button(app, "Cancel")
    assert isinstance(app.scene, TableScene)
    assert sorted(path.name for path in notes.parent.iterdir()) == ["notes.json"]
    assert list(paths.saves_dir().iterdir()) == []
