"""The command line: scenario (FORMAT.md's exit statuses), simulate and replay."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import scenario_data

from game.cli import main

HANDS_001 = ("AD 10D KD QD JD 9D 8D 7C", "AH 10H KH QH JH 9H 8H 7H",
             "AC 10C KC QC JC 9C 8C 7S", "AS 10S KS QS JS 9S 8S COUP")
GOOD = scenario_data(4, [(HANDS_001, "7D")],
                     [{"seat": 3, "decline": True}, {"seat": 0, "choose": "barbu"}])
SAVES = Path(__file__).parent.parent / "saves"


def run_scenario(data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                 ) -> tuple[int, str, str]:
    path = tmp_path / "scenario.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    status = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def changed(**changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(GOOD))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return data


def with_move(move: Any) -> dict[str, Any]:
    return changed(moves=[*GOOD["moves"], move])


NOT_A_SCENARIO = {
    "not json": "{ruleset: coup-detat",
    "not an object": "[1, 2]",
    "unknown ruleset": changed(ruleset="bridge"),
    "players out of range": changed(options={"players": 5}),
    "players missing": changed(options={}),
    "short_game not boolean": changed(options={"players": 4, "short_game": "yes"}),
    "first_dealer missing": changed(first_dealer=None),
    "first_dealer not a seat": changed(first_dealer=4),
    "first_dealer a boolean": changed(first_dealer=True),
    "a deal short of a card": changed(deals=[{"hands": [h.split() for h in HANDS_001],
                                              "center": "COUP"}]),
    "an unused deal not the pack": changed(deals=[*GOOD["deals"], {"hands": [], "center": "7D"}]),
    "a deal naming no card": changed(deals=[{"hands": [["XX"]], "center": "7D"}]),
    "moves not a list": changed(moves={"seat": 0}),
    "a move not an object": with_move(["play", "AD"]),
    "a move without seat": with_move({"play": "AD"}),
    "a move with a float seat": with_move({"seat": 0.0, "play": "AD"}),
    "a move with two verbs": with_move({"seat": 0, "play": "AD", "pass": True}),
    "a move without a verb": with_move({"seat": 0}),
    "a verb of the wrong type": with_move({"seat": 0, "play": 7}),
    "suit of the wrong type": with_move({"seat": 0, "play": "AD", "suit": 1}),
    "a field of another verb": with_move({"seat": 0, "play": "AD", "target": 1}),
    "a verb of another ruleset": with_move({"seat": 0, "action": "income"}),
    "a deal given as a move": with_move({"appoint": 0}),
    "the ruleset a list": changed(ruleset=["coup-detat"]),
    "nested too deeply": "[" * 100_000 + "]" * 100_000,
    "a number of 5,000 digits": '{"ruleset": "coup-detat", "first_dealer": 1' + "0" * 5_000 + "}",
    "NaN": '{"ruleset": "coup-detat", "first_dealer": NaN}',
}


@pytest.mark.parametrize("data", NOT_A_SCENARIO.values(), ids=NOT_A_SCENARIO.keys())
def test_a_file_that_is_not_a_valid_scenario_exits_2_with_one_line(
        data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_scenario(data, tmp_path, capsys)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


NUMBER = 10 ** 4000 - 1  # a number of 4,000 digits
TEXT = "x" * 5_000
EXAMPLES = Path(__file__).parent / "conformance"


def example(ruleset: str, **changes: Any) -> dict[str, Any]:
    """The ruleset's first conformance example, without its moves, changed."""
    data = json.loads((EXAMPLES / ruleset / "001.json").read_text())
    return {**data, "moves": [], **changes}


def with_deal_card(ruleset: str, card: str) -> dict[str, Any]:
    data = example(ruleset)
    data["deals"][0]["hands"][0][0] = card
    return data


