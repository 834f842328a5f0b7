"""A seat played by an outside program, through JSON lines (conformance/BOT_PROTOCOL.md).

The program is started once per game. Each decision it is sent what its seat has seen and
the legal moves, and it answers with one of them. Whatever goes wrong (an answer that is
not JSON, not legal, or too late; a program that crashes or never starts) is written to
the game's log and the Easy player decides instead: the game never hangs. A program that
has exited, that stops reading what it is sent, or that lets its time run out three
questions running is replaced by the Easy player for the rest of the game.

The game never blocks on the program: a writer thread sends it its messages, two reader
threads take in its output and its remarks, a line at most LINE_LIMIT bytes long, each
read in pieces; the program runs in a process group of its own, ended whole with the game.

What it says on its standard error is heard within bounds, whatever it says: each remark
cut to REMARK_SHOWN characters, its first remarks (REMARKS_KEPT of them, REMARK_BYTES_KEPT
bytes) told as they come, and past those only its last few, told when it ends, with how
much was left out between.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any

from game.ai.levels import levels_for, make_player
from game.ai.player import Player
from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.ruleset import Decision, Ruleset, View
from game.formats.support import formats_of

DEFAULT_TIME_LIMIT = 10.0  # seconds for each answer
SILENCES_BEFORE_GONE = 3  # a bot whose time runs out this many questions running is gone
LINE_LIMIT = 1 << 20  # bytes in one line from a bot, its end left out
CHUNK = 1 << 16  # bytes read from a bot at a time
REMARK_SHOWN = 300  # characters of one remark (a line on stderr) shown in the log
REMARKS_KEPT = 200  # remarks told as they come in a game (then only its last ones)...
REMARK_BYTES_KEPT = 24_000  # ...and bytes of them
REMARKS_LAST = 20  # its last remarks past those, told when it ends...
REMARK_BYTES_LAST = 8_000  # ...and bytes of them
OUTPUT_END_WAIT = 0.5  # seconds: a program's output ends a moment before the program
GRACE = 2.0  # seconds a bot has to exit once told the game is over
Log = Callable[[str], None]
History = Callable[[], Mapping[str, Any]]


class _Signal:
    """Something the game learns about the bot in the stream of its answers."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


