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
from game.games import RULESETS
from game.services.catalogue import CATALOGUE

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
    game = saves.read(path, catalogue=CATALOGUE)
    assert game.match.turns, "the log was replayed"
    assert saves.to_json(game.match, game.seats)["log"] == json.loads(path.read_text())["log"]


def test_the_coup_sample_stops_in_the_middle_of_a_coup_hand() -> None:
    game = saves.read(Path(__file__).parent.parent / "saves" / "coup-in-progress-4-players.json",
                      catalogue=CATALOGUE)
    hand = game.match.state.hand
    assert hand is not None and hand.is_coup and hand.tricks and hand.tricks.done


def test_save_then_load_gives_the_same_state_and_seats(tmp_path: Path) -> None:
    match = game_in_progress()
    saves.write(tmp_path / "game.json", match, SEATS)
    loaded = saves.read(tmp_path / "game.json", catalogue=CATALOGUE)
    assert loaded.match.state == match.state
    assert loaded.match.events == match.events
    assert loaded.seats == SEATS


def test_a_loaded_game_goes_on_dealing_with_its_chance_source(tmp_path: Path) -> None:
    match = game_in_progress(40)
    saves.write(tmp_path / "game.json", match, SEATS)
    loaded = saves.read(tmp_path / "game.json", catalogue=CATALOGUE,
                        chance=seeded_chance(RULES, 1)).match
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
        saves.from_json(data, catalogue=CATALOGUE)


def first_deal(data: dict) -> int:
    return next(index for index, entry in enumerate(data["log"]) if "deal" in entry)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "coup-detat-save", "version": 1,')
    with pytest.raises(SaveError, match="damaged: not valid JSON"):
        saves.read(path, catalogue=CATALOGUE)


def test_a_file_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="nested too deeply"):
        saves.read(path, catalogue=CATALOGUE)


def test_a_number_too_long_for_python_is_refused_as_damaged(tmp_path: Path) -> None:
    """json.loads raises ValueError, not JSONDecodeError, past 4,300 digits."""
    path = tmp_path / "huge.json"
    path.write_text('{"format": "coup-detat-save", "version": 1' + "0" * 5_000 + "}")
    with pytest.raises(SaveError, match=r"huge\.json is damaged: not valid JSON"):
        saves.read(path, catalogue=CATALOGUE)


def test_a_damaged_newest_autosave_gives_way_to_the_one_before(tmp_path: Path) -> None:
    newest, older = tmp_path / "autosave.json", tmp_path / "autosave-1.json"
    newest.write_text('{"format": "coup-detat-save", "version": 1' + "0" * 5_000 + "}")
    saves.write(older, game_in_progress(), SEATS)
    _, path, problems = saves.read_first([newest, older], catalogue=CATALOGUE)
    assert path == older
    assert problems == ["autosave.json is damaged: not valid JSON (a number out of range)."]


@pytest.mark.parametrize("name", ["\ud800", "Ada\udfff", "Ada\nBlaise", "\x07", "Ada\u2028"])
def test_a_seat_name_that_does_not_print_is_refused(name: str, tmp_path: Path) -> None:
    data = saved(game_in_progress(10))
    data["seats"][1]["name"] = name
    (tmp_path / "game.json").write_text(json.dumps(data))  # escaped: the file is good UTF-8
    with pytest.raises(SaveError, match="Seat 1 needs a name of 1 to 40 characters that print"):
        saves.read(tmp_path / "game.json", catalogue=CATALOGUE)


def test_a_date_that_is_not_one_is_not_kept(tmp_path: Path) -> None:
    data = saved(game_in_progress(10))
    for saved_at in ("\ud800", "yesterday", "2026-11-22T10:00:00+00:00"):
        data["saved_at"] = saved_at
        kept = saves.from_json(data, catalogue=CATALOGUE).saved_at
        assert kept == (saved_at if saved_at[0] == "2" else None)


@pytest.mark.parametrize(("typed", "kept"), [
    ("  Ada  ", "Ada"), ("Ada\nLovelace", "Ada Lovelace"), ("Ada\tL\u00a0L", "Ada L L"),
    ("\x07Bob\u200b", "Bob"), ("A" * 50, "A" * 40), ("\n\t", "")])
def test_a_typed_name_is_cleaned_to_one_a_save_keeps(typed: str, kept: str) -> None:
    assert saves.cleaned(typed, saves.MAX_NAME_LENGTH) == kept
    assert kept == "" or saves.seat_name(kept) == kept


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot be read"):
        saves.read(tmp_path / "nowhere.json", catalogue=CATALOGUE)


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


def test_a_save_is_read_only_with_the_rules_it_is_handed() -> None:
    """The engine knows no game: a save of a game it was not handed is refused."""
    match = game_in_progress(20)
    data = saved(match)
    alone = saves.Catalogue({RULES.id: RULES}, CATALOGUE.levels)
    assert saves.from_json(data, catalogue=alone).match.state == match.state
    others = {ruleset_id: rules for ruleset_id, rules in RULESETS.items() if rules is not RULES}
    with pytest.raises(SaveError, match=f"unknown ruleset '{RULES.id}'"):
        saves.from_json(data, catalogue=saves.Catalogue(others, CATALOGUE.levels))


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "bot"])
def test_a_seats_level_is_one_the_catalogue_knows(level: str) -> None:
    data = saved(game_in_progress(20))
    data["seats"][1]["level"] = level
    assert saves.from_json(data, catalogue=CATALOGUE).seats[1].level == level


def test_a_level_the_reader_does_not_know_is_refused() -> None:
    data = saved(game_in_progress(20))
    data["seats"][1]["level"] = "hard"
    with pytest.raises(SaveError, match="Seat 1 has no level 'hard'"):
        saves.from_json(data, catalogue=saves.Catalogue(RULESETS, ("random", "medium")))


@pytest.mark.parametrize("level", ["", "grandmaster", "very hard", "hard\n", 3, None, ["hard"]])
def test_a_level_the_program_does_not_have_is_refused(level: object) -> None:
    data = saved(game_in_progress(20))
    data["seats"][1]["level"] = level
    with pytest.raises(SaveError, match="Seat 1 has no level"):
        saves.from_json(data, catalogue=CATALOGUE)
