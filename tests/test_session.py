"""The game at the table without a window: computers think off the caller's thread, their
decisions wait until the table is ready, undo drops a stale answer; the autosave holds
every decision, undo and redo at once, and its text is made off the caller's thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.errors import IllegalMove
from game.engine.saves import Seat
from game.games.coup_detat.rules import events as ev
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession

FOUR = (Seat("Ada", "human"), Seat("Blaise"), Seat("Colette"), Seat("Denis"))
COMPUTERS = tuple(Seat(name) for name in ("Ada", "Blaise", "Colette", "Denis"))


class Spy:
    """A computer player that records what it was shown and where it ran."""

    def __init__(self) -> None:
        self.seen: list[tuple[int | None, str]] = []

    def decide(self, view: object, legal: Sequence[object]) -> object:
        self.seen.append((view.seat, threading.current_thread().name))  # type: ignore[attr-defined]
        return legal[0]


def wait_for_computer(session: GameSession, ready: bool = True, seconds: float = 5) -> list:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        events = session.computer_step(ready=ready)
        if events:
            return events
        time.sleep(0.001)
    return []


def test_computer_seats_play_a_whole_game_by_themselves() -> None:
    session = GameSession.new("coup-detat", {"players": 3, "short_game": True}, COMPUTERS[:3],
                              seed=3)
    while not session.over:
        assert wait_for_computer(session), "a computer must always get to play"
    assert session.match.state.winners
    session.close()


def test_a_computer_thinks_in_a_worker_thread_from_its_own_view() -> None:
    spy = Spy()
    session = GameSession.new("coup-detat", {"players": 4}, COMPUTERS, seed=5,
                              players={seat: spy for seat in range(4)})
    for _ in range(12):
        seat = session.to_act
        wait_for_computer(session)
        assert spy.seen[-1][0] == seat, "the view given is the acting seat's own"
    assert all(thread != threading.current_thread().name for _, thread in spy.seen)
    session.close()


def test_a_computers_decision_waits_until_the_table_is_ready() -> None:
    session = GameSession.new("coup-detat", {"players": 4}, COMPUTERS, seed=5)
    turns = len(session.match.turns)
    session.computer_step(ready=False)  # starts thinking
    time.sleep(0.05)
    assert session.computer_step(ready=False) == []
    assert len(session.match.turns) == turns
    assert wait_for_computer(session, ready=True)
    session.close()


def test_the_human_seat_is_never_played_by_the_computer() -> None:
    session = GameSession.new("coup-detat", {"players": 4}, FOUR, seed=11)
    for _ in range(200):
        if session.to_act == 0:
            break
        wait_for_computer(session)
    assert session.to_act == 0
    assert session.computer_step() == [] and session.thinking is None
    session.close()


def test_an_illegal_human_decision_changes_nothing() -> None:
    session = GameSession.new("coup-detat", {"players": 4}, FOUR, seed=11)
    while session.to_act != 0:
        wait_for_computer(session)
    state = session.match.state
    out_of_turn = replace(session.match.legal()[0], seat=1)
    with pytest.raises(IllegalMove):
        session.submit(out_of_turn)
    assert session.match.state is state
    session.close()


def test_an_answer_computed_before_an_undo_is_dropped() -> None:
    session = GameSession.new("coup-detat", {"players": 4}, FOUR, seed=11)
    while True:  # find a human decision followed by a computer's
        while session.to_act != 0:
            wait_for_computer(session)
        session.submit(session.match.legal()[0])
        if not session.is_human(session.to_act) and session.to_act is not None:
            break
    session.computer_step(ready=False)  # a computer starts thinking about the position
    time.sleep(0.05)
    assert session.undo(0)
    assert session.to_act == 0
    assert session.computer_step(ready=True) == [], "the stale answer is not applied"
    session.close()


def test_the_game_is_autosaved_after_every_trick(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    session = GameSession.new("coup-detat", {"players": 4}, COMPUTERS, seed=2,
                              autosave_path=path)
    while not any(isinstance(event, ev.TrickWon) for event in session.match.events):
        wait_for_computer(session)
    state = session.match.state
    session.close()  # waits for the background write
    assert saves.read(path, catalogue=CATALOGUE).match.state == state


def autosaved(path: Path) -> list[object]:
    """The decisions the autosave at `path` holds."""
    return saves.read(path, catalogue=CATALOGUE).match.decisions


@pytest.mark.parametrize(("ruleset", "options"), [("coup", {"players": 3}),
                                                  ("coup-detat", {"players": 4})])
def test_a_computers_move_is_autosaved_as_soon_as_it_is_made(
        ruleset: str, options: dict[str, object], tmp_path: Path) -> None:
    """Only checkpoints were written: a claim shown ("Didier claims Captain: steal from
    Camille") was decided again on Continue ("Didier claims Duke: tax")."""
    path = tmp_path / "autosave.json"
    session = GameSession.new(ruleset, options, COMPUTERS[:options["players"]], seed=4,
                              autosave_path=path)
    try:
        for _ in range(200):
            events = wait_for_computer(session)
            if events and not any(map(session.ruleset.checkpoint, events)):
                break
        else:
            pytest.fail("no computer made a move between two checkpoints")
        decisions = session.match.decisions
    finally:
        session.close()  # waits for the background write
    assert autosaved(path) == decisions


def to_a_trick_of_ada(session: GameSession) -> None:
    """Ada (seat 0, the person) plays until her card ends a trick, which she may still
    take back."""
    for _ in range(400):
        while session.to_act != 0:
            assert wait_for_computer(session), "a computer must always get to play"
        events = session.submit(session.match.legal()[0])
        if any(isinstance(event, ev.TrickWon) for event in events) and session.match.can_undo(0):
            return
    pytest.fail("Ada's card never ended a trick she could take back")


def test_an_undo_is_autosaved(tmp_path: Path) -> None:
    """Taking back the card that ended a trick (a checkpoint, autosaved), then closing the
    window: Continue gave the card back."""
    path = tmp_path / "autosave.json"
    session = GameSession.new("coup-detat", {"players": 4}, FOUR, seed=11, autosave_path=path)
    try:
        to_a_trick_of_ada(session)
        assert session.undo(0)
        decisions = session.match.decisions
    finally:
        session.close()
    assert autosaved(path) == decisions


def test_a_redo_is_autosaved(tmp_path: Path) -> None:
    """A card taken back and played again by Redo: it is in the autosave."""
    path = tmp_path / "autosave.json"
    session = GameSession.new("coup-detat", {"players": 4}, FOUR, seed=11, autosave_path=path)
    try:
        for _ in range(400):  # a card of Ada's that ends no trick (no checkpoint)
            while session.to_act != 0:
                assert wait_for_computer(session), "a computer must always get to play"
            events = session.submit(session.match.legal()[0])
            if not any(map(session.ruleset.checkpoint, events)) and session.match.can_undo(0):
                break
        played = session.match.decisions
        assert session.undo(0)
        assert session.autosave is not None and session.autosave.settled(timeout=30) is None
        assert session.redo(0)
        assert session.match.decisions == played
    finally:
        session.close()
    assert autosaved(path) == played
