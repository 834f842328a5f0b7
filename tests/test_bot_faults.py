"""Outside programs that misbehave in harder ways than test_bot_protocol.py's: a bot that
never reads, one that skips or repeats answers, bytes that are not UTF-8, answers that break
the JSON reader, lines without end, children left behind. Each game still ends, in bounded
time, with the faults counted, and nothing the bot started is left running."""

from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game.ai import bot_processes, bot_streams
from game.ai.bot import ExecPlayer
from game.ai.bot_streams import REMARKS_KEPT, REMARKS_LAST
from game.ai.levels import make_player
from game.engine.match import Match, seeded_chance
from game.formats.support import formats_of
from game.games import get_ruleset
from game.services import simulate
from game.services.tally import Tally

RULES = get_ruleset("coup-detat")
PROTOCOL = formats_of("coup-detat").protocol
MISBEHAVING = f"{sys.executable} {Path(__file__).parent / 'bots' / 'misbehaving.py'}"
LONG_ENOUGH = 600.0  # seconds: a time limit that only a bot that never answers meets
BOUND = 60.0  # seconds: a test that takes longer has hung
T = TypeVar("T")


def within(seconds: float, work: Callable[[], T]) -> T:
    """What `work` returns, or a failure if it has not returned after `seconds` (it is
    left running on its own thread: a test that hangs fails instead)."""
    outcome: queue.Queue[tuple[bool, Any]] = queue.Queue()

    def run() -> None:
        try:
            outcome.put((True, work()))
        except BaseException as error:  # handed to the test's thread
            outcome.put((False, error))

    threading.Thread(target=run, daemon=True).start()
    try:
        finished, value = outcome.get(timeout=seconds)
    except queue.Empty:
        pytest.fail(f"still running after {seconds:g} s")
    if not finished:
        raise value
    return value  # type: ignore[no-any-return]


def play(behaviour: str, time_limit: float = LONG_ENOUGH) -> Tally:
    """One short game for three, the bot in the last chair."""
    return within(BOUND, lambda: simulate.run(
        {"players": 3, "short_game": True}, 1, seed=2,
        seats=["random", "random", f"exec:{MISBEHAVING} {behaviour}"], time_limit=time_limit))


def ended(pid: int) -> bool:
    """Has the process ended? (A zombie waiting for its parent to collect it has.)"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # no /proc here (macOS), or it ended in the meantime
        return False
    return stat.rpartition(")")[2].split()[0] in ("Z", "X")


def ends_soon(pid: int, seconds: float = 10.0) -> bool:
    """Does the process end within `seconds`? (A killed process is collected by the system
    a moment later: waited for, generously.)"""
    deadline = time.monotonic() + seconds
    while not ended(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def driven_bot(behaviour: str, time_limit: float, padding: int = 0,
               log: list[str] | None = None) -> tuple[Match, ExecPlayer]:
    """A match for three at its first decision, and a bot for the seat to decide; each of
    its questions padded with `padding` characters."""
    match = Match(RULES, RULES.parse_options({"players": 3, "short_game": True}),
                  chance=seeded_chance(RULES, 4))
    seat = match.pending.seat
    assert seat is not None

    def history() -> dict[str, Any]:
        told = dict(PROTOCOL.seat_history(match, seat))
        return {**told, "padding": "x" * padding} if padding else told

    bot = ExecPlayer(f"{MISBEHAVING} {behaviour}", seat=seat, ruleset=RULES,
                     options=match.options, history=history, time_limit=time_limit,
                     log=(log if log is not None else []).append)
    return match, bot


# D2: writing to a bot never blocks the game -----------------------------------------------------

def test_a_deaf_bot_is_declared_gone_and_the_game_ends() -> None:
    summary = play("deaf", time_limit=0.3)
    assert summary.games == 1 and 1 <= summary.bot_faults <= 3
    assert any("from now on" in line for line in summary.bot_log)


def test_a_bot_whose_input_stays_full_is_gone_at_the_time_limit() -> None:
    """A question larger than the pipe holds, to a bot that never reads: its writing never
    ends, and the game does not wait for it past the time limit."""
    log: list[str] = []
    match, bot = driven_bot("deaf", time_limit=0.5, padding=2_000_000, log=log)
    pid = bot._process.pid if bot._process else None
    decision = within(BOUND, lambda: bot.decide(match.view(bot.seat), match.legal()))
    assert decision in match.legal()
    assert bot.faults == 1 and not bot.alive, log
    assert "read" in log[0] and "from now on" in log[0]
    within(BOUND, lambda: bot.finish({"ok": True}))
    assert pid is not None and ends_soon(pid)


def test_finish_returns_promptly_while_a_question_is_stuck_in_the_pipe() -> None:
    """The window ends the game on its own thread while the bot's question is still being
    written (the bot never reads): the game's end, and the question, return promptly."""
    match, bot = driven_bot("deaf", time_limit=LONG_ENOUGH, padding=2_000_000)
    pid = bot._process.pid if bot._process else None
    answers: queue.Queue[object] = queue.Queue()
    threading.Thread(target=lambda: answers.put(bot.decide(match.view(bot.seat),
                                                           match.legal())),
                     daemon=True).start()
    within(BOUND, lambda: bot.finish({"ok": True}))
    assert answers.get(timeout=BOUND) in match.legal()
    assert not bot.alive and bot.faults == 0, "the game ended it: not the bot's fault"
    assert pid is not None and ends_soon(pid)


