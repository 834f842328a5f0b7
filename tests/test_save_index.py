"""The Load dialog's list: every save's header, newest first, samples last, and a reason
instead of an exception for a file that cannot be loaded."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.engine.tables import TablesMatch
from game.games import get_ruleset
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.services.save_index import SaveEntry
from game.system import files
from game.ui.scenes.save_list import describe

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
SAMPLE_NAMES = {"complete-game-4-players.json", "coup-in-progress-4-players.json",
                "short-game-3-players.json", "two-tables-7-players.json"}
RULES = get_ruleset("coup-detat")


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own


def sample_header() -> dict:
    return json.loads((SAMPLES / "coup-in-progress-4-players.json").read_text())


def write_save(folder: Path, name: str, **changes: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = {**sample_header(), **changes}
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def by_name(entries: list[SaveEntry]) -> dict[str, SaveEntry]:
    return {entry.path.name: entry for entry in entries}


# The samples.


def test_the_samples_are_listed_with_their_headers() -> None:
    entries = by_name(save_index.list_saves([(SAMPLES, True)]))
    assert set(entries) == SAMPLE_NAMES
    complete = entries["complete-game-4-players.json"]
    assert complete.progress == "Game over"
    assert (complete.players, complete.humans, complete.ruleset) == (4, 1, "coup-detat")
    assert complete.seat_names == ("Antoine", "Brigitte", "Camille", "Didier")
    assert complete.title == "Complete game 4 players"
    assert complete.saved_at == datetime(2026, 11, 22, 6, 53, 59, tzinfo=UTC)
    short = entries["short-game-3-players.json"]
    assert (short.players, short.humans, len(short.seat_names)) == (3, 3, 3)
    for entry in entries.values():
        assert entry.sample and entry.problem is None


@pytest.mark.parametrize("name", sorted(SAMPLE_NAMES))
def test_a_sample_header_agrees_with_the_game_it_holds(name: str) -> None:
    entry = save_index.read_entry(SAMPLES / name, sample=True)
    game = saves.read(SAMPLES / name, catalogue=CATALOGUE)
    match = game.tables if isinstance(game, saves.SavedTables) else game.match
    progress = match.progress() if isinstance(match, TablesMatch) else \
        game.ruleset.progress(match.state)
    assert entry.progress == progress and entry.over is game.over
    assert entry.players == match.players
    assert entry.seat_names == tuple(seat.name for seat in game.seats)
    assert entry.humans == sum(seat.kind == "human" for seat in game.seats)


def test_the_default_folders_are_the_players_then_the_samples(home: Path) -> None:
    assert save_index.default_folders() == [(home / "saves", False), (SAMPLES, True)]
    write_save(home / "saves", "mine.json", saved_at="2020-01-01T00:00:00+00:00")
    entries = save_index.list_saves(save_index.default_folders())
    assert entries[0].path.name == "mine.json"  # older, but the player's
    assert {entry.path.name for entry in entries[1:]} == SAMPLE_NAMES
    assert [entry.sample for entry in entries] == [False] + [True] * len(SAMPLE_NAMES)


# Order.


def test_the_newest_save_comes_first(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    write_save(folder, "monday.json", saved_at="2026-03-02T09:00:00+00:00")
    write_save(folder, "wednesday.json", saved_at="2026-03-04T09:00:00+00:00")
    write_save(folder, "undated.json", saved_at=None)
    write_save(folder, "tuesday.json", saved_at="2026-03-03T09:00:00")  # naive: taken as UTC
    write_save(folder, "paris.json", saved_at="2026-03-04T10:30:00+02:00")  # 08:30 UTC
    names = [entry.path.name for entry in save_index.list_saves([(folder, False)])]
    assert names == ["wednesday.json", "paris.json", "tuesday.json", "monday.json",
                     "undated.json"]


def test_the_players_saves_come_before_newer_samples(tmp_path: Path) -> None:
    write_save(tmp_path / "mine", "old.json", saved_at="2001-01-01T00:00:00+00:00")
    write_save(tmp_path / "shipped", "new.json", saved_at="2099-01-01T00:00:00+00:00")
    entries = save_index.list_saves([(tmp_path / "shipped", True), (tmp_path / "mine", False)])
    assert [(entry.path.name, entry.sample) for entry in entries] == [
        ("old.json", False), ("new.json", True)
    ]


WEST, EAST = "EST5", "JST-9"  # New York's winter and Tokyo, as POSIX writes them (no database)


@contextmanager
def local_time_zone(zone: str) -> Iterator[None]:
    """The machine's clock in the time zone `zone` (TZ) while the block runs."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()


