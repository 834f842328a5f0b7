"""Pass-and-play, and Load over the table: reviewing a saved game of several persons asks
for that game's player, so the device changes hands. The table left open below must put
its device down, as its own pass screen does: no hand face up behind the pass screen, and
back at the table the person to decide is asked for the device anew. (Ada's cards stayed
face up: the save's player, given the device to review, came back to her hand.)"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from monkey_kit import check_invariants, sit
from player_kit import shipped_app
from test_ui_table import face_up_cards, secret_from
from ui_kit import click, frames, press, press_button, run_until

from game.cards import Card
from game.engine import saves
from game.services.catalogue import CATALOGUE
from game.system import paths
from game.ui.app import App
from game.ui.scenes.files import LoadScene
from game.ui.scenes.menu import PauseMenu
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.review import ReviewScene
from game.ui.table.scene import TableScene

SAVED_NAME = "Colette and Ada"


def save_of_colette_and_ada() -> None:
    """An unfinished game of three persons, Colette first: the review asks for her."""
    sample = saves.read(paths.sample_saves_dir() / "short-game-3-players.json",
                        catalogue=CATALOGUE)
    assert not sample.over
    seats = [saves.Seat(name, "human") for name in ("Colette", "Ada", "Blaise")]
    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    saves.write(paths.saves_dir() / "colette-and-ada.json", sample.match, seats,
                name=SAVED_NAME)


def ada_holds_the_device(app: App) -> TableScene:
    """Ada and Colette share the screen with two computers; Ada has the device, on her turn."""
    table = sit(app, "hchc", seed=12, until=lambda match: match.pending.seat == 0
                and match.pending.word == "play")
    run_until(app, lambda: isinstance(app.scene, PassDeviceScene))
    press_button(app, "I am Ada: show my cards")
    run_until(app, lambda: app.scene is table and table.controller.viewer == 0
              and table.controller.caught_up)
    assert face_up_cards(table) & secret_from(table.controller.shown, None), "her cards show"
    return table


def hands_drawn_face_up(monkeypatch: pytest.MonkeyPatch) -> list[set[Card]]:
    """From now on, the private cards face up each time a table is drawn."""
    seen: list[set[Card]] = []
    draw = TableScene.draw

    def drawing(scene: TableScene, surface: pygame.Surface) -> None:
        draw(scene, surface)
        if shown := face_up_cards(scene) & secret_from(scene.controller.shown, None):
            seen.append(shown)

    monkeypatch.setattr(TableScene, "draw", drawing)
    return seen


def review_from_load(app: App, title: str) -> None:
    """Esc, Load, a click on the save's row, Review."""
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseMenu)
    press_button(app, "Load")
    load = app.scene
    assert isinstance(load, LoadScene) and load.list is not None
    row = next(item for item in load.list.item_list if item["text"].startswith(title))
    click(app, row["button_element"].rect.center)
    press_button(app, "Review")


def test_the_table_below_puts_the_device_down_when_a_review_asks_for_its_player(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        save_of_colette_and_ada()
        table = ada_holds_the_device(app)
        review_from_load(app, SAVED_NAME)  # (her cards show under the menu: she holds it)
        assert isinstance(app.scene, PassDeviceScene) and app.scene.name == "Colette"
        drawn_face_up = hands_drawn_face_up(monkeypatch)
        check_invariants(app)  # (it said: a hand is face up behind the pass screen)
        press_button(app, "I am Colette: show my cards")
        assert isinstance(app.scene, ReviewScene)
        press(app, pygame.K_ESCAPE)  # Colette goes back: to the list, then to the table
        assert isinstance(app.scene, LoadScene)
        press(app, pygame.K_ESCAPE)
        frames(app, 3)
        assert table.controller.viewer is None, "Ada's cards show to whoever holds the device"
        assert isinstance(app.scene, PassDeviceScene) and app.scene.name == "Ada", \
            "the device is asked for again"
        assert not drawn_face_up, "the table was drawn with her cards face up"
        press_button(app, "I am Ada: show my cards")
        run_until(app, lambda: table.controller.viewer == 0 and table.controller.caught_up)
        assert table.controller.human_to_act() == 0, "and Ada plays on"
