"""Where things live: the user's folders (or COUP_DETAT_HOME), never beside the program."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from game.services import settings
from game.system import paths
from game.system.files import write_atomically

REPOSITORY = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own


def test_the_home_variable_replaces_the_data_and_config_folders(home: Path) -> None:
    assert paths.data_dir() == home
    assert paths.config_dir() == home
    assert home.is_dir()


def test_each_file_has_its_place_under_home(home: Path) -> None:
    assert paths.saves_dir() == home / "saves"
    assert paths.saves_dir().is_dir()
    assert paths.autosave_path() == home / "autosave.json"
    assert paths.settings_path() == home / "settings.json"
    assert paths.stats_path() == home / "statistics.json"


@pytest.mark.parametrize("value", ["", "   "])
def test_without_a_home_platformdirs_chooses_the_folders(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, value)
    calls: list[tuple[str, str, object]] = []

    def fake(kind: str):  # type: ignore[no-untyped-def]
        def where(appname: str, appauthor: object = None) -> str:
            calls.append((kind, appname, appauthor))
            return str(tmp_path / kind)
        return where

    monkeypatch.setattr(platformdirs, "user_data_dir", fake("data"))
    monkeypatch.setattr(platformdirs, "user_config_dir", fake("config"))
    assert paths.data_dir() == tmp_path / "data"
    assert paths.config_dir() == tmp_path / "config"
    assert paths.stats_path() == tmp_path / "data" / "statistics.json"
    assert paths.settings_path() == tmp_path / "config" / "settings.json"
    assert ("data", "coup-detat", False) in calls
    assert ("config", "coup-detat", False) in calls
    assert (tmp_path / "data").is_dir() and (tmp_path / "config").is_dir()


def test_a_folder_that_cannot_be_made_fails_only_when_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv(paths.HOME_VARIABLE, str(blocker / "home"))
    assert paths.data_dir() == blocker / "home"  # no exception yet
    assert paths.saves_dir() == blocker / "home" / "saves"
    assert paths.settings_path() == blocker / "home" / "settings.json"
    with pytest.raises(OSError):
        settings.save(settings.Settings())


def test_the_sample_saves_are_the_repository_saves_folder() -> None:
    folder = paths.sample_saves_dir()
    assert folder == REPOSITORY / "saves"
    assert (folder / "complete-game-4-players.json").is_file()


def test_a_frozen_bundle_finds_its_samples_where_it_unpacked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert paths.sample_saves_dir() == tmp_path / "bundle" / "saves"


def test_writing_atomically_replaces_the_file_and_leaves_nothing_else(home: Path) -> None:
    target = home / "deep" / "file.json"
    write_atomically(target, "old")
    write_atomically(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert [path.name for path in target.parent.iterdir()] == ["file.json"]
