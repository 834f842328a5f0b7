"""Saves that survive, seen from the window: the autosave falls back to the one before a
damaged newest, unreadable saves are listed with their reason, and an unexpected error
ends in a crash report and the way back to the last autosave."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pygame
import pytest
from ui_kit import frames, open_app, press_button, table

from game.engine import saves
from game.engine.match import Match
from game.services.catalogue import CATALOGUE
from game.system import crash, paths
from game.system.files import write_atomically
from game.ui import main
from game.ui.scene import Scene
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.files import LoadScene
from game.ui.scenes.save_list import describe
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
IN_PROGRESS = SAMPLES / "coup-in-progress-4-players.json"
SHORT = SAMPLES / "short-game-3-players.json"


def autosave(source: Path) -> None:
    """The sample as the newest autosave, the one before pushed back as the game does."""
    write_atomically(paths.autosave_path(), source.read_text(), keep=paths.PREVIOUS_AUTOSAVES)


class Exploding(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("a bug in a scene")


def test_a_damaged_newest_autosave_falls_back_to_the_one_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        autosave(IN_PROGRESS)
        autosave(SHORT)
        paths.autosave_path().write_text('{"format": "coup-detat-save", "vers')  # torn
        app.replace(TitleScene(app))
        press_button(app, "Continue")
        scene = app.scene
        assert isinstance(scene, TableScene)
        assert scene.session.match.state == saves.read(IN_PROGRESS, catalogue=CATALOGUE).match.state
        assert any("autosave.json is damaged" in note for note in scene.session.notes)


def test_continue_stays_off_when_the_newest_autosave_is_a_finished_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.saved_games import can_continue

    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    autosave(IN_PROGRESS)
    assert can_continue()
    autosave(SAMPLES / "complete-game-4-players.json")
    assert not can_continue(), "an older autosave must not bring a finished game's table back"


@pytest.mark.parametrize("ruleset", ["coup-detat-duel", "coup", "coup-inquisitor"])
def test_continue_stays_off_after_a_finished_game_of_any_ruleset(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ruleset words its progress its own way ("Match over"): the autosave's header
    says whether the game is over."""
    from game.engine.saves import Seat
    from game.services.session import GameSession
    from game.ui.saved_games import can_continue

    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    seats = [Seat("Ada", "human"), Seat("Blaise", "computer")]
    session = GameSession.new(ruleset, {"players": 2}, seats, seed=4,
                              autosave_path=paths.autosave_path())
    rng = random.Random(4)
    while not session.over:
        session.submit(rng.choice(session.match.legal()))
        if len(session.match.turns) == 3:
            session.close()  # the autosave written so far is on disk
            assert can_continue()
            session = GameSession(session.match, seats, autosave_path=paths.autosave_path())
    session.close()
    assert not can_continue()


def test_unreadable_saves_are_listed_with_their_reason_and_others_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        folder = paths.saves_dir()
        shutil.copy(IN_PROGRESS, folder / "fine.json")
        (folder / "empty.json").write_text("")
        (folder / "foreign.json").write_text(json.dumps({"name": "a recipe"}))
        future = json.loads(IN_PROGRESS.read_text()) | {"version": saves.VERSION + 1}
        (folder / "future.json").write_text(json.dumps(future))
        before = {path.name: path.read_bytes() for path in folder.iterdir()}
        app.push(LoadScene(app))
        frames(app, 2)
        listed = {entry.path.name: entry for entry in app.scene.entries  # type: ignore[union-attr]
                  if not entry.sample}
        assert listed["fine.json"].problem is None
        assert "not valid JSON" in (listed["empty.json"].problem or "")
        assert "not a Coup d'État saved game" in (listed["foreign.json"].problem or "")
        assert "newer version" in (listed["future.json"].problem or "")
        assert "cannot be loaded" in describe(listed["future.json"])
        assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_an_unexpected_error_writes_a_report_and_offers_the_last_autosave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.catch_errors = True
        autosave(IN_PROGRESS)
        playing = table(app, "hccc", seed=11)
        frames(app, 3)
        app.push(Exploding(app))
        frames(app)
        assert isinstance(app.scene, CrashScene) and len(app.scenes) == 1
        [path] = paths.crash_reports_dir().glob("crash-*.json")
        report = json.loads(path.read_text())
        assert report["error"] == "RuntimeError: a bug in a scene"
        assert "raise RuntimeError" in "".join(report["traceback"])
        assert report["screens"] == ["TableScene", "Exploding"]
        [game] = report["games"]
        assert saves.from_json(game, catalogue=CATALOGUE).match.state == playing.session.match.state
        assert str(path) in app.scene.lines()
        press_button(app, "Continue from the last autosave")
        assert isinstance(app.scene, TableScene)
        loaded = saves.read(IN_PROGRESS, catalogue=CATALOGUE)
        assert app.scene.session.match.state == loaded.match.state


def test_without_an_autosave_the_crash_screen_leads_to_the_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.catch_errors = True
        app.replace(Exploding(app))
        frames(app)
        assert isinstance(app.scene, CrashScene)
        press_button(app, "Title screen")
        assert isinstance(app.scene, TitleScene)


def test_an_error_in_the_crash_screen_itself_is_not_caught_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.catch_errors = True
        app.replace(Exploding(app))
        frames(app)
        monkeypatch.setattr(CrashScene, "update", Exploding.update)
        with pytest.raises(RuntimeError):
            frames(app)


def test_an_error_the_window_cannot_survive_exits_with_a_message_and_a_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))

    def broken(**_: object) -> int:
        raise OSError("no display at all")

    monkeypatch.setattr(main, "_run", broken)
    assert main.run() == 1
    message = capsys.readouterr().err
    assert "unexpected error (OSError: no display at all)" in message
    [path] = paths.crash_reports_dir().glob("crash-*.json")
    assert str(path) in message
    pygame.quit()


def test_a_report_that_cannot_be_written_is_no_second_crash(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    assert crash.write_report(crash.report(ValueError("x")), folder=blocked) is None


def _duel_save(steps: int = 10) -> Match:
    """A game for two a few decisions in, made at random."""
    import random

    from game.engine.match import seeded_chance
    from game.games import get_ruleset

    duel = get_ruleset("coup-detat-duel")
    match = Match(duel, duel.parse_options({"players": 2}), chance=seeded_chance(duel, 1))
    choose = random.Random(1)
    for _ in range(steps):
        match.submit(choose.choice(match.legal()))
    return match


def test_a_save_of_a_game_the_table_cannot_seat_is_refused_with_a_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.games import GAMES
    from game.ui import saved_games

    monkeypatch.setattr(saved_games, "table_games", lambda: (GAMES["coup-detat"],))
    match = _duel_save()
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        path = paths.saves_dir() / "duel.json"
        saves.write(path, match, (saves.Seat("Ada", "human"), saves.Seat("Bob", "human")))
        problem = saved_games.resume(app, path)
        assert problem is not None and "cannot show" in problem
        assert isinstance(app.scene, TitleScene)


def test_a_game_for_two_saved_loads_at_its_table(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from game.games import table_games
    from game.ui.saved_games import resume

    assert "coup-detat-duel" in {game.id for game in table_games()}
    match = _duel_save()
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        path = paths.saves_dir() / "duel.json"
        saves.write(path, match, (saves.Seat("Ada", "human"), saves.Seat("Bob", "computer")))
        assert resume(app, path) is None
        frames(app, 3)
        table = app.scene
        assert isinstance(table, TableScene)
        assert table.session.match.events[:len(match.events)] == match.events
        assert table.controller.names == ["Ada", "Bob"]
