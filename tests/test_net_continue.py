"""Tables across machines carried on from the Title's Continue (the window's host, and a
friend's window), each run in a network namespace of its own (tests/in_namespace/), and at
this machine: the files kept for it, what Continue offers, the history's online mark."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import cast

import netns_kit
import pytest
from ui_kit import buttons, frames, open_app, press_button

from game.engine.saves import SavedGame, Seat
from game.net import kept_seats, kept_table
from game.net.headless import HeadlessHost, kept_plan
from game.net.hosted import OPEN, PERSON
from game.net.kept_seats import SeatKeeper
from game.net.kept_table import Keeping, KeptTable, TableKeeper
from game.services import history, records_file, stats, stats_summary
from game.services.session import GameSession
from game.system import paths
from game.ui import carry_on, screens
from game.ui.app import App
from game.ui.scenes import continuing
from game.ui.scenes.statistics_history import row_words
from game.ui.table.scene import TableScene

CONTINUING = "tests/in_namespace/continuing_window.py::"


def passes_in_a_namespace(test: str) -> None:
    """Run the test named `test` in a network namespace of its own; it must pass."""
    code = ("import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            f"'-p', 'no:xdist', {test!r}]))")
    done = netns_kit.run_python(code, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]


def test_the_hosts_window_closed_mid_game_is_continued_and_its_friend_rejoins() -> None:
    passes_in_a_namespace(
        f"{CONTINUING}test_the_hosts_continue_opens_the_table_again_and_the_friend_rejoins")


@pytest.mark.parametrize("again", ["continue", "join"])
def test_a_friends_window_closed_mid_game_takes_her_seat_up_again(again: str) -> None:
    passes_in_a_namespace(
        f"{CONTINUING}test_a_friends_continue_takes_her_seat_up_again_with_her_cards[{again}]")


# At this machine: the files kept for it, what Continue offers, the history's mark --------
def a_kept_table(save: str | None = None, persons_here: bool = True) -> KeptTable:
    """A game of Coup under way, hosted with Ada at the host's screen (unless not
    `persons_here`) and Zoé, a friend, as kept_table.py keeps it."""
    first = Seat("Ada", "human") if persons_here else Seat("Antoine", "computer", "easy")
    session = GameSession.new("coup", {"players": 3}, [first, Seat("Zoé", "human"),
                                                       Seat("Bea", "computer", "easy")],
                              seed=5)
    try:
        return KeptTable("K7MQ2D", "0.0.0.0", 4747, 60.0, save, None,
                         (None, "tok-en_123456", None), SavedGame(session.match, session.seats))
    finally:
        session.close()


def write_kept(path: Path, version: int, body: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": kept_table.FORMAT, "version": version,
                                "table": body}), encoding="utf-8")


def test_a_table_kept_by_the_window_host_reads_back_with_its_person_and_friend(
        tmp_path: Path) -> None:
    keeper = TableKeeper(tmp_path / "hosted-table.json")
    assert keeper.keep(a_kept_table(), keeper.read()) is None
    back = keeper.read().table
    assert back is not None
    assert (back.persons_here, back.friends) == ((0,), ("Zoé",))
    assert kept_plan(back) == [PERSON, OPEN, "easy"]
    seen, _ = kept_table.glance(keeper.path)
    assert seen == kept_table.Glance("Coup", ("Zoé",), over=False)
    assert carry_on.table_words(seen.title, seen.friends) == \
        "Continue your table (Coup, with Zoé)"
    with pytest.raises(ValueError, match="window's Continue"):
        HeadlessHost.again(back)  # no window: nobody to play Ada's seat


def test_a_kept_table_of_version_1_is_read_and_a_newer_one_is_left_alone(
        tmp_path: Path) -> None:
    path = tmp_path / "hosted-table.json"
    older = a_kept_table(persons_here=False).to_json()
    write_kept(path, 1, {**older, "tokens": [None, "tok-en_123456", None]})
    loaded = kept_table.read(path)
    assert loaded.trouble is None and loaded.table is not None
    assert loaded.table.persons_here == () and kept_plan(loaded.table) == ["easy", OPEN, "easy"]
    write_kept(path, kept_table.VERSION + 1, older)
    newer = kept_table.read(path)
    assert newer.table is None and newer.trouble is records_file.Trouble.NEWER
    said: list[str] = []
    Keeping(TableKeeper(path), said.append).keep(a_kept_table().to_json())
    assert json.loads(path.read_text())["version"] == kept_table.VERSION + 1  # not written over
    assert said and "not kept" in said[0]


def test_a_kept_table_keeps_its_relay_and_time_and_older_versions_have_neither(
        tmp_path: Path) -> None:
    path = tmp_path / "hosted-table.json"
    keeper = TableKeeper(path)
    table = dataclasses.replace(a_kept_table(persons_here=False), relay="127.0.0.1:4748",
                                time=30.0, relay_key="k3y-of_the-table")
    assert keeper.keep(table, keeper.read()) is None
    assert json.loads(path.read_text())["version"] == 3
    back = keeper.read().table
    assert back is not None and (back.relay, back.time) == ("127.0.0.1:4748", 30.0)
    host = HeadlessHost.again(back)  # as kept, unless given: what is given wins
    assert (host.relay, host.table.decision_clock.seconds) == ("127.0.0.1:4748", 30.0)
    assert host.relay_key == "k3y-of_the-table"  # its code taken up again on the relay
    host.close()
    host = HeadlessHost.again(back, relay="[::1]:4749", time=5.0)
    assert (host.relay, host.table.decision_clock.seconds) == ("[::1]:4749", 5.0)
    host.close()
    older = {key: value for key, value in table.to_json().items()
             if key not in ("relay", "time", "relay_key")}
    for version in (1, 2):
        write_kept(path, version, older)
        loaded = kept_table.read(path)
        assert loaded.trouble is None and loaded.table is not None
        assert (loaded.table.relay, loaded.table.time) == (None, None)


def test_a_damaged_kept_table_and_seats_are_reported_on_the_title_and_kept_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    table_path, seats_path = kept_table.table_path(), kept_seats.seats_path()
    table_path.parent.mkdir(parents=True)
    table_path.write_text("{not json", encoding="utf-8")
    seats_path.write_text('{"format": "coup-detat-online-seats", "version": 1, "seats": 3}',
                          encoding="utf-8")
    found = carry_on.what_continues(cast(App, None))
    assert found.games == ()
    assert len(found.notices) == 2
    assert all("could not be read" in notice for notice in found.notices), found.notices
    said: list[str] = []
    Keeping(TableKeeper(table_path), said.append).keep(a_kept_table().to_json())
    aside = [path for path in table_path.parent.iterdir() if ".damaged-" in path.name
             and path.name.startswith("hosted-table")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not json"
    assert said and aside[0].name in said[0]  # reported, with where it is kept
    assert kept_table.read(table_path).table is not None
    keeper = SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=seats_path, say=said.append)
    keeper.keep(1, "Léa", "tok-en_654321", "coup", 0, host="Ada")
    keeper.release()
    assert any(path.name.startswith("online-seats.damaged-")
               for path in seats_path.parent.iterdir())
    assert "kept as online-seats.damaged-" in said[-1]
    found = carry_on.what_continues(cast(App, None))
    assert [game.words for game in found.games] == [
        "Continue your table (Coup, with Zoé)", "Rejoin Ada's table (Coup)"]
    assert found.notices == ()


def test_a_seat_kept_before_the_host_was_kept_has_no_host_name(tmp_path: Path) -> None:
    path = tmp_path / "online-seats.json"
    entry = {"address": "192.168.1.20:4747", "code": "K7MQ2D", "seat": 1, "name": "Léa",
             "token": "tok-en_654321", "ruleset": "coup", "told": 3,
             "kept_at": "2026-12-02T01:20:00+00:00"}
    path.write_text(json.dumps({"format": kept_seats.FORMAT, "version": 1,
                                "seats": [entry, {**entry, "host": 7}]}), encoding="utf-8")
    loaded = kept_seats.read(path)
    assert [seat.host for seat in loaded.seats] == [""] and loaded.left_out == 1
    assert carry_on.seat_words(loaded.seats[0]) == \
        "Rejoin the table at 192.168.1.20:4747 (Coup)"


def test_the_history_marks_a_game_played_online_and_reads_older_entries(
        tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    seats = (Seat("Ada", "human"), Seat("Zoé", "human"), Seat("Bea", "computer", "easy"))
    record = stats.GameRecord("coup", True, place=1, result="Won with 1 influence left")
    assert stats.record_game(record, path, table=stats.Table(
        {"players": 3}, seats, online=True, persons=(0,))) is None
    assert stats.record_game(record, path, table=stats.Table({"players": 3}, seats)) is None
    games_path = history.path_beside(path)
    raw = json.loads(games_path.read_text(encoding="utf-8"))
    del raw["games"][1]["online"]  # as a version before the mark wrote it
    raw["games"].append({**raw["games"][0], "online": "yes"})  # makes no sense: left out
    games_path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = history.read(games_path)
    online, here = loaded.games
    assert loaded.left_out == 1
    assert online.online and online.persons == (0,)
    assert not here.online and here.persons == (0, 1)
    assert stats_summary.against_words(online) == \
        "against Zoé and computers (Easy), played online"
    assert stats_summary.against_words(here) == "against easy"
    assert row_words(online)[1:] == ["Coup (online)", "Won, 1st of 3",
                                     "Won with 1 influence left", "Zoé, Easy"]
    assert row_words(here)[1] == "Coup" and row_words(here)[4] == "Easy"


def test_continue_offers_the_game_at_this_screen_and_the_table_kept_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        here = GameSession.new("coup-detat", {"players": 3}, [
            Seat("You", "human"), Seat("Anna", "computer", "easy"),
            Seat("Bob", "computer", "easy")], seed=3, autosave_path=paths.autosave_path())
        assert here.autosave is not None
        assert here.autosave.settled(timeout=10) is None
        here.close()
        TableKeeper().keep(a_kept_table(), kept_table.Loaded())
        app.replace(screens.make("title", app))
        frames(app, 2)
        press_button(app, "Continue")
        frames(app, 2)
        assert isinstance(app.scene, continuing.ContinueScene)
        shown = buttons(app)
        assert "Continue your game at this screen" in shown
        assert "Continue your table (Coup, with Zoé)" in shown
        press_button(app, "Continue your game at this screen")
        frames(app, 2)
        assert isinstance(app.scene, TableScene) and app.scene.network.online is None


def test_a_kept_game_that_breaks_the_rules_is_offered_but_refused_when_opened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    body = a_kept_table().to_json()
    game = body["game"]
    assert isinstance(game, dict)
    game["log"] = [*game["log"], {"seat": 2, "action": "coup", "target": 0}]
    write_kept(kept_table.table_path(), kept_table.VERSION, body)
    found = carry_on.what_continues(cast(App, None))  # the Title does not replay it
    assert [game.words for game in found.games] == ["Continue your table (Coup, with Zoé)"]
    problem = carry_on.open_kept_table(cast(App, None))
    assert problem is not None and "could not be read (its game:" in problem, problem
    assert kept_table.table_path().exists()  # kept as it is, until a table is kept


def test_the_hosts_window_on_a_relay_with_a_time_is_continued_on_the_relay() -> None:
    passes_in_a_namespace("tests/in_namespace/continuing_relay_window.py::"
                          "test_the_hosts_continue_opens_the_table_on_its_relay_with_its_time")
