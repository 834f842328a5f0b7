"""The table's controller decides everything at a table that is not drawing, and is driven
here without a window: the computers' pace at the table's clock, whose turn it is and who
sees what at a shared screen, the computers' moves, hints, a lesson's refusals, the notice
of a game that could not be autosaved, finishing quickly, and recording a finished game
once (game/services/table/controller.py)."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.engine.ruleset import View
from game.engine.saves import Seat
from game.services import stats
from game.services.lessons import LessonGame, lesson_of
from game.services.session import GameSession
from game.services.table.controller import Awaited, OneOfTables, TableController
from game.services.table.seating import NOBODY_HOLDS, NOTHING_YET
from game.services.table.teller import HandsTold, Teller
from game.ui.table.kit import kit_for

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ada", "Blaise", "Colette", "Denis")
PAUSE = 2.0  # the computers' pause in these tests, in seconds of the table's time
UNSAVED = "Your game could not be autosaved: the disk is full"

pytestmark = pytest.mark.usefixtures("home")


class Log:
    """The log panel's words, without the panel."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        self.lines.append(line)

    def clear(self) -> None:
        self.lines.clear()


class Clock:
    """The table's time, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A controller, its log and its clock."""

    def __init__(self, controller: TableController, log: Log, clock: Clock) -> None:
        self.controller, self.log, self.clock = controller, log, clock

    def tell_all(self) -> None:
        """The window shows every beat waiting, at once."""
        controller = self.controller
        controller.pull()
        while controller.telling.queue:
            controller.show(controller.telling.queue.popleft())

    def until_a_person(self, seconds: float = 60) -> tuple[Awaited, int | None]:
        """The computers move (each after the pause) until a person or nobody is awaited."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.tell_all()
            awaited, seat = self.controller.next_turn(self.clock.now)
            if awaited is not Awaited.COMPUTER:
                return awaited, seat
            self.clock.now += PAUSE
            time.sleep(0.001)  # the computer thinks in its own thread
        pytest.fail("no person's turn came")


def session_of(ruleset: str, kinds: str, *, seed: int = 7,
               **options: object) -> GameSession:
    """A game of `ruleset` with a seat a letter of `kinds`: h a person, c an Easy computer."""
    seats = [Seat(NAMES[seat], "human") if kind == "h" else Seat(NAMES[seat], "computer", "easy")
             for seat, kind in enumerate(kinds)]
    return GameSession.new(ruleset, {"players": len(kinds), **options}, seats, seed=seed)


@contextmanager
def at_table(session: GameSession, *, teller: Teller | None = None,
             **keywords: object) -> Iterator[Table]:
    log, clock = Log(), Clock()
    controller = TableController(session, teller or kit_for(session.ruleset.id), log,
                                 clock=clock, computer_delay=lambda: PAUSE, from_start=True,
                                 **keywords)  # type: ignore[arg-type]
    try:
        yield Table(controller, log, clock)
    finally:
        session.close()


def test_the_controller_needs_no_pygame() -> None:
    """It is read and tested without a window: importing it does not import pygame."""
    probe = ("import sys; sys.modules['pygame'] = sys.modules['pygame_gui'] = None; "
             "import game.services.table.controller, game.services.table.coaching")
    subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=True)


# Pacing ---------------------------------------------------------------------------------------
def test_a_computers_move_is_shown_only_after_the_pause_at_the_tables_clock() -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        controller, clock = table.controller, table.clock
        for _ in range(40):
            assert table.until_a_person() == (Awaited.PERSON, 0)
            assert controller.computer_due() is None, "no computer is awaited"
            assert controller.decide(controller.match.legal()[0])
            table.tell_all()
            if controller.session.to_act not in (0, None):
                break
        else:
            pytest.fail("no computer came after the person")
        decided_at = clock.now
        assert controller.computer_due() == decided_at + PAUSE
        turns, seat = len(controller.match.turns), controller.session.to_act
        assert controller.next_turn(decided_at + PAUSE / 2) == (Awaited.COMPUTER, seat)
        deadline = time.monotonic() + 30
        while controller.session.thinking is not None and time.monotonic() < deadline:
            time.sleep(0.001)  # it thinks during the pause, and is done
        controller.next_turn(decided_at + PAUSE / 2)
        assert len(controller.match.turns) == turns, "it moved before the pause was over"
        controller.next_turn(decided_at + PAUSE)
        assert len(controller.match.turns) > turns, "it moved once the pause was over"
        assert controller.computer_due() in (None, decided_at + 2 * PAUSE)


def test_the_pause_is_the_players_pace_as_it_is_now() -> None:
    pace = [1.5]
    session = session_of("coup-detat", "hccc")
    with at_table(session) as table:
        controller = TableController(session, kit_for("coup-detat"), Log(), clock=table.clock,
                                     computer_delay=lambda: pace[0])
        assert controller.pace.computer_pause() == 1.5
        pace[0] = 0.25  # the settings changed during the game
        assert controller.pace.computer_pause() == 0.25


# Whose turn, and who sees what ---------------------------------------------------------------
def test_one_person_sees_his_own_cards_and_decides_when_they_are_shown() -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        controller = table.controller
        assert controller.viewer == 0 and controller.reader == 0
        assert table.until_a_person() == (Awaited.PERSON, 0)
        assert controller.human_to_act() == 0 and controller.view().seat == 0


def test_at_a_shared_screen_nobody_sees_a_hand_until_the_device_is_passed() -> None:
    with at_table(session_of("coup-detat", "hhcc")) as table:
        controller = table.controller
        assert controller.viewer is None, "nobody's cards show before anyone holds the device"
        awaited, first = table.until_a_person()
        assert awaited is Awaited.PASS and first in (0, 1)
        assert controller.human_to_act() is None, "he decides once the device is his"
        controller.seating.handed_to(first)
        assert controller.next_turn(table.clock.now) == (Awaited.PERSON, first)
        assert controller.human_to_act() == first and controller.view().seat == first
        other = 1 - first
        for _ in range(200):  # until the other person's turn
            seat = controller.human_to_act()
            if seat is not None:
                assert controller.decide(controller.match.legal()[0])
                if controller.session.to_act != seat:
                    assert controller.viewer is None, "once he has decided, his cards go down"
            awaited, seat = table.until_a_person()
            if awaited is Awaited.HAND_BACK:  # only computers played since: no passing
                assert seat == controller.seating.holder
                controller.seating.handed_to(seat)
            elif awaited is Awaited.PASS:
                assert seat == other and controller.viewer is None
                return
        pytest.fail("the other person's turn never came")


def test_a_result_shown_to_the_whole_table_puts_the_device_down() -> None:
    with at_table(session_of("coup-detat", "hhcc")) as table:
        controller = table.controller
        controller.seating.handed_to(0)
        controller.result_shown(controller.match.state)
        assert controller.viewer is None and controller.seating.holder is None
        assert controller.seating.must_pass_to(0), "even the one who held it is asked anew"


def test_undo_is_refused_with_the_reason_the_undo_button_gives() -> None:
    with at_table(session_of("coup-detat", "hhcc")) as table:
        controller = table.controller
        assert controller.undo_refusal() == NOBODY_HOLDS
        assert not controller.undo()
        assert controller.toast is not None and controller.toast[0] == f"{NOBODY_HOLDS}."
    with at_table(session_of("coup-detat", "hccc")) as table:
        table.until_a_person()
        assert table.controller.undo_refusal() == NOTHING_YET
        assert not table.controller.undo()


# The computers' moves ------------------------------------------------------------------------
def test_the_computers_play_until_a_person_is_awaited_and_the_log_tells_it() -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        assert table.until_a_person() == (Awaited.PERSON, 0)
        assert table.controller.match.turns, "the deal and the computers' decisions were made"
        assert table.log.lines, "the log tells what was shown"
        assert table.controller.caught_up


def test_the_session_notes_are_told_in_the_log_once() -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        table.controller.session.notes.append("The program at seat 2 says hello.")
        table.controller.tell_notes()
        table.controller.tell_notes()
        assert table.log.lines.count("The program at seat 2 says hello.") == 1


# Hints ---------------------------------------------------------------------------------------
def test_a_hint_is_for_the_persons_own_turn() -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        table.controller.hint()
        assert table.controller.toast is not None
        assert table.controller.toast[0] == "A hint is for your own turn."
        assert not table.controller.hint_wanted


def test_a_game_without_a_hard_player_gives_no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameSession, "can_hint", property(lambda self: False))
    with at_table(session_of("coup-detat", "hccc")) as table:
        table.until_a_person()
        table.controller.hint()
        assert table.controller.toast is not None
        assert table.controller.toast[0].startswith("No hints for Coup d'État yet")


def test_a_hint_found_is_said_and_names_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        controller = table.controller
        table.until_a_person()
        wanted = controller.match.legal()[-1]
        monkeypatch.setattr(controller.session.hints, "_advise",
                            lambda budget, view, legal: (wanted, "It keeps the Queen."))
        controller.hint()
        assert controller.hint_wanted and controller.toast is not None
        assert controller.toast[0] == "Thinking about a hint…"
        found = None
        deadline = time.monotonic() + 30
        while found is None and time.monotonic() < deadline:
            found = controller.hint_found()
        assert found == wanted and not controller.hint_wanted
        words = controller.teller.describe(wanted, controller.view(), controller.names)
        assert controller.toast is not None
        assert controller.toast[0] == f"Hint: {words}. It keeps the Queen."


def test_a_hint_asked_about_a_position_that_is_gone_is_forgotten(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with at_table(session_of("coup-detat", "hccc")) as table:
        controller = table.controller
        table.until_a_person()
        monkeypatch.setattr(controller.session.hints, "_advise",
                            lambda budget, view, legal: (legal[0], "Any will do."))
        controller.hint()
        assert controller.decide(controller.match.legal()[0])  # he played before it came
        assert controller.hint_found() is None
        assert not controller.hint_wanted and controller.toast is None


# A lesson's refusals -------------------------------------------------------------------------
def test_a_lesson_refuses_a_move_other_than_the_coachs_and_says_why() -> None:
    lesson = lesson_of("coup-detat")
    game = LessonGame(lesson)
    seats = [Seat(name, "human") if seat == lesson.person else Seat(name, "computer")
             for seat, name in enumerate(lesson.names)]
    players = {seat: game.player(seat) for seat in range(len(seats)) if seat != lesson.person}
    session = GameSession(game.match, seats, players=players)
    with at_table(session, lesson=game) as table:
        controller = table.controller
        for _ in range(100):
            assert table.until_a_person() == (Awaited.PERSON, lesson.person)
            coach = game.coach()
            if coach is not None and coach.wants:
                break
            assert controller.decide(game.expected())
        else:
            pytest.fail("the coach never asked for a move")
        wanted = game.expected()
        other = next(decision for decision in controller.match.legal() if decision != wanted)
        turns = len(controller.match.turns)
        assert not controller.decide(other)
        assert len(controller.match.turns) == turns, "the refused move was not played"
        assert controller.toast is not None and controller.toast[0] == game.refusal(other)
        assert controller.decide(wanted)
        assert len(controller.match.turns) > turns


# The unsaved notice --------------------------------------------------------------------------
def test_a_game_not_autosaved_is_told_once_and_again_when_it_is_saved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    trouble: list[str | None] = [None]
    with at_table(session_of("coup-detat", "hccc")) as table:
        controller, log = table.controller, table.log
        monkeypatch.setattr(controller.session, "autosave_trouble", lambda: trouble[0])
        assert controller.records.watch_autosave() is None and controller.toast is None
        trouble[0] = UNSAVED
        told = len(log.lines)
        assert controller.records.watch_autosave() == UNSAVED
        assert controller.records.watch_autosave() == UNSAVED
        assert log.lines[told:] == [f"{UNSAVED}. It is tried again at each decision; Save as… "
                                    "saves it elsewhere."], "told once"
        assert controller.toast is not None and controller.toast[0] == f"{UNSAVED}."
        assert controller.records.leaving_loses() == UNSAVED, "leaving would lose the game"
        trouble[0] = None
        assert controller.records.watch_autosave() is None
        assert log.lines[-1] == "Your game is saved again."
        assert controller.records.leaving_loses() is None


# Finishing quickly ---------------------------------------------------------------------------
class Out:
    """A game's kit whose persons are out of the play while `out` says so."""

    def __init__(self, kit: Teller) -> None:
        self.kit = kit
        self.out = False
        self.cards: HandsTold | None = kit.cards
        self.told_over_table: Mapping[type, str | None] = kit.told_over_table

    @property
    def knocked_out(self) -> Callable[[View, int], bool]:
        return lambda view, seat: self.out

    def starts_hand(self, event: object) -> bool:
        return self.kit.starts_hand(event)

    def settles(self, event: object) -> bool:
        return self.kit.settles(event)

    def describe(self, decision: object, view: View, names: object) -> str:
        return self.kit.describe(decision, view, names)  # type: ignore[arg-type]


