"""Saving in a real window (Xvfb), with real X input (xdotool) at the shipped settings, as
a player saves: Ctrl+S at the table, the path typed on the keyboard, Enter, and clicks on
the question's buttons.

- Save as… a whole path naming a file of the player's asks first, naming the file; Enter
  and Escape keep it, and so does "Keep it"; "Replace it" replaces it (issue 39, item 1).
- Saves dated outside the clock's range are listed by Load and by Save: no crash screen
  (item 7).
- On a full disk, Save as… with a `~` that names no home folder says so on the dialog's
  line, and a whole path then saves the game elsewhere (item 8).

Needs Xvfb and xdotool, as tests/test_real_window.py does (its fixtures are used here).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest
from player_kit import Person, shipped_app
from test_autosave_faults import Disk
from test_real_window import GAMES, XHands, real_window, x_display  # noqa: F401 (fixtures)
from test_save_index import WEST, local_time_zone
from ui_kit import remarks_of

from game.engine import saves
from game.services.catalogue import CATALOGUE
from game.system import paths
from game.ui import screens
from game.ui.app import App
from game.ui.scenes.files import LoadScene, SaveDialog
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

SAMPLE = Path(__file__).resolve().parent.parent / "saves" / "coup-in-progress-4-players.json"
NOTES = "my notes, not a game"


def send(person: Person, sending: object) -> None:
    """Frames until the X input is sent and its events handled."""
    person._handled(sending)  # type: ignore[arg-type]


def at_the_table(app: App, hands: XHands, seed: int = 3) -> tuple[Person, TableScene]:
    random.seed(seed)  # the deal New game draws
    person = Person(app, seed=seed, hands=hands)
    return person, person.start(GAMES["coup-detat"])


def save_as(person: Person, hands: XHands, typed: str) -> SaveDialog:
    """Ctrl+S, then `typed` in the name's place, and Enter."""
    send(person, hands.chord("ctrl+s"))
    return type_in(person, hands, typed)


def type_in(person: Person, hands: XHands, typed: str) -> SaveDialog:
    """In the Save dialog, what is in the name's box taken away (Ctrl+A, Backspace),
    `typed` typed, Enter."""
    dialog = person.app.scene
    assert isinstance(dialog, SaveDialog), person.where()
    send(person, hands.chord("ctrl+a"))
    send(person, hands.chord("BackSpace"))
    send(person, hands.type(typed))
    assert dialog.name is not None and dialog.name.get_text() == typed
    person.press(pygame.K_RETURN)
    return dialog


def asked(person: Person) -> object:
    question = person.app.scene
    assert isinstance(question, screens.kind("replace_file")), person.where()
    return question


def kept(person: Person, dialog: SaveDialog, typed: str) -> None:
    assert person.app.scene is dialog and dialog.name is not None
    assert dialog.name.get_text() == typed and dialog.message is not None
    assert dialog.message.text == "Nothing was replaced: type another name or path."


def is_the_game_at(path: Path, table: TableScene) -> bool:
    """Does the file hold the table's game (as it was when saved: the computers play on)?"""
    saved = saves.read(path, catalogue=CATALOGUE)
    decisions = saved.match.decisions  # type: ignore[union-attr]
    return decisions == table.session.match.decisions[:len(decisions)]


def test_a_file_of_the_players_is_replaced_only_once_he_says_so(
        real_window: str, tmp_path: Path,  # noqa: F811 (the fixture)
        monkeypatch: pytest.MonkeyPatch) -> None:
    notes = tmp_path / "me" / "notes.json"
    notes.parent.mkdir()
    notes.write_text(NOTES)
    with shipped_app(tmp_path / "home", monkeypatch) as app:
        hands = XHands(real_window)
        person, table = at_the_table(app, hands)
        said = remarks_of(table, monkeypatch)  # (over the table for 3 s of its fast clock)
        dialog = save_as(person, hands, str(notes))
        question = asked(person)
        assert getattr(question.keyboard.current, "text", None) == "Keep it"  # type: ignore[attr-defined]
        person.press(pygame.K_RETURN)
        kept(person, dialog, str(notes))
        person.press(pygame.K_RETURN)  # the name's box has the keyboard again
        asked(person)
        person.press(pygame.K_ESCAPE)
        kept(person, dialog, str(notes))
        person.click_button("Save")
        asked(person)
        person.click_button("Keep it")
        kept(person, dialog, str(notes))
        assert notes.read_text() == NOTES
        person.press(pygame.K_RETURN)
        asked(person)
        person.click_button("Replace it")
        assert app.scene is table
        assert [words for words in said if words.startswith("Saved")] == ["Saved as “notes”."]
        assert is_the_game_at(notes, table)



def test_saves_dated_outside_the_clocks_range_are_listed_by_load_and_by_save(
        real_window: str, tmp_path: Path,  # noqa: F811 (the fixture)
        monkeypatch: pytest.MonkeyPatch) -> None:
    ends = {"year-one.json": "0001-01-01T00:00:00+00:00",  # before the year 1 west of here
            "year-9999.json": "9999-12-31T23:59:59-14:00"}  # after 9999 in every zone
    with local_time_zone(WEST), shipped_app(tmp_path / "home", monkeypatch) as app:
        for name, saved_at in ends.items():
            data = json.loads(SAMPLE.read_text()) | {"saved_at": saved_at}
            (paths.saves_dir() / name).write_text(json.dumps(data))
        hands = XHands(real_window)
        person = Person(app, seed=1, hands=hands)
        for _ in range(200):
            if isinstance(app.scene, TitleScene) and app.stats.frame_seconds:
                break
            person.frame()
        person.click_button("Load")
        load = app.scene
        assert isinstance(load, LoadScene)
        undated = [line for line, entry in zip(load.lines, load.entries, strict=True)
                   if entry.path.name in ends]
        assert len(undated) == 2 and all(line.endswith(" · ?") for line in undated)
        person.click_button("Back")
        _, table = at_the_table(app, hands)
        person.play_until(lambda: Person.table_waits_for_the_person(table))
        send(person, hands.chord("ctrl+s"))
        dialog = app.scene
        assert isinstance(dialog, SaveDialog)
        assert {entry.path.name for entry in dialog.entries} == set(ends)
        person.press(pygame.K_ESCAPE)
        assert app.scene is table


def test_on_a_full_disk_a_tilde_of_no_home_is_told_and_a_whole_path_saves(
        real_window: str, tmp_path: Path,  # noqa: F811 (the fixture)
        monkeypatch: pytest.MonkeyPatch) -> None:
    Disk(monkeypatch)  # the autosave cannot be written: the table offers Save as…
    stick = tmp_path / "stick"
    stick.mkdir()
    with shipped_app(tmp_path / "home", monkeypatch) as app:
        hands = XHands(real_window)
        person, table = at_the_table(app, hands)
        person.play_until(lambda: person.enabled("Save as…"), limit_seconds=20)
        person.click_button("Save as…")
        dialog = type_in(person, hands, "~nosuchuser/game")
        assert app.scene is dialog and dialog.message is not None
        assert dialog.message.text == "“~nosuchuser” names no home folder here: type a full path."
        type_in(person, hands, f"{stick}/my game")
        assert app.scene is table
        assert is_the_game_at(stick / "my game.json", table)