TOO_LONG = _Signal("TOO_LONG")  # a line longer than LINE_LIMIT (the rest of it is skipped)
DEAF = _Signal("DEAF")  # writing to the bot failed: it no longer reads its input
Answer = bytes | _Signal | None  # a line; or a signal; None: the bot closed its output


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
        self.log = log or (lambda line: None)
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
            process = _launch(self.command)
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
        threading.Thread(target=_watch, args=(process,), daemon=True).start()
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
            for line in _lines(stream):
                self._answers.put(line)
        except (OSError, ValueError):
            pass
        finally:
            self._answers.put(None)  # the program closed its output: it has ended

    def _read_remarks(self, stream: IO[bytes]) -> None:
        """Its remarks (stderr) into the log, within bounds (`_Remarks`); the rest is read
        and dropped, so that a bot that talks without end neither blocks on a full pipe nor
        fills the game's memory."""
        remarks = _Remarks(f"bot at seat {self.seat}", self.log)
        try:
            for head, length in _heads(stream, keep=4 * REMARK_SHOWN):  # UTF-8: 4 bytes at most
                remarks.hear(_remark(head, length), length)
        except (OSError, ValueError):
            pass
        finally:
            remarks.end()

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
        if self._process is not None:
            self._asked += 1
            asked = {"type": "decide", "id": self._asked, "seat": self.seat,
                     **self.history(),
                     "legal": [self.ruleset.decision_to_json(d) for d in legal],
                     "view": self.protocol.view_json(view)}
            sent = self._send(asked)
            if sent:
                chosen = self._answer(legal, sent)
                if chosen is not None:
                    return chosen
        return self.fallback.decide(view, legal)

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
            self._fault(f"{problem}: {line.decode('utf-8', 'replace').strip()[:80]!r}")
            return None
        number = entry.pop("id", None) if isinstance(entry, dict) else None
        if number is not None and number != self._asked:
            self._fault(f"answers no question asked (id {json.dumps(number)[:40]})")
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
            self._fault(f"not a move: {str(error)[:80]}")
            return None
        normal = {self._normal(d): d for d in legal}
        chosen = normal.get(self._normal(decision))
        if chosen is None:  # a suit named for a wild card that is not led means nothing
            chosen = normal.get(self._normal(decision, without="suit"))
        if chosen is None:
            self._fault(f"not a legal move: {_shown(entry)}")
        return chosen

    def _normal(self, decision: Decision, without: str = "") -> str:
        entry = self.ruleset.decision_to_json(decision)
        entry.pop(without, None)
        return json.dumps(entry, sort_keys=True)

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
        exit within `grace` seconds; then end its process group: whatever it started, and
        the program itself if it has not exited. Then what it wrote to its standard error
        is all in the log."""
        with self._lock:
            process, self._process = self._process, None
        if process is None:
            return
        self._outbox.put(None)
        if grace:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=grace)
        _end_group(process)
        _RUNNING.discard(process)  # only now: interrupted before, `end_all` ends it
        with contextlib.suppress(subprocess.TimeoutExpired):  # ended, to be collected
            process.wait(timeout=GRACE)
        if self._remarks is not None:  # unless something it started left its group and
            self._remarks.join(timeout=GRACE)  # holds its standard error open


def _lines(stream: IO[bytes], limit: int = LINE_LIMIT) -> Iterator[bytes | _Signal]:
    """The lines of a bot's output, without their ends, read in pieces: a line longer than
    `limit` bytes is TOO_LONG, as soon as it is, and the rest of it is skipped."""
    pending = bytearray()
    skipping = False
    while piece := stream.read(CHUNK):
        start = 0
        while (end := piece.find(b"\n", start)) >= 0:
            if not skipping:
                pending += piece[start:end]
                yield TOO_LONG if len(pending) > limit else bytes(pending)
            skipping = False
            pending.clear()
            start = end + 1
        if not skipping:
            pending += piece[start:]
            if len(pending) > limit:
                yield TOO_LONG
                pending.clear()
                skipping = True
    if pending and not skipping:
        yield bytes(pending)


def _heads(stream: IO[bytes], keep: int) -> Iterator[tuple[bytes, int]]:
    """Each line of a stream as its first `keep` bytes and its length in bytes, its end
    left out, read in pieces: however long a line is, no more than `keep` bytes of it are
    held."""
    head = bytearray()
    length = 0
    while piece := stream.read(CHUNK):
        start = 0
        while (end := piece.find(b"\n", start)) >= 0:
            head += piece[start:min(end, start + keep - len(head))]
            yield bytes(head), length + end - start
            head.clear()
            length = 0
            start = end + 1
        head += piece[start:start + keep - len(head)]
        length += len(piece) - start
    if length:
        yield bytes(head), length


def _remark(head: bytes, length: int) -> str:
    """A remark for the log from the first bytes of a line `length` bytes long: at most
    REMARK_SHOWN characters (bytes that are not UTF-8 shown as the replacement character),
    and if it is cut short, how many bytes of it are not shown."""
    text = head.decode("utf-8", "surrogateescape")  # one character a byte that is not UTF-8
    shown = text[:REMARK_SHOWN].encode("utf-8", "surrogateescape")
    words = shown.decode("utf-8", "replace").rstrip()
    cut = length - len(shown)
    if cut <= 0 or (length == len(head) and not text[REMARK_SHOWN:].strip()):
        return words
    return f"{words}… ({cut:,} more bytes not shown)"


class _Remarks:
    """What a program says on its standard error, for the log, in bounds whatever it says:
    its first remarks as they come, up to REMARKS_KEPT of them and REMARK_BYTES_KEPT
    bytes; past those only its last ones are kept (REMARKS_LAST, REMARK_BYTES_LAST), told
    when it ends, after how many were left out between."""

    def __init__(self, speaker: str, log: Log) -> None:
        self.speaker = speaker
        self.log = log
        self.told = 0  # remarks told as they came...
        self.told_bytes = 0  # ...and the bytes of them kept
        self.last: deque[tuple[str, int, int]] = deque()  # past those, the latest: each
        self.last_bytes = 0  # with the bytes of it kept and the bytes the program wrote
        self.left_out = 0  # remarks past those, no longer kept...
        self.left_out_bytes = 0  # ...and the bytes the program wrote of them

    def hear(self, remark: str, written: int) -> None:
        """A remark, as shown, of a line of `written` bytes."""
        kept = len(remark.encode("utf-8"))
        passed = self.last or self.left_out
        if not passed and self.told < REMARKS_KEPT and \
                self.told_bytes + kept <= REMARK_BYTES_KEPT:
            self.told += 1
            self.told_bytes += kept
            self.log(f"{self.speaker}: {remark}")
            return
        if not passed:
            self.log(f"{self.speaker}: (its further remarks are not kept as they come; "
                     f"its last ones are told when it ends)")
        self.last.append((remark, kept, written))
        self.last_bytes += kept
        while len(self.last) > REMARKS_LAST or self.last_bytes > REMARK_BYTES_LAST:
            _, dropped, dropped_written = self.last.popleft()
            self.last_bytes -= dropped
            self.left_out += 1
            self.left_out_bytes += dropped_written

    def end(self) -> None:
        """The program's standard error has ended: tell its last remarks."""
        if self.left_out:
            self.log(f"{self.speaker}: ({self.left_out:,} remarks of "
                     f"{self.left_out_bytes:,} bytes left out; its last {len(self.last)}:)")
        while self.last:
            self.log(f"{self.speaker}: {self.last.popleft()[0]}")
        self.last_bytes = 0


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
    """An answer, short, for the log (however deep it is)."""
    try:
        return json.dumps(entry)[:80]
    except (ValueError, RecursionError):
        return "(too deep to show)"