# A silent bot -------------------------------------------------------------------------------

def test_a_silent_bot_is_gone_after_three_timeouts_running() -> None:
    summary = play("silent", time_limit=0.2)
    assert summary.games == 1 and summary.bot_faults == 3, summary.bot_log
    assert "3 times running" in summary.bot_log[-1]
    assert "from now on" in summary.bot_log[-1]


# D3: answers matched to their question --------------------------------------------------------

def test_a_bot_that_skips_a_question_has_its_later_answers_taken() -> None:
    """The bot leaves its 5th question unanswered (its time limit made short for that one
    alone) and answers all the others: they are all taken, with their echoed ids."""
    log: list[str] = []
    match, bot = driven_bot("skip5", time_limit=LONG_ENOUGH, log=log)
    others = {seat: make_player("random", seat, ruleset=RULES.id) for seat in range(3)}

    def game() -> list[bool]:
        asked, took = 0, []
        while not (pending := match.pending).over:
            seat = pending.seat
            assert seat is not None
            view, legal = match.view(seat), match.legal()
            if seat == bot.seat:
                asked += 1
                bot.time_limit = 0.3 if asked == 5 else LONG_ENOUGH
                decision = bot.decide(view, legal)
                took.append(decision == legal[-1])  # the bot plays the last legal move
            else:
                decision = others[seat].decide(view, legal)
            match.submit(decision)
        return took

    took = within(BOUND, game)
    bot.finish({"ok": True})
    assert len(took) > 6
    assert bot.faults == 1, log
    assert all(took[:4]) and all(took[5:]), "every answer but the 5th is the bot's"


def test_a_bot_that_answers_twice_with_ids_has_the_extra_line_dropped() -> None:
    summary = play("twice")
    assert summary.games == 1 and summary.bot_faults == 0, summary.bot_log


# D4, D5, D8 (long lines): answers that used to break the reader ------------------------------

@pytest.mark.parametrize("behaviour", ["badbytes", "bignum", "deep", "longline"])
def test_an_answer_that_breaks_the_reader_is_one_fault(behaviour: str) -> None:
    summary = play(behaviour)
    assert summary.games == 1 and summary.bot_faults == 1, summary.bot_log
    assert not any("from now on" in line for line in summary.bot_log), "it plays on"


def test_bytes_that_are_not_utf8_on_stderr_are_logged() -> None:
    summary = play("badbytes")
    assert any("a remark \ufffd\ufffd that is not UTF-8" in line for line in summary.bot_log)


def test_a_bot_that_talks_without_end_is_heard_up_to_a_limit() -> None:
    """5,000 remarks before each of its answers: it plays on, and the log keeps the first
    REMARKS_KEPT of them and says the rest are not kept."""
    summary = play("chatty")
    assert summary.games == 1 and summary.bot_faults == 0, summary.bot_log[-3:]
    remarks = [line for line in summary.bot_log if "thinking..." in line]
    assert len(remarks) == REMARKS_KEPT + REMARKS_LAST  # the first ones, and the last
    assert any("further remarks are not kept" in line for line in summary.bot_log)


def test_a_long_line_is_never_held_whole() -> None:
    """The bot's first answer is a line of 64 MB: the game never holds more than a piece of
    it more than the limit (1 MB)."""
    tracemalloc.start()
    try:
        summary = play("longline")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert summary.bot_faults == 1 and "longer than" in summary.bot_log[0]
    assert peak < 16 << 20, f"{peak >> 20} MB"