AT_THE_CLOCKS_ENDS = [  # a date no clock shows, in the local time zone or in any
    ("0001-01-01T00:00:00+14:00", WEST), ("0001-01-01T00:00:00+14:00", EAST),
    ("0001-01-01T00:00:00+00:00", WEST), ("0001-01-01T00:00:00", WEST),
    ("9999-12-31T23:59:59-14:00", WEST), ("9999-12-31T23:59:59-14:00", EAST),
    ("9999-12-31T23:59:59+00:00", EAST), ("9999-12-31T23:59:59.999999", EAST)]


@pytest.mark.parametrize(("saved_at", "zone"), AT_THE_CLOCKS_ENDS)
def test_a_save_dated_at_the_clocks_ends_is_listed_undated(
        tmp_path: Path, saved_at: str, zone: str) -> None:
    """Shown in local time, the date would be before the year 1 or after 9999 (an
    OverflowError from `astimezone`, each time the list was shown): the save is listed,
    loads, and its date is not known."""
    folder = tmp_path / "saves"
    write_save(folder, "dated.json", saved_at="2026-03-02T09:00:00+00:00")
    write_save(folder, "ends.json", saved_at=saved_at)
    with local_time_zone(zone):
        entries = save_index.list_saves([(folder, False)])
        assert [entry.path.name for entry in entries] == ["dated.json", "ends.json"]
        ends = entries[1]
        assert (ends.problem, ends.saved_at) == (None, None)
        assert describe(ends).endswith(" · ?")
        assert saves.read(ends.path, catalogue=CATALOGUE).saved_at is None


@pytest.mark.parametrize(("saved_at", "zone"), [
    ("0001-01-02T00:00:00+00:00", WEST), ("0001-01-02T00:00:00-14:00", EAST),
    ("9999-12-30T23:59:59+00:00", EAST), ("9999-12-30T23:59:59+14:00", WEST)])
def test_a_save_dated_a_day_inside_the_clocks_ends_shows_its_date(
        tmp_path: Path, saved_at: str, zone: str) -> None:
    path = write_save(tmp_path, "near.json", saved_at=saved_at)
    with local_time_zone(zone):
        entry = save_index.read_entry(path)
        assert entry.saved_at == datetime.fromisoformat(saved_at)
        year = describe(entry).rsplit(" · ", 1)[1].split()[2]
        assert year in {"1", "0001", "9999"}


# What is listed.


def test_the_autosave_and_other_files_are_not_listed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    write_save(folder, "kept.json")
    write_save(folder, "autosave.json")
    write_save(folder, ".autosave.json.x1y2.tmp")
    write_save(folder, ".hidden.json")
    write_save(folder, "notes.txt")
    write_save(folder / "nested", "deeper.json")
    (folder / "a-folder.json").mkdir()
    names = [entry.path.name for entry in save_index.list_saves([(folder, False)])]
    assert names == ["kept.json"]


def test_a_missing_folder_lists_nothing(tmp_path: Path) -> None:
    assert save_index.list_saves([(tmp_path / "nowhere", False)]) == []


def test_a_folder_given_twice_lists_each_save_once() -> None:
    entries = save_index.list_saves([(SAMPLES, True), (SAMPLES / ".." / "saves", True)])
    assert len(entries) == len(SAMPLE_NAMES)