_RUNNING: set[subprocess.Popen[bytes]] = set()  # the programs playing, till they are let go


def _launch(command: str) -> subprocess.Popen[bytes]:
    """Start the program in a group of its own, and count it among those running, on a
    thread of its own: a signal's handler (Ctrl+C) raises in the main thread only, so it
    cannot come between the program's start and its counting, which would leave it
    running unknown. Interrupted, this waits for that thread all the same."""
    outcome: list[subprocess.Popen[bytes] | OSError | ValueError] = []

    def start() -> None:
        try:
            process = subprocess.Popen(
                _arguments(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, **_group_options())
        except (OSError, ValueError) as error:
            outcome.append(error)
            return
        _RUNNING.add(process)
        outcome.append(process)

    starter = threading.Thread(target=start, daemon=True)
    starter.start()
    try:
        starter.join()
    finally:  # interrupted: whoever ends the run finds the program counted (`end_all`)
        starter.join()
    started = outcome[0]
    if isinstance(started, OSError | ValueError):
        raise started
    return started


@atexit.register
def end_all() -> None:
    """End every program still playing, with all it started: the game is leaving without
    letting them go (an error, Ctrl+C, SIGTERM). In their own groups, the terminal's Ctrl+C
    does not reach them; they end with the game all the same."""
    for process in list(_RUNNING):
        _end_group(process)
        _RUNNING.discard(process)


def _watch(process: subprocess.Popen[bytes]) -> None:
    """Once the program has ended, end what it started: they may hold its output open, and
    then the end of its output, which tells the game it has ended, would never come.
    Where the system allows, the ended program is left to be collected later (by _stop),
    so that its number, its group's, is not given to another process meanwhile."""
    waitid = getattr(os, "waitid", None)
    try:
        if waitid is not None and os.name != "nt":
            waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)
        else:
            process.wait()
    except ChildProcessError:  # collected already, by _stop or _ended
        pass
    _end_group(process)


def _group_options(windows: bool | None = None) -> dict[str, Any]:
    """What starts the program in a process group of its own, to be ended whole."""
    if windows if windows is not None else os.name == "nt":
        return {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200)}
    return {"start_new_session": True}


def _end_group(process: subprocess.Popen[bytes], windows: bool | None = None) -> None:
    """End the program and, on POSIX, every process it started (they share its group,
    unless they left it). Windows ends the program alone."""
    try:
        if windows if windows is not None else os.name == "nt":
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)
    except OSError:  # all of them have ended already
        pass


def _arguments(command: str) -> str | list[str]:
    """The command as the system starts it: split as a POSIX shell would, or whole on
    Windows, which parses a command line itself (and whose paths' backslashes a POSIX
    split would take for escapes)."""
    return command if sys.platform == "win32" else shlex.split(command)
