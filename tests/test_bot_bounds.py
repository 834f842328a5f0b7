"""Outside programs kept in bounds, and the command line of `simulate` checked before
anything is made (issue 30):

- what a bot says on its standard error is kept within bounds in bytes, each remark cut
  short, across the games of a run as well; the log panel lays out only what fits;
- a bot that closes its output is told as such, an answer naming another seat is a fault,
  a seat given twice with --seat is refused;
- every number simulate takes is checked (negative, zero, huge, NaN, infinite) before a
  list of players, a game or a process is made.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from game.ai.bot_streams import (
    REMARK_BYTES_KEPT,
    REMARK_BYTES_LAST,
    REMARK_SHOWN,
    REMARKS_KEPT,
    REMARKS_LAST,
)
from game.cli import main
from game.services import simulate
from game.services.tally import Tally

BOT = f"{sys.executable} {Path(__file__).parent / 'bots' / 'misbehaving.py'}"
MB = 1 << 20
PREFIX = len("bot at seat 2: ")
NOTES = 300  # bytes of the lines that tell what was left out


def played(behaviour: str, games: int = 1) -> Tally:
    """Short games for three, the misbehaving bot in the last seat (which moves round)."""
    return simulate.run({"players": 3, "short_game": True}, games, seed=2,
                        seats=["random", "random", f"exec:{BOT} {behaviour}"], time_limit=30.0)


def kept_bytes(lines: list[str]) -> int:
    return sum(len(line.encode("utf-8")) for line in lines)


# A bot's remarks (stderr) --------------------------------------------------------------

def test_remarks_of_a_megabyte_each_are_kept_within_a_bound_in_bytes() -> None:
    """The bot writes 20 remarks of a megabyte (20 MB): each is shown cut short, saying how
    much was cut, and what the game holds of them stays within the bound, while playing
    as afterwards."""
    tracemalloc.start()
    try:
        summary = played("bigremarks")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    remarks = [line for line in summary.bot_log if "remark " in line]
    assert summary.games == 1 and len(remarks) == 20, summary.bot_log[:3]
    for line in remarks:
        assert line.endswith("more bytes not shown)"), line[-80:]
        assert len(line) < PREFIX + REMARK_SHOWN + 60
    assert kept_bytes(summary.bot_log) <= REMARK_BYTES_KEPT + REMARK_BYTES_LAST + NOTES
    assert peak < 8 * MB, f"{peak / MB:.0f} MB held for 20 MB of remarks"


def test_a_bot_that_talks_without_end_has_its_first_and_last_remarks_kept() -> None:
    """The chatty bot says 5,000 lines before each answer: the first remarks are told as
    they come, then only the last ones are kept, told when it ends, after how many were
    left out; what is kept stays within the bound."""
    summary = played("chatty")
    log = summary.bot_log
    told = [line for line in log if "thinking..." in line]
    assert len(told) == REMARKS_KEPT + REMARKS_LAST
    notice = next(line for line in log if "remarks of" in line and "left out" in line)
    assert log.index(notice) == len(log) - REMARKS_LAST - 1, "the last remarks follow it"
    assert kept_bytes(log) <= REMARK_BYTES_KEPT + REMARK_BYTES_LAST + NOTES


def test_a_run_keeps_a_bounded_tail_of_the_bots_log_across_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game starts the bot afresh, each with its own bound: over a run the log keeps
    only its latest lines, within the run's bound, and says how many were left out."""
    monkeypatch.setattr(simulate, "BOT_LOG_KEPT", 20_000)
    summary = played("bigremarks", games=4)
    log = summary.bot_log
    assert summary.games == 4
    assert kept_bytes(log) <= 20_000 + NOTES
    assert "earlier lines of the bots' log are not kept" in log[0]
    assert log[-1].startswith("bot at seat ") and "remark 19:" in log[-1], "the latest kept"


# The log panel -------------------------------------------------------------------------

