"""The pass screen of pass-and-play answers Enter at once: the keyboard starts on its
button ("I am ...: show my cards"), as the table's panels start on theirs."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_kit import frames, open_app, press, run_until, table

from game.ui.scenes.pass_device import PassDeviceScene


def test_one_enter_on_the_pass_screen_shows_the_persons_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hhcc")
        run_until(app, lambda: isinstance(app.scene, PassDeviceScene))
        passing = app.scene
        assert isinstance(passing, PassDeviceScene)
        seat = scene.controller.names.index(passing.name)
        press(app, pygame.K_RETURN)
        frames(app, 2)
        assert app.scene is scene, "Enter did not leave the pass screen"
        assert scene.controller.viewer == seat


def test_the_pass_screen_shows_its_button_chosen(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        table(app, "hhcc")
        run_until(app, lambda: isinstance(app.scene, PassDeviceScene))
        frames(app)
        passing = app.scene
        assert isinstance(passing, PassDeviceScene)
        button = passing.keyboard.current
        assert button is not None and button.text.startswith(f"I am {passing.name}")
        assert button.is_selected