HOSTILE = {  # a scenario quoting a hostile value in its message (stderr, or the refusal)
    "players": changed(options={"players": NUMBER}),
    "players at coup": example("coup", options={"players": NUMBER}),
    "a key of another verb": with_move({"seat": 0, "play": "AD", TEXT: 1}),
    "a card in a deal": with_deal_card("coup-detat", TEXT),
    "a character in a deal": with_deal_card("coup", TEXT),
    "a seat": with_move({"seat": NUMBER, "play": "AD"}),
    "a seat at coup": example("coup", moves=[{"seat": NUMBER, "action": "income"}]),
    "a card": with_move({"seat": 0, "play": TEXT}),
    "a hand type": changed(moves=[{"seat": 3, "decline": True}, {"seat": 0, "choose": TEXT}]),
    "an action": example("coup", moves=[{"seat": 0, "action": TEXT}]),
    "a character": example("coup", moves=[{"seat": 0, "action": "income"},
                                          {"seat": 1, "action": "tax"},
                                          {"seat": 2, "block": TEXT}]),
    "a target": example("coup", moves=[{"seat": 0, "action": "steal", "target": NUMBER}]),
}


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_value_a_scenario_quotes_is_cut_short_with_an_ellipsis(
        data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A number of 4,000 digits, a text of 5,000 characters: quoted by their start and an
    ellipsis, in a short line, never whole."""
    status, out, err = run_scenario(data, tmp_path, capsys)
    message = err.strip() if status == 2 else json.loads(out)["error"]["message"]
    assert status in (1, 2) and len(message.splitlines()) == 1, message
    assert len(message) < 200 and "…" in message, message


REFUSED = {
    "out of turn": ({"seat": 1, "play": "AH"}, "seat 0 is to play"),
    "unknown card": ({"seat": 0, "play": "1Z"}, "no card"),
    "card not held": ({"seat": 0, "play": "AS"}, "do not hold"),
    "unknown hand type": ({"seat": 0, "choose": "poker"}, "no hand type"),
    "hand type already named": ({"seat": 0, "choose": "siege"}, "Not now"),
    "decline false": ({"seat": 0, "decline": False}, "only be true"),
    "pass outside Dominos": ({"seat": 0, "pass": True}, "only for Dominos"),
    "seat that does not exist": ({"seat": 9, "play": "AD"}, "no seat 9"),
}


@pytest.mark.parametrize(("move", "reason"), REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_move_exits_1_and_reports_it(move: dict, reason: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_scenario(with_move(move), tmp_path, capsys)
    result = json.loads(out)
    assert status == 1 and result["ok"] is False
    assert result["error"]["move"] == 2
    assert reason in result["error"]["message"]
    assert result["awaiting"] == {"seat": 0, "decision": "play"}, "the state before the move"


def test_fields_without_meaning_are_ignored(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_scenario(
        changed(options={"players": 4, "colour": "red"},
                moves=[*GOOD["moves"], {"seat": 0, "play": "AD", "suit": "nonsense"}]),
        tmp_path, capsys)
    assert status == 0 and json.loads(out)["awaiting"] == {"seat": 1, "decision": "play"}


def test_a_move_after_play_stopped_is_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    example = json.loads((Path(__file__).parent / "conformance/coup-detat/001.json").read_text())
    example["moves"].append({"seat": 2, "decline": True})
    status, out, _ = run_scenario(example, tmp_path, capsys)
    result = json.loads(out)
    assert status == 1 and result["error"]["move"] == len(example["moves"]) - 1
    assert result["awaiting"] is None and result["game_over"] is False


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(tmp_path / "absent.json")]) == 2
    assert "cannot be read: there is no such file" in capsys.readouterr().err


def test_simulate_reports_hands_coups_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "4", "--games", "3", "--seed", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and summary["hands"] == 3 * 4 * 6
    assert sum(summary["hands_by_type"].values()) == summary["hands"]
    assert set(summary["hands_by_type"]) == {"barbu", "waterloo", "siege", "touche",
                                             "guillotine", "dominos"}
    assert summary["games_per_second"] > 0
    assert sum(summary["average_final_worth_by_seat"]) == pytest.approx(40_000, abs=4)


def test_simulate_short_game_plays_three_hands_a_round(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert main(["simulate", "--players", "3", "--games", "2", "--short", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"] == 2 * 3 * 3
    assert not {"barbu", "touche"} & set(summary["hands_by_type"])


def test_a_switch_of_another_games_options_is_refused(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """--short is the 1966 game's toggle (its entry's Setup says so): not the bluffing
    game's, where it would change nothing."""
    assert main(["simulate", "--ruleset", "coup", "--games", "1", "--short"]) == 2
    assert "--short is not an option of coup" in capsys.readouterr().err


def test_simulate_takes_the_games_options() -> None:
    from game.services import simulate

    short = simulate.run({"players": 3, "short_game": True}, 1, 4)
    full = simulate.run({"players": 3}, 1, 4)
    assert short.hands == 3 * 3 and full.hands == 3 * 6
    assert short.to_json()["short_game"] is True and full.to_json()["short_game"] is False
    with pytest.raises(ValueError, match=r"options\.players"):
        simulate.run({"short_game": True}, 1, 4)


def test_play_in_the_terminal_takes_the_switches(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--players", "3", "--short", "--seed", "4"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Coup d'État, 3 players, short game.") and "Goodbye." in said
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--seed", "4"]) == 0
    assert capsys.readouterr().out.startswith("Coup d'État, 4 players. ")


def test_simulate_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        main(["simulate", "--games", "2", "--seed", "9", "--json"])
        summary = json.loads(capsys.readouterr().out)
        outputs.append(without_timings(summary))
    assert outputs[0] == outputs[1]


def without_timings(summary: object) -> object:
    """A summary without the figures the clock decides (per second, latencies), which
    differ from run to run; everything the seed decides stays."""
    if isinstance(summary, dict):
        return {key: without_timings(value) for key, value in summary.items()
                if "second" not in key and "latency" not in key and "_ms" not in key}
    if isinstance(summary, list):
        return [without_timings(value) for value in summary]
    return summary


