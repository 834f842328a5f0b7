"""Enter presses "Finish quickly", the one way on offered to a person who is out of the
bluffing game: the offer starts with the keyboard on its button, shown selected, as the
other panels' and dialogs' default buttons do (Enter found nothing to press)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from pygame_gui.elements import UIButton
from test_table_every_moment import SteppedClock
from test_ui_finish_quickly import FINISH, STEP, play_until_out, until_the_scene_changes
from ui_kit import bluff_table, buttons, frames, press

from game.ui.app import App


def finish_button(app: App) -> UIButton:
    return next(element for element in app.ui.get_sprite_group().sprites()
                if isinstance(element, UIButton) and element.visible
                and element.text == FINISH)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)],
                         ids=lambda size: f"{size[0]}x{size[1]}")
def test_enter_presses_finish_quickly_which_the_keyboard_starts_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    clock = SteppedClock()
    with shipped_app(tmp_path, monkeypatch, speed=1.0, size=size) as app:
        app.clock = clock
        scene = bluff_table(app, "hccc", seed=3)
        play_until_out(app, scene, clock)
        for _ in range(200):  # the knock-out is told, then the offer comes
            clock.time += STEP
            frames(app)
        assert FINISH in buttons(app)
        assert finish_button(app).is_selected, "the keyboard starts on it, shown selected"
        press(app, pygame.K_RETURN)
        assert FINISH not in buttons(app) and scene.controller.pace.hurried, "Enter pressed it"
        until_the_scene_changes(app, scene)  # the table's clock stands still from here
        assert scene.session.match.pending.over, "the computers finished with no time passing"
