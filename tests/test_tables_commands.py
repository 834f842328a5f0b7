"""Six to eight players of Coup d'État at two tables, from the command line: simulate plays
two-table matches and compares every player's final worth across the tables; replay tells a
two-table save table by table; the Load dialog lists one; --autoplay --players N opens them."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from test_cli import without_timings

from game.ai import RandomPlayer
from game.cli import main
from game.engine import saves
from game.engine.saves import Seat
from game.engine.tables import TablesMatch
from game.games import get_ruleset
from game.services import replay, save_index, simulate
from game.services.tables import standings, winners
from game.ui.app import App

RULESET = "coup-detat"
SPLITS = {6: [3, 3], 7: [4, 3], 8: [4, 4]}
NAMES = ("Ada", "Bob", "Cyril", "Dora", "Emma", "Félix", "Gina", "Hugo")
EXAMPLE = f"{sys.executable} {Path(__file__).parent.parent / 'docs' / 'bots' / 'random_bot.py'}"


def simulated(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict:
    assert main(["simulate", "--games", "2", "--short", "--json", *arguments]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("players", [6, 7, 8])
def test_simulate_plays_two_tables_and_gives_every_players_worth_and_table(
        players: int, capsys: pytest.CaptureFixture[str]) -> None:
    report = simulated(capsys, "--players", str(players), "--seed", "4")
    assert report["players"] == players and report["tables"] == SPLITS[players]
    assert report["games"] == 2 and len(report["standings"]) == 2
    assert report["hands"] == 2 * 3 * players  # a round per player at his table, 3 hands
    for game in report["standings"]:
        table = game["standings"]
        assert sorted(entry["seat"] for entry in table) == list(range(players))
        for size, number in zip(SPLITS[players], (1, 2), strict=True):
            assert sum(entry["table"] == number for entry in table) == size
        worth = [entry["worth"] for entry in table]
        assert worth == sorted(worth, reverse=True)
        assert sum(worth) == 10_000 * players, "francs never cross between tables"
        best = [entry["seat"] for entry in table if entry["worth"] == worth[0]]
        assert game["winners"] == sorted(best)
        assert all((entry["place"] == 1) == (entry["seat"] in best) for entry in table)


def test_simulate_at_two_tables_is_the_same_for_the_same_seed(
        capsys: pytest.CaptureFixture[str]) -> None:
    first, second, other = (without_timings(simulated(capsys, "--players", "7", "--seed", seed))
                            for seed in ("9", "9", "10"))
    assert first == second
    assert first != other


def test_simulate_shares_a_win_among_equal_worth() -> None:
    summary = simulate.run({"players": 6, "short_game": True}, 1, 0)
    match = TablesMatch.new(get_ruleset(RULESET), {"players": 6, "short_game": True}, (3, 3),
                            seed=1)
    for game in match.matches:  # no hand played: everyone keeps his 10,000 francs
        assert game.state.worth(0) == 10_000
    summary.record_standings(["random"] * 6, standings(match))
    assert summary.levels["random"].wins == pytest.approx(1 + 1)  # the first game, then six sixths


def test_simulate_tells_the_standings_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "8", "--games", "1", "--short", "--seed", "2",
                 "--seats", "medium,easy,random,random,random,random,random,random"]) == 0
    text = capsys.readouterr().out
    assert "8 players at tables of 4 + 4" in text
    assert "Across the tables (equal worth shares a win):" in text
    assert text.count(", table 1: worth ") == 4 and text.count(", table 2: worth ") == 4
    assert "Game 1: won by seat" in text or "Game 1: shared by seats" in text


def test_simulate_levels_move_round_the_seats_of_both_tables(
        capsys: pytest.CaptureFixture[str]) -> None:
    report = simulated(capsys, "--players", "6", "--seats", "easy,random,random,random,random,"
                       "random", "--seed", "3")
    for number, game in enumerate(report["standings"]):
        levels = {entry["seat"]: entry["level"] for entry in game["standings"]}
        assert levels[number] == "easy" and list(levels.values()).count("easy") == 1
    assert set(report["wins_by_level"]) == {"easy", "random"}
    assert sum(report["wins_by_level"].values()) == pytest.approx(2)
    assert set(report["average_final_worth_by_level"]) == {"easy", "random"}


def test_an_outside_program_plays_at_its_own_table(capsys: pytest.CaptureFixture[str]) -> None:
    report = simulated(capsys, "--players", "7", "--games", "1", "--seat", f"6=exec:{EXAMPLE}",
                       "--seed", "5")
    assert report["bot_faults"] == 0
    (entry,) = [entry for entry in report["standings"][0]["standings"] if entry["seat"] == 6]
    assert entry["level"] == f"exec:{EXAMPLE}"


@pytest.mark.parametrize("arguments", [
    ["--players", "5"], ["--players", "9"], ["--players", "2"],
    ["--players", "7", "--seats", "random,random"],
    ["--players", "6", "--seat", "6=exec:bot"],
    ["--ruleset", "coup-detat-duel", "--players", "6"],
])
def test_simulate_refuses_a_count_the_game_does_not_seat_in_one_line(
        arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err


def test_the_refusal_names_the_counts_the_game_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--players", "5"]) == 2
    assert "coup-detat is for 3, 4, 6, 7 or 8 players, not 5" in capsys.readouterr().err


# Replay and the Load dialog -------------------------------------------------------------------
def two_table_save(path: Path, players: int = 7, *, finished: bool = True) -> TablesMatch:
    """A match of `players` at two tables, played at random (to its end, or a few moves at
    each table), saved at `path`."""
    rules = get_ruleset(RULESET)
    match = TablesMatch.new(rules, {"players": players, "short_game": True},
                            SPLITS[players], seed=players)
    chooser = random.Random(players)
    for game in match.matches:
        player, moves = RandomPlayer(chooser.random()), 0
        while not game.pending.over and (finished or moves < 25):
            game.submit(player.decide(game.view(game.pending.seat), game.legal()))
            moves += 1
    saves.write(path, match, tuple(Seat(name) for name in NAMES[:players]))
    return match


def test_replay_tells_a_finished_match_table_by_table(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    match = two_table_save(tmp_path / "match.json")
    assert main(["replay", str(tmp_path / "match.json")]) == 0
    text = capsys.readouterr().out
    assert "7 players at 2 tables (4 + 3)" in text
    first, second = text.index("\nTable 1\n"), text.index("\nTable 2\n")
    end = text.index("Standings across the tables (final worth):")
    assert first < second < end
    for table, seats in enumerate(match.split.tables):
        names = ", ".join(NAMES[seat] for seat in seats)
        assert f"Table {table + 1}\nSeats, clockwise from 0: {names}\n" in text
        for seat in seats:
            assert f"{NAMES[seat]} (computer, table {table + 1})" in text
    told = text[first:second]
    assert all(NAMES[seat] not in told.split("\nSeats")[1] for seat in match.split.tables[1])
    for standing in standings(match):
        assert f"{standing.place}. {NAMES[standing.seat]} (table {standing.table + 1}): " \
               f"{standing.score:,} F" in text[end:]
    won = [NAMES[seat] for seat in winners(match)]
    assert text.rstrip().endswith("won the match." if len(won) == 1 else "sharing the win.")
    assert all(name in text.rstrip().splitlines()[-1] for name in won)


def test_replay_of_a_match_under_way_says_what_each_table_awaits(tmp_path: Path) -> None:
    match = two_table_save(tmp_path / "match.json", 8, finished=False)
    text = replay.tell(tmp_path / "match.json")
    assert "Standings" not in text
    awaiting = text.rstrip().splitlines()[-1]
    assert awaiting.startswith("(The match goes on: at table 1, ")
    for table, game in enumerate(match.matches):
        seat = game.pending.seat
        name = NAMES[match.split.seat(table, seat)] if seat is not None else "the next deal"
        assert f"at table {table + 1}, {name}" in awaiting


@pytest.mark.parametrize("finished", [True, False])
def test_the_load_dialog_lists_a_two_table_save(tmp_path: Path, finished: bool) -> None:
    path = tmp_path / "match.json"
    match = two_table_save(path, 6, finished=finished)
    for checked in (True, False):
        entry = save_index.read_entry(path, replay=checked)
        assert entry.problem is None and entry.ruleset == RULESET
        assert entry.players == 6 and entry.seat_names == NAMES[:6]
        assert entry.over is finished
        assert entry.progress == match.progress()
        assert entry.progress.startswith("Match over" if finished else "table 1: ")
    assert [entry.path for entry in save_index.list_saves([(tmp_path, False)])] == [path]


def test_the_load_dialog_refuses_a_damaged_two_table_save(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    two_table_save(path, 6, finished=False)
    data = json.loads(path.read_text())
    data["tables"][1]["log"].append({"seat": 9, "play": "AS"})
    path.write_text(json.dumps(data))
    assert save_index.read_entry(path, replay=False).problem is None  # the header is fine
    problem = save_index.read_entry(path).problem
    assert problem is not None and problem.startswith("Table 2")


# The window ---------------------------------------------------------------------------------
def window_arguments(monkeypatch: pytest.MonkeyPatch, *arguments: str) -> dict:
    from game.ui import main as window

    given: dict = {}
    monkeypatch.setattr(window, "run", lambda **keywords: given.update(keywords) or 0)
    assert main(list(arguments)) == 0
    return given


def test_autoplay_takes_a_count_of_players(monkeypatch: pytest.MonkeyPatch) -> None:
    given = window_arguments(monkeypatch, "--autoplay", RULESET, "--players", "7",
                             "--seat", "6=exec:bot")
    assert given["autoplay"] == RULESET and given["players"] == 7
    assert given["bots"] == {6: "bot"}
    assert window_arguments(monkeypatch, "--autoplay")["players"] is None


def test_new_game_may_offer_any_of_eight_seats_to_a_program(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert window_arguments(monkeypatch, "--seat", "7=exec:bot")["bots"] == {7: "bot"}


def test_the_window_and_simulate_each_keep_their_own_count_of_players() -> None:
    from game.cli import _parser

    window = _parser().parse_args(["--autoplay", RULESET, "--players", "7"])
    assert window.window_players == 7 and window.command is None
    command = _parser().parse_args(["simulate", "--players", "8"])
    assert command.players == 8 and command.window_players is None


@pytest.mark.parametrize(("arguments", "reason"), [
    (["--players", "7"], "--players goes with --autoplay"),
    (["--autoplay", "--players", "5"], "is for 3, 4, 6, 7 or 8 players, not 5"),
    (["--autoplay", "coup-detat-duel", "--players", "6"], "is for 2 players, not 6"),
    (["--autoplay", "--players", "6", "--seat", "6=exec:bot"], "N from 0 to 5"),
    (["--players", "7", "simulate"], "--players goes after the command"),
])
def test_autoplay_refuses_a_count_the_game_does_not_seat(
        arguments: list[str], reason: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui import main as window

    monkeypatch.setattr(window, "run", lambda **given: pytest.fail(f"window opened: {given}"))
    assert main(arguments) == 2
    out, err = capsys.readouterr()
    assert out == "" and reason in err and len(err.splitlines()) == 1


def test_autoplay_opens_two_tables_and_seats_a_bot_at_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui_kit import frames, open_app

    from game.services.tables import TablesSession
    from game.ui.main import AUTOPLAY_NAMES, autoplay_table

    assert len(set(AUTOPLAY_NAMES)) == 8
    with open_app(tmp_path, monkeypatch) as app:
        app.bots = {5: EXAMPLE}
        scene = autoplay_table(app, 3, RULESET, 7)
        app.replace(scene)
        frames(app, 10)
        session = scene.tables.session  # type: ignore[attr-defined]
        assert isinstance(session, TablesSession)
        assert session.names == list(AUTOPLAY_NAMES[:7])
        assert [len(table.seats) for table in session.tables] == [4, 3]
        table, local = session.place(5)
        assert session.seats[5].level == "bot"
        assert type(session.tables[table].players[local]).__name__ == "ExecPlayer"


def test_autoplay_plays_a_two_table_match_to_its_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import main as window

    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    monkeypatch.setenv(window.TIME_SCALE, "200")
    ended: list[bool] = []
    close = window._close

    def closing(app: App) -> None:
        ended.extend(scene.tables.session.over for scene in app.scenes  # type: ignore[attr-defined]
                      if getattr(scene, "tables", None) is not None)
        close(app)

    monkeypatch.setattr(window, "_close", closing)
    assert window.run(autoplay=RULESET, players=6, frames=20_000, until_over=True, seed=2) == 0
    assert ended == [True]
