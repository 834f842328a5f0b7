"""A dropped connection is not the end (issue 40, item 3), without a window: a friend's
`join --bot` killed mid-game takes its seat up again when run again; one that never comes
back is played by the host's computer after the grace, and may still come back; a host
killed mid-game opens its table again with `host --continue`, and its friends come back
to it; a connection cut without a word is noticed within seconds, by both ends.

Each scenario is played in a network namespace of its own (tests/rejoin_kit.py, run there
by netns_kit), a duel between two friends' random bots; the test judges what it saw. The
files kept for it (kept_seats.py, kept_table.py) are tested here too, at this machine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import netns_kit
import pytest

from game.cli import main
from game.engine.saves import SavedGame, Seat
from game.net import kept_seats, kept_table
from game.net.kept_seats import KeptSeat, SeatKeeper
from game.net.kept_table import KeptTable, TableKeeper
from game.net.wire import CLOSING_WAIT, PING_EVERY, PING_WAIT
from game.services import records_file
from game.services.session import GameSession

SCENARIO_TIMEOUT = 150.0  # seconds: each scenario's own waits end well before
NOTICED = PING_EVERY + PING_WAIT + CLOSING_WAIT  # seconds a silent cut can go unnoticed
SLACK = 3.0  # seconds for a slow machine on top of it


def play(scenario: str, folder: Path, kit: str = "rejoin_kit") -> dict[str, Any]:
    """Play `scenario` of `kit` (rejoin_kit, or one that plays its scenes) in a
    namespace; what it saw."""
    done = netns_kit.run_python(
        f"import {kit}; {kit}.main({scenario!r}, {str(folder)!r})",
        timeout=SCENARIO_TIMEOUT)
    assert done.returncode == 0, done.stderr[-3000:]
    facts: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert "failed" not in facts, facts
    return facts


def ended_well(facts: dict[str, Any], *names: str) -> None:
    """Each program named ended by itself, with status 0, saying the game's result."""
    results = set()
    for name in names:
        assert facts[name]["status"] == 0, facts[name]
        said = json.loads(facts[name]["last"])
        results.add(json.dumps(said.get("result", said), sort_keys=True))
    assert len(results) == 1, results  # the host and every friend: the same end


def test_a_friend_killed_mid_game_takes_the_seat_up_again(tmp_path: Path) -> None:
    facts = play("friend_killed_comes_back", tmp_path)
    ended_well(facts, "ada", "bob", "host")
    assert facts["bot_programs"] >= 2  # the launcher and the bot it keeps...
    assert facts["bot_ended_after"] < 5  # ...both gone once the join was killed
    assert facts["kept_token"]  # the seat was kept in Ada's folder, with its token
    assert facts["welcomed_again"]["seat"] == facts["seat"]  # the same seat, taken up
    assert "Taking up your seat" in facts["ada"]["err"]
    # where the game was: the question asked again is the one left, or a later one
    assert facts["first_question_after"] >= facts["last_question_before"]
    assert facts["views_true"]  # every view told, before and after: the seat's cards
    assert facts["accepted_before"] >= 15 and facts["accepted_after"] > 0
    # every decision of the seat in the host's save is one of Ada's bot's (one might
    # have been accepted as the join was killed, before it could write so down)
    mine = facts["accepted_before"] + facts["accepted_after"]
    assert mine <= facts["saved"] <= mine + 1
    assert facts["replays"]
    assert facts["bob_told"] == [False, True]  # Bob heard she dropped, and came back
    assert facts["kept_after"] == []  # the game over, her seat is no longer kept


def test_a_friend_who_never_returns_is_played_by_the_computer(tmp_path: Path) -> None:
    facts = play("friend_never_back", tmp_path)
    ended_well(facts, "bob", "host")
    assert facts["saved"] > facts["accepted"] + 1  # the stand-in went on deciding
    assert facts["replays"]
    assert facts["bob_told"] == [False]
    assert "is still away: the computer decides" in facts["host"]["err"]
    # the damaged files were kept aside, said so, and not written over
    assert [re.sub(r"-\d{8}-\d{6}", "", name) for name in facts["kept_aside"]] == \
        ["hosted-table.damaged.json", "online-seats.damaged.json"]
    assert "could not be read" in facts["bob"]["err"]
    assert "The table kept before could not be read" in facts["host"]["err"]
    # Ada's seat stayed kept (she never came back); a new table with the same code did
    # not know it: her join took a new seat there, and her old one is forgotten
    assert facts["kept_for_ada"] == 1
    ended_well(facts, "ada2", "host2")
    assert "not at this table any more: joining it anew" in facts["ada2"]["err"]
    assert facts["kept_for_ada_after"] == 0


def test_a_friend_back_after_the_grace_gets_the_seat_back(tmp_path: Path) -> None:
    facts = play("friend_back_after_grace", tmp_path)
    ended_well(facts, "ada", "bob", "host")
    mine = facts["accepted_before"] + facts["accepted_after"]
    assert facts["saved"] > mine + 1  # the computer decided while she was away...
    assert facts["accepted_after"] > 0  # ...and she decided again once back
    assert facts["views_true"]
    assert facts["bob_told"] == [False, True]
    assert facts["replays"]