def test_a_link_to_a_save_beside_it_never_hides_the_save(tmp_path: Path) -> None:
    """A link is another name of a save, not another save: the save is listed once, under
    its own file, whatever the folder's order; a link to a save in none of the folders is
    listed (it is the only way to it); a link to nothing, or to itself, is not a save."""
    folder, stick = tmp_path / "saves", tmp_path / "stick"
    real = write_save(folder, "monday.json")  # no name inside: titled after its file
    for name in ("a-link.json", "m-link.json", "z-link.json", "-link.json", "link.json"):
        (folder / name).symlink_to(real)
    (folder / "relative.json").symlink_to("monday.json")
    away = write_save(stick, "away.json", saved_at="2026-03-01T09:00:00+00:00")
    (folder / "to-the-stick.json").symlink_to(away)
    (folder / "to-nothing.json").symlink_to(tmp_path / "gone.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    entries = save_index.list_saves([(folder, False)])
    assert [(entry.path.name, entry.title) for entry in entries] == [
        ("monday.json", "Monday"), ("to-the-stick.json", "To the stick")]
    samples_too = save_index.list_saves([(folder, False), (stick, True)])
    assert [(entry.path, entry.sample) for entry in samples_too] == [(real, False),
                                                                      (away, True)]


def test_a_save_written_by_the_game_is_listed(tmp_path: Path) -> None:
    match = Match(RULES, RULES.parse_options({"players": 3}), chance=seeded_chance(RULES, 5))
    for _ in range(20):
        match.submit(match.legal()[0])
    seats = (saves.Seat("Ada", "human"), saves.Seat("Blaise"), saves.Seat("Colette", "human"))
    path = save_index.new_save_path("Ada's evening", tmp_path)
    saves.write(path, match, seats)
    [entry] = save_index.list_saves([(tmp_path, False)])
    assert entry.path == path and entry.title == "Adas evening"
    assert entry.problem is None
    assert (entry.players, entry.humans, entry.seat_names) == (3, 2, ("Ada", "Blaise", "Colette"))
    assert entry.progress == RULES.progress(match.state)
    assert entry.saved_at is not None and entry.saved_at.tzinfo is not None


# Files that cannot be loaded.


@pytest.mark.parametrize(("content", "problem"), [
    ("{not json", "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2]", "not a Coup d'État saved game"),
    ('{"format": "something-else"}', "not a Coup d'État saved game"),
    ({"version": saves.VERSION + 1}, "newer version"),
    ({"version": "1"}, "no format version"),
    ({"ruleset": "chess"}, "unknown ruleset"),
    ({"ruleset": "coup"}, "damaged at log entry 0"),
    ({"seats": [{"name": "Solo", "kind": "human"}]}, "seats"),
    ({"seats": "everyone"}, "seats"),
    ({"seats": [{"name": n, "kind": "robot"} for n in "ABCD"]}, "seats"),
], ids=["not json", "empty", "a list", "another format", "newer", "bad version",
        "unknown ruleset", "another ruleset's log", "too few seats", "seats a string", "odd kind"])
def test_a_bad_file_is_listed_with_its_problem(
    tmp_path: Path, content: str | dict, problem: str
) -> None:
    folder = tmp_path / "saves"
    write_save(folder, "good.json")
    if isinstance(content, dict):
        write_save(folder, "bad.json", **content)
    else:
        (folder / "bad.json").write_text(content, encoding="utf-8")
    entries = by_name(save_index.list_saves([(folder, False)]))
    assert entries["good.json"].problem is None
    bad = entries["bad.json"]
    assert bad.problem is not None and problem in bad.problem
    assert bad.title == "Bad"


def test_a_file_that_is_not_utf8_is_listed_with_its_problem(tmp_path: Path) -> None:
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe{}")
    [entry] = save_index.list_saves([(tmp_path, False)])
    assert entry.problem is not None and "cannot be read" in entry.problem
    assert (entry.players, entry.seat_names, entry.progress) == (0, (), "")


def test_a_seat_name_that_does_not_print_is_listed_with_its_problem(tmp_path: Path) -> None:
    seats = sample_header()["seats"]
    seats[2]["name"] = "\ud800"
    entry = save_index.read_entry(write_save(tmp_path, "odd.json", seats=seats))
    assert entry.problem == "Seat 2 needs a name of 1 to 40 characters that print"
    assert entry.seat_names == ("Antoine", "Brigitte", "?", "Didier")


@pytest.mark.parametrize("progress", ["\ud800", "Round 1\nof 4", "x" * 81, 7])
def test_a_progress_that_cannot_be_shown_is_not(tmp_path: Path, progress: object) -> None:
    entry = save_index.read_entry(write_save(tmp_path, "odd.json", progress=progress))
    assert (entry.problem, entry.progress) == (None, "")


def test_a_number_too_long_for_python_is_listed_as_damaged(tmp_path: Path) -> None:
    (tmp_path / "huge.json").write_text('{"version": 1' + "0" * 5_000 + "}")
    entry = save_index.read_entry(tmp_path / "huge.json")
    assert entry.problem == "damaged: not valid JSON (a number out of range)"


def test_a_bad_header_keeps_what_could_be_read(tmp_path: Path) -> None:
    path = write_save(tmp_path, "newer.json", version=7)
    entry = save_index.read_entry(path)
    assert entry.problem is not None
    assert (entry.players, entry.progress) == (4, "Round 1 of 4, hand 2 of 6")


def test_a_missing_date_or_progress_is_no_problem(tmp_path: Path) -> None:
    data = sample_header()
    del data["saved_at"], data["progress"]
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    entry = save_index.read_entry(tmp_path / "old.json")
    assert (entry.problem, entry.saved_at, entry.progress) == (None, None, "")


# Titles and new names.


@pytest.mark.parametrize(("name", "title"), [
    ("complete-game-4-players.json", "Complete game 4 players"),
    ("my_saved--game.json", "My saved game"),
    ("Zoé-et-Léon.json", "Zoé et Léon"),
    ("ÉTÉ.json", "ÉTÉ"),
])
def test_the_title_is_the_file_name_in_words(name: str, title: str) -> None:
    assert save_index.title_for(Path(name)) == title


@pytest.mark.parametrize(("typed", "stem"), [
    ("My game", "My-game"),
    ("  Sunday   night!  ", "Sunday-night"),
    ("../../etc/passwd", "etcpasswd"),
    ("C:\\Windows\\win.ini", "CWindowswinini"),
    ("Partie de Zoé", "Partie-de-Zoé"),
    ("a" * 60, "a" * 40),
    ("", "game"),
    ("?!*", "game"),
    ("---", "game"),
])
def test_a_typed_name_becomes_a_safe_file_name(tmp_path: Path, typed: str, stem: str) -> None:
    path = save_index.new_save_path(typed, tmp_path)
    assert path == tmp_path / f"{stem}.json"
    assert path.parent == tmp_path


def test_a_new_save_never_overwrites(tmp_path: Path) -> None:
    first = save_index.new_save_path("Evening", tmp_path)
    first.write_text("{}")
    second = save_index.new_save_path("Evening", tmp_path)
    second.write_text("{}")
    third = save_index.new_save_path("evening!", tmp_path)
    assert [first.name, second.name, third.name] == [
        "Evening.json", "Evening-2.json", "evening-3.json" if _case_blind(tmp_path)
        else "evening.json"
    ]


@pytest.mark.parametrize("typed", ["autosave", "AutoSave", "CON", "lpt1"])
def test_a_new_save_never_takes_a_reserved_name(tmp_path: Path, typed: str) -> None:
    assert save_index.new_save_path(typed, tmp_path) == tmp_path / f"{typed}-2.json"


def test_new_saves_go_to_the_players_saves_folder(home: Path) -> None:
    assert save_index.new_save_path("x") == home / "saves" / "x.json"


def _case_blind(folder: Path) -> bool:
    probe = folder / "Case-Probe"
    probe.write_text("")
    try:
        return (folder / "case-probe").exists()
    finally:
        probe.unlink()


def test_a_hand_edited_illegal_game_is_listed_with_the_rule_it_breaks(tmp_path: Path) -> None:
    """The header is fine; the log is replayed through the rules when listing."""
    data = sample_header()
    first_play = next(i for i, entry in enumerate(data["log"]) if "play" in entry)
    data["log"][first_play]["play"] = "COUP" if data["log"][first_play]["play"] != "COUP" else "2S"
    (tmp_path / "edited.json").write_text(json.dumps(data), encoding="utf-8")
    entry = save_index.read_entry(tmp_path / "edited.json")
    assert entry.problem is not None
    assert f"log entry {first_play}" in entry.problem
    assert entry.progress == "Round 1 of 4, hand 2 of 6", "what the header says is still shown"


def test_a_huge_file_is_refused_without_being_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(files.MAX_BYTES + 1)  # sparse: nothing is written, nothing need be read
    entry = save_index.read_entry(path)
    assert entry.problem is not None and "too big to be a saved game" in entry.problem


def test_listing_remembers_a_verdict_until_the_file_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_save(tmp_path, "game.json")
    replays = []
    real = saves.from_json
    monkeypatch.setattr(saves, "from_json",
                        lambda data, **known: replays.append(1) or real(data, **known))
    for _ in range(3):
        assert save_index.read_entry(path).problem is None
    assert len(replays) == 1
    write_save(tmp_path, "game.json", log="lost")
    assert save_index.read_entry(path).problem is not None
    assert len(replays) == 2


@pytest.mark.parametrize(("over", "progress", "said"), [
    (True, "Round 1 of 4, hand 2 of 6", True), (False, "Game over", False),
    ("yes", ["Game over"], False), (None, {"a": 1}, False),
    (None, "Game over", True), (None, "Match over", True)])
def test_the_header_says_whether_the_game_is_over_whatever_it_holds(
        tmp_path: Path, over: object, progress: object, said: bool) -> None:
    """`over` when it is a true or false; else, from saves written before it, the words
    `progress` gave a finished game; nothing in a hand-edited header breaks the listing."""
    data = sample_header() | {"progress": progress}
    data.pop("over", None)
    if over is not None:
        data["over"] = over
    (tmp_path / "edited.json").write_text(json.dumps(data), encoding="utf-8")
    assert save_index.read_entry(tmp_path / "edited.json", replay=False).over is said
