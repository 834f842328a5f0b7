"""Every text a save may hold is bounded: a save under the size limit whose ruleset, a
level, a log entry or any other text is a string of a million characters is refused at
once with a short reason, listed by Load as damaged in no time while the other saves stay
usable, told by `replay` in one short line; and a message quoting a hostile value cuts it
short."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from ui_kit import frames, open_app

from game.cli import main
from game.engine import saves, texts
from game.engine.errors import SaveError
from game.services import last_setup, save_index
from game.services.catalogue import CATALOGUE
from game.system import files, paths
from game.ui.scenes.files import LoadScene
from game.ui.scenes.save_list import describe
from game.ui.table.scene import TableScene

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
IN_PROGRESS = SAMPLES / "coup-in-progress-4-players.json"
TWO_TABLES = SAMPLES / "two-tables-7-players.json"
MEGABYTE = 1_000_000
SHORT_REASON = 200  # characters a refusal may take, hostile values quoted in it and all
PER_FILE = 0.25  # seconds a hostile file may cost the listing: well under a second


def with_text(source: Path, place: Callable[[dict, str], None], length: int) -> dict:
    data = json.loads(source.read_text())
    place(data, "x" * length)
    return data


PLACES: dict[str, Callable[[dict, str], None]] = {
    "ruleset": lambda data, big: data.__setitem__("ruleset", big),
    "level": lambda data, big: data["seats"][1].__setitem__("level", big),
    "kind": lambda data, big: data["seats"][1].__setitem__("kind", big),
    "seat name": lambda data, big: data["seats"][1].__setitem__("name", big),
    "log entry": lambda data, big: data["log"][3].__setitem__("play", big),
    "option value": lambda data, big: data["options"].__setitem__("short_game", big),
    "option key": lambda data, big: data["options"].__setitem__(big, True),
    "saved_at": lambda data, big: data.__setitem__("saved_at", big),
    "progress": lambda data, big: data.__setitem__("progress", big),
    "app": lambda data, big: data.__setitem__("app", big),
    "name": lambda data, big: data.__setitem__("name", big),
    "format": lambda data, big: data.__setitem__("format", big),
}


def written(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(json.dumps(data))
    return path


def assert_short_line(message: str) -> None:
    assert len(message) <= SHORT_REASON, message[:300]
    assert "\n" not in message
    assert "x" * 41 not in message  # a value quoted is cut short


@pytest.mark.parametrize("place", PLACES)
def test_a_save_holding_a_huge_text_is_refused_with_a_short_reason(
        place: str, tmp_path: Path) -> None:
    path = written(tmp_path, "huge.json", with_text(IN_PROGRESS, PLACES[place], MEGABYTE))
    started = time.perf_counter()
    with pytest.raises(SaveError) as refused:
        saves.read(path, catalogue=CATALOGUE)
    assert time.perf_counter() - started < 1.0
    assert_short_line(str(refused.value))
    assert "1,000,000 characters (at most 200)" in str(refused.value)


def test_a_save_at_two_tables_holding_a_huge_text_is_refused(tmp_path: Path) -> None:
    data = json.loads(TWO_TABLES.read_text())
    data["tables"][1]["log"][5] = {"seat": 0, "play": "x" * MEGABYTE}
    with pytest.raises(SaveError, match=r"its 'tables' holds a text of 1,000,000") as refused:
        saves.read(written(tmp_path, "tables.json", data), catalogue=CATALOGUE)
    assert_short_line(str(refused.value))


def test_the_longest_texts_a_save_has_still_load(tmp_path: Path) -> None:
    """The bound is far above what the program writes: a name of 40 characters, a save's
    name of 60, a progress at two tables."""
    data = json.loads(TWO_TABLES.read_text())
    data["seats"][0]["name"] = "É" * texts.MAX_NAME_LENGTH
    data["name"] = "N" * texts.MAX_SAVE_NAME_LENGTH
    data["progress"] = "; ".join(f"table {table}: Round 4 of 4, hand 6 of 6" for table in (1, 2))
    saved = saves.read(written(tmp_path, "long.json", data), catalogue=CATALOGUE)
    assert saved.seats[0].name == "É" * 40


@pytest.mark.parametrize("length", [MEGABYTE, 7 * MEGABYTE], ids=["1 MB", "7 MB"])
@pytest.mark.parametrize("place", ["ruleset", "level", "log entry", "seat name"])
def test_load_lists_a_huge_text_as_damaged_at_once(place: str, length: int,
                                                   tmp_path: Path) -> None:
    assert length < files.MAX_BYTES  # a file the game reads
    written(tmp_path, "hostile.json", with_text(IN_PROGRESS, PLACES[place], length))
    written(tmp_path, "fine.json", json.loads(IN_PROGRESS.read_text()))
    started = time.perf_counter()
    entries = save_index.list_saves([(tmp_path, False)])
    fine = [entry for entry in entries if entry.path.name == "fine.json"]
    hostile = [entry for entry in entries if entry.path.name == "hostile.json"]
    line = describe(hostile[0])
    assert time.perf_counter() - started < 2 * PER_FILE
    assert fine[0].problem is None
    assert hostile[0].problem is not None and hostile[0].problem.startswith("damaged: ")
    assert_short_line(hostile[0].problem)
    assert_short_line(line)


def test_the_load_dialog_stays_usable_beside_hostile_saves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        folder = paths.saves_dir()
        for place in ("ruleset", "level", "log entry"):
            for size, length in (("1", MEGABYTE), ("7", 7 * MEGABYTE)):
                written(folder, f"{place}-{size}.json",
                        with_text(IN_PROGRESS, PLACES[place], length))
        written(folder, "fine.json", json.loads(IN_PROGRESS.read_text()))
        started = time.perf_counter()
        scene = LoadScene(app)
        app.push(scene)
        frames(app, 2)
        assert time.perf_counter() - started < 6 * PER_FILE + 1.0  # the window's own
        assert scene.list is not None
        [fine] = [index for index, entry in enumerate(scene.entries)
                  if entry.path.name == "fine.json"]
        hostile = [entry for entry in scene.entries if entry.problem is not None]
        assert len(hostile) == 6
        scene.list.item_list[fine]["selected"] = True
        scene._load()  # as the Load button does
        frames(app, 2)
        assert isinstance(app.scene, TableScene)


def test_replay_refuses_a_huge_text_in_one_short_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    path = written(tmp_path, "huge.json", with_text(IN_PROGRESS, PLACES["ruleset"],
                                                    7 * MEGABYTE))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert_short_line(err.strip())
    assert "7,000,000 characters (at most 200)" in err


@pytest.mark.parametrize(("value", "shown"), [
    ("x" * MEGABYTE, "'" + "x" * 37 + "…'"),  # the quotation closed after its ellipsis
    ("chess", "'chess'"),
    (10 ** 1000, "1" + "0" * 39 + "…"),
    ([1] * 100, "a JSON list"),
    ({"a": 1}, "a JSON object"),
    (None, "None"),
])
def test_a_value_quoted_in_a_message_is_cut_short(value: object, shown: str) -> None:
    assert texts.quoted(value) == shown


@pytest.mark.parametrize(("change", "quoted"), [
    (lambda data: data.__setitem__("ruleset", "y" * 150), "unknown ruleset 'yyy"),
    (lambda data: data["seats"][1].__setitem__("level", "y" * 150), "no level 'yyy"),
    (lambda data: data["seats"][1].__setitem__("kind", "y" * 150), "not 'yyy"),
])
def test_a_hostile_value_below_the_bound_is_quoted_cut_short(
        change: Callable[[dict], None], quoted: str, tmp_path: Path) -> None:
    data = json.loads(IN_PROGRESS.read_text())
    change(data)
    with pytest.raises(SaveError, match=quoted) as refused:
        saves.read(written(tmp_path, "odd.json", data), catalogue=CATALOGUE)
    assert "y" * 41 not in str(refused.value) and "…" in str(refused.value)
    entry = save_index.read_entry(tmp_path / "odd.json")
    assert entry.problem is not None and "y" * 41 not in entry.problem


def test_a_new_game_setup_holding_a_huge_text_offers_nothing(tmp_path: Path) -> None:
    path = written(tmp_path, "new-game.json", {
        "format": last_setup.FORMAT, "version": 1, "ruleset": "coup-detat", "players": 4,
        "options": {"x" * MEGABYTE: True},
        "seats": [{"name": "Ada", "kind": "human", "level": "easy"}]})
    assert last_setup.load(path) is None


def test_a_scenario_naming_a_huge_ruleset_is_refused_in_one_short_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same bound on the other file the commands read: the games registry quotes the
    unknown ruleset cut short."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    path = written(tmp_path, "scenario.json", {"ruleset": "x" * MEGABYTE, "options": {},
                                               "first_dealer": 0, "deals": [], "moves": []})
    assert main(["scenario", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert_short_line(err.strip())
    assert "unknown ruleset 'xxx" in err
