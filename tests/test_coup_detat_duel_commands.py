"""The game for two everywhere the first ruleset goes: the scenario command, simulate (with
outside programs), replay, and what a bot playing a seat is told (BOT_PROTOCOL.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from coup_detat_duel_kit import ALTERNATING, RULES, duel_match, exchange, scenario_data, submit
from helpers import narrated, told_by_replay

from game.cli import main
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.formats.support import formats_of
from game.games.coup_detat_duel.formats.scenario import result_fields
from game.services import simulate
from game.services.catalogue import CATALOGUE

PROTOCOL = formats_of(RULES.id).protocol
ROOT = Path(__file__).parent.parent
EXAMPLE = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
MISBEHAVING = f"{sys.executable} {Path(__file__).parent / 'bots' / 'misbehaving.py'}"
MARIE_REDEAL = ("7S 8S 9S AH KH JH 7D 8D 9D AC KC QC",
                "AS KS QS 7H 8H 9H AD KD QD 7C 8C 9C",
                "JS 10S 10H JD QH 10D JC 10C JOKER")


def scenario_file(tmp_path: Path, moves: list, deals: tuple = (ALTERNATING,)) -> Path:
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(scenario_data(list(deals), moves)))
    return path


def run_command(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *arguments], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


# The scenario command ------------------------------------------------------------------------


def test_the_scenario_command_plays_a_duel_and_exits_0(tmp_path: Path) -> None:
    run = run_command("scenario", str(scenario_file(tmp_path, [{"seat": 0, "choose": "siege"}])))
    assert run.returncode == 0
    assert json.loads(run.stdout) == {"ok": True, "error": None,
                                      "awaiting": {"seat": 0, "decision": "discard"},
                                      "game_over": False, "winners": [], "points": [0, 0],
                                      "prime_minister": 0}


def test_a_refused_duel_move_exits_1_with_its_reason(tmp_path: Path) -> None:
    moves = [{"seat": 0, "choose": "siege"}, {"seat": 0, "discard": ["7S"]}]
    run = run_command("scenario", str(scenario_file(tmp_path, moves)))
    assert run.returncode == 1
    error = json.loads(run.stdout)["error"]
    assert error == {"move": 1, "message": "In Siege nobody may set aside a Spade: 7♠."}


def test_a_duel_scenario_of_the_wrong_shape_exits_2_with_one_line(tmp_path: Path) -> None:
    run = run_command("scenario", str(scenario_file(tmp_path, [{"seat": 0, "discard": "7S"}])))
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "'discard' must be a list" in run.stderr


# Simulate ------------------------------------------------------------------------------------


def test_simulate_plays_complete_duels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "coup-detat-duel", "--games", "6", "--seed", "3",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == "coup-detat-duel" and report["games"] == 6
    assert report["hands"] == 6 * 12 + report["tiebreaks"]
    assert sum(report["wins_by_seat"]) == 6
    assert report["levels"]["random"]["mean_gain_per_hand"] == 0.5  # both chairs random


def test_simulate_describes_duels_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "coup-detat-duel", "--games", "2"]) == 0
    told = capsys.readouterr().out
    assert "games of Coup d'État for two" in told and "Touché" in told
    assert "points/hand" in told and "tiebreaks" in told


def test_simulate_is_deterministic_for_a_seed() -> None:
    first = simulate.run({"players": 2}, 3, 9, ruleset="coup-detat-duel").to_json()
    second = simulate.run({"players": 2}, 3, 9, ruleset="coup-detat-duel").to_json()
    for report in (first, second):
        del report["seconds"], report["games_per_second"], report["decisions_per_second"]
        for level in report["levels"].values():  # type: ignore[attr-defined]
            del level["latency_ms_p50"], level["latency_ms_p95"]
    assert first == second


@pytest.mark.parametrize("arguments", [
    ["--players", "3"], ["--seats", "grandmaster,random"], ["--ruleset", "chess"],
])
def test_simulate_refuses_what_the_duel_cannot_do(arguments: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "coup-detat-duel", "--games", "1", *arguments]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_an_outside_program_plays_a_whole_duel() -> None:
    summary = simulate.run({"players": 2}, 1, 4, seats=["random", f"exec:{EXAMPLE}"],
                           ruleset="coup-detat-duel")
    assert summary.games == 1 and summary.bot_faults == 0


def test_a_misbehaving_bot_in_a_duel_is_replaced_by_the_easy_player() -> None:
    summary = simulate.run({"players": 2}, 1, 5, seats=["random", f"exec:{MISBEHAVING} illegal"],
                           ruleset="coup-detat-duel", time_limit=0.5)
    assert summary.games == 1 and summary.bot_faults > 0
    assert any("the Easy player decides instead" in line for line in summary.bot_log)


# What a bot is told ----------------------------------------------------------------------------


def test_a_bot_sees_the_other_players_set_aside_cards_only_by_their_number() -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "guillotine"})
    exchange(match, "QH 7S", "QS")
    for seat, own, other in ((0, ["7S", "QH"], 1), (1, ["QS"], 2)):
        history = PROTOCOL.seat_history(match, seat)
        discards = [move for move in history["moves"] if "discard" in move]
        assert {move["seat"]: move["discard"] for move in discards} == \
            {seat: own, 1 - seat: other}
        assert history["first_dealer"] == 0 and history["hand_start"] == 0
        assert len(history["deals"]) == 1 and len(history["deals"][0]["hand"]) == 12
    assert PROTOCOL.seat_history(match, 0)["deals"][0]["drawn"] == ["JH", "JS"]
    assert PROTOCOL.seat_history(match, 1)["deals"][0]["drawn"] == ["10S"]


def test_a_marie_redeal_is_an_abandoned_deal_in_a_bots_history() -> None:
    match = duel_match(MARIE_REDEAL, ALTERNATING)
    submit(match, {"choose": "marie"})
    exchange(match, "7S", "7H")
    history = PROTOCOL.seat_history(match, 0)
    assert [deal.get("abandoned", False) for deal in history["deals"]] == [True, False]
    assert history["hand_start"] == 3


def test_a_bot_is_told_nothing_of_the_other_hand_the_set_aside_cards_or_the_bastille() -> None:
    match = Match(RULES, RULES.parse_options({"players": 2}), chance=seeded_chance(RULES, 8))
    rng = random.Random(8)
    while not match.pending.over:
        seat = match.pending.seat
        assert seat is not None
        hand = match.state.hand
        hidden = {card.code for card in (*hand.bastille, *hand.hands[1 - seat],
                                         *hand.set_aside[1 - seat])}
        history = PROTOCOL.seat_history(match, seat)
        this_hand = {"view": PROTOCOL.view_json(match.view(seat)),
                     "deal": history["deals"][-1],
                     "moves": history["moves"][history["hand_start"]:]}
        told = json.dumps(this_hand)
        assert not {code for code in hidden if f'"{code}"' in told}, f"seat {seat} is told"
        match.submit(rng.choice(list(match.legal())))


# Replay --------------------------------------------------------------------------------------


def test_replay_tells_a_duel_with_every_exchange(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "guillotine"})
    exchange(match, "QH", "QS")
    told = told_by_replay(match, ("Ada", "Bob"), tmp_path, capsys)
    assert "Coup d'État for two" in told
    assert "Round 1 begins: Ada is Prime Minister, Bob the Peasant." in told
    assert "Bastille, top first: J♥ J♠" in told
    assert "Ada sets aside 1 card (Q♥)" in told and "(J♥)" in told
    assert "(The game goes on: Ada to play.)" in told


def test_a_narrator_for_one_seat_keeps_the_others_exchange_secret() -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "guillotine"})
    exchange(match, "QH", "QS")
    text = narrated(match, ["Ada", "Bob"], viewer=0)
    assert "Ada sets aside 1 card (Q♥)" in text and "Bob sets aside 1 card" in text
    assert "Q♠" not in text and "J♠" not in text and "Bastille, top" not in text
    assert result_fields(match.state) == {"points": [0, 0], "prime_minister": 0}


# A session at the table ----------------------------------------------------------------------


def test_a_duel_session_plays_to_the_end_against_the_computer(tmp_path: Path) -> None:
    from game.games.coup_detat_duel.ai.medium import MediumPlayer
    from game.services.session import GameSession, playing_level

    assert playing_level("hard", "coup-detat-duel") == "hard"
    assert playing_level("hard", "coup") == "hard"  # the bluffing games have theirs now
    assert playing_level("hard", "coup-detat") == "hard"
    assert playing_level("bot", "coup-detat") == "easy"
    seats = (saves.Seat("Ada"), saves.Seat("Bob", "computer", "medium"))
    path = tmp_path / "autosave.json"
    session = GameSession.new("coup-detat-duel", {"players": 2}, seats, seed=4,
                              autosave_path=path)
    assert all(isinstance(player, MediumPlayer) for player in session.players.values())
    deadline = time.monotonic() + 60
    while not session.over and time.monotonic() < deadline:
        if not session.computer_step():
            time.sleep(0.0005)
    state = session.match.state
    session.close()
    assert state.winners and saves.read(path, catalogue=CATALOGUE).match.state == state


def test_a_bot_may_name_a_suit_for_a_joker_that_is_not_led() -> None:
    from game.ai.bot import ExecPlayer

    match = duel_match(("7S 8S 9S AH KH QH 7D 8D 9D AC KC QC",
                        "AS KS QS 7H 8H 9H AD KD JOKER 7C 8C 9C",
                        "JH JS 10S 10H JD 10D JC 10C QD"))
    submit(match, {"no_coup": True})
    submit(match, {"choose": "guillotine"})
    exchange(match, "QH", "QS")
    submit(match, {"play": "7S"})
    bot = ExecPlayer(EXAMPLE, seat=1, ruleset=RULES, options=match.options,
                     history=lambda: PROTOCOL.seat_history(match, 1))
    chosen = bot._legal_answer({"play": "JOKER", "suit": "H"}, match.legal())
    bot.finish({"ok": True})
    assert chosen is not None and chosen.card.code == "JOKER" and bot.faults == 0
