"""Computer opponents in the window: levels chosen in New game, outside programs, hints."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
import pytest
from test_ui_table import run_to_card_play
from ui_kit import frames, open_app, press, press_button, table

from game.ai.bot import ExecPlayer
from game.engine import saves
from game.games.coup_detat.ai.easy import EasyPlayer
from game.games.coup_detat.ai.hard import HardPlayer
from game.games.coup_detat.ai.medium import MediumPlayer
from game.services import session as session_module
from game.ui.scenes.new_game import NewGameScene
from game.ui.table.scene import TableScene

EXAMPLE = f"{sys.executable} {Path(__file__).parent.parent / 'docs' / 'bots' / 'random_bot.py'}"


def choose(app, menu, option: str) -> None:  # type: ignore[no-untyped-def]
    import pygame_gui

    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=option,
                                         ui_element=menu))
    frames(app, 2)


def test_each_computer_seat_plays_at_the_level_chosen(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.replace(NewGameScene(app))
        frames(app)
        form = app.scene
        choose(app, form.kind_menus[1], "Computer: Easy")
        choose(app, form.kind_menus[2], "Computer: Hard")
        press_button(app, "Start")
        session = app.scene.session
        assert isinstance(session.players[1], EasyPlayer)
        assert isinstance(session.players[2], HardPlayer)
        assert isinstance(session.players[3], MediumPlayer)
        saved = saves.to_json(session.match, session.seats)["seats"]
        assert [seat.get("level") for seat in saved] == [None, "easy", "hard", "medium"]


def test_an_offered_seat_is_played_by_the_outside_program(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        app.bots = {2: EXAMPLE}
        app.replace(NewGameScene(app))
        frames(app)
        form = app.scene
        choose(app, form.kind_menus[0], "Computer: Medium")
        press_button(app, "Start")
        scene = app.scene
        assert isinstance(scene, TableScene)
        assert isinstance(scene.session.players[2], ExecPlayer)
        deadline = time.monotonic() + 60
        while len(scene.session.match.turns) < 40 and time.monotonic() < deadline:
            frames(app)
            if app.scene is not scene:
                press(app, pygame.K_RETURN)
        # Its remarks come on its standard error, read beside its answers: on a busy
        # machine the first may reach the log a few frames after the answers it came with.
        told = time.monotonic() + 10
        while not any("playing seat 2" in line for line in scene.log.lines) \
                and time.monotonic() < told:
            frames(app)
        assert any("playing seat 2" in line for line in scene.log.lines)
        assert scene.session.players[2].faults == 0
        saved = saves.to_json(scene.session.match, scene.session.seats)["seats"][2]
        assert saved["level"] == "bot" and "random_bot" not in str(saved)


def test_a_hint_suggests_a_legal_decision_with_its_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "HINT_BUDGET", 0.2)
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=3)
        run_to_card_play(app, scene, lambda scene: len(scene.session.match.legal()) > 1)
        press(app, pygame.K_h)
        assert scene.controller.toast is not None and "Thinking" in scene.controller.toast[0]
        deadline = time.monotonic() + 60
        while scene.controller.hint_wanted and time.monotonic() < deadline:
            frames(app)
        assert scene.controller.toast is not None and scene.controller.toast[0].startswith("Hint: ")
        assert "deals consistent with what you have seen" in scene.controller.toast[0]
        legal_cards = {d.card for d in scene.session.match.legal()}
        assert scene.felt.selected in legal_cards


def test_no_hint_out_of_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc", seed=3)
        while scene.controller.human_to_act() is not None or not scene.controller.caught_up:
            frames(app)
            if scene.controller.human_to_act() == 0 and scene.controller.caught_up:
                scene.turns.decide(scene.session.match.legal()[-1])
            if app.scene is not scene:
                press(app, pygame.K_RETURN)
        scene.actions.hint()
        assert (not scene.controller.hint_wanted and
                scene.controller.toast[0] == "A hint is for your own turn.")
