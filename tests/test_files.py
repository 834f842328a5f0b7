"""Writing files atomically, keeping earlier versions, and surviving a kill in mid-write;
reading them safely: a regular file, at most the cap, UTF-8, strict JSON."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from game.engine import saves
from game.services.catalogue import CATALOGUE
from game.system import files
from game.system.files import (
    MAX_BYTES,
    STALE_TEMPORARY_SECONDS,
    Malformed,
    Missing,
    Refused,
    Unreadable,
    generations,
    read_json,
    write_atomically,
)

ROOT = Path(__file__).resolve().parent.parent


def test_generations_are_the_file_then_its_earlier_versions(tmp_path: Path) -> None:
    assert generations(tmp_path / "autosave.json", 2) == [
        tmp_path / "autosave.json", tmp_path / "autosave-1.json", tmp_path / "autosave-2.json"]
    assert generations(tmp_path / "game.json", 0) == [tmp_path / "game.json"]


def test_each_write_pushes_the_earlier_versions_back_and_drops_the_oldest(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    for number in range(1, 6):
        write_atomically(path, f"version {number}", keep=2)
    assert [p.read_text() for p in generations(path, 2)] == ["version 5", "version 4",
                                                             "version 3"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "autosave-1.json", "autosave-2.json", "autosave.json"]


def test_a_plain_write_keeps_no_earlier_version(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_atomically(path, "first")
    write_atomically(path, "second")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert path.read_text() == "second"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_atomically(path, "old")
    with pytest.raises(UnicodeEncodeError):
        write_atomically(path, "new \ud800", keep=1)  # a lone surrogate cannot be written
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert path.read_text() == "old"


def test_temporaries_left_by_a_killed_writer_are_swept_once_stale(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    stale, fresh = tmp_path / ".game.json.abc.tmp", tmp_path / ".game.json.def.tmp"
    for leftover in (stale, fresh):
        leftover.write_text("half a sa")
    old = time.time() - STALE_TEMPORARY_SECONDS - 5
    os.utime(stale, (old, old))
    write_atomically(path, "whole")
    assert not stale.exists()
    assert fresh.exists(), "a temporary being written right now by another writer is left alone"


# Killing the writer -------------------------------------------------------------------------

WRITER = textwrap.dedent("""
    import random, sys
    from game.engine import saves
    from game.engine.match import Match, seeded_chance
    from game.games import get_ruleset

    path, keep = sys.argv[1], int(sys.argv[2])
    rules = get_ruleset("coup-detat")
    match = Match(rules, rules.parse_options({"players": 4, "short_game": False}),
                  chance=seeded_chance(rules, 5))
    seats = tuple(saves.Seat(name, "computer", "easy") for name in "ABCD")
    choose = random.Random(5)
    saves.write(path, match, seats, keep=keep)
    print("ready", flush=True)
    while not match.pending.over:
        match.submit(choose.choice(match.legal()))
        saves.write(path, match, seats, keep=keep)