def test_finishing_quickly_is_offered_to_persons_all_out_until_their_play_is_over() -> None:
    teller = Out(kit_for("coup"))
    with at_table(session_of("coup", "hc"), teller=teller) as table:
        controller = table.controller
        table.tell_all()
        assert not controller.finishing.persons_out and not controller.finishing.offered()
        teller.out = True
        controller.finishing._out = None  # (worked out once for each state shown)
        assert controller.finishing.persons_out and controller.finishing.offered()
        assert not controller.pace.hurried and controller.pace.computer_pause() == PAUSE
        table.clock.now += 5
        controller.finishing.finish_quickly()
        assert controller.pace.hurried and controller.pace.computer_pause() == 0.0
        assert controller.pace.computer_ready_at == table.clock.now, "the next move at once"
        assert not controller.finishing.offered(), "asked once"
        teller.out = False  # the round they were out of is over
        controller.finishing._out = None
        assert not controller.finishing.offered() and not controller.pace.hurried


# Recording a finished game -------------------------------------------------------------------
def play_to_the_end(controller: TableController, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not controller.session.over:
        controller.match.submit(rng.choice(list(controller.match.legal())))


def test_a_finished_game_is_recorded_in_the_statistics_once() -> None:
    with at_table(session_of("coup-detat", "hccc", short_game=True)) as table:
        controller = table.controller
        play_to_the_end(controller)
        controller.result_shown(controller.match.state)
        controller.result_shown(controller.match.state)  # shown again (a loaded game)
        assert controller.records.recorded and controller.records.record_notice is None
        assert stats.load().get("coup-detat").played == 1


def test_a_hands_result_records_nothing() -> None:
    with at_table(session_of("coup-detat", "hccc", short_game=True)) as table:
        controller = table.controller
        table.until_a_person()
        controller.result_shown(controller.match.state)
        assert not controller.records.recorded
        assert stats.load().get("coup-detat").played == 0


@pytest.mark.parametrize("where", ["lesson", "one of two tables", "computers only"])
def test_no_game_is_recorded_where_nobody_plays_for_himself(where: str) -> None:
    """A lesson is not counted; a table of a match is counted with the whole match (by
    the match); a game of computers has nobody to count it for."""
    kinds = "cccc" if where == "computers only" else "hccc"
    keywords: dict[str, object] = {}
    if where == "lesson":
        keywords["lesson"] = LessonGame(lesson_of("coup-detat"))
    elif where == "one of two tables":
        keywords["one_of"] = OneOfTables("Table 1: Ada, Blaise, Colette, Denis.", False)
    with at_table(session_of("coup-detat", kinds, short_game=True), **keywords) as table:
        play_to_the_end(table.controller)
        table.controller.result_shown(table.controller.match.state)
        assert not table.controller.records.recorded
        assert stats.load().get("coup-detat").played == 0


def test_what_recording_had_to_say_is_told_in_the_log_and_over_the_table(home: Path) -> None:
    """A statistics file that could not be read is kept aside: the table says so."""
    from game.system import paths

    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text("{ not json", encoding="utf-8")
    with at_table(session_of("coup-detat", "hccc", short_game=True)) as table:
        controller = table.controller
        play_to_the_end(controller)
        controller.result_shown(controller.match.state)
        notice = controller.records.record_notice
        assert notice is not None and table.log.lines[-1] == notice
        assert controller.toast is not None and controller.toast[0] == notice


def test_a_finished_game_loaded_shows_its_result_once() -> None:
    session = session_of("coup-detat", "hccc", short_game=True)
    play_to_the_end_of(session)
    log, clock = Log(), Clock()
    controller = TableController(session, kit_for("coup-detat"), log, clock=clock,
                                 computer_delay=lambda: PAUSE)
    try:
        assert log.lines[0] == "Coup d'État: Ada, Blaise, Colette, Denis.", "told again"
        assert controller.loaded_over() and not controller.loaded_over()
    finally:
        session.close()


def play_to_the_end_of(session: GameSession, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not session.over:
        session.match.submit(rng.choice(list(session.match.legal())))
