"""Writing files atomically, keeping earlier versions, and surviving a kill in mid-write."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.engine import saves
from game.files import STALE_TEMPORARY_SECONDS, generations, write_atomically

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
    from game.rules import get_ruleset

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
        saved, loaded_from, skipped = saves.read_first(generations(path, keep))
        assert skipped == [], "no version that exists is ever damaged"
        if keep == 0:
            assert loaded_from == path
        assert saved.match.decisions, "the game is there, with its deal"
    assert kills_in_mid_write > 0, "some kills must land in the middle of a write"
