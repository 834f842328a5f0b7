"""Saved games: versioned JSON, validated, replayed through the rules; bad files refused
with a message saying what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import RULES

from game.engine import saves
from game.engine.errors import SaveError
from game.engine.match import Match, seeded_chance

SAMPLES = sorted((Path(__file__).parent.parent / "saves").glob("*.json"))
SEATS = (saves.Seat("Ada", "human"), saves.Seat("Blaise"), saves.Seat("Colette"),
         saves.Seat("Denis"))


def game_in_progress(decisions: int = 100) -> Match:
    match = Match(RULES, RULES.parse_options({"players": 4}), chance=seeded_chance(RULES, 8))
    while len(match.turns) < decisions:
        match.submit(match.legal()[-1])
    return match


def saved(match: Match) -> dict:
    return json.loads(json.dumps(saves.to_json(match, SEATS)))


def test_there_are_sample_saves() -> None:
    names = {path.name for path in SAMPLES}
    assert "complete-game-4-players.json" in names
    assert "coup-in-progress-4-players.json" in names


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.stem)
def test_sample_saves_load_and_replay(path: Path) -> None:
    game = saves.read(path)
    assert game.match.turns, "the log was replayed"
    assert saves.to_json(game.match, game.seats)["log"] == json.loads(path.read_text())["log"]


def test_the_coup_sample_stops_in_the_middle_of_a_coup_hand() -> None:
    game = saves.read(Path(__file__).parent.parent / "saves" / "coup-in-progress-4-players.json")
    hand = game.match.state.hand
    assert hand is not None and hand.is_coup and hand.tricks and hand.tricks.done


def test_save_then_load_gives_the_same_state_and_seats(tmp_path: Path) -> None:
    match = game_in_progress()
    saves.write(tmp_path / "game.json", match, SEATS)
    loaded = saves.read(tmp_path / "game.json")
    assert loaded.match.state == match.state
    assert loaded.match.events == match.events
    assert loaded.seats == SEATS


def test_a_loaded_game_goes_on_dealing_with_its_chance_source(tmp_path: Path) -> None:
    match = game_in_progress(40)
    saves.write(tmp_path / "game.json", match, SEATS)
    loaded = saves.read(tmp_path / "game.json", chance=seeded_chance(RULES, 1)).match
    while not loaded.pending.over:
        loaded.submit(loaded.legal()[0])
    assert loaded.state.winners


def test_writing_replaces_the_file_whole_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    saves.write(path, game_in_progress(), SEATS)
    assert json.loads(path.read_text())["format"] == saves.FORMAT
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def damaged(change: str) -> dict:
    data = saved(game_in_progress(60))
    match change:
        case "format":
            data["format"] = "something else"
        case "newer":
            data["version"] = saves.VERSION + 1
        case "no version":
            del data["version"]
        case "ruleset":
            data["ruleset"] = "poker"
        case "options":
            data["options"] = {"players": 7}
        case "seat count":
            data["seats"] = data["seats"][:3]
        case "seat kind":
            data["seats"][1]["kind"] = "wizard"
        case "seat name":
            data["seats"][2]["name"] = "   "
        case "no log":
            data["log"] = "everything"
        case "malformed entry":
            data["log"][10] = {"seat": 1}
        case "illegal entry":
            data["log"][10], data["log"][11] = data["log"][11], data["log"][10]
        case "unknown card":
            data["log"][first_deal(data)]["deal"]["center"] = "ZZ"
    return data


@pytest.mark.parametrize(("change", "message"), [
    ("format", "not a Coup d'État saved game"),
    ("newer", "Update the game"),
    ("no version", "no valid format version"),
    ("ruleset", "unknown ruleset 'poker'"),
    ("options", "options are wrong"),
    ("seat count", "must list 4 seats"),
    ("seat kind", "Seat 1 must be human or computer"),
    ("seat name", "Seat 2 needs a name"),
    ("no log", "no log"),
    ("malformed entry", "damaged at log entry 10"),
    ("illegal entry", "breaks the rules at log entry 10"),
    ("unknown card", "damaged at log entry {first_deal}: there is no card 'ZZ'"),
])
def test_a_bad_save_is_refused_with_a_reason(change: str, message: str) -> None:
    data = damaged(change)
    if "{first_deal}" in message:
        message = message.format(first_deal=first_deal(data))
    with pytest.raises(SaveError, match=message):
        saves.from_json(data)


def first_deal(data: dict) -> int:
    return next(index for index, entry in enumerate(data["log"]) if "deal" in entry)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "coup-detat-save", "version": 1,')
    with pytest.raises(SaveError, match="damaged: not valid JSON"):
        saves.read(path)


def test_a_file_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="nested too deeply"):
        saves.read(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot be read"):
        saves.read(tmp_path / "nowhere.json")


def test_a_save_holds_no_code(tmp_path: Path) -> None:
    """Saves are plain JSON data: no pickle, nothing executable."""
    saves.write(tmp_path / "game.json", game_in_progress(), SEATS)
    data = json.loads((tmp_path / "game.json").read_text())
    assert set(data) == {"format", "version", "ruleset", "options", "seats", "saved_at",
                         "progress", "over", "app", "log"}
    assert all(isinstance(entry, dict) for entry in data["log"])


def test_a_save_says_how_far_the_game_has_come() -> None:
    data = saved(game_in_progress(100))
    assert data["progress"].startswith("Round 1 of 4, hand ")
    assert data["over"] is False
    finished = Match(RULES, RULES.parse_options({"players": 3, "short_game": True}),
                     chance=seeded_chance(RULES, 2))
    while not finished.pending.over:
        finished.submit(finished.legal()[0])
    assert saves.to_json(finished, SEATS[:3])["progress"] == "Game over"
    assert saves.to_json(finished, SEATS[:3])["over"] is True
