"""One autosave, one writer: two copies of the game on one home folder never overwrite each
other's game without a word, and reopening a game does not push the earlier autosaves out
with copies of the same moment."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.match import Match
from game.engine.saves import Seat
from game.games import get_ruleset
from game.services.catalogue import CATALOGUE
from game.services.session import KEPT_ELSEWHERE, Autosave, GameSession
from game.system import paths
from game.system.locks import FileLock

SEATS = [Seat(name, "computer") for name in ("Ada", "Blaise", "Colette")]
OPTIONS = {"players": 3, "short_game": True}


def told(autosave: Autosave, expected: str | None) -> None:
    """Wait (bounded) for the background writer, which reports `expected`."""
    assert autosave.settled(timeout=30) == expected


def test_a_second_window_does_not_overwrite_the_first_windows_autosave(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    first, second = Autosave(path), Autosave(path)
    try:
        first.write("first window's game")
        told(first, None)
        second.write("second window's game")
        told(second, KEPT_ELSEWHERE)
        assert path.read_text() == "first window's game"
        assert not path.with_name("autosave-1.json").exists()  # no earlier one pushed out
        first.close()  # the first window's game ends: the second may write now
        second.write("second window's game, later")
        told(second, None)
        assert path.read_text() == "second window's game, later"
    finally:
        first.close()
        second.close()


def test_a_session_in_a_second_window_is_told_at_once_and_says_so_in_words(
        tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    holder = GameSession.new("coup-detat", OPTIONS, SEATS, seed=1, autosave_path=path)
    try:
        assert holder.autosave is not None
        told(holder.autosave, None)  # the first window has its autosave before the second opens
    except BaseException:
        holder.close()
        raise
    other = GameSession.new("coup-detat", OPTIONS, SEATS, seed=2, autosave_path=path)
    try:
        assert other.autosave is not None
        told(other.autosave, KEPT_ELSEWHERE)
        assert "another Coup d'État window" in KEPT_ELSEWHERE
        assert saves.read(path, catalogue=CATALOGUE).match.decisions == holder.match.decisions
    finally:
        holder.close()
        other.close()


HOLDER = """
import sys, time
from pathlib import Path

import pytest
from game.system.locks import FileLock
lock = FileLock(Path(sys.argv[1]))
assert lock.acquire()
print("held", flush=True)
time.sleep(600)
"""


def test_a_lock_held_by_another_process_is_let_go_when_that_process_is_killed(
        tmp_path: Path) -> None:
    """The other copy may be killed: the system lets its lock go, no stale file stays."""
    lock_path = tmp_path / "autosave.lock"
    with subprocess.Popen([sys.executable, "-c", HOLDER, str(lock_path)],
                          stdout=subprocess.PIPE, text=True) as other:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        ours = FileLock(lock_path)
        assert not ours.acquire()
        os.kill(other.pid, signal.SIGKILL)
        other.wait(timeout=30)
    try:
        assert ours.acquire() and ours.held
    finally:
        ours.release()


def test_a_lock_file_that_cannot_be_made_stops_nothing(tmp_path: Path) -> None:
    """A read-only or full disk: the autosave's own write says why it failed."""
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    assert FileLock(blocker / "autosave.lock").acquire()


def autosaves_of(home: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in home.glob("autosave*.json")}


def reopened(home: Path) -> GameSession:
    """Continue: the newest autosave loaded and carried on, as the window does."""
    saved, path, _ = saves.read_first(paths.autosave_paths(), catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame)
    return GameSession.resume(saved, autosave_path=paths.autosave_path(),
                              autosaved=path == paths.autosave_path())


def test_reopening_a_game_twice_keeps_the_earlier_autosaves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each reopening wrote the autosave at once: after two, the newest and both backups
    held the same moment."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    game = GameSession.new("coup-detat", OPTIONS, SEATS, seed=5,
                           autosave_path=paths.autosave_path())
    for _ in range(3):  # three checkpoints: three generations of the autosave
        game.submit(game.match.legal()[0])
        assert game.autosave is not None
        game.autosave.write(game.dumps(), checkpoint=True)
        told(game.autosave, None)  # (writes that come faster than the disk are one)
    game.close()
    before = autosaves_of(tmp_path)
    assert len(set(before.values())) == 3
    for _ in range(2):
        reopened(tmp_path).close()
    assert autosaves_of(tmp_path) == before


def test_a_reopened_game_that_draws_a_deal_is_autosaved_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal drawn on reopening is written at once, so that Continue cannot draw it
    again."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    undealt = Match(get_ruleset("coup-detat"), get_ruleset("coup-detat").parse_options(OPTIONS))
    assert not undealt.turns
    saves.write(paths.autosave_path(), undealt, tuple(SEATS))
    session = reopened(tmp_path)
    session.close()
    saved = saves.read(paths.autosave_path(), catalogue=CATALOGUE)
    assert saved.match.decisions == session.match.decisions and session.match.decisions


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("trouble", [KEPT_ELSEWHERE, "Your game could not be saved: the disk "
                                     "is full"])
def test_the_notice_of_an_unsaved_game_fits_inside_its_panel(
        trouble: str, size: tuple[int, int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 960x600 'another Coup d'État window is' ran over the panel's right edge: the
    words were wrapped to the panel's width, not to the room within its border."""
    from pygame_gui.elements import UILabel
    from ui_kit import open_app

    from game.ui.table.controls import UnsavedNotice
    from game.ui.table.scene import TableScene

    with open_app(tmp_path, monkeypatch, size=size) as app:
        session = GameSession.new("coup-detat", OPTIONS, [Seat("Ada", "human"), *SEATS[1:]],
                                  seed=1)
        scene = TableScene(app, session, from_start=True)
        app.replace(scene)
        notice = UnsavedNotice(app.ui, scene.layout, trouble, lambda: None)
        room = notice.panel.get_container().get_rect()
        labels = [element for element in notice.panel.get_container().elements
                  if isinstance(element, UILabel)]
        assert " ".join(label.text for label in labels) == f"{trouble}."
        for label in labels:
            written = label.font.size(label.text)[0]
            assert label.rect.left + written <= room.right, label.text
            assert room.contains(label.rect), label.text
        assert room.contains(notice.button.rect)
        notice.kill()
