"""Fixtures many test files share. The tests' kits (ui_kit, player_kit...) and the
benchmarks import as they are: pytest puts the checkout and tests/ on the path
(pyproject.toml's `pythonpath`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.system import paths


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the test's own for every file the game keeps (settings, statistics,
    saves, reviews), named by COUP_DETAT_HOME as a player may: never the tester's files.
    A module whose every test needs it says `pytestmark = pytest.mark.usefixtures("home")`."""
    folder = tmp_path / "home"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(folder))
    return folder
