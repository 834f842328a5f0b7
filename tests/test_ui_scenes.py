"""The screens around the table, driven by posted events under the dummy video driver."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_kit import buttons, frames, open_app, press, press_button, table

from game.engine import saves
from game.games.coup_detat.table.results import GameOverScene, HandResultScene
from game.services import settings as settings_module
from game.services import stats
from game.services.catalogue import CATALOGUE
from game.services.session import Autosave
from game.system import paths
from game.ui.scenes.files import LoadScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

SAMPLES = Path(__file__).parent.parent / "saves"


def choose_in_menu(app, menu, option: str) -> None:  # type: ignore[no-untyped-def]
    """What pygame-gui posts when a drop-down option is picked."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=option,
                                         ui_element=menu))
    frames(app, 2)


def test_the_title_offers_every_way_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        frames(app)
        assert buttons(app) == ["New game", "Play with friends", "Continue", "Learn to play",
                                "Load", "Rules",
                                "Statistics", "Settings", "Quit"]
        continue_button = next(e for e in app.ui.get_sprite_group().sprites()
                               if getattr(e, "text", "") == "Continue")
        assert not continue_button.is_enabled, "no autosave yet"


def test_new_game_starts_the_table_it_describes(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        press_button(app, "New game")
        form = app.scene
        assert isinstance(form, NewGameScene)
        choose_in_menu(app, form.players_menu, "3 players")
        press_button(app, "Short game: off")
        form.name_entries[0].set_text("Zoé")
        press_button(app, "Start")
        scene = app.scene
        assert isinstance(scene, TableScene)
        session = scene.session
        assert session.match.options.players == 3 and session.match.options.short_game
        assert session.names == ["Zoé", "Brigitte", "Camille"]
        assert session.human_seats == (0,)


def test_new_game_refuses_a_seat_without_a_name(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(NewGameScene(app))
        frames(app)
        app.scene.name_entries[2].set_text("   ")
        press_button(app, "Start")
        assert isinstance(app.scene, NewGameScene)
        assert app.scene.message.text == "Every seat needs a name."


def test_settings_apply_at_once_and_are_kept(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(SettingsScene(app))
        frames(app)
        speed_menu = next(menu for menu, field in app.scene.menus.items()
                          if field == "animation_speed")
        choose_in_menu(app, speed_menu, "Slow")
        press_button(app, "Four-colour suits: off")
        assert app.settings.animation_speed == "slow" and app.settings.four_colour_suits
        kept = settings_module.load(tmp_path / "settings.json").settings
        assert kept.animation_speed == "slow" and kept.four_colour_suits


def test_a_broken_settings_file_gives_defaults_and_a_notice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "settings.json").write_text("{not json")
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    loaded = settings_module.load()
    assert loaded.settings == settings_module.Settings() and loaded.notice
    with open_app(tmp_path, monkeypatch) as app:
        app.settings_notice = loaded.notice
        app.replace(TitleScene(app))
        frames(app)
        labels = [e.text for e in app.ui.get_sprite_group().sprites()
                  if isinstance(e, pygame_gui.elements.UILabel)]
        assert loaded.notice in labels


def test_a_sample_game_loads_from_the_load_screen(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(LoadScene(app))
        frames(app)
        scene = app.scene
        entry = next(e for e in scene.entries if e.path.name == "coup-in-progress-4-players.json")
        item = next(i for i in scene.list.item_list if i["text"].startswith(entry.title))
        item["selected"] = True
        press_button(app, "Load")
        table_scene = app.scene
        assert isinstance(table_scene, TableScene)
        loaded = saves.read(entry.path, catalogue=CATALOGUE)
        assert table_scene.session.match.state == loaded.match.state


def test_continue_resumes_the_autosave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "cccc", seed=3)
        scene.session.autosave = Autosave(paths.autosave_path())
        for _ in range(3000):
            frames(app)
            if paths.autosave_path().exists():
                break
        scene.session.close()  # the background write is done
        saved_state = saves.read(paths.autosave_path(), catalogue=CATALOGUE).match.state
        app.replace(TitleScene(app))
        press_button(app, "Continue")
        assert isinstance(app.scene, TableScene)
        assert app.scene.session.match.state == saved_state


def test_a_finished_game_counts_in_the_statistics(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hcc", seed=8, short_game=True)
        for _ in range(40000):
            frames(app)
            top = app.scene
            if isinstance(top, GameOverScene):
                break
            if isinstance(top, HandResultScene):
                press(app, pygame.K_RETURN)
            elif (top is scene and scene.controller.human_to_act() == 0 and
                  not scene.controller.telling.queue):
                scene.turns.decide(scene.session.match.legal()[-1])
        assert isinstance(app.scene, GameOverScene)
        record = stats.load().get("coup-detat")
        assert record.played == 1
        assert record.won == (0 in scene.session.match.state.winners)
        app.replace(StatisticsScene(app))
        frames(app)


def test_an_old_statistics_file_shows_with_empty_bluffing_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = {"format": stats.FORMAT, "version": 1, "rulesets": {"coup-detat": {
        "played": 4, "won": 1, "best_worth": 12_000, "coups_attempted": 3, "coups_won": 1}}}
    with open_app(tmp_path, monkeypatch) as app:
        paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
        paths.stats_path().write_text(json.dumps(old), encoding="utf-8")
        screen = StatisticsScene(app)
        app.replace(screen)
        frames(app)
        tricks, bluffing = screen.lines()
        assert "Games played: 4    won: 1" in tricks and "Coups attempted: 3    won: 1" in tricks
        assert bluffing == ["**Coup", "Matches played: 0    won: 0",
                            "Rounds played: 0    won: 0", "Challenges made: 0    bluffs caught: 0",
                            "Influences lost: 0", "", "**Coup with the Inquisitor",
                            "Matches played: 0    won: 0", "Rounds played: 0    won: 0",
                            "Challenges made: 0    bluffs caught: 0", "Influences lost: 0"]


def test_rules_open_from_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        frames(app, 3)
        press_button(app, "Rules")
        assert isinstance(app.scene, RulesScene)
        press(app, pygame.K_ESCAPE)
        assert app.scene is scene


def test_the_table_lays_itself_out_again_when_the_window_changes_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        frames(app, 3)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640,
                                             size=(1024, 640)))
        frames(app, 3)
        assert app.size == (1024, 640) and scene.layout.size == (1024, 640)
        assert scene.layout.felt.right <= scene.layout.log.left
        assert scene.layout.seats[0].hand[1] < 640


def test_a_click_skips_the_animation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, animation_speed="slow") as app:
        scene = table(app, "cccc", seed=4)
        deadline = time.monotonic() + 20  # the first computer's answer, however slow
        while not scene.stage.busy(scene.controller.clock()) and time.monotonic() < deadline:
            frames(app)
        assert scene.stage.busy(scene.controller.clock())
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 400)))
        frames(app)
        assert not scene.stage.busy(scene.controller.clock()) and not scene.controller.telling.queue