def test_replay_tells_a_saved_game_hand_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SAVES / "complete-game-4-players.json")]) == 0
    text = capsys.readouterr().out
    assert text.count("deals.") >= 24
    assert text.count("Trick 8:") >= 20  # every trick hand, trick by trick
    assert "pays" in text and "Final worth" in text
    assert "Round 4 begins" in text


def test_replay_of_a_damaged_save_exits_2(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("not json")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and "Traceback" not in err


@pytest.mark.parametrize(("change", "reason"), [
    (lambda text: text.replace('"version":2', '"version":2' + "0" * 5_000), "not valid JSON"),
    (lambda text: text.replace('"Antoine"', '"\\ud800"'), "Seat 0 needs a name"),
])
def test_replay_of_a_save_no_reader_could_take_exits_2_in_one_line(
        change: Any, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(change((SAVES / "coup-in-progress-4-players.json").read_text()))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and reason in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("seat", ["²", "٣", "8", "", "1" * 5_000])
def test_a_seat_number_is_ascii_digits_of_a_seat(
        seat: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"²" and "٣" are digits to str.isdigit, and int("٣") is 3: not seat numbers here."""
    from game.ui import main as window

    monkeypatch.setattr(window, "run", lambda **given: pytest.fail(f"window opened: {given}"))
    for command in (["--seat", f"{seat}=exec:bot"],
                    ["simulate", "--games", "1", "--seat", f"{seat}=exec:bot"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "--seat wants N=exec:" in err


@pytest.mark.parametrize("arguments", [
    ["simulate", "--games", "9" * 4_000], ["simulate", "--time-limit", "9" * 4_000],
    ["simulate", "--players", "9" * 4_000], ["--size", "9" * 4_000 + "x800"],
    ["simulate", "--games", "1", "--seat", "x" * 5_000],
])
def test_a_long_argument_is_quoted_cut_short_with_an_ellipsis(
        arguments: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Not cut without saying so (at 20 characters, as it was), nor shown whole."""
    from game.ui import main as window

    monkeypatch.setattr(window, "run", lambda **given: pytest.fail(f"window opened: {given}"))
    try:
        status = main(arguments)
    except SystemExit as leaving:  # argparse's refusal
        status = leaving.code if isinstance(leaving.code, int) else 1
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and len(err.splitlines()) == 1, err
    assert "…" in err and len(err) < 200, err


@pytest.mark.parametrize("arguments", [
    ["simulate", "--time-limit", "nan"], ["simulate", "--time-limit", "-1"],
    ["simulate", "--time-limit", "0"], ["simulate", "--budget", "inf"],
    ["simulate", "--budget", "1e309"], ["simulate", "--budget", "٣"],
    ["simulate", "--players", "0"], ["simulate", "--players", "²"],
    ["simulate", "--games", "0"], ["simulate", "--games", "-3"], ["simulate", "--seed", "-1"],
    ["--frames", "0"], ["--size", "0x0"], ["--size", "100000x800"], ["--size", "²x800"],
    ["play", "--players", "٣"],
])
def test_a_number_that_makes_no_sense_is_refused_in_one_line(
        arguments: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui import main as window

    monkeypatch.setattr(window, "run", lambda **given: pytest.fail(f"window opened: {given}"))
    with pytest.raises(SystemExit) as leaving:
        main([*arguments, *(["--games", "1"] if arguments[0] == "simulate" else [])])
    out, err = capsys.readouterr()
    assert leaving.value.code == 2 and out == ""
    assert len(err.splitlines()) == 1 and f"argument {arguments[-2]}" in err


def test_the_command_runs_as_a_module() -> None:
    run = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0
    assert "scenario" in run.stdout and "simulate" in run.stdout


def test_a_led_coup_naming_no_real_suit_is_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    data = changed(moves=[{"seat": 3, "coup": "siege"},
                          {"seat": 3, "play": "COUP", "suit": "X"}])
    status, out, _ = run_scenario(data, tmp_path, capsys)
    result = json.loads(out)
    assert status == 1 and result["error"]["move"] == 1
    assert "name the suit" in result["error"]["message"]


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """`coup-detat replay SAVE | head -1`: the pipe closes under the command (here before
    it has written anything), which stops without a traceback."""
    sample = Path(__file__).resolve().parent.parent / "saves" / "complete-game-4-players.json"
    with subprocess.Popen([sys.executable, "-m", "game", "replay", str(sample)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as command:
        assert command.stdout is not None and command.stderr is not None
        command.stdout.close()  # the reader is gone before the first line
        errors = command.stderr.read().decode("utf-8", "replace")
        status = command.wait(timeout=60)
    assert "Traceback" not in errors and "Error" not in errors, errors
    assert status == 1


def test_join_without_a_program_says_where_a_person_joins(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "127.0.0.1:4747", "--code", "K7QM3R", "--name", "Zoé"]) == 2
    said = capsys.readouterr().err
    assert "--bot COMMAND" in said and "Play with friends, then Join a table" in said
    assert said.count("\n") == 1
