"""A failed autosave is never silent (issue 15, D7): a disk that is full or read-only is
told on the table at once, the autosave is tried again at every decision until it is
written, Save as… saves the game elsewhere (a whole path), and leaving asks first."""

from __future__ import annotations

import errno
import time
from pathlib import Path

import pygame
import pytest
from ui_kit import buttons, frames, open_app, press_button

from game.engine import saves
from game.engine.saves import Seat
from game.services import save_index
from game.services import session as session_module
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession
from game.system import paths
from game.system.files import write_atomically
from game.ui.scenes.files import LeaveUnsavedDialog, SaveDialog
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.title import TitleScene
from game.ui.table.log_panel import HEADING
from game.ui.table.scene import TableScene

FULL = "Your game could not be saved: the disk is full"


class Disk:
    """The autosave's writer, on a disk that fails with `error` until it is mended."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, error: int = errno.ENOSPC) -> None:
        self.error: int | None = error
        self.tries = 0
        monkeypatch.setattr(session_module, "write_atomically", self.write)

    def write(self, path: Path, text: str, *, keep: int = 0) -> None:
        self.tries += 1
        if self.error is not None:
            raise OSError(self.error, "simulated")
        write_atomically(path, text, keep=keep)


def settled(session: GameSession, expected: str | None) -> None:
    """Wait (bounded) for the background writer to report."""
    for _ in range(500):
        if session.autosave_trouble() == expected:
            return
        time.sleep(0.01)
    assert session.autosave_trouble() == expected


def tried(disk: Disk, tries: int) -> None:
    """Wait (bounded) for the writer's `tries`-th try; no more come."""
    for _ in range(500):
        if disk.tries >= tries:
            break
        time.sleep(0.01)
    assert disk.tries == tries


def computers_game(autosave: Path) -> GameSession:
    seats = [Seat(name, "computer") for name in ("Ada", "Blaise", "Colette")]
    return GameSession.new("coup-detat", {"players": 3, "short_game": True}, seats, seed=4,
                           autosave_path=autosave)


@pytest.mark.parametrize(("error", "words"), [
    (errno.ENOSPC, FULL),
    (errno.EROFS, "Your game could not be saved: the disk is read-only"),
    (errno.EACCES, "Your game could not be saved: its folder may not be written")])
def test_a_failed_autosave_is_known_in_the_players_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int, words: str) -> None:
    Disk(monkeypatch, error)
    session = computers_game(tmp_path / "autosave.json")
    try:
        settled(session, words)
    finally:
        session.close()


def test_the_autosave_is_tried_at_every_decision_until_it_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch)
    autosave = tmp_path / "autosave.json"
    session = computers_game(autosave)
    try:
        settled(session, FULL)
        before = disk.tries
        for tries in range(before + 1, before + 6):  # five decisions, checkpoints or not
            session.match.submit(session.match.legal()[0])
            session._after([])  # what submit does after each decision
            tried(disk, tries)
        settled(session, FULL)
        disk.error = None  # room again: the next decision writes the whole game
        session.match.submit(session.match.legal()[0])
        session._after([])
        settled(session, None)
        saved = saves.read(autosave, catalogue=CATALOGUE)
        assert len(saved.match.turns) == len(session.match.turns)
    finally:
        session.close()


def sit(app, tmp_path: Path) -> TableScene:  # type: ignore[no-untyped-def]
    seats = [Seat("Ada", "human"), Seat("Blaise", "computer"), Seat("Colette", "computer")]
    session = GameSession.new("coup-detat", {"players": 3}, seats, seed=5,
                              autosave_path=tmp_path / "autosave.json", on_thinking_done=app.wake)
    scene = TableScene(app, session, from_start=True)
    app.replace(scene)
    return scene


def told(app, scene: TableScene) -> None:  # type: ignore[no-untyped-def]
    for _ in range(500):
        frames(app)
        if "Save as…" in buttons(app):
            return
        time.sleep(0.005)
    pytest.fail("the failed autosave was never told")


def test_the_table_tells_it_at_once_and_saves_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Disk(monkeypatch)
    with open_app(tmp_path / "home", monkeypatch) as app:  # the stick is outside the game's
        scene = sit(app, tmp_path)
        told(app, scene)
        assert scene.controller.toast is not None and scene.controller.toast[0] == f"{FULL}."
        assert any(FULL in line for line in scene.log.lines)
        notice, log = scene.buttons.notice, scene.layout.log
        assert notice is not None
        assert notice.panel.rect.top >= log.top + round(HEADING * scene.layout.scale), \
            "the notice covers the log's heading"
        press_button(app, "Save as…")
        dialog = app.scene
        assert isinstance(dialog, SaveDialog) and dialog.name is not None
        stick = tmp_path / "stick"
        stick.mkdir()
        dialog.name.set_text(str(stick / "my game"))
        press_button(app, "Save")
        saved = stick / "my game.json"
        assert app.scene is scene and saved.exists()
        assert [entry.title for entry in save_index.list_saves([(stick, False)])] == ["my game"]
        loaded = saves.read(saved, catalogue=CATALOGUE)
        assert len(loaded.match.turns) == len(scene.session.match.turns)


def test_a_name_with_a_slash_is_a_name_kept_in_the_saves_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a whole path saves elsewhere: "Anna/Bob" is the save's name, and nothing is
    written beside wherever the program was started."""
    started_in = tmp_path / "started here"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    with open_app(tmp_path, monkeypatch) as app:
        scene = sit(app, tmp_path)
        frames(app, 5)
        scene.actions.open_save()
        frames(app)
        dialog = app.scene
        assert isinstance(dialog, SaveDialog) and dialog.name is not None
        dialog.name.set_text("Anna/Bob")
        press_button(app, "Save")
        assert app.scene is scene
        [entry] = save_index.list_saves([(paths.saves_dir(), False)])
        assert entry.title == "Anna/Bob"
    assert list(started_in.iterdir()) == []


def test_leaving_asks_first_while_the_game_is_not_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch)
    with open_app(tmp_path, monkeypatch) as app:
        scene = sit(app, tmp_path)
        told(app, scene)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app)
        assert isinstance(app.scene, LeaveUnsavedDialog) and app.running, "asked, not closed"
        press_button(app, "Stay")
        assert app.scene is scene
        scene.actions.open_menu()
        frames(app)
        assert isinstance(app.scene, PauseMenu)
        press_button(app, "Leave the table")
        assert isinstance(app.scene, LeaveUnsavedDialog)
        press_button(app, "Leave anyway")
        assert isinstance(app.scene, TitleScene)
        assert disk.tries >= 1


def test_with_the_game_saved_leaving_asks_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = sit(app, tmp_path)
        frames(app, 5)
        settled(scene.session, None)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app)
        assert not app.running