def test_autoplay_runs_frames_saves_a_screenshot_and_reports(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "COUP_DETAT_HOME": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "game", "--autoplay", "--frames", "40",
                          "--screenshot", str(shot), "--stats", "--size", "1024x640",
                          "--seed", "1"], capture_output=True, text=True, env=environment,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["frames"] == 40 and report["frame_ms_p99"] >= report["frame_ms_p50"] > 0
    assert report["peak_memory_mib"] > 0
    assert pygame.image.load(str(shot)).get_size() == (1024, 640)


@pytest.mark.parametrize(("ruleset_id", "players"), [("coup-detat-duel", 2), ("coup", 4)])
def test_autoplay_seats_computers_at_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              ruleset_id: str, players: int) -> None:
    from game.ui.main import autoplay_table

    with open_app(tmp_path, monkeypatch) as app:
        scene = autoplay_table(app, 3, ruleset_id)
        app.replace(scene)
        frames(app, 20)
        match = scene.session.match
        assert match.ruleset.id == ruleset_id and match.players == players
        assert all(seat.kind == "computer" for seat in scene.session.seats)


def test_an_idle_table_draws_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a person considers his move and nothing moves, the loop sleeps."""
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=4)
        deadline = time.monotonic() + 30
        while not (scene.session.to_act == 0 and not scene.busy):
            frames(app)
            if app.scene is not scene:
                press(app, pygame.K_RETURN)
            assert time.monotonic() < deadline
        pygame.mouse.set_pos((5, 5))  # away from any button (a move is an event)
        frames(app, 3)  # let the last prompt be drawn
        drawn = len(app.stats.frame_seconds)
        for _ in range(4):
            app.frame(idle_wait=True)
        assert len(app.stats.frame_seconds) == drawn


def test_f11_switches_full_screen_and_keeps_it(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        frames(app)
        press(app, pygame.K_F11)
        assert app.settings.fullscreen
        assert settings_module.load(tmp_path / "settings.json").settings.fullscreen
        press(app, pygame.K_F11)
        assert not app.settings.fullscreen


def test_a_computer_finishing_its_thought_after_the_window_closed_is_no_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        wake = app.wake
    assert not pygame.display.get_init()
    wake()  # a worker thread's callback, after pygame.quit(): nothing happens


def test_new_game_from_the_game_over_screen_leads_back_to_the_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The form opened from a finished game has a way back (it was alone on the stack,
    and Back and Esc did nothing)."""
    from game.ui.saved_games import resume

    with open_app(tmp_path, monkeypatch) as app:
        app.replace(TitleScene(app))
        assert resume(app, paths.sample_saves_dir() / "complete-game-4-players.json") is None
        frames(app, 2)
        assert isinstance(app.scene, GameOverScene)
        press_button(app, "New game")
        assert isinstance(app.scene, NewGameScene)
        press_button(app, "Back")
        assert isinstance(app.scene, TitleScene)
        press_button(app, "New game")
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, TitleScene)