def test_a_host_killed_mid_game_continues_and_its_friends_come_back(tmp_path: Path) -> None:
    facts = play("host_killed_continues", tmp_path)
    ended_well(facts, "ada", "bob", "host2")
    assert facts["kept_while_away"]
    first, again = facts["first"], facts["again"]
    assert (again["port"], again["code"]) == (first["port"], first["code"])
    assert facts["welcomes"] == 2  # Ada's program came back by itself, with its token
    # nothing she was told was lost (the table is kept before anything is sent; one
    # decision may have been kept as the host was killed, before it said so)
    assert facts["accepted"] <= facts["saved"] <= facts["accepted"] + 1
    assert facts["views_true"]
    assert facts["replays"]
    assert not facts["kept_after"]  # the game over, the table is no longer kept


def test_friends_take_their_seats_up_at_a_table_continued_on_another_port(
        tmp_path: Path) -> None:
    facts = play("host_continues_elsewhere", tmp_path)
    ended_well(facts, "ada", "bob", "host2")
    assert facts["again"]["port"] != facts["first"]["port"]
    assert (facts["seat_again"], facts["same_token"]) == (facts["seat"], True)
    assert facts["replays"] and not facts["kept_after"]


def test_a_cut_connection_is_noticed_within_seconds(tmp_path: Path) -> None:
    facts = play("connection_cut", tmp_path)
    ended_well(facts, "ada", "bob", "host")
    assert facts["stall_told_after"] <= NOTICED + SLACK  # the host told Bob
    assert facts["stall_retried_after"] <= NOTICED + SLACK  # Ada's program tried again
    assert facts["back_after_mended"] <= 4 + SLACK  # its pauses grow to 4 s, no more
    assert facts["drop_told_after"] <= SLACK
    assert facts["drop_back_after"] <= SLACK
    assert facts["bob_told"] == [False, True, False, True]
    assert facts["replays"]


# The files kept, at this machine -------------------------------------------------------------
def seat(token: str = "tok-en_123456", told: int = 3) -> KeptSeat:
    return KeptSeat("127.0.0.1:4747", "K7MQ2D", 1, "Zoé", token, "coup", told,
                    "2026-12-02T01:20:00+00:00")


def test_a_seat_kept_is_taken_up_once_and_forgotten_at_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "online-seats.json"
    first = SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=path)
    first.keep(1, "Zoé", "tok-en_123456", "coup", 0)
    first.told(12)  # just after the welcome was written: not yet
    assert kept_seats.read(path).seats[0].told == 0
    monkeypatch.setattr(kept_seats, "TOLD_EVERY", 0.0)
    first.told(12)
    first.release()
    assert SeatKeeper("127.0.0.1:4747", "K7MQ2E", path=path).take_up() is None  # another's
    again = SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=path)
    taken = again.take_up()
    assert taken is not None and (taken.token, taken.seat, taken.told) == \
        ("tok-en_123456", 1, 12)
    # while one program holds the seat, a second one of the player does not take it
    assert SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=path).take_up() is None
    again.forget()
    assert kept_seats.read(path).seats == ()


def test_a_seat_is_found_by_its_tables_code_when_the_table_is_reached_elsewhere(
        tmp_path: Path) -> None:
    path = tmp_path / "online-seats.json"
    first = SeatKeeper("192.168.1.20:4747", "K7MQ2D", path=path)
    first.keep(1, "Zoé", "tok-en_123456", "coup", 0)
    first.release()
    moved = SeatKeeper("10.0.0.7:4751", "K7MQ2D", path=path)  # another port and address
    taken = moved.take_up()
    assert taken is not None and (taken.token, taken.seat) == ("tok-en_123456", 1)
    moved.keep(1, "Zoé", "tok-en_123456", "coup", 0)  # welcomed there: kept there now
    assert [(s.address, s.token) for s in kept_seats.read(path).seats] == \
        [("10.0.0.7:4751", "tok-en_123456")]


def test_a_seat_kept_at_the_address_comes_before_one_of_the_code_elsewhere(
        tmp_path: Path) -> None:
    path = tmp_path / "online-seats.json"
    for address, seat, token in (("127.0.0.1:4747", 1, "tok-en_here11"),
                                 ("127.0.0.1:4800", 2, "tok-en_there1")):  # newer, elsewhere
        keeper = SeatKeeper(address, "K7MQ2D", path=path)
        keeper.keep(seat, "Zoé", token, "coup", 0)
        keeper.release()
    taken = SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=path).take_up()
    assert taken is not None and taken.token == "tok-en_here11"


def test_a_damaged_seats_file_is_said_and_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "online-seats.json"
    path.write_text("[1, 2")
    said: list[str] = []
    keeper = SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=path, say=said.append)
    assert keeper.take_up() is None
    assert said and "could not be read" in said[0]
    assert path.read_text() == "[1, 2"  # not written over on reading
    keeper.keep(0, "Zoé", "tok-en_123456", "coup", 0)
    aside = list(tmp_path.glob("online-seats.damaged-*.json"))
    assert [p.read_text() for p in aside] == ["[1, 2"]
    assert "kept as" in said[-1]
    assert [s.token for s in kept_seats.read(path).seats] == ["tok-en_123456"]


