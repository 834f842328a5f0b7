"""The bluffing games through the commands: the scenario command (its exit statuses and a
match played to its end), simulate (random players, outside programs, faulty ones
replaced), what a bot is told, replay, and the narration for one seat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from coup_kit import COUP_DECK, COUP_HANDS, INQ_DECK, INQ_HANDS, bluff_match, move, play
from helpers import narrated, told_by_replay

from game.cli import main
from game.engine.match import Match
from game.formats.support import formats_of
from game.services import simulate

ROOT = Path(__file__).parent.parent
EXAMPLE = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
MISBEHAVING = f"{sys.executable} {Path(__file__).parent / 'bots' / 'misbehaving.py'}"
TWO_HANDS = ("assassin duke", "contessa captain")
TWO_DECK = ("duke duke assassin assassin captain captain ambassador ambassador ambassador "
            "contessa contessa")
SEAT_0_WINS = ["0 tax", "1 challenge", "0 reveal duke", "1 lose captain", "1 income",
               "0 tax", "1 challenge", "0 reveal duke", "1 lose contessa"]
"""Two players: s0 proves his Duke twice, and s1, who challenged both times, is out."""


def scenario(tmp_path: Path, lines: list[str], *, ruleset: str = "coup",
             hands: tuple[str, ...] = COUP_HANDS, deck: str = COUP_DECK,
             **changes: Any) -> Path:
    data = {"ruleset": ruleset, "options": {"players": len(hands)}, "first_dealer": 0,
            "deals": [{"hands": [hand.split() for hand in hands], "deck": deck.split()}],
            "moves": [move(line) for line in lines], **changes}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data))
    return path


def run_command(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *arguments], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


# The scenario command ------------------------------------------------------------------------


def test_a_scenario_played_to_the_last_player_reports_the_winner(tmp_path: Path) -> None:
    path = scenario(tmp_path, SEAT_0_WINS, hands=TWO_HANDS, deck=TWO_DECK)
    run = run_command("scenario", str(path))
    result = json.loads(run.stdout)
    assert run.returncode == 0
    assert result["game_over"] and result["winners"] == [0] and result["awaiting"] is None
    assert result["revealed"] == [[], ["captain", "contessa"]]
    assert result["alive"] == [True, False]


def test_a_refused_move_exits_1_with_the_state_before_it(tmp_path: Path) -> None:
    path = scenario(tmp_path, ["0 income", "0 income"])
    run = run_command("scenario", str(path))
    result = json.loads(run.stdout)
    assert run.returncode == 1 and result["error"]["move"] == 1
    assert result["coins"] == [3, 2, 2] and result["awaiting"] == {"seat": 1,
                                                                   "decision": "action"}


def test_an_unknown_character_is_a_refused_move(tmp_path: Path) -> None:
    path = scenario(tmp_path, ["0 foreign_aid", "1 block bishop"])
    run = run_command("scenario", str(path))
    assert run.returncode == 1 and "no character 'bishop'" in json.loads(run.stdout)["error"][
        "message"]


@pytest.mark.parametrize("changes", [
    {"deals": [{"hands": [["duke", "duke"], ["duke", "duke"], ["assassin", "assassin"]],
                "deck": []}]},
    {"moves": [{"seat": 0, "action": "income", "block": "duke"}]},
    {"moves": [{"seat": 0, "swap": 3}]},
    {"moves": [{"seat": 0, "keep": "duke"}]},
    {"moves": [{"seat": 0, "action": "steal", "target": "1"}]},
    {"options": {"players": 7}},
    {"options": {"players": 2, "five_lives": "yes"}},
], ids=["not the deck", "two verbs", "swap a number", "keep a string", "target a string",
        "seven players", "option not a boolean"])
def test_a_scenario_of_the_wrong_shape_exits_2_with_one_line(tmp_path: Path,
                                                             changes: dict) -> None:
    run = run_command("scenario", str(scenario(tmp_path, [], **changes)))
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1


def test_meaningless_fields_are_ignored(tmp_path: Path) -> None:
    path = scenario(tmp_path, [], moves=[{"seat": 0, "action": "income", "target": 2},
                                         {"seat": 1, "action": "tax", "character": "duke"}])
    run = run_command("scenario", str(path))
    assert run.returncode == 0 and json.loads(run.stdout)["coins"] == [3, 2, 2]


def test_a_scenario_out_of_deals_stops_between_rounds(tmp_path: Path) -> None:
    path = scenario(tmp_path, SEAT_0_WINS, hands=TWO_HANDS, deck=TWO_DECK,
                    options={"players": 2, "rounds": 2})
    result = json.loads(run_command("scenario", str(path)).stdout)
    assert result["awaiting"] is None and not result["game_over"]


# Simulate ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
def test_simulate_plays_complete_games_and_counts_claims(ruleset: str) -> None:
    summary = simulate.run({"players": 4}, 5, 3, ruleset=ruleset).to_json()
    assert summary["games"] == 5 and sum(summary["wins_by_seat"]) == 5  # type: ignore[arg-type]
    assert summary["actions"] and summary["challenges"]["made"] > 0  # type: ignore[index]
    assert set(summary["blocks"]) == {"made", "stood"}  # type: ignore[arg-type]


def test_simulate_describes_coup_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "coup-inquisitor", "--players", "2", "--games",
                 "3"]) == 0
    out = capsys.readouterr().out
    assert "3 games of coup-inquisitor, 2 players" in out
    assert "Challenges:" in out and "Games won by seat:" in out


def test_simulate_is_deterministic_for_a_seed() -> None:
    first = simulate.run({"players": 3}, 4, 9, ruleset="coup").to_json()
    second = simulate.run({"players": 3}, 4, 9, ruleset="coup").to_json()
    for volatile in ("seconds", "games_per_second", "decisions_per_second", "levels"):
        first.pop(volatile)
        second.pop(volatile)
    assert first == second


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
def test_an_outside_program_plays_a_whole_game(ruleset: str) -> None:
    summary = simulate.run({"players": 3}, 1, 4, seats=["random", f"exec:{EXAMPLE}", "random"],
                           ruleset=ruleset)
    assert summary.games == 1 and summary.bot_faults == 0


def test_a_misbehaving_bot_is_replaced() -> None:
    summary = simulate.run({"players": 2}, 1, 5, seats=["random", f"exec:{MISBEHAVING} illegal"],
                           ruleset="coup", time_limit=0.5)
    assert summary.games == 1 and summary.bot_faults > 0


# What a bot is told ----------------------------------------------------------------------------


def examined_and_exchanged() -> Match:
    match = bluff_match("coup-inquisitor", INQ_HANDS, INQ_DECK)
    play(match, "0 examine 2", "1 allow", "2 allow", "2 show captain", "0 force_draw yes",
         "1 exchange", "2 allow", "0 allow", "1 swap duke")
    return match


def told(match: Match, seat: int) -> dict[str, Any]:
    """What the bot at `seat` is told of the game so far (its `seat_history`)."""
    return formats_of(match.ruleset.id).protocol.seat_history(match, seat)


def test_a_bot_sees_a_shown_card_only_if_it_showed_or_was_shown_it() -> None:
    match = examined_and_exchanged()
    shows = {seat: [m["show"] for m in told(match, seat)["moves"] if "show" in m]
             for seat in range(3)}
    assert shows == {0: ["captain"], 1: ["?"], 2: ["captain"]}


def test_a_bot_sees_another_players_swap_as_a_question_mark() -> None:
    match = examined_and_exchanged()
    swaps = {seat: [m["swap"] for m in told(match, seat)["moves"] if "swap" in m]
             for seat in range(3)}
    assert swaps == {0: ["?"], 1: ["duke"], 2: ["?"]}


def test_a_bots_deals_hold_its_cards_and_every_card_it_drew() -> None:
    match = examined_and_exchanged()
    assert told(match, 2)["deals"] == [{"hand": ["assassin", "captain"], "drawn": ["duke"]}]
    assert told(match, 1)["deals"] == [{"hand": ["duke", "inquisitor"], "drawn": ["assassin"]}]
    assert told(match, 0)["first_dealer"] == 0


def test_a_bot_sees_another_players_kept_cards_only_by_their_number() -> None:
    match = bluff_match("coup", COUP_HANDS, COUP_DECK)
    play(match, "0 exchange", "1 allow", "2 allow", "0 keep duke assassin")
    keeps = [m["keep"] for m in told(match, 1)["moves"] if "keep" in m]
    assert keeps == [2]
    view = formats_of(match.ruleset.id).protocol.view_json(match.view(1))
    assert view["hand"] == ["contessa", "captain"] and "deck" not in view


# Replay and narration ------------------------------------------------------------------------


def test_replay_tells_a_coup_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = bluff_match("coup", COUP_HANDS, COUP_DECK)
    play(match, "0 income", "1 income", "2 income", "0 assassinate 1", "1 challenge",
         "0 reveal assassin", "1 lose captain", "1 allow", "1 lose contessa")
    told = told_by_replay(match, ("Ada", "Bob", "Cy"), tmp_path, capsys)
    assert "Round 1: Ada starts" in told
    assert "Ada: assassinate Bob (claiming Assassin)." in told
    assert "Bob challenges Ada's Assassin." in told
    assert "Ada draws 1 card (Assassin)." in told
    assert "Bob loses an influence: Contessa." in told and "Bob is out." in told
    assert "(The game goes on: Cy to choose an action.)" in told


def test_a_narrator_for_one_seat_keeps_others_draws_and_shown_cards_secret() -> None:
    match = examined_and_exchanged()
    text = narrated(match, ["Ada", "Bob", "Cy"], viewer=1)
    assert "Cy shows Ada a card." in text and "Cy draws 1 card." in text
    assert "Bob draws 1 card (Assassin)." in text
    assert "Ada: examine Cy (claiming Inquisitor)." in text
