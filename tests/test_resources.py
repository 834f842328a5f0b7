"""The files the program ships with are found the same way from source and frozen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.system import resources
from game.ui import app
from game.ui.art import lettering

REPOSITORY = Path(__file__).resolve().parent.parent


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Pretend to be the executable, unpacked into `bundle`."""
    folder = tmp_path / "bundle"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(folder), raising=False)
    return folder


def test_from_source_the_files_are_the_repositorys() -> None:
    assert not resources.frozen()
    assert resources.resource_root() == REPOSITORY
    assert resources.resource_path("saves", "short-game-3-players.json").is_file()
    assert app.THEME == REPOSITORY / "game" / "ui" / "theme.json"
    assert app.THEME.is_file()


def test_from_source_the_fonts_are_pygame_guis() -> None:
    import pygame_gui

    folder = Path(pygame_gui.__file__).parent / "data"
    assert resources.package_data("pygame_gui", "data") == folder
    assert (lettering._font_folder() / "NotoSans-Bold.ttf").is_file()


def test_frozen_everything_is_where_the_executable_unpacked(bundle: Path) -> None:
    assert resources.frozen()
    assert resources.resource_root() == bundle
    assert resources.resource_path("game", "ui", "theme.json") == bundle / "game/ui/theme.json"
    assert resources.package_data("pygame_gui", "data") == bundle / "pygame_gui" / "data"
    assert lettering._font_folder() == bundle / "pygame_gui" / "data"


def test_a_missing_package_is_named() -> None:
    with pytest.raises(ModuleNotFoundError, match="no_such_package"):
        resources.package_data("no_such_package", "data")