def test_a_seat_that_makes_no_sense_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "online-seats.json"
    good, bad = seat().to_json(), {**seat("other-token-9").to_json(), "token": "<script>"}
    tampered = [{**good, "seat": True}, {**good, "code": "0000OO"}, {**good, "told": -1}, bad]
    path.write_text(json.dumps({"format": kept_seats.FORMAT, "version": 1,
                                "seats": [good, *tampered]}))
    loaded = kept_seats.read(path)
    assert loaded.seats == (seat(),) and loaded.left_out == 4
    assert loaded.trouble is records_file.Trouble.ENTRIES
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": kept_seats.FORMAT, "version": 2, "seats": []}))
    said: list[str] = []
    SeatKeeper("127.0.0.1:4747", "K7MQ2D", path=newer, say=said.append).keep(
        0, "Zoé", "tok-en_123456", "coup", 0)
    assert "newer version" in said[0]
    assert json.loads(newer.read_text())["version"] == 2  # never written over


def a_kept_table(tmp_path: Path) -> KeptTable:
    session = GameSession.new("coup", {"players": 2}, [Seat("Zoé", "human"),
                                                        Seat("Antoine", "computer", "easy")],
                              seed=5)
    try:
        return KeptTable("K7MQ2D", "0.0.0.0", 4747, 60.0, str(tmp_path / "g.json"), 5,
                         ("tok-en_123456", None), SavedGame(session.match, session.seats))
    finally:
        session.close()


def test_a_kept_table_reads_back_and_is_forgotten(tmp_path: Path) -> None:
    keeper = TableKeeper(tmp_path / "hosted-table.json")
    assert keeper.hold()
    assert not TableKeeper(tmp_path / "hosted-table.json").hold()  # one host keeps it
    table = a_kept_table(tmp_path)
    assert keeper.keep(table, keeper.read()) is None
    assert oct(keeper.path.stat().st_mode & 0o777) == "0o600"  # the tokens are the player's
    back = keeper.read().table
    assert back is not None
    assert (back.code, back.port, back.tokens, back.seed) == ("K7MQ2D", 4747,
                                                              ("tok-en_123456", None), 5)
    assert back.game.match.decisions == table.game.match.decisions
    keeper.forget()
    assert keeper.read().table is None and keeper.read().trouble is None
    keeper.release()


@pytest.mark.parametrize(("change", "why"), [
    ({"code": "0000OO"}, "code"),
    ({"port": 0}, "port"),
    ({"grace": float("inf")}, None),  # not JSON at all
    ({"tokens": ["tok-en_123456", "a-computer-s-1"]}, "token"),
    ({"tokens": ["tok-en_123456"]}, "token for each seat"),
    ({"save": 3}, "save"),
    ({"relay": "no port here"}, "relay"),
    ({"relay": 4748}, "relay"),
    ({"time": 0}, "time"),
    ({"relay_key": "no key!"}, "key"),
    ({"time": True}, "time"),
])
def test_a_kept_table_that_makes_no_sense_is_refused(tmp_path: Path, change: dict,
                                                     why: str | None) -> None:
    path = tmp_path / "hosted-table.json"
    body = {**a_kept_table(tmp_path).to_json(), **change}
    path.write_text(json.dumps({"format": kept_table.FORMAT, "version": 1, "table": body}))
    loaded = kept_table.read(path)
    assert loaded.table is None and loaded.trouble is records_file.Trouble.DAMAGED
    assert why is None or why in loaded.why
    notice = loaded.notice(path)
    assert notice is not None and "could not be read" in notice


def test_a_kept_game_that_breaks_the_rules_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hosted-table.json"
    body = a_kept_table(tmp_path).to_json()
    game = body["game"]
    assert isinstance(game, dict)
    game["log"] = [*game["log"], {"seat": 1, "action": "coup", "target": 1}]
    path.write_text(json.dumps({"format": kept_table.FORMAT, "version": 1, "table": body}))
    loaded = kept_table.read(path)
    assert loaded.table is None and "its game" in loaded.why


def test_continue_says_why_when_there_is_nothing_to_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    loopback = ["--listen", "127.0.0.1", "--port", "0"]  # should it ever listen: here only
    assert main(["host", "--continue", *loopback]) == 1
    assert "there is no table to continue" in capsys.readouterr().err
    assert main(["host", "--continue", "--seats", "open,open", *loopback]) == 2
    assert "--seats goes without it" in capsys.readouterr().err
    assert main(["host", *loopback]) == 2
    assert "host needs --seats" in capsys.readouterr().err
    kept = tmp_path / "online" / "hosted-table.json"
    kept.parent.mkdir(exist_ok=True)
    kept.write_text("{}")
    assert main(["host", "--continue", *loopback]) == 1
    said = capsys.readouterr().err
    assert "could not be read" in said and "\n" not in said.strip()
    assert kept.read_text() == "{}"  # said, and left as it was
