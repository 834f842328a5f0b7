"""A seat played by an outside program, through JSON lines (conformance/BOT_PROTOCOL.md).

The program is started once per game. Each decision it is sent what its seat has seen and
the legal moves, and it answers with one of them. Whatever goes wrong (an answer that is
not JSON, not legal, or too late; a program that crashes or never starts) is written to
the game's log and the Easy player decides instead: the game never hangs. A program that
has exited is replaced by the Easy player for the rest of the game.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from game.ai.levels import levels_for, make_player
from game.ai.player import Player
from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.ruleset import Decision, Ruleset, View

DEFAULT_TIME_LIMIT = 10.0  # seconds for each answer
Log = Callable[[str], None]
History = Callable[[], Mapping[str, Any]]


class ExecPlayer:
    def __init__(self, command: str, *, seat: int, ruleset: Ruleset, options: object,
                 history: History, time_limit: float = DEFAULT_TIME_LIMIT,
                 log: Log | None = None, seed: int | str | None = None) -> None:
        self.command = command
        self.seat = seat
        self.ruleset = ruleset
        self.history = history
        self.time_limit = time_limit
        self.log = log or (lambda line: None)
        has_easy = "easy" in levels_for(ruleset.id)
        self.fallback: Player = make_player("easy", seed, ruleset=ruleset.id)
        self.stand_in = "the Easy player" if has_easy else "the random player"
        self.faults = 0
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._owed = 0  # answers to questions whose time ran out
        self._process = self._start(options)

    def _start(self, options: object) -> subprocess.Popen[str] | None:
        try:
            process = subprocess.Popen(
                _arguments(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1)
        except (OSError, ValueError) as error:
            self._fault(f"could not start {self.command!r}: {error}")
            return None
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=self._read_answers, args=(process.stdout,), daemon=True).start()
        threading.Thread(target=self._read_remarks, args=(process.stderr,), daemon=True).start()
        self._process = process
        self._send({"type": "start", "ruleset": self.ruleset.id,
                    "options": self.ruleset.options_to_json(options), "seat": self.seat,
                    "time_limit": self.time_limit})
        return self._process

    def _read_answers(self, stream: IO[str]) -> None:
        for line in stream:
            self._answers.put(line)
        self._answers.put(None)  # the program closed its output: it has ended

    def _read_remarks(self, stream: IO[str]) -> None:
        for line in stream:
            self.log(f"bot at seat {self.seat}: {line.rstrip()}")

    @property
    def alive(self) -> bool:
        return self._process is not None

    def _send(self, message: Mapping[str, Any]) -> bool:
        process = self._process
        if process is None or process.stdin is None:
            return False
        try:
            process.stdin.write(json.dumps(message) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._gone("it stopped reading")
            return False
        return True

    def decide(self, view: View, legal: Sequence[Decision]) -> Decision:
        if self._process is not None:
            asked = {"type": "decide", "seat": self.seat, **self.history(),
                     "legal": [self.ruleset.decision_to_json(d) for d in legal],
                     "view": self.ruleset.protocol.view_json(view)}
            if self._send(asked):
                chosen = self._answer(legal)
                if chosen is not None:
                    return chosen
        return self.fallback.decide(view, legal)

    def _answer(self, legal: Sequence[Decision]) -> Decision | None:
        deadline = time.monotonic() + self.time_limit
        while True:
            try:
                line = self._answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                if self._ended():  # the thread reading its output has not noticed yet
                    self._gone("it exited")
                    return None
                self._owed += 1  # its answer may still come: it must not count for the next
                self._fault(f"no answer within {self.time_limit:g} s")
                return None
            if line is not None and self._owed:
                self._owed -= 1  # a late answer to an earlier question
                continue
            break
        if line is None:
            self._gone("it exited")
            return None
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            self._fault(f"not JSON: {line.strip()[:80]!r}")
            return None
        return self._legal_answer(entry, legal)

    def _ended(self) -> bool:
        """Has the program ended? Asked when its time runs out: its end is what the
        process says, not whether the thread reading its output has got there yet (on a
        loaded machine it may be late), so an ended program is one fault, not a late
        answer as well."""
        process = self._process
        return process is not None and process.poll() is not None

    def _legal_answer(self, entry: object, legal: Sequence[Decision]) -> Decision | None:
        if not isinstance(entry, dict):
            self._fault(f"not a move: {entry!r}"[:120])
            return None
        entry = {**entry, "seat": self.seat}  # the seat may be left out
        try:
            decision = self.ruleset.decision_from_json(entry)
        except (IllegalMove, MalformedEntry) as error:
            self._fault(f"not a move: {error}")
            return None
        normal = {self._normal(d): d for d in legal}
        chosen = normal.get(self._normal(decision))
        if chosen is None:  # a suit named for a wild card that is not led means nothing
            chosen = normal.get(self._normal(decision, without="suit"))
        if chosen is None:
            self._fault(f"not a legal move: {json.dumps(entry)[:80]}")
        return chosen

    def _normal(self, decision: Decision, without: str = "") -> str:
        entry = self.ruleset.decision_to_json(decision)
        entry.pop(without, None)
        return json.dumps(entry, sort_keys=True)

    def _fault(self, what: str) -> None:
        self.faults += 1
        self.log(f"bot at seat {self.seat}: {what}; {self.stand_in} decides instead.")

    def _gone(self, why: str) -> None:
        self._fault(f"{why}; {self.stand_in} plays this seat from now on")
        self._stop()

    def finish(self, result: Mapping[str, Any]) -> None:
        """The game is over: tell the program, then let it go."""
        self._send({"type": "end", "result": dict(result)})
        self._stop()

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            process.kill()


def _arguments(command: str) -> str | list[str]:
    """The command as the system starts it: split as a POSIX shell would, or whole on
    Windows, which parses a command line itself (and whose paths' backslashes a POSIX
    split would take for escapes)."""
    return command if sys.platform == "win32" else shlex.split(command)
