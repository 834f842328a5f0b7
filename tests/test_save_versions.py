"""Older save formats load: a sample of each version, each migrated a step at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.errors import SaveError
from game.engine.match import Match
from game.services.catalogue import CATALOGUE

VERSIONS = Path(__file__).resolve().parent.parent / "saves" / "versions"


def sample(version: int) -> Path:
    return VERSIONS / f"format-{version}.json"


ONE_TABLE = (1, 2)  # the samples of these versions are one game of four, cut mid-coup
IN_PROGRESS = VERSIONS.parent / "coup-in-progress-4-players.json"  # the same game


def games_of(saved: saves.Saved) -> tuple[Match, ...]:
    """The game at each table of a save (one, unless it is a match at several tables)."""
    return saved.tables.matches if isinstance(saved, saves.SavedTables) else (saved.match,)


@pytest.mark.parametrize("version", range(1, saves.VERSION + 1))
def test_every_format_version_has_a_sample_that_loads(version: int) -> None:
    assert json.loads(sample(version).read_text())["version"] == version
    loaded = saves.read(sample(version), catalogue=CATALOGUE)
    assert all(game.decisions for game in games_of(loaded))


def test_every_older_version_has_a_migration_step() -> None:
    assert sorted(saves.MIGRATIONS) == list(range(1, saves.VERSION))


def test_the_same_game_in_each_format_loads_to_the_same_table() -> None:
    """The samples of versions 1 and 2 are one game (seed 7, cut mid-coup), the game of
    the shipped sample of a coup in progress."""
    states = {saves.read(path, catalogue=CATALOGUE).match.state  # type: ignore[union-attr]
              for path in [*map(sample, ONE_TABLE), IN_PROGRESS]}
    assert len(states) == 1


def test_the_version_3_sample_is_a_match_of_seven_at_two_tables_under_way() -> None:
    """Version 3 added matches at two tables: its sample is one, both tables mid-game."""
    loaded = saves.read(sample(3), catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedTables) and not loaded.over
    match = loaded.tables
    assert (match.players, match.split.sizes, len(loaded.seats)) == (7, (4, 3), 7)
    assert [game.players for game in match.matches] == [4, 3]
    assert all(game.options.short_game for game in match.matches)
    assert all(game.decisions and not game.pending.over for game in match.matches)


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
    assert isinstance(old, saves.SavedGame)
    saves.write(tmp_path / "again.json", old.match, old.seats)
    data = json.loads((tmp_path / "again.json").read_text())
    assert data["version"] == saves.VERSION
    assert data["app"] == saves.APP
    again = saves.read(tmp_path / "again.json", catalogue=CATALOGUE)
    assert games_of(again)[0].state == old.match.state


def test_a_two_table_save_is_written_back_as_it_was_read(tmp_path: Path) -> None:
    """Loading and saving again keeps the split, each table's log, the options and seats."""
    loaded = saves.read(sample(3), catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedTables)
    saves.write(tmp_path / "again.json", loaded.tables, loaded.seats)
    before = json.loads(sample(3).read_text())
    after = json.loads((tmp_path / "again.json").read_text())
    for key in ("options", "seats", "tables", "progress", "over"):
        assert after[key] == before[key], key
