"""A seat played by an outside program, through JSON lines (docs/BOT_PROTOCOL.md).

The program is started once per game. Each decision it is sent what its seat has seen and
the legal moves, and it answers with one of them. Whatever goes wrong (an answer that is
not JSON, not legal, or too late; a program that crashes or never starts) is written to
the game's log and the Easy player decides instead: the game never hangs. A program that
has exited, that stops reading what it is sent, or that lets its time run out three
questions running is replaced by the Easy player for the rest of the game.

The game never blocks on the program: a writer thread sends it its messages, two reader
threads take in its output and its remarks, a line at most LINE_LIMIT bytes long, each
read in pieces; the program runs in a process group of its own and ends with the game,
with everything it started (`bot_processes`: on Linux, wherever what it started went).

What it says on its standard error is heard within bounds, whatever it says: each remark
cut to REMARK_SHOWN characters, its first remarks (REMARKS_KEPT of them, REMARK_BYTES_KEPT
bytes) told as they come, and past those only its last few, told when it ends, with how
much was left out between. Whatever of the program's reaches the log (its remarks, a part
of its answer quoted in a fault) is shown with what does not print made visible: nothing
it writes can change the player's terminal. A value quoted from its answers, or a reason,
cut short, ends in an ellipsis.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from game.ai import bot_processes, bot_streams
from game.ai.bot_streams import DEAF, LINE_LIMIT, REMARK_SHOWN, TOO_LONG
from game.ai.levels import levels_for, make_player
from game.engine import texts
from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.player import Player
from game.engine.ruleset import Decision, Ruleset, View
from game.formats.support import formats_of, legal_named

DEFAULT_TIME_LIMIT = 10.0  # seconds for each answer
SILENCES_BEFORE_GONE = 3  # a bot whose time runs out this many questions running is gone
OUTPUT_END_WAIT = 0.5  # seconds: a program's output ends a moment before the program
GRACE = 2.0  # seconds a bot has to exit once told the game is over
SHOWN = 80  # characters of an answer quoted in the log (then an ellipsis)
Log = Callable[[str], None]
History = Callable[[], Mapping[str, Any]]


Answer = bytes | bot_streams.Signal | None  # a line; or a signal; None: the bot closed its output


class ExecPlayer:
    def __init__(self, command: str, *, seat: int, ruleset: Ruleset, options: object,
                 history: History, time_limit: float = DEFAULT_TIME_LIMIT,
                 log: Log | None = None, seed: int | str | None = None) -> None:
        self.command = command
        self.seat = seat
        self.ruleset = ruleset
        self.protocol = formats_of(ruleset.id).protocol
        self.history = history
        self.time_limit = time_limit
        self._log = log or (lambda line: None)
        has_easy = "easy" in levels_for(ruleset.id)
        self.fallback: Player = make_player("easy", seed, ruleset=ruleset.id)
        self.stand_in = "the Easy player" if has_easy else "the random player"
        self.faults = 0
        self._answers: queue.Queue[Answer] = queue.Queue()
        self._outbox: queue.Queue[bytes | None] = queue.Queue()  # None: close its input
        self._queued = 0  # messages handed to the writer thread
        self._written = 0  # messages the bot's input has taken in whole
        self._asked = 0  # the number ("id") of the last question asked
        self._owed = 0  # answers without an id to questions whose time ran out
        self._silences = 0  # questions running whose time ran out
        self._finished = False  # the game is over: what the bot does no longer counts
        self._lock = threading.Lock()
        self._remarks: threading.Thread | None = None
        self._process = self._start(options)

    def _start(self, options: object) -> subprocess.Popen[bytes] | None:
        try:
            process = bot_processes.launch(self.command)
        except (OSError, ValueError) as error:
            self._fault(f"could not start {self.command!r}: {error}")
            return None
        assert process.stdin is not None
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=self._write, args=(process.stdin,), daemon=True).start()
        threading.Thread(target=self._read_answers, args=(process.stdout,), daemon=True).start()
        self._remarks = threading.Thread(target=self._read_remarks, args=(process.stderr,),
                                         daemon=True)
        self._remarks.start()
        threading.Thread(target=bot_processes.watch, args=(process,), daemon=True).start()
        self._process = process
        self._send({"type": "start", "ruleset": self.ruleset.id,
                    "options": self.ruleset.options_to_json(options), "seat": self.seat,
                    "time_limit": self.time_limit})
        return self._process

    def _write(self, stream: IO[bytes]) -> None:
        """The writer thread: whatever the bot does with its input, only this thread waits
        for it. Writing fails once the bot has ended (or it is ended)."""
        try:
            while (message := self._outbox.get()) is not None:
                view = memoryview(message)
                while view:
                    view = view[stream.write(view) or 0:]
                self._written += 1
        except (OSError, ValueError):
            if not self._finished:
                self._answers.put(DEAF)
        finally:
            with contextlib.suppress(OSError):
                stream.close()

    def _read_answers(self, stream: IO[bytes]) -> None:
        try:
            for line in bot_streams.lines(stream):
                self._answers.put(line)
        except (OSError, ValueError):
            pass
        finally:
            self._answers.put(None)  # the program closed its output: it has ended

    def _read_remarks(self, stream: IO[bytes]) -> None:
        """Its remarks (stderr) into the log, within bounds (`Remarks`); the rest is read
        and dropped, so that a bot that talks without end neither blocks on a full pipe nor
        fills the game's memory."""
        remarks = bot_streams.Remarks(f"bot at seat {self.seat}", self.log)
        try:
            kept = 4 * REMARK_SHOWN  # bytes: a character is at most 4 in UTF-8
            for head, length in bot_streams.heads(stream, keep=kept):
                remarks.hear(bot_streams.remark(head, length), length)
        except (OSError, ValueError):
            pass
        finally:
            remarks.end()

    def log(self, line: str) -> None:
        """Tell the game's log: what the program said or did, with what does not print
        made visible (`texts.escaped`), whatever the program put in it (a remark, a key
        of its answer quoted in a fault)."""
        self._log(texts.escaped(line))

    @property
    def alive(self) -> bool:
        return self._process is not None

    def _send(self, message: Mapping[str, Any]) -> int:
        """Hand the message to the writer thread (never waits): its number among the
        messages sent, 0 if the bot is gone."""
        if self._process is None:
            return 0
        self._outbox.put((json.dumps(message) + "\n").encode("utf-8"))
        self._queued += 1
        return self._queued

    def decide(self, view: View, legal: Sequence[Decision]) -> Decision:
        chosen = self.answer({**self.history(), "view": self.protocol.view_json(view)}, legal)
        return chosen if chosen is not None else self.fallback.decide(view, legal)

    def answer(self, seen: Mapping[str, Any], legal: Sequence[Decision]) -> Decision | None:
        """The program's answer, asked with what the seat has `seen` (its deals, moves and
        view, as the protocol's `decide` holds them); None when it gave none that counts
        (the fault is in the log): the caller's stand-in decides then."""
        if self._process is None:
            return None
        self._asked += 1
        asked = {"type": "decide", "id": self._asked, "seat": self.seat, **seen,
                 "legal": [self.ruleset.decision_to_json(d) for d in legal]}
        sent = self._send(asked)
        return self._answer(legal, sent) if sent else None

    def _answer(self, legal: Sequence[Decision], sent: int) -> Decision | None:
        deadline = time.monotonic() + self.time_limit
        while True:
            try:
                line = self._answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._out_of_time(sent)
                return None
            if self._finished:  # the game ended while the bot was thinking
                return None
            if line is None:
                self._gone(self._why_output_ended())
                return None
            if line is DEAF:
                self._gone("it exited" if self._ended() else "it stopped reading")
                return None
            if line is TOO_LONG:
                self._silences = 0
                self._fault(f"a line longer than {LINE_LIMIT} bytes")
                return None
            assert isinstance(line, bytes)
            entry, problem = _parsed(line)
            if not self._late(entry):
                break
        self._silences = 0  # it answered this question, well or not
        if problem:
            words = line.decode("utf-8", "replace").strip()
            self._fault(f"{problem}: {texts.quoted(words, SHOWN)}")
            return None
        number = entry.pop("id", None) if isinstance(entry, dict) else None
        if number is not None and number != self._asked:
            self._fault(f"answers no question asked (id {_shown(number)})")
            return None
        return self._legal_answer(entry, legal)

    def _late(self, entry: object) -> bool:
        """Is this a late answer to an earlier question, to be dropped? If it echoes an id,
        an earlier question's; if not, while answers are owed to questions whose time ran
        out (a bot that echoes ids owes none: each of its answers says what it answers)."""
        number = entry.get("id") if isinstance(entry, dict) else None
        if number is None:
            if self._owed:
                self._owed -= 1
                return True
            return False
        if number == self._asked:
            self._owed = 0
        return _is_number(number) and 0 < number < self._asked

    def _out_of_time(self, sent: int) -> None:
        """No answer within the time limit: a fault; if the program has ended, or has not
        taken in the question yet, or has let its time run out three questions running, it
        is gone."""
        if self._ended():  # the thread reading its output has not noticed yet
            self._gone("it exited")
        elif self._written < sent:
            self._gone(f"it has not read its input for {self.time_limit:g} s")
        else:
            self._silences += 1
            if self._silences >= SILENCES_BEFORE_GONE:
                self._gone(f"no answer within {self.time_limit:g} s, "
                           f"{self._silences} times running")
            else:
                self._owed += 1  # its answer may still come: it must not count for the next
                self._fault(f"no answer within {self.time_limit:g} s")

    def _why_output_ended(self) -> str:
        """Its output has ended: because it exited (the two come a moment apart, in either
        order), or because it closed its standard output and runs on, unable to answer."""
        process = self._process
        if process is None:
            return "it exited"
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=OUTPUT_END_WAIT)
        status = process.poll()
        if status is None:
            return "it closed its standard output (it had not exited)"
        return f"it exited (status {status})"

    def _ended(self) -> bool:
        """Has the program ended? Asked when its time runs out: its end is what the
        process says, not whether the thread reading its output has got there yet (on a
        loaded machine it may be late), so an ended program is one fault, not a late
        answer as well."""
        process = self._process
        return process is not None and process.poll() is not None

    def _legal_answer(self, entry: object, legal: Sequence[Decision]) -> Decision | None:
        if not isinstance(entry, dict):
            self._fault(f"not a move: {_shown(entry)}")
            return None
        named = entry.get("seat", self.seat)  # the seat may be left out, not another one
        if not _is_number(named) or named != self.seat:
            self._fault(f"an answer for seat {_shown(named)}, not its own ({self.seat}): "
                        f"{_shown(entry)}")
            return None
        entry = {**entry, "seat": self.seat}
        try:
            decision = self.ruleset.decision_from_json(entry)
        except (IllegalMove, MalformedEntry, ValueError, TypeError, KeyError,
                RecursionError) as error:
            self._fault(f"not a move: {texts.brief(error)}")
            return None
        chosen = legal_named(self.ruleset, decision, legal, idle_suit=True)
        if chosen is None:
            self._fault(f"not a legal move: {_shown(entry)}")
        return chosen

    def _fault(self, what: str) -> None:
        self.faults += 1
        self.log(f"bot at seat {self.seat}: {what}; {self.stand_in} decides instead.")

    def _gone(self, why: str) -> None:
        if self._finished:
            return
        self._fault(f"{why}; {self.stand_in} plays this seat from now on")
        self._stop(grace=0.0)

    def finish(self, result: Mapping[str, Any]) -> None:
        """The game is over: tell the program, then let it go. Returns promptly, from any
        thread, whatever the program does (it has GRACE seconds to exit)."""
        self._send({"type": "end", "result": dict(result)})
        self._finished = True
        self._stop(grace=GRACE)

    def abandon(self) -> None:
        """End the program now, untold: the run it plays in is stopped (Ctrl+C)."""
        self._finished = True
        self._stop(grace=0.0)

    def _stop(self, grace: float) -> None:
        """Close its input (once the writer thread has written what it was given) and let it
        exit within `grace` seconds; then end whatever it started, and the program itself
        if it has not exited (`bot_processes.end_group`). Then what it wrote to its
        standard error is all in the log."""
        with self._lock:
            process, self._process = self._process, None
        if process is None:
            return
        self._outbox.put(None)
        if grace:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=grace)
        bot_processes.end_group(process)
        bot_processes.RUNNING.discard(process)  # only now: interrupted before, `end_all` ends it
        with contextlib.suppress(subprocess.TimeoutExpired):  # ended, to be collected
            process.wait(timeout=GRACE)
        if self._remarks is not None:  # unless something it started left its group and
            self._remarks.join(timeout=GRACE)  # holds its standard error open


def _parsed(line: bytes) -> tuple[Any, str]:
    """The JSON value a line holds, or what is wrong with it. A number of thousands of
    digits (ValueError) or lists nested beyond Python's depth (RecursionError) is wrong."""
    try:
        return json.loads(line.decode("utf-8")), ""
    except UnicodeDecodeError:
        return None, "not UTF-8"
    except (ValueError, RecursionError):
        return None, "not JSON"


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(entry: object) -> str:
    """An answer (or a part of it) as JSON for the log, cut short with an ellipsis (however
    long or deep it is)."""
    try:
        return texts.cut(json.dumps(entry), SHOWN)
    except (ValueError, RecursionError):
        return "(too deep to show)"
