"""Save as… with a whole path: where it saves, what it asks before, and what it refuses
(with the reason in a sentence, never a traceback). A file of the player's outside the
saves folder is never replaced unless he says so; no game is saved over a folder, a pipe,
or one of the game's own files; a `~` that names no home, a folder mistyped or a name too
long for the disk is refused."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from game.services import save_elsewhere, save_index
from game.services.save_elsewhere import Elsewhere, elsewhere
from game.services.save_files import Refused
from game.system import paths

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own

TODAY = "Game 01 Dec 21:37"


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    """A folder of the player's outside the game's, as another disk is."""
    folder = tmp_path / "stick"
    folder.mkdir()
    return folder


OFFERED = save_elsewhere.default_name  # the name Save offers, before `today` fixes it


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(save_elsewhere, "default_name", lambda: TODAY)


def refusal(typed: str) -> str:
    with pytest.raises(Refused) as refused:
        elsewhere(typed)
    return str(refused.value)


@pytest.mark.parametrize("typed", ["Anna/Bob", "Tuesday", "", "  ", "game.json", "a/b/c"])
def test_a_name_is_no_path(typed: str) -> None:
    assert elsewhere(typed) is None


def test_a_new_file_is_saved_at_the_path_typed_with_json_added(stick: Path) -> None:
    assert elsewhere(f"{stick}/my game") == Elsewhere(stick / "my game.json", "my game", False)
    assert elsewhere(f" {stick}/Tuesday.JSON ") == Elsewhere(stick / "Tuesday.JSON", "Tuesday",
                                                             False)
    assert elsewhere(f"{stick}/notes.txt") == Elsewhere(stick / "notes.txt.json", "notes.txt",
                                                        False)


def test_a_file_that_is_there_already_is_taken_and_left_as_it_was(stick: Path) -> None:
    notes = stick / "notes.json"
    notes.write_text("my notes")
    assert elsewhere(str(notes)) == Elsewhere(notes, "notes", taken=True)
    assert elsewhere(str(stick / "notes")) == Elsewhere(notes, "notes", taken=True)
    assert notes.read_text() == "my notes"


def test_a_link_or_a_link_to_nothing_is_taken(stick: Path) -> None:
    (stick / "to-nothing.json").symlink_to(stick / "gone.json")
    assert elsewhere(str(stick / "to-nothing.json")).taken  # type: ignore[union-attr]


def test_the_home_folder_is_the_tildes(monkeypatch: pytest.MonkeyPatch, stick: Path) -> None:
    monkeypatch.setenv("HOME", str(stick))
    assert elsewhere("~/tuesday") == Elsewhere(stick / "tuesday.json", "tuesday", False)


def test_a_tilde_that_names_no_home_folder_is_refused() -> None:
    assert refusal("~nosuchuser/game") == (
        "“~nosuchuser” names no home folder here: type a full path.")


def test_a_folder_typed_gets_a_new_file_of_its_own(stick: Path) -> None:
    assert elsewhere(str(stick)) == Elsewhere(stick / f"{TODAY}.json", TODAY, False)
    (stick / f"{TODAY}.json").write_text("an earlier game")
    (stick / f"{TODAY} (2).json").mkdir()
    assert elsewhere(f"{stick}/") == Elsewhere(stick / f"{TODAY} (3).json", TODAY, False)


def test_a_folder_that_is_not_there_is_refused_and_not_made(stick: Path) -> None:
    assert refusal(f"{stick}/stikc/game") == "There is no folder “stikc”: check the path."
    assert refusal(f"{stick}/no/such/folder/game") == \
        "There is no folder “folder”: check the path."
    assert refusal(f"{stick}/new folder/") == "There is no folder “new folder”: check the path."
    assert list(stick.iterdir()) == []


def test_a_file_in_a_folders_place_is_refused(stick: Path) -> None:
    (stick / "notes.txt").write_text("my notes")
    assert refusal(f"{stick}/notes.txt/game") == "“notes.txt” is not a folder: check the path."


def test_a_folder_a_pipe_or_a_device_is_no_file_to_save_in(stick: Path) -> None:
    (stick / "games.json").mkdir()
    assert refusal(f"{stick}/games") == "“games.json” is a folder, not a file: type another name."
    if hasattr(os, "mkfifo"):
        os.mkfifo(stick / "pipe.json")
        assert refusal(f"{stick}/pipe.json") == \
            "“pipe.json” is a pipe, not a file: type another name."


def test_a_name_too_long_for_the_disk_is_refused(stick: Path) -> None:
    assert refusal(f"{stick}/{'a' * 300}") == \
        "Cannot save there: file name too long."


def test_a_character_no_file_name_holds_is_refused(stick: Path) -> None:
    assert refusal(f"{stick}/a\0b") == "That path holds a character no file's name may hold."


@pytest.mark.parametrize(("file", "said"), [
    (lambda: paths.autosave_path(), "That file is the autosave"),
    (lambda: paths.autosave_paths()[2], "That file is the autosave"),
    (lambda: paths.settings_path(), "That file holds your settings"),
    (lambda: paths.stats_path(), "That file holds your statistics"),
], ids=["autosave", "autosave-2", "settings", "statistics"])
def test_the_games_own_files_are_refused_under_any_name(
        stick: Path, file: object, said: str) -> None:
    own = file()  # type: ignore[operator]
    own.write_text("the game's")
    assert refusal(str(own)) == f"{said}: type another name."
    assert refusal(str(own.with_suffix(""))) == f"{said}: type another name."
    (stick / "link.json").symlink_to(own)
    assert refusal(str(stick / "link.json")) == f"{said}: type another name."
    os.link(own, stick / "hard.json")
    assert refusal(str(stick / "hard")) == f"{said}: type another name."
    assert own.read_text() == "the game's"


def test_the_games_own_folders_are_refused(stick: Path) -> None:
    reviews = paths.data_dir() / "reviews"
    reviews.mkdir()
    said = "That is one of the game's own folders: type another path."
    assert refusal(str(reviews / "game")) == said
    assert refusal(str(paths.data_dir())) == said
    assert refusal(str(paths.sample_saves_dir() / "game")) == said
    assert refusal(str(paths.crash_reports_dir() / "game")) == said


def test_a_path_into_the_saves_folder_is_a_name_there(stick: Path) -> None:
    saves = paths.saves_dir()
    (saves / "Monday.json").write_text("a save")
    assert elsewhere(str(saves / "Monday")) == Elsewhere(saves / "Monday-2.json", "Monday",
                                                         False)
    assert elsewhere(str(saves / "autosave.json")) == Elsewhere(saves / "autosave-2.json",
                                                                "autosave", False)
    assert elsewhere(str(saves)) == Elsewhere(save_index.new_save_path(TODAY), TODAY, False)
    (stick / "saves").symlink_to(saves)
    assert elsewhere(str(stick / "saves" / "Monday")).path == saves / "Monday-2.json"  # type: ignore[union-attr]


def test_a_folder_inside_the_saves_folder_is_the_players(stick: Path) -> None:
    older = paths.saves_dir() / "older"
    older.mkdir()
    assert elsewhere(str(older / "game")) == Elsewhere(older / "game.json", "game", False)


def test_the_name_save_offers_writes_the_day_as_a_game_left_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class MayThird(datetime):
        @classmethod
        def now(cls, tz: object = None) -> MayThird:  # type: ignore[override]
            return cls(2026, 5, 3, 14, 5)

    monkeypatch.setattr(save_elsewhere, "datetime", MayThird)
    assert OFFERED() == "Game 3 May 14:05"  # as "Game left on 3 May at 14:05": no leading 0
