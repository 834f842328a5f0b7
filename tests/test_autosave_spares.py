"""The autosave is written at every decision, undo and redo (issue 39), and its two spares
still hold earlier checkpoints: they move back one place only at a checkpoint the game had
not come to before, never at every decision, nor when a trick taken back is won again.
Writes that come faster than the disk takes them are folded into the newest, and the text
is made in the writer's thread, never on the render thread."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from test_session import wait_for_computer

from game.engine import saves
from game.engine.saves import Seat
from game.games.coup_detat.rules import events as ev
from game.services import session as session_module
from game.services.catalogue import CATALOGUE
from game.services.session import Autosave, GameSession
from game.system import paths
from game.system.files import generations, write_atomically

OPTIONS = {"players": 3, "short_game": True}
COMPUTERS = [Seat(name, "computer", "random") for name in ("Ada", "Blaise", "Colette")]
ADA_AND_TWO = [Seat("Ada", "human"), *COMPUTERS[1:]]


def files_of(path: Path) -> list[bytes | None]:
    """The newest autosave and its spares, newest first (None: not there)."""
    return [older.read_bytes() if older.exists() else None
            for older in generations(path, paths.PREVIOUS_AUTOSAVES)]


def decisions_in(text: bytes) -> list[object]:
    return saves.from_json(json.loads(text), catalogue=CATALOGUE).match.decisions


def settled(session: GameSession) -> None:
    assert session.autosave is not None and session.autosave.settled(timeout=30) is None


def one_computer_step(session: GameSession) -> list[object]:
    events = wait_for_computer(session, seconds=10)
    assert events, "the computer did not play"
    return events


def test_the_spares_move_back_at_checkpoints_only_and_hold_earlier_moments(
        tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    session = GameSession.new("coup-detat", OPTIONS, COMPUTERS, seed=3, autosave_path=path)
    moved = checkpoints = 0
    try:
        settled(session)
        for _ in range(120):
            spares = files_of(path)[1:]
            events = one_computer_step(session)
            settled(session)
            newest, *now = files_of(path)
            assert newest is not None and decisions_in(newest) == session.match.decisions
            checkpoint = any(map(session.ruleset.checkpoint, events))
            checkpoints += checkpoint
            moved += now != spares
            assert (now != spares) == checkpoint, "the spares move at checkpoints only"
    finally:
        session.close()
    assert moved == checkpoints >= 3
    newest, older, oldest = files_of(path)
    assert newest is not None and older is not None and oldest is not None
    later, earlier, earliest = map(decisions_in, (newest, older, oldest))
    assert len(earliest) < len(earlier) < len(later), "each spare an earlier moment"
    assert later[:len(earlier)] == earlier and earlier[:len(earliest)] == earliest


def test_a_trick_taken_back_and_won_again_leaves_the_spares_as_they_were(
        tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    session = GameSession.new("coup-detat", OPTIONS, ADA_AND_TWO, seed=6, autosave_path=path)
    try:
        for _ in range(200):  # Ada's card ends a trick, and she may take it back
            while session.to_act != 0:
                one_computer_step(session)
            card = session.match.legal()[0]
            events = session.submit(card)
            if any(isinstance(event, ev.TrickWon) for event in events) and \
                    session.match.can_undo(0):
                break
        else:
            pytest.fail("Ada's card never ended a trick she could take back")
        settled(session)
        spares = files_of(path)[1:]
        for _ in range(3):
            assert session.undo(0)
            settled(session)
            assert decisions_in(files_of(path)[0] or b"") == session.match.decisions
            session.submit(card)  # the same card again: the same trick won
            settled(session)
            assert session.undo(0) and session.redo(0)
            settled(session)
        assert files_of(path)[1:] == spares
        assert decisions_in(files_of(path)[0] or b"") == session.match.decisions
    finally:
        session.close()


class SlowDisk:
    """The autosave's writer on a disk that takes `seconds` a write (or fails while
    `failing`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, seconds: float = 0.0) -> None:
        self.seconds = seconds
        self.failing = False
        self.writes: list[tuple[str, int]] = []  # each write's text and spares kept
        monkeypatch.setattr(session_module, "write_atomically", self.write)

    def write(self, path: Path, text: str, *, keep: int = 0) -> None:
        time.sleep(self.seconds)
        if self.failing:
            raise OSError(28, "simulated")  # ENOSPC
        self.writes.append((text, keep))
        write_atomically(path, text, keep=keep)


def test_writes_faster_than_the_disk_are_folded_into_the_newest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = SlowDisk(monkeypatch, seconds=0.2)
    autosave = Autosave(tmp_path / "autosave.json")
    try:
        autosave.write("first")
        for number in range(30):
            autosave.write(f"move {number}", checkpoint=number == 10)
        assert autosave.settled(timeout=30) is None
    finally:
        autosave.close()
    assert (tmp_path / "autosave.json").read_text() == "move 29"
    assert len(disk.writes) <= 3, "not one write a move"
    assert disk.writes[-1][1] == paths.PREVIOUS_AUTOSAVES, "the checkpoint folded in"


def test_a_checkpoint_that_could_not_be_written_moves_the_spares_at_the_next_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = SlowDisk(monkeypatch)
    path = tmp_path / "autosave.json"
    autosave = Autosave(path)
    try:
        autosave.write("the first trick")
        assert autosave.settled(timeout=30) is None
        disk.failing = True
        autosave.write("the second trick", checkpoint=True)
        assert autosave.settled(timeout=30) is not None
        disk.failing = False
        autosave.write("a card of the third", checkpoint=False)
        assert autosave.settled(timeout=30) is None
    finally:
        autosave.close()
    assert path.read_text() == "a card of the third"
    assert path.with_name("autosave-1.json").read_text() == "the first trick"


def test_the_autosaves_text_is_made_in_the_writers_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The render thread only takes a snapshot: a whole match of eight at two tables
    took 2 to 5 ms to write out as text, at every decision."""
    session = GameSession.new("coup-detat", OPTIONS, COMPUTERS, seed=3,
                              autosave_path=tmp_path / "autosave.json")
    written_in: set[str] = set()
    ruleset = session.ruleset
    original = ruleset.decision_to_json

    def noted(decision: object) -> dict[str, object]:
        written_in.add(threading.current_thread().name)
        return original(decision)

    monkeypatch.setattr(ruleset, "decision_to_json", noted)
    try:
        for _ in range(10):
            one_computer_step(session)
        settled(session)
    finally:
        session.close()
    assert written_in and all(name.startswith("autosave") for name in written_in), written_in