def test_the_log_panel_lays_out_only_what_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines of a megabyte in the log: the panel keeps each cut short and wraps no more
    of them than its body could show, in a few milliseconds."""
    import pygame
    from pygame import Rect

    from game.ui import text
    from game.ui.table import log_panel
    from game.ui.table.log_panel import LogPanel

    pygame.font.init()
    wrapped: list[int] = []
    wrap = text.wrap

    def measured_wrap(words: str, *args: object, **keywords: object) -> list[str]:
        wrapped.append(len(words))
        return wrap(words, *args, **keywords)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "wrap", measured_wrap)
    panel = LogPanel()
    for number in range(20):
        panel.add(f"bot at seat 2: remark {number}: " + "blah " * (MB // 5))
    assert all(len(line) <= log_panel.LINE_KEPT for line in panel.lines)
    body, size = Rect(0, 0, 300, 400), 14
    line_height = text.font(size).get_linesize()
    started = time.perf_counter()
    rows = panel._visible(body, size, line_height)
    seconds = time.perf_counter() - started
    assert 0 < len(rows) <= body.height // line_height
    room = (body.height // line_height + 1) * (body.width // text.measure(" ", size) + 1)
    assert sum(wrapped) <= 2 * room, f"{sum(wrapped):,} characters wrapped"
    assert seconds < 1.0


# Faults of the protocol ----------------------------------------------------------------

def test_a_bot_that_closes_its_output_is_told_so_not_as_having_exited() -> None:
    summary = played("closeout")
    gone = [line for line in summary.bot_log if "from now on" in line]
    assert summary.games == 1 and summary.bot_faults == 1, summary.bot_log
    assert len(gone) == 1 and "closed its standard output" in gone[0], gone
    assert "exited" not in gone[0].replace("had not exited", "")


def test_an_answer_naming_another_seat_is_a_fault_and_the_stand_in_decides() -> None:
    """BOT_PROTOCOL.md: the answer is one of `legal` (whose seat is the bot's own); the seat
    may be left out, not changed. Each such answer is a fault; the game plays on."""
    summary = played("otherseat")
    faults = [line for line in summary.bot_log if "not its own" in line]
    assert summary.games == 1 and summary.bot_faults == len(faults) > 0, summary.bot_log[:3]
    assert all("the Easy player decides instead" in line for line in faults)
    assert summary.levels[f"exec:{BOT} otherseat"].seconds, "it was asked"


@pytest.mark.parametrize("arguments", [
    ["simulate", "--seat", "1=exec:one", "--seat", "1=exec:two"],
    ["simulate", "--seat", "1=exec:one", "--seat", "01=exec:two"],
    ["--autoplay", "--seat", "1=exec:one", "--seat", "1=exec:two"],
])
def test_a_seat_given_twice_is_refused_in_one_line_naming_it(
        arguments: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui import main as window

    monkeypatch.setattr(window, "run", lambda **given: pytest.fail("a window opened"))
    monkeypatch.setattr(simulate, "run", lambda *given, **named: pytest.fail("games ran"))
    status = main(arguments)
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "seat 1 " in err and "twice" in err, err


# The numbers simulate takes --------------------------------------------------------------

HUGE = ["99999999999", "1" + "0" * 30, "9" * 4_000]
NOT_NUMBERS = ["nan", "inf", "-inf", "1e999"]


@pytest.mark.parametrize("arguments", [
    *(["--players", given] for given in [*HUGE, "0", "-3", *NOT_NUMBERS]),
    *(["--games", given] for given in [*HUGE, "100001", "0", "-1", *NOT_NUMBERS]),
    *(["--seed", given] for given in [*HUGE[1:], str(2**64), "-1", *NOT_NUMBERS]),
    *(["--budget", given] for given in [*HUGE, "0", "-1", *NOT_NUMBERS]),
    *(["--time-limit", given] for given in [*HUGE, "0", "-1", *NOT_NUMBERS]),
    ["--players", "99999999999", "--seats", "random,random,random"],
], ids=lambda arguments: " ".join(arguments)[:40])
def test_a_number_simulate_cannot_take_is_refused_in_one_line_before_anything_is_made(
        arguments: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate, "run", lambda *given, **named: pytest.fail("games ran"))
    try:
        status = main(["simulate", *arguments])
    except SystemExit as leaving:  # argparse's refusal
        status = leaving.code if isinstance(leaving.code, int) else 1
    out, err = capsys.readouterr()
    assert status == 2 and out == "", err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
