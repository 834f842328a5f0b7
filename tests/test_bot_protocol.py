"""Outside programs playing a seat (docs/BOT_PROTOCOL.md): a well-behaved bot plays
whole games; misbehaving ones are replaced by the Easy player and the game never hangs."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import pytest

from game.ai.bot import ExecPlayer
from game.cli import main
from game.engine.match import Match, seeded_chance
from game.formats.support import formats_of
from game.games import get_ruleset
from game.services import simulate

RULES = get_ruleset("coup-detat")
PROTOCOL = formats_of("coup-detat").protocol
ROOT = Path(__file__).parent.parent
EXAMPLE = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
MISBEHAVING = f"{sys.executable} {Path(__file__).parent / 'bots' / 'misbehaving.py'}"
LONG_ENOUGH = 600.0  # seconds: a time limit that only a bot that never answers meets


def test_the_example_bot_plays_whole_games() -> None:
    summary = simulate.run({"players": 4, "short_game": True}, 2, seed=1,
                           seats=["random", "random", f"exec:{EXAMPLE}", "random"])
    assert summary.games == 2 and summary.bot_faults == 0
    assert any("playing seat" in line for line in summary.bot_log), "its stderr is logged"


@pytest.mark.parametrize("behaviour", ["garbage", "illegal", "silent", "crash"])
def test_a_misbehaving_bot_is_replaced_and_the_game_ends(behaviour: str) -> None:
    started = time.monotonic()
    # The silent bot costs the time limit at each question: a short one. The crashing bot
    # ends before it answers anything: however slowly a loaded machine starts it, its end,
    # not the time limit, must come first, or its one fault would be a late answer too.
    time_limit = 0.2 if behaviour == "silent" else LONG_ENOUGH
    summary = simulate.run({"players": 3, "short_game": True}, 1, seed=2,
                           seats=["random", "random", f"exec:{MISBEHAVING} {behaviour}"],
                           time_limit=time_limit)
    assert summary.games == 1 and summary.bot_faults > 0
    assert time.monotonic() - started < 120, "the game never hangs"
    if behaviour == "crash":
        assert summary.bot_faults == 1, "an exited bot is replaced for the rest of the game"
        assert any("from now on" in line for line in summary.bot_log)


class RunsOutOnceTheBotHasEnded(queue.Queue[str | None]):
    """The bot's answers, as a loaded machine delivers them: the time for an answer runs
    out only once the bot has ended, and before the thread reading its output has noticed
    the end (that thread is held back)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        super().__init__()
        self.process = process

    def get(self, block: bool = True, timeout: float | None = None) -> str | None:
        self.process.wait()
        return super().get(block=False)


def test_a_bot_that_ends_is_one_fault_however_late_its_end_is_noticed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The race behind a crashed bot counted twice, made to happen: the bot ends while its
    answer is awaited, the time runs out, and only then does the reading thread see the
    end. Its end is one fault, and the Easy player takes the seat for good."""
    released = threading.Event()

    def read_answers(self: ExecPlayer, stream: IO[str]) -> None:
        for line in stream:
            self._answers.put(line)
        released.wait()  # the thread that reports the end runs late
        self._answers.put(None)

    monkeypatch.setattr(ExecPlayer, "_read_answers", read_answers)
    match = Match(RULES, RULES.parse_options({"players": 3, "short_game": True}),
                  chance=seeded_chance(RULES, 4))
    seat = match.pending.seat
    log: list[str] = []
    bot = ExecPlayer(f"{MISBEHAVING} quit", seat=seat, ruleset=RULES, options=match.options,
                     history=lambda: PROTOCOL.seat_history(match, seat),
                     time_limit=LONG_ENOUGH, log=log.append)
    assert bot._process is not None
    bot._answers = RunsOutOnceTheBotHasEnded(bot._process)
    try:
        for _ in range(2):
            assert bot.decide(match.view(seat), match.legal()) in match.legal()
    finally:
        released.set()
        bot.finish({"ok": True})
    assert bot.faults == 1 and not bot.alive, log
    assert "from now on" in log[0]


def test_a_command_that_cannot_start_is_a_fault_not_a_crash() -> None:
    summary = simulate.run({"players": 3, "short_game": True}, 1, seed=3,
                           seats=["random", "exec:/no/such/program", "random"])
    assert summary.games == 1 and summary.bot_faults == 1


def test_a_late_answer_is_not_taken_for_the_next_question() -> None:
    match = Match(RULES, RULES.parse_options({"players": 3, "short_game": True}),
                  chance=seeded_chance(RULES, 4))
    seat = match.pending.seat
    log: list[str] = []
    bot = ExecPlayer(f"{MISBEHAVING} late", seat=seat, ruleset=RULES, options=match.options,
                     history=lambda: PROTOCOL.seat_history(match, seat),
                     time_limit=1.0, log=log.append)  # a second: time to start, when busy
    first = bot.decide(match.view(seat), match.legal())  # too late: Easy decides
    assert bot.faults == 1 and first in match.legal()
    time.sleep(1.5)  # the late answer (2 s after the question) arrives in the meantime
    second = bot.decide(match.view(seat), match.legal())
    assert second == match.legal()[-1] and bot.faults == 1
    bot.finish({"ok": True})


def test_what_a_bot_is_told_follows_the_protocol() -> None:
    match = Match(RULES, RULES.parse_options({"players": 4}), chance=seeded_chance(RULES, 5))
    for _ in range(40):
        match.submit(match.legal()[0])
    seat = match.pending.seat
    history = PROTOCOL.seat_history(match, seat)
    assert history["first_dealer"] is not None
    for deal in history["deals"]:
        assert len(deal["hand"]) == 8
    own = [move for move in history["moves"] if move["seat"] == seat]
    mine = [turn.decision for turn in match.turns if turn.seat == seat]
    assert len(own) == len(mine)
    assert 0 <= history["hand_start"] <= len(history["moves"])
    hand = match.state.hand
    dealt = set(history["deals"][-1]["hand"])
    assert {card.code for card in hand.hands[seat]} <= dealt | {hand.center.code}
    json.dumps(PROTOCOL.view_json(match.view(seat)))  # plain JSON


def test_simulate_rotates_levels_and_reports_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "medium,easy,easy,random", "--games", "4", "--seed",
                 "6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    levels = report["levels"]
    assert set(levels) == {"medium", "easy", "random"}
    assert levels["easy"]["chairs_per_game"] == 2
    for tally in levels.values():
        assert tally["ci95"][0] <= tally["mean_gain_per_hand"] <= tally["ci95"][1]
        assert tally["latency_ms_p95"] >= tally["latency_ms_p50"] >= 0
        assert tally["decisions"] > 0


def test_simulate_seats_every_level_in_every_chair() -> None:
    seen = {simulate.chairs_for(("hard", "medium", "medium", "medium"), game).index("hard")
            for game in range(4)}
    assert seen == {0, 1, 2, 3}


@pytest.mark.parametrize("arguments", [
    ["--seats", "medium,grandmaster,easy"],
    ["--seats", "medium,easy"],
    ["--players", "4", "--seat", "7=exec:bot"],
    ["--players", "4", "--seat", "2=python bot.py"],
])
def test_simulate_refuses_bad_seats_with_one_line(arguments: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", *arguments]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_bot_command_line_runs_through_the_real_program() -> None:
    run = subprocess.run([sys.executable, "-m", "game", "simulate", "--players", "3", "--games",
                          "1", "--short", "--seat", f"1=exec:{EXAMPLE}", "--json"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["bot_faults"] == 0
