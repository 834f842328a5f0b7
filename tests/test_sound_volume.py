"""The sound effects' volume: a slider from 0 to 100 in Settings, kept in the settings file
(a file written before it existed still loads, at full volume), and every effect played at
it; the sound's on/off switch stays."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from pathlib import Path
from typing import ClassVar

import pygame
import pytest
from player_kit import shipped_app
from pygame_gui.elements import UIHorizontalSlider
from ui_kit import buttons, click, frames, press

from game.services import settings
from game.services.settings import Loaded, Settings
from game.system import paths
from game.ui import screens, sound
from game.ui.app import App
from game.ui.scenes.settings import PREVIEW_GAP
from game.ui.sound import SOUND_NAMES, Sounds


class Recorded:
    """Stands in for pygame.mixer.Sound: the volume each play started at."""

    plays: ClassVar[list[tuple[bytes, float]]] = []

    def __init__(self, buffer: bytes) -> None:
        self.buffer = buffer
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        Recorded.plays.append((self.buffer, self.volume))


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> type[Recorded]:
    Recorded.plays = []
    monkeypatch.setattr(sound.pygame.mixer, "Sound", Recorded)
    return Recorded


def test_every_effect_plays_at_the_volume_chosen(recorded: type[Recorded]) -> None:
    sounds = Sounds(volume=0.3)
    if not sounds.available:
        pytest.fail("the dummy audio driver starts a mixer")
    for name in SOUND_NAMES:
        sounds.play(name)
    assert [volume for _, volume in recorded.plays] == [0.3] * len(SOUND_NAMES)
    sounds.volume = 0.8  # a change reaches the sounds already made
    sounds.play("card")
    assert recorded.plays[-1][1] == 0.8


def test_at_volume_zero_nothing_plays_and_the_switch_still_silences(
        recorded: type[Recorded]) -> None:
    Sounds(volume=0.0).play("deal")
    Sounds(enabled=False, volume=1.0).play("deal")
    assert recorded.plays == []


@pytest.mark.usefixtures("home")
def test_the_volume_is_kept_in_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings.save(Settings(volume=35), path)
    assert json.loads(path.read_text())["volume"] == 35
    assert settings.load(path) == Loaded(Settings(volume=35), None)
    assert Settings(volume=35).effects_volume() == 0.35


def test_a_settings_file_from_before_the_volume_loads_at_full_volume(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"animation_speed": "fast", "computer_pace": "normal",
                                "card_back": "navy", "four_colour_suits": False,
                                "sound": True, "fullscreen": False,
                                "window_size": [1280, 800]}))
    loaded = settings.load(path)
    assert loaded.notice is None
    assert loaded.settings.volume == 100 and loaded.settings.card_back == "navy"


@pytest.mark.parametrize("raw", [101, -1, True, 50.5, "50", None])
def test_a_volume_that_makes_no_sense_takes_its_default_and_is_named(
        tmp_path: Path, raw: object) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": raw, "card_back": "forest"}))
    loaded = settings.load(path)
    assert loaded.settings == Settings(card_back="forest")
    assert loaded.notice is not None and "“volume”" in loaded.notice


def slider(app: App) -> UIHorizontalSlider:
    found = [element for element in app.ui.get_sprite_group().sprites()
             if isinstance(element, UIHorizontalSlider)]
    assert len(found) == 1, "Settings shows one slider: the effects' volume"
    return found[0]


def heard_at_last(app: App, recorded: type[Recorded], level: float) -> bool:
    """Whether the last sound played is at `level`, once the preview's gap has passed."""
    until = app.clock.now() + 2 * PREVIEW_GAP
    while app.clock.now() < until:
        frames(app, 1)
    return bool(recorded.plays) and recorded.plays[-1][1] == level


def test_a_quick_run_of_moves_is_heard_once_and_at_the_level_it_stops(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recorded: type[Recorded]) -> None:
    """Moves closer together than the gap play one sound, then the level reached once the
    gap has passed, whatever the machine's speed (the table's clock is held here)."""
    with shipped_app(tmp_path, monkeypatch, saved=Settings(volume=40)) as app:
        scene = screens.make("settings", app)
        app.push(scene)
        frames(app, 2)
        held = [100.0]
        monkeypatch.setattr(app.clock, "now", lambda: held[0])
        for _ in range(3):
            click(app, slider(app).right_button.rect.center)  # type: ignore[union-attr]
            frames(app, 2)
        assert app.settings.volume == 55
        assert [volume for _, volume in recorded.plays] == [0.45], "one sound within the gap"
        held[0] += PREVIEW_GAP
        frames(app, 2)
        assert [volume for _, volume in recorded.plays] == [0.45, 0.55], "then the level reached"
        frames(app, 2)
        assert len(recorded.plays) == 2, "and not again"


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_settings_slider_sets_the_volume_at_once_and_keeps_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recorded: type[Recorded],
        size: tuple[int, int]) -> None:
    with shipped_app(tmp_path, monkeypatch, size=size, saved=Settings(volume=40)) as app:
        assert app.sounds.volume == 0.4
        app.push(screens.make("settings", app))
        frames(app, 2)
        volume = slider(app)
        assert volume.get_current_value() == 40
        assert "Sound: on" in buttons(app), "the on/off switch stays"
        assert pygame.Rect((0, 0), app.size).contains(volume.rect), "it fits the window"
        click(app, volume.right_button.rect.center)  # type: ignore[union-attr]
        frames(app, 2)
        assert app.settings.volume == 45
        assert app.sounds.volume == 0.45
        assert json.loads(paths.settings_path().read_text())["volume"] == 45
        assert recorded.plays and recorded.plays[-1][1] == 0.45, "the new level is heard"



def test_the_keyboard_reaches_the_volume_and_moves_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recorded: type[Recorded]) -> None:
    """Tab stops at the slider (its handle shown selected); Left and Right move it a step,
    as its arrows do; Up and Down go on to the other widgets."""
    with shipped_app(tmp_path, monkeypatch, saved=Settings(volume=40)) as app:
        scene = screens.make("settings", app)
        app.push(scene)
        frames(app, 2)
        volume = slider(app)
        for _ in range(20):
            if scene.keyboard.current is volume:
                break
            press(app, pygame.K_TAB)
        assert scene.keyboard.current is volume, "Tab stops at the slider"
        assert volume.sliding_button is not None and volume.sliding_button.is_selected
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)
        assert app.settings.volume == 50 and volume.get_current_value() == 50
        press(app, pygame.K_LEFT)
        assert app.settings.volume == 45
        assert heard_at_last(app, recorded, 0.45), "the new level is heard"
        press(app, pygame.K_DOWN)
        assert scene.keyboard.current is not volume
