"""The seats this player holds at friends' tables, kept in the data folder so that a seat
outlives the program that took it: `coup-detat join` run again with the same code (after
the program was killed, or the machine restarted; at the same address, or at the one the
table is reached at now) takes the seat up again, with its token, where the game is
(docs/NETWORK.md). Taken up at another address, the entry is kept at that one from the
host's welcome on. An entry is kept from the host's
welcome until the game is over, and then removed.

    {"format": "coup-detat-online-seats", "version": 1, "seats": [
      {"address": "192.168.1.20:4747", "code": "K7MQ2D", "seat": 1, "name": "Zoé",
       "token": "Gq3...", "ruleset": "coup", "told": 57,
       "kept_at": "2026-12-02T01:20:00+00:00", "host": "Léa"}]}

`told` is how many messages "told" the seat had received in order when the entry was last
written (at the welcome, then at the seat's questions, TOLD_EVERY seconds apart at most
often: a number behind only brings back what was told already): taken up again, the seat
asks the host for what it was told from there (a window asks from the start: it knows
nothing of the game yet). `host` is the name of the host's person at the table, for the
Title's Continue ("Rejoin Léa's table"); an entry without it (written before it was kept)
has none. The newest MOST_SEATS entries are kept.

Reading never fails, as the records files' (records_file.py): a missing file keeps no
seat; a damaged one keeps none either, an entry that makes no sense is left out, and the
file is kept aside (`online-seats.damaged-20261202-012000.json`) before a seat is written
in its place; a newer version's file is never written over. A program holding a seat
holds its lock too (the system's, let go however the program ends), so that a second
program of the same player joining the same table takes a seat of its own instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeGuard

from game.net.wire import valid_code
from game.services import records_file
from game.services.records_file import is_int
from game.system import files, paths
from game.system.locks import FileLock

FORMAT = "coup-detat-online-seats"
VERSION = 1
MOST_SEATS = 16  # the newest entries kept: a seat never taken up again is not kept forever
LONGEST_TEXT = 200
TOKEN_LENGTHS = (8, 64)  # characters of a seat token the host may give
LOCK_WAIT = 2.0  # seconds to wait for another program of the player writing the file
TOLD_EVERY = 5.0  # seconds at least between two writes of a seat's `told` alone
KIND = records_file.Kind("your seats at friends' tables", FORMAT, VERSION, key="seats",
                         body=list)


def online_dir() -> Path:
    """What this player keeps of the tables played online (hosted, or joined)."""
    return paths.data_dir() / "online"


def seats_path() -> Path:
    return online_dir() / "online-seats.json"


@dataclass(frozen=True)
class KeptSeat:
    address: str  # "HOST:PORT" as the table was reached
    code: str
    seat: int
    name: str
    token: str
    ruleset: str
    told: int = 0
    kept_at: str = ""
    host: str = ""  # the host's person's name ("": none, or not known)

    def to_json(self) -> dict[str, object]:
        return {"address": self.address, "code": self.code, "seat": self.seat,
                "name": self.name, "token": self.token, "ruleset": self.ruleset,
                "told": self.told, "kept_at": self.kept_at, "host": self.host}

    def of_table(self, address: str, code: str) -> bool:
        return self.address == address and self.code == code

    def of_code(self, code: str) -> bool:
        """Kept at the table of `code`, wherever it was reached (a table keeps its code
        when its host opens it again on another port, or its machine has another
        address now)."""
        return self.code == code


@dataclass(frozen=True)
class Loaded(records_file.Troubled):
    seats: tuple[KeptSeat, ...] = ()  # oldest first
    trouble: records_file.Trouble | None = None
    left_out: int = 0

    def notice(self, path: Path) -> str | None:
        """What the player is told of the file, when it could not all be read."""
        later = "the file will be kept as it is, under another name, when a seat is kept."
        if self.trouble is records_file.Trouble.DAMAGED:
            return f"Your seats at friends' tables ({path}) could not be read: {later}"
        if self.trouble is records_file.Trouble.ENTRIES:
            entries = "entry" if self.left_out == 1 else "entries"
            return (f"{self.left_out} {entries} of your seats at friends' tables ({path}) "
                    f"could not be read: {later}")
        if self.trouble is records_file.Trouble.NEWER:
            return (f"Your seats at friends' tables ({path}) were kept by a newer version of "
                    "the game: this one neither takes them up nor keeps a seat there.")
        return None


def read(path: Path) -> Loaded:
    """The seats kept in `path` and what was wrong with the file. Never raises."""
    entries, trouble = records_file.read_body(path, KIND)
    if not isinstance(entries, list):
        return Loaded(trouble=trouble)
    read_seats = [seat_from_json(entry) for entry in entries]
    kept = tuple(seat for seat in read_seats if seat is not None)
    left_out = len(read_seats) - len(kept)
    return Loaded(kept[-MOST_SEATS:], records_file.Trouble.ENTRIES if left_out else None,
                  left_out)


def write(seats: tuple[KeptSeat, ...], path: Path) -> None:
    document = {"format": FORMAT, "version": VERSION,
                "seats": [seat.to_json() for seat in seats[-MOST_SEATS:]]}
    files.write_atomically(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def seat_from_json(raw: object) -> KeptSeat | None:
    """One entry of the file, or None if it makes no sense."""
    if not isinstance(raw, Mapping):
        return None
    address, code, seat, name, token, ruleset, told, kept_at = (raw.get(key) for key in (
        "address", "code", "seat", "name", "token", "ruleset", "told", "kept_at"))
    if not (_text(address) and _text(code) and valid_code(code) and _text(name)
            and _text(ruleset) and _text(kept_at) and is_token(token)):
        return None
    if not (is_int(seat) and 0 <= seat < 64 and is_int(told) and 0 <= told < 10**9):
        return None
    host = raw.get("host", "")
    if not (host == "" or _text(host)):
        return None
    return KeptSeat(address, code, seat, name, token, ruleset, told, kept_at, str(host))


def _text(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= LONGEST_TEXT and value.isprintable()


def is_token(value: object) -> TypeGuard[str]:
    """Is `value` of a seat token's shape (what a host gives: URL-safe characters)?"""
    low, high = TOKEN_LENGTHS
    return isinstance(value, str) and low <= len(value) <= high and value.isascii() \
        and all(char.isalnum() or char in "-_" for char in value)


