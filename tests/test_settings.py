"""The player's settings: saved as JSON, loaded without ever failing, with a word for the
player when something in the file could not be used."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest
from pipe_kit import read_from_a_pipe

from game.services import settings
from game.services.settings import Loaded, Settings
from game.system import files

CHANGED = Settings(
    animation_speed="slow",
    computer_pace="fast",
    card_back="forest",
    four_colour_suits=True,
    sound=False,
    volume=40,
    fullscreen=True,
    window_size=(1600, 900),
    chat_muted=True,
)


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own


def load_text(path: Path, text: str) -> Loaded:
    path.write_text(text, encoding="utf-8")
    return settings.load(path)


def test_the_defaults() -> None:
    default = Settings()
    assert (default.animation_speed, default.computer_pace) == ("normal", "normal")
    assert default.card_back == "bordeaux" and default.card_back in settings.CARD_BACKS
    assert (default.four_colour_suits, default.sound, default.fullscreen) == (False, True, False)
    assert default.window_size == (1280, 800)


def test_every_setting_survives_a_round_trip(tmp_path: Path) -> None:
    for field in dataclasses.fields(Settings):  # the example changes every setting
        assert getattr(CHANGED, field.name) != field.default, field.name
    settings.save(CHANGED, tmp_path / "settings.json")
    assert settings.load(tmp_path / "settings.json") == Loaded(CHANGED, None)


def test_the_default_file_is_in_the_config_folder(home: Path) -> None:
    settings.save(CHANGED)
    assert json.loads((home / "settings.json").read_text())["card_back"] == "forest"
    assert settings.load() == Loaded(CHANGED, None)


def test_the_file_is_pretty_json(tmp_path: Path) -> None:
    settings.save(Settings(), tmp_path / "settings.json")
    text = (tmp_path / "settings.json").read_text(encoding="utf-8")
    assert '\n  "sound": true,\n' in text
    assert json.loads(text)["window_size"] == [1280, 800]


def test_no_file_gives_the_defaults_and_says_nothing(tmp_path: Path) -> None:
    assert settings.load(tmp_path / "absent.json") == Loaded(Settings(), None)


@pytest.mark.parametrize("text", ["{oops", "", "[1, 2]", '"fast"', "null", "[" * 100_000],
                         ids=["not json", "empty", "a list", "a string", "null", "too deep"])
def test_a_damaged_file_gives_the_defaults_and_a_notice(tmp_path: Path, text: str) -> None:
    loaded = load_text(tmp_path / "settings.json", text)
    assert loaded.settings == Settings()
    assert loaded.notice is not None and "damaged" in loaded.notice


def test_an_unreadable_file_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()  # a folder where the file should be
    loaded = settings.load(tmp_path / "settings.json")
    assert loaded.settings == Settings()
    assert loaded.notice is not None and "could not be read" in loaded.notice


def test_a_file_that_is_not_utf8_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_bytes(b'{"card_back": "\xff"}')
    loaded = settings.load(tmp_path / "settings.json")
    assert loaded.settings == Settings()
    assert loaded.notice is not None and "could not be read" in loaded.notice


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_place_of_the_file_gives_the_defaults_without_waiting(tmp_path: Path) -> None:
    loaded = read_from_a_pipe(tmp_path / "settings.json", settings.load)
    assert loaded.settings == Settings()
    assert loaded.notice is not None and "could not be read" in loaded.notice


def test_a_number_too_long_for_python_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    loaded = load_text(tmp_path / "settings.json", '{"sound": 1' + "0" * 5_000 + "}")
    assert loaded.settings == Settings()
    assert loaded.notice is not None and "damaged" in loaded.notice


@pytest.mark.parametrize(("field", "value"), [
    ("animation_speed", "ludicrous"),
    ("animation_speed", 2),
    ("computer_pace", "off"),  # an animation speed, not a pace
    ("card_back", "purple"),
    ("card_back", None),
    ("sound", "yes"),
    ("sound", 1),
    ("fullscreen", None),
    ("four_colour_suits", "true"),
    ("window_size", [1280]),
    ("window_size", "1280x800"),
    ("window_size", [0, 800]),
    ("window_size", [1280.5, 800]),
    ("window_size", [True, 800]),
    ("window_size", [1280, 100_000]),
])
def test_one_bad_setting_takes_its_default_and_is_named(
    tmp_path: Path, field: str, value: object
) -> None:
    data = {**CHANGED.to_json(), field: value}
    loaded = load_text(tmp_path / "settings.json", json.dumps(data))
    assert loaded.settings == dataclasses.replace(
        CHANGED, **{field: getattr(Settings(), field)}
    )
    assert loaded.notice is not None
    assert f"“{field.replace('_', ' ')}”" in loaded.notice


def test_several_bad_settings_are_all_named(tmp_path: Path) -> None:
    loaded = load_text(tmp_path / "settings.json",
                       json.dumps({"sound": "loud", "card_back": "gold", "fullscreen": True}))
    assert loaded.settings == Settings(fullscreen=True)
    assert loaded.notice is not None
    assert "“sound”" in loaded.notice and "“card back”" in loaded.notice
    assert "fullscreen" not in loaded.notice


def test_unknown_keys_are_ignored_quietly(tmp_path: Path) -> None:
    loaded = load_text(tmp_path / "settings.json",
                       json.dumps({"music": 11, "sound": False, "theme": {"x": 1}}))
    assert loaded == Loaded(Settings(sound=False), None)


def test_saving_replaces_the_old_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings.save(Settings(), path)
    settings.save(CHANGED, path)
    assert settings.load(path).settings == CHANGED
    assert [entry.name for entry in tmp_path.iterdir()] == ["settings.json"]


def test_a_save_that_fails_midway_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    settings.save(CHANGED, path)
    before = path.read_bytes()

    def crash(source: object, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        settings.save(Settings(), path)
    assert path.read_bytes() == before
    assert [entry.name for entry in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.parametrize(("speed", "seconds"),
                         [("off", 0.0), ("fast", 0.2), ("normal", 0.4), ("slow", 0.72)])
def test_animations_scale_with_the_speed(speed: str, seconds: float) -> None:
    assert Settings(animation_speed=speed).animation_seconds(0.4) == pytest.approx(seconds)


@pytest.mark.parametrize(("pace", "delay"), [("fast", 0.15), ("normal", 0.5), ("slow", 1.1)])
def test_the_computer_waits_according_to_its_pace(pace: str, delay: float) -> None:
    assert Settings(computer_pace=pace).computer_delay() == pytest.approx(delay)


def test_every_allowed_value_is_accepted() -> None:
    for speed in settings.ANIMATION_SPEEDS:
        assert Settings(animation_speed=speed).animation_seconds(1.0) >= 0
    for pace in settings.COMPUTER_PACES:
        assert Settings(computer_pace=pace).computer_delay() > 0
    for back in settings.CARD_BACKS:
        assert Settings(card_back=back).card_back == back


def test_a_setting_no_file_could_hold_is_refused() -> None:
    with pytest.raises(ValueError, match="card back"):
        Settings(card_back="purple")
    with pytest.raises(ValueError, match="sound"):
        Settings(sound="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="window size"):
        Settings(window_size=(800.0, 600))  # type: ignore[arg-type]
    assert Settings(window_size=[800, 600]).window_size == (800, 600)  # type: ignore[arg-type]


def test_a_window_dragged_out_of_range_is_brought_into_it() -> None:
    low, high = settings.WINDOW_SIDE
    assert Settings(window_size=(10, 100_000)).window_size == (low, high)


@pytest.mark.parametrize(("size", "desktop", "window"), [
    ((16384, 16384), (2560, 1440), (2560, 1440)),
    ((1280, 800), (1366, 768), (1280, 768)),
    ((1280, 800), (3840, 2160), (1280, 800)),
    ((10, 10), (1920, 1080), (320, 320)),
    ((1280, 800), (0, 0), (320, 320)),  # a desktop too small to be one
])
def test_the_window_opened_fits_the_desktop(size: tuple[int, int], desktop: tuple[int, int],
                                            window: tuple[int, int]) -> None:
    assert settings.fitted_window(size, desktop) == window


def test_without_a_desktop_size_the_largest_window_is_4k() -> None:
    assert settings.fitted_window((16384, 16384), settings.LARGEST_WINDOW) == (3840, 2160)
