"""Saved games: versioned JSON, validated, replayed through the rules; bad files refused
with a message saying what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import RULES

from game.engine import saves, texts
from game.engine.errors import SaveError
from game.engine.match import Match, seeded_chance
from game.engine.tables import TablesMatch
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
    written, again = json.loads(path.read_text()), {}
    if isinstance(game, saves.SavedTables):
        assert all(table.turns for table in game.tables.matches), "each log was replayed"
        again = saves.to_json(game.tables, game.seats)
        assert again["tables"] == written["tables"]
    else:
        assert game.match.turns, "the log was replayed"
        again = saves.to_json(game.match, game.seats)
        assert again["log"] == written["log"]
    assert again["progress"] == written["progress"]


def test_the_two_table_sample_is_a_match_of_seven_under_way_with_one_person() -> None:
    game = saves.read(Path(__file__).parent.parent / "saves" / "two-tables-7-players.json",
                      catalogue=CATALOGUE)
    assert isinstance(game, saves.SavedTables) and not game.over
    assert game.tables.split.sizes == (4, 3)
    assert [seat.kind for seat in game.seats] == ["human"] + ["computer"] * 6
    assert all(table.turns and not table.pending.over for table in game.tables.matches)
    table, local = game.tables.split.place(0)
    assert game.tables.matches[table].pending.seat == local, "the person is to act"


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
    assert texts.cleaned(typed, texts.MAX_NAME_LENGTH) == kept
    assert kept == "" or texts.seat_name(kept) == kept


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


# Matches at two tables -----------------------------------------------------------------------

SEVEN = tuple(saves.Seat(name) for name in ("Ada", "Blaise", "Colette", "Denis", "Emile",
                                               "Fanny", "Gaston"))


def tables_in_progress(decisions: int = 40) -> TablesMatch:
    """Seven at two tables, each some way into its game."""
    match = TablesMatch.new(RULES, {"players": 7}, (4, 3), seed=8)
    for table in match.matches:
        while len(table.turns) < decisions:
            table.submit(table.legal()[-1])
    return match


def saved_tables() -> dict:
    return json.loads(saves.dumps(tables_in_progress(), SEVEN))


def test_a_two_table_save_loads_to_the_same_match(tmp_path: Path) -> None:
    match = tables_in_progress()
    saves.write(tmp_path / "match.json", match, SEVEN, name="Seven")
    loaded = saves.read(tmp_path / "match.json", catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedTables) and loaded.ruleset is RULES
    assert loaded.tables.split == match.split and loaded.seats == SEVEN
    assert loaded.tables.options == match.options == {"players": 7, "short_game": False}
    assert [table.state for table in loaded.tables.matches] == \
        [table.state for table in match.matches]
    assert [table.events for table in loaded.tables.matches] == \
        [table.events for table in match.matches]


def test_a_two_table_save_holds_each_tables_seats_and_log_and_no_other_log() -> None:
    data = saved_tables()
    assert set(data) == {"format", "version", "ruleset", "options", "seats", "saved_at",
                         "progress", "over", "app", "tables"}
    assert data["version"] == saves.VERSION and len(data["seats"]) == 7
    assert [len(table["seats"]) for table in data["tables"]] == [4, 3]
    assert all(set(table) == {"seats", "log"} for table in data["tables"])


def damaged_tables(change: str) -> dict:
    data = saved_tables()
    first, second = data["tables"]
    match change:
        case "seat twice":
            second["seats"][0] = first["seats"][0]
        case "seat missing":
            del second["seats"][0]
        case "five and two":
            first["seats"].append(second["seats"].pop())
        case "three and four":
            data["tables"] = [second, first]
        case "one table":
            data["tables"] = [first]
        case "three tables":
            data["tables"].append({"seats": [], "log": []})
        case "no tables":
            data["tables"] = []
        case "seat too big":
            second["seats"][0] = 10**300
        case "five players":
            data["options"]["players"] = 5
        case "four players":
            data["options"]["players"] = 4
        case "players as true":
            data["options"]["players"] = True
        case "players as text":
            data["options"]["players"] = "7"
        case "huge players":
            data["options"]["players"] = 10**4000
        case "no players":
            del data["options"]["players"]
        case "options not an object":
            data["options"] = [7]
        case "short game as text":
            data["options"]["short_game"] = "yes"
        case "no log":
            del second["log"]
        case "log not a list":
            first["log"] = {"0": first["log"][0]}
        case "illegal entry":
            second["log"][10], second["log"][11] = second["log"][11], second["log"][10]
        case "logs swapped":
            first["log"], second["log"] = second["log"], first["log"]
        case "huge seat in the log":
            second["log"][-1]["seat"] = 10**300
        case "seats as text":
            second["seats"] = [str(seat) for seat in second["seats"]]
        case "seats as booleans":
            first["seats"], second["seats"] = [False, True, 2, 3], [4, 5, 6]
        case "seats as floats":
            second["seats"] = [float(seat) for seat in second["seats"]]
        case "seats nested":
            second["seats"] = [second["seats"]]
        case "seats not a list":
            second["seats"] = "0123"
        case "no seats":
            del first["seats"]
        case "tables not a list":
            data["tables"] = {"1": first, "2": second}
        case "table not an object":
            data["tables"][0] = first["seats"]
        case "table null":
            data["tables"] = None
        case "six seats listed":
            data["seats"] = data["seats"][:6]
        case "seat name":
            data["seats"][6]["name"] = "\n"
    return data


ONCE_EACH = r"tables must seat 7 players 4 \+ 3, each once\."
BY_NUMBER = r"tables must list seats by number\."
EACH_TABLE = r"tables must each list their seats and their log\."
NOT_AT_TABLES = r"Coup d'État is not played at several tables by {} players\."


@pytest.mark.parametrize(("change", "message"), [
    ("seat twice", ONCE_EACH),
    ("seat missing", ONCE_EACH),
    ("five and two", ONCE_EACH),
    ("three and four", ONCE_EACH),
    ("one table", ONCE_EACH),
    ("three tables", ONCE_EACH),
    ("no tables", ONCE_EACH),
    ("seat too big", ONCE_EACH),
    ("five players", NOT_AT_TABLES.format(5)),
    ("four players", NOT_AT_TABLES.format(4)),
    ("players as true", NOT_AT_TABLES.format(True)),
    ("players as text", NOT_AT_TABLES.format("'7'")),
    ("huge players", "Coup d'État is not played at several tables by 1000"),
    ("no players", NOT_AT_TABLES.format(None)),
    ("options not an object", r"The save's options are wrong: options must be an object\."),
    ("short game as text", "options are wrong: options.short_game must be true or false"),
    ("no log", "Table 2: The save has no log of the game."),
    ("log not a list", "Table 1: The save has no log of the game."),
    ("illegal entry", "Table 2: The save (breaks the rules|is damaged) at log entry 1[01]"),
    ("logs swapped", "Table 1: The save breaks the rules at log entry 0"),
    ("huge seat in the log", "Table 2: The save breaks the rules at log entry 39: There is "
                             "no seat 1000"),
    ("seats as text", BY_NUMBER),
    ("seats as booleans", BY_NUMBER),
    ("seats as floats", BY_NUMBER),
    ("seats nested", BY_NUMBER),
    ("seats not a list", EACH_TABLE),
    ("no seats", EACH_TABLE),
    ("tables not a list", EACH_TABLE),
    ("table not an object", EACH_TABLE),
    ("table null", EACH_TABLE),
    ("six seats listed", "The save must list 7 seats."),
    ("seat name", "Seat 6 needs a name"),
])
def test_a_bad_two_table_save_is_refused_with_a_reason(change: str, message: str) -> None:
    """A SaveError saying what is wrong, never another exception, and never a message
    longer than a line (but for the number it quotes)."""
    data = json.loads(json.dumps(damaged_tables(change)))
    with pytest.raises(SaveError, match=message) as refused:
        saves.from_json(data, catalogue=CATALOGUE)
    assert len(str(refused.value)) < 160 or change.startswith("huge")


def test_a_match_at_tables_is_read_only_with_the_tables_the_catalogue_knows() -> None:
    """The engine knows no game: how many play at several tables, the catalogue says."""
    data = saved_tables()
    alone = saves.Catalogue({RULES.id: RULES}, CATALOGUE.levels)
    with pytest.raises(SaveError, match=NOT_AT_TABLES.format(7)):
        saves.from_json(data, catalogue=alone)
    seven = saves.Catalogue({RULES.id: RULES}, CATALOGUE.levels, {RULES.id: {7: (4, 3)}})
    assert saves.from_json(data, catalogue=seven).over is False