class Endless(io.RawIOBase):
    """A bot's output: a line of `size` bytes, read in pieces, then one short line."""

    def __init__(self, size: int, chunk: int = 1 << 16) -> None:
        self.left, self.chunk, self.tail = size, chunk, b'\n{"play": "AS"}\n'

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if self.left > 0:
            n = min(self.left, self.chunk, size if size > 0 else self.chunk)
            self.left -= n
            return b"x" * n
        tail, self.tail = self.tail, b""
        return tail


def test_a_line_without_end_is_cut_not_kept() -> None:
    """200 MB without a line's end: one overlong line, read in pieces, never held whole;
    the next line is read as usual."""
    tracemalloc.start()
    try:
        lines = list(bot_streams.lines(Endless(200 << 20)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert lines == [bot_streams.TOO_LONG, b'{"play": "AS"}']
    assert peak < 8 << 20


def lines_of(*chunks: bytes) -> Iterator[object]:
    stream = io.BytesIO(b"".join(chunks))
    return bot_streams.lines(stream, limit=10)


def test_lines_are_split_and_measured_across_pieces() -> None:
    assert list(lines_of(b"ab\ncd\n\nef")) == [b"ab", b"cd", b"", b"ef"]
    assert list(lines_of(b"0123456789\n", b"x" * 11 + b"\nok\n")) == [
        b"0123456789", bot_streams.TOO_LONG, b"ok"]


# D8: a bot's children end with it ------------------------------------------------------------

@pytest.mark.skipif(os.name == "nt", reason="process groups: POSIX")
@pytest.mark.parametrize(("behaviour", "faults"), [("spawner", 0), ("spawner_crash", 1)])
def test_a_bots_children_end_with_the_game(behaviour: str, faults: int) -> None:
    summary = play(behaviour)
    assert summary.games == 1 and summary.bot_faults == faults, summary.bot_log
    children = [int(line.rpartition("child ")[2]) for line in summary.bot_log
                if "child " in line]
    assert len(children) == 1
    assert ends_soon(children[0]), "the bot's child outlived the game"


LEFT_UNFINISHED = """
import sys
import threading
from game.ai.bot import ExecPlayer
from game.games import get_ruleset

said = threading.Event()


def log(line):
    print(line, flush=True)
    if "child " in line:
        said.set()


rules = get_ruleset("coup-detat")
options = rules.parse_options({"players": 3})
bot = ExecPlayer(sys.argv[1], seat=0, ruleset=rules, options=options, history=dict, log=log)
said.wait(60)  # the bot has started its child; the program leaves without finish()
"""


@pytest.mark.skipif(os.name == "nt", reason="process groups: POSIX")
def test_a_bots_children_end_when_the_game_leaves_without_letting_it_go() -> None:
    """In a group of its own, a bot no longer gets the terminal's Ctrl+C: a game that stops
    on an error or Ctrl+C ends it and its children on its way out."""
    run = within(BOUND, lambda: subprocess.run(
        [sys.executable, "-c", LEFT_UNFINISHED, f"{MISBEHAVING} spawner"],
        capture_output=True, text=True, timeout=BOUND, cwd=Path(__file__).parent.parent))
    children = [int(line.rpartition("child ")[2]) for line in run.stdout.splitlines()
                if "child " in line]
    assert len(children) == 1, run.stdout + run.stderr
    assert ends_soon(children[0]), "the bot's child outlived the game"


def test_a_bot_gets_its_own_process_group_on_every_system(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """POSIX: a new session, its group ended whole. Windows (simulated: its constant and a
    process that records what is done to it): a new process group, the process terminated."""
    assert bot_processes.group_options(windows=False) == {"start_new_session": True}
    assert bot_processes.group_options(windows=True) == {"creationflags": 0x200}

    class Process:
        pid = 2 ** 22 + 1  # more than any process number: nothing real is touched
        killed = False

        def kill(self) -> None:
            self.killed = True

    process = Process()
    bot_processes.end_group(process, windows=True)  # type: ignore[arg-type]
    assert process.killed
    ended_groups: list[int] = []
    monkeypatch.setattr(os, "killpg", lambda group, signal: ended_groups.append(group),
                        raising=False)
    process = Process()
    bot_processes.end_group(process, windows=False)  # type: ignore[arg-type]
    assert ended_groups == [Process.pid] and not process.killed
