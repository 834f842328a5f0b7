"""Older save formats load: a sample of each version, each migrated a step at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.errors import SaveError
from game.services.catalogue import CATALOGUE

VERSIONS = Path(__file__).resolve().parent.parent / "saves" / "versions"


def sample(version: int) -> Path:
    return VERSIONS / f"format-{version}.json"


@pytest.mark.parametrize("version", range(1, saves.VERSION + 1))
def test_every_format_version_has_a_sample_that_loads(version: int) -> None:
    assert json.loads(sample(version).read_text())["version"] == version
    loaded = saves.read(sample(version), catalogue=CATALOGUE)
    assert loaded.match.decisions


def test_every_older_version_has_a_migration_step() -> None:
    assert sorted(saves.MIGRATIONS) == list(range(1, saves.VERSION))


def test_the_same_game_in_each_format_loads_to_the_same_table() -> None:
    """The samples are one game (seed 7, cut mid-coup) written by each version."""
    states = {saves.read(sample(v), catalogue=CATALOGUE).match.state
              for v in range(1, saves.VERSION + 1)}
    assert len(states) == 1


def test_version_1_computers_play_at_the_default_level() -> None:
    seats = saves.read(sample(1), catalogue=CATALOGUE).seats
    assert [seat.kind for seat in seats] == ["human", "computer", "computer", "computer"]
    assert all(seat.level == saves.DEFAULT_LEVEL for seat in seats[1:])


def test_version_2_keeps_each_computers_level() -> None:
    seats = saves.read(sample(2), catalogue=CATALOGUE).seats
    assert [seat.level for seat in seats[1:]] == ["medium", "hard", "medium"]


def test_from_version_2_a_computer_without_a_level_is_refused() -> None:
    data = json.loads(sample(2).read_text())
    del data["seats"][1]["level"]
    with pytest.raises(SaveError, match="Seat 1 is a computer without a level"):
        saves.from_json(data, catalogue=CATALOGUE)


def test_a_migrated_save_is_written_back_in_the_current_format(tmp_path: Path) -> None:
    old = saves.read(sample(1), catalogue=CATALOGUE)
    saves.write(tmp_path / "again.json", old.match, old.seats)
    data = json.loads((tmp_path / "again.json").read_text())
    assert data["version"] == saves.VERSION
    assert data["app"] == saves.APP
    assert saves.read(tmp_path / "again.json", catalogue=CATALOGUE).match.state == old.match.state
