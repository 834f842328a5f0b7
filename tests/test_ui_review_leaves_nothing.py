"""Leaving a review takes all its widgets with it. A review of a game not over greys "All
hands" and "Seat: ...": the greyed buttons were not kept with the others, so Back left
them drawn on the screens after the review (and each time the review made its buttons
again, another greyed pair was laid over the last)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton
from ui_kit import click, frames, press, press_button

from game.ui.app import App
from game.ui.scenes.files import LoadScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.review import ReviewScene

IN_PROGRESS = ("short-game-3-players.json", "coup-in-progress-4-players.json")


def review_from_title(app: App, sample: str) -> ReviewScene:
    """Title, Load, a click on the sample's row, Review (and the pass screen's button, in a
    game of several persons)."""
    press_button(app, "Load")
    load = app.scene
    assert isinstance(load, LoadScene) and load.list is not None
    entry = next(entry for entry in load.entries if entry.path.name == sample)
    row = next(item for item in load.list.item_list if item["text"].startswith(entry.title))
    click(app, row["button_element"].rect.center)
    press_button(app, "Review")
    if isinstance(app.scene, PassDeviceScene):
        press_button(app, f"I am {app.scene.name}: show my cards")
    scene = app.scene
    assert isinstance(scene, ReviewScene) and not scene.over
    frames(app, 3)
    return scene


def widgets(app: App) -> set[UIElement]:
    return {sprite for sprite in app.ui.get_sprite_group().sprites()
            if isinstance(sprite, UIElement)}


def labels(elements: set[UIElement]) -> list[str]:
    return sorted(element.text for element in elements if isinstance(element, UIButton))


@pytest.mark.parametrize("sample", IN_PROGRESS)
def test_back_from_the_review_of_a_game_in_progress_leaves_none_of_its_widgets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: str) -> None:
    with shipped_app(tmp_path, monkeypatch, size=(1280, 800)) as app:
        before = widgets(app)
        scene = review_from_title(app, sample)
        greyed = [element for element in widgets(app) - before
                  if isinstance(element, UIButton) and not element.is_enabled]
        assert {button.text for button in greyed} >= {"All hands",
                                                      f"Seat: {scene.names[scene.seat]}"}
        of_the_review = widgets(app) - before
        press(app, pygame.K_ESCAPE)
        frames(app, 3)
        assert isinstance(app.scene, LoadScene)
        left = of_the_review & widgets(app)
        assert not left, f"the review left {labels(left)} on the screen after it"


def test_the_review_laid_out_again_shows_one_of_each_button(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch, size=(1280, 800)) as app:
        review_from_title(app, "coup-in-progress-4-players.json")
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700,
                                             size=(1100, 700)))
        frames(app, 3)  # the player makes the window smaller: the buttons are made again
        shown = labels(widgets(app))
        assert len(shown) == len(set(shown)), f"buttons laid twice: {shown}"
