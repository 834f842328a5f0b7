"""What an outside program writes, read within bounds however much it writes: its answers
a line at a time (a line past LINE_LIMIT bytes is TOO_LONG, the rest of it skipped), and
its remarks on its standard error, each cut to REMARK_SHOWN characters (what does not
print made visible), its first ones (REMARKS_KEPT of them, REMARK_BYTES_KEPT bytes) told
as they come and past those only its last few, told when it ends, with how much was left
out between."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import IO

from game.engine import texts

LINE_LIMIT = 1 << 20  # bytes in one line from a bot, its end left out
CHUNK = 1 << 16  # bytes read from a bot at a time
REMARK_SHOWN = 300  # characters of one remark (a line on stderr) shown in the log
REMARKS_KEPT = 200  # remarks told as they come in a game (then only its last ones)...
REMARK_BYTES_KEPT = 24_000  # ...and bytes of them
REMARKS_LAST = 20  # its last remarks past those, told when it ends...
REMARK_BYTES_LAST = 8_000  # ...and bytes of them
Log = Callable[[str], None]


class Signal:
    """Something the game learns about the bot in the stream of its answers."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


TOO_LONG = Signal("TOO_LONG")  # a line longer than LINE_LIMIT (the rest of it is skipped)
DEAF = Signal("DEAF")  # writing to the bot failed: it no longer reads its input


def lines(stream: IO[bytes], limit: int = LINE_LIMIT) -> Iterator[bytes | Signal]:
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


def heads(stream: IO[bytes], keep: int) -> Iterator[tuple[bytes, int]]:
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


def remark(head: bytes, length: int) -> str:
    """A remark for the log from the first bytes of a line `length` bytes long: at most
    REMARK_SHOWN characters as shown, what does not print made visible (`texts.escaped`:
    an escape sequence cannot reach the terminal) and bytes that are not UTF-8 shown as
    the replacement character; and if it is cut short, how many bytes of it are not shown.
    Spaces and a carriage return that end the line are left out."""
    text = head.decode("utf-8", "surrogateescape")  # one character a byte that is not UTF-8
    if length == len(head):  # the whole line
        text = text.rstrip()
    pieces: list[str] = []
    shown = taken = 0  # characters shown; bytes of the line they show
    for char in text:
        piece = "\ufffd" if _undecoded(char) else texts.escaped(char)
        if shown + len(piece) > REMARK_SHOWN:
            break
        pieces.append(piece)
        shown += len(piece)
        taken += len(char.encode("utf-8", "surrogateescape"))
    words = "".join(pieces).rstrip()
    if len(pieces) == len(text) and length == len(head):
        return words
    left_out = length - taken
    return f"{words}… ({left_out:,} more byte{'' if left_out == 1 else 's'} not shown)"


def _undecoded(char: str) -> bool:
    """Does `char` stand for a byte that is not UTF-8 (decoded with surrogateescape)?"""
    return "\udc80" <= char <= "\udcff"


class Remarks:
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