""")


@pytest.mark.parametrize("keep", [0, 2], ids=["a save", "the rotating autosaves"])
def test_a_kill_in_the_middle_of_saving_never_loses_the_previous_save(
        tmp_path: Path, keep: int) -> None:
    """SIGKILL the writer at random moments while it saves after every decision: each
    time, a whole save is there, and it is the game as the writer last saved it or the
    save before (never a torn file, never nothing)."""
    chooser = random.Random(2026)
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    kills_in_mid_write = 0
    for attempt in range(16):
        path = tmp_path / f"attempt-{attempt}" / "autosave.json"
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(keep)],
                                  stdout=subprocess.PIPE, text=True, env=environment)
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
        time.sleep(chooser.uniform(0.0, 0.25))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        temporaries = list(path.parent.glob(".*.tmp"))
        kills_in_mid_write += bool(temporaries) or not path.exists()
        saved, loaded_from, skipped = saves.read_first(generations(path, keep), catalogue=CATALOGUE)
        assert skipped == [], "no version that exists is ever damaged"
        if keep == 0:
            assert loaded_from == path
        assert saved.match.decisions, "the game is there, with its deal"
    assert kills_in_mid_write > 0, "some kills must land in the middle of a write"


# Reading --------------------------------------------------------------------------------

def read_within(path: Path, seconds: float = 5.0) -> object:
    """files.read_json(path), failing the test (not hanging it) should it block."""
    outcome: list[object] = []

    def read() -> None:
        try:
            outcome.append(read_json(path, what="a test file"))
        except Refused as error:
            outcome.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    if reader.is_alive():
        with contextlib.suppress(OSError):  # let a reader blocked on a pipe go
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"reading {path.name} blocked")
    return outcome[0]


def test_a_json_file_is_read_with_or_without_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    for prefix in (b"", b"\xef\xbb\xbf"):
        path.write_bytes(prefix + '{"name": "Zoé", "n": [1, 2.5]}'.encode())
        assert read_json(path, what="data") == {"name": "Zoé", "n": [1, 2.5]}


@pytest.mark.parametrize(("text", "reason"), [
    ("[1" + "0" * 5_000 + "]", "is damaged: not valid JSON (a number out of range)"),
    ("[" * 100_000 + "]" * 100_000, "is damaged: nested too deeply to be data"),
    ("[1e999]", "is damaged: not valid JSON (a number out of range)"),
    ("[NaN]", "is damaged: not valid JSON (a number out of range)"),
    ("[-Infinity]", "is damaged: not valid JSON (a number out of range)"),
    ('{"a": ', "is damaged: not valid JSON (line 1, column 7)"),
    ("", "is damaged: not valid JSON (line 1, column 1)"),
])
def test_any_complaint_of_the_parser_is_malformed_json(tmp_path: Path, text: str,
                                                       reason: str) -> None:
    (tmp_path / "data.json").write_text(text)
    with pytest.raises(Malformed) as refused:
        read_json(tmp_path / "data.json", what="data")
    assert str(refused.value) == reason


@pytest.mark.parametrize("data", [b"\xff{}", b'{"a": "\xed\xa0\x80"}', "{}".encode("utf-16")])
def test_a_file_that_is_not_utf8_cannot_be_read(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "data.json").write_bytes(data)
    with pytest.raises(Unreadable, match=r"^cannot be read: it is not text"):
        read_json(tmp_path / "data.json", what="data")


def test_a_missing_file_is_missing(tmp_path: Path) -> None:
    with pytest.raises(Missing, match=r"^cannot be read: there is no such file$"):
        read_json(tmp_path / "nowhere.json", what="data")


def test_a_file_over_the_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(MAX_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(Unreadable, match=r"^is more than 8 MB: too big to be data$"):
        read_json(path, what="data")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("through_a_link", [False, True])
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path,
                                                        through_a_link: bool) -> None:
    os.mkfifo(tmp_path / "pipe")
    path = tmp_path / "data.json"
    if through_a_link:
        path.symlink_to(tmp_path / "pipe")
    else:
        path = tmp_path / "pipe"
    refused = read_within(path)
    assert isinstance(refused, Unreadable)
    assert str(refused) == "cannot be read: it is a pipe, not a file"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_an_endless_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    (tmp_path / "data.json").symlink_to("/dev/zero")
    refused = read_within(tmp_path / "data.json")
    assert isinstance(refused, Unreadable)
    assert str(refused) == "cannot be read: it is a device, not a file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "data.json").mkdir()
    with pytest.raises(Unreadable, match=r"^cannot be read: it is a folder, not a file$"):
        read_json(tmp_path / "data.json", what="data")


def test_a_file_replaced_by_a_pipe_after_the_check_is_still_not_waited_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between the check of the path and its opening, a pipe may take the file's place:
    opening it does not wait for a writer, and what was opened is checked again."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    path = tmp_path / "data.json"
    path.write_text("{}")
    real_stat = files.os.stat

    def then_a_pipe(where: Path) -> os.stat_result:
        status = real_stat(where)
        Path(where).unlink()
        os.mkfifo(where)
        return status

    monkeypatch.setattr(files.os, "stat", then_a_pipe)
    refused = read_within(path)
    assert isinstance(refused, Unreadable)
    assert str(refused) == "cannot be read: it is a pipe, not a file"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts /proc/self/fd")
def test_a_folder_where_a_file_should_be_leaves_no_descriptor_open(tmp_path: Path) -> None:
    """Opening a folder succeeds; reading it as a file does not, and the descriptor went
    unclosed each time (one more open file at every such read, or keeping aside)."""
    folder = tmp_path / "statistics.json"
    folder.mkdir()

    def open_now() -> int:
        return len(os.listdir("/proc/self/fd"))

    before = open_now()
    for _ in range(20):
        with contextlib.suppress(files.Refused):
            files.read_json(folder, what="statistics")
    assert open_now() == before
    files.keep_aside(folder, "damaged")
    assert open_now() == before


# A full disk while a file is kept aside.


def on_a_full_disk(monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    """The files `game.system.files` opens with `open` to write lie on a disk with `room`
    bytes left: a write takes what fits, then raises ENOSPC, as the system's does. Only
    the file underneath is false: Python's own buffer sits over it, as over any file, so
    that closing the file flushes what it holds and fails again."""
    left = [room]

    class FullDiskFile(io.FileIO):
        def write(self, data: bytes) -> int:  # type: ignore[override]
            if left[0] <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            written = super().write(memoryview(data)[:left[0]])
            left[0] -= written
            return written

    def opened(file: Path, mode: str = "r", *args: object, **kwargs: object) -> object:
        if "x" in mode or "w" in mode:
            return io.BufferedWriter(FullDiskFile(file, mode.replace("b", "")))
        return open(file, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(files, "open", opened, raising=False)


@pytest.mark.parametrize("room", [0, 100])
def test_a_copy_kept_aside_on_a_full_disk_is_whole_or_not_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    """The copy's close, which flushes what is left in its buffer, fails again inside the
    failure's handling: the copy cut short is removed all the same, the file left as it
    was."""
    path = tmp_path / "statistics.json"
    damaged = "{oops" + "x" * 1000
    path.write_text(damaged)
    on_a_full_disk(monkeypatch, room)
    with pytest.raises(OSError) as raised:
        files.keep_aside(path, "damaged")
    assert raised.value.errno == errno.ENOSPC
    assert sorted(item.name for item in tmp_path.iterdir()) == ["statistics.json"]
    assert path.read_text() == damaged