class SeatKeeper:
    """One seat's entry, for the program that holds the seat at the table at `address`
    with `code`: taken up from the file, written as the seat goes, removed at the end.
    What goes wrong with the file is said by `say`, in a sentence; the game goes on."""

    def __init__(self, address: str, code: str, *, path: Path | None = None,
                 say: Callable[[str], None] = lambda line: None) -> None:
        self.address, self.code = address, code
        self.path = path or seats_path()
        self.say = say
        self.kept: KeptSeat | None = None
        self._lock: FileLock | None = None  # the seat's, while this program holds it
        self._said: set[str] = set()  # what was said of the file (once is enough)
        self._written = -TOLD_EVERY  # when the seat's entry was last written (monotonic)

    def take_up(self) -> KeptSeat | None:
        """A seat kept at this table that no other program holds now, held from now on by
        this one; None if there is none. One kept at this address comes first, then one
        kept at the table's code reached elsewhere: the host, that alone knows the
        seat's token, takes it or turns it away (and the seat is then joined anew)."""
        seats = tuple(reversed(self._read().seats))  # the newest first
        here = [seat for seat in seats if seat.of_table(self.address, self.code)]
        elsewhere = [seat for seat in seats if seat.of_code(self.code) and seat not in here]
        for seat in (*here, *elsewhere):
            lock = FileLock(self._lock_path(seat.token))
            if lock.acquire():
                self._lock, self.kept = lock, seat
                return seat
        return None

    def keep(self, seat: int, name: str, token: str, ruleset: str, told: int, *,
             host: str = "") -> None:
        """The host welcomed this program to `seat`: keep it (anew, or again); `host`: the
        name of the host's person at the table."""
        if self.kept is None or self.kept.token != token:
            self.release()
            lock = FileLock(self._lock_path(token))
            lock.acquire()
            self._lock = lock
        kept = self.kept = KeptSeat(self.address, self.code, seat, name, token, ruleset, told,
                                    datetime.now(UTC).isoformat(timespec="seconds"), host)
        self._rewrite(lambda seats: (*_without(seats, token), kept))

    def told(self, number: int) -> None:
        """The seat has been told `number` messages in order (written if it moved on)."""
        kept = self.kept
        if kept is None or kept.told == number or \
                time.monotonic() - self._written < TOLD_EVERY:
            return
        updated = self.kept = replace(kept, told=number)
        self._rewrite(lambda seats: tuple(updated if seat.token == updated.token else seat
                                          for seat in seats))

    def forget(self) -> None:
        """The game is over, or the table no longer knows the seat: its entry goes."""
        kept, self.kept = self.kept, None
        if kept is None:
            return
        self._rewrite(lambda seats: _without(seats, kept.token))
        self.release()
        with contextlib.suppress(OSError):
            self._lock_path(kept.token).unlink()

    def release(self) -> None:
        """Let the seat's lock go (the program ends; the entry stays to take up again)."""
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    def _lock_path(self, token: str) -> Path:
        digest = hashlib.sha256(token.encode("ascii")).hexdigest()[:16]
        return self.path.with_name(f"seat-{digest}.lock")

    def _read(self) -> Loaded:
        loaded = read(self.path)
        notice = loaded.notice(self.path)
        if notice is not None:
            self._say_once(notice)
        return loaded

    def _say_once(self, sentence: str) -> None:
        if sentence not in self._said:
            self._said.add(sentence)
            self.say(sentence)

    def _rewrite(self, change: Callable[[tuple[KeptSeat, ...]], tuple[KeptSeat, ...]]) -> None:
        self._written = time.monotonic()
        with self._writing() as held:
            if not held:
                self._say_once(f"Your seat could not be kept in {self.path}: another "
                               "program of yours kept writing it.")
                return
            loaded = self._read()
            try:
                aside = records_file.rewrite(self.path, loaded,
                                             lambda: write(change(loaded.seats), self.path))
            except records_file.NotAdded as refused:
                self._say_once(refused.sentence("Your seat is not kept for joining again",
                                                "the file of your seats at friends' tables"))
                return
        if aside is not None:
            self.say(f"Your seats at friends' tables could not be read whole: the file is "
                     f"kept as {aside.name} in {aside.parent}.")

    @contextlib.contextmanager
    def _writing(self) -> Iterator[bool]:
        """The file's own lock, while it is read and written again (two programs of the
        player may keep seats at once); True if it was had within LOCK_WAIT."""
        lock = FileLock(self.path.with_name(f"{self.path.stem}.lock"))
        deadline = time.monotonic() + LOCK_WAIT
        while not lock.acquire():
            if time.monotonic() > deadline:
                yield False
                return
            time.sleep(0.01)
        try:
            yield True
        finally:
            lock.release()


def _without(seats: tuple[KeptSeat, ...], token: str) -> tuple[KeptSeat, ...]:
    return tuple(seat for seat in seats if seat.token != token)
