"""The table's controller: a game at the table, everything that is not drawing.

It owns the session and decides the pace (when the next computer's move may be shown, at
the table's clock), whose turn it is and who sees what (pass-and-play: seating.py), the
computers' moves, hints, a lesson's refusals, the notice of a game that could not be
autosaved, finishing quickly (finishing.py) and recording a finished game (records.py). It
tells the game in the log as the table shows it (telling.py) and keeps the remark over the
table. The window's table (game/ui/table/scene.py) draws it, animates it and routes the
person's input to it; tests drive it without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.engine.errors import IllegalMove
from game.engine.match import Match
from game.engine.ruleset import Decision, Narrator, State, View
from game.rules.words import Naming
from game.services.lessons import LessonGame
from game.services.play_again import Again
from game.services.seat_review import Reviewable, review_of
from game.services.seat_session import KEPT_BY_HOST
from game.services.session import GameSession
from game.services.table.finishing import Finishing
from game.services.table.pacing import Pace
from game.services.table.records import Log, TableRecords
from game.services.table.seating import NOTHING_YET, ONLINE_NO_UNDO, Seating
from game.services.table.teller import Teller
from game.services.table.telling import Beat, Telling


@dataclass(frozen=True)
class OneOfTables:
    """The table is one of a match's (game/services/tables.py): its line in the log, and
    whether persons of the match sit at another table (they share the screen)."""

    introduction: str
    persons_elsewhere: bool


class Awaited(Enum):
    """What the table does about the decision awaited, once everything before it is shown."""

    NOBODY = "no decision is awaited: the game is over, or chance deals"
    PASS = "the device must be passed to the person who decides"
    HAND_BACK = "the person who decides still holds the device: his cards show again"
    PERSON = "the person who decides holds the device and sees his cards"
    COMPUTER = "a computer decides, at the computers' pace"
    ELSEWHERE = "a friend decides on another machine"


class TableController:
    def __init__(self, session: GameSession, teller: Teller, log: Log, *,
                 clock: Callable[[], float], computer_delay: Callable[[], float],
                 from_start: bool = False, lesson: LessonGame | None = None,
                 one_of: OneOfTables | None = None, holder: int | None = None) -> None:
        """`teller`: the game's kit, as it tells the game; `log`: where the game is told
        in words. `clock`: the table's time; `computer_delay`: the pause before a
        computer's move at the player's pace. `from_start`: tell the game from its first
        event (a new game); else from where the match stands. `lesson`: the lesson this
        game is (nothing goes into the statistics). `one_of`: the match of tables this
        table is one of, where `holder` (a seat of this table) may hold the device."""
        self.session = session
        self.ruleset = session.ruleset
        self.names = session.names
        self.teller = teller
        self.log = log
        self.clock = clock
        self.lesson = lesson
        self.one_of = one_of
        self.seating = Seating(session.human_seats, holder=holder,
                               elsewhere=one_of is not None and one_of.persons_elsewhere,
                               private=bool(session.elsewhere))
        self.narrator: Narrator = self.ruleset.narrator(
            self.names, self.seating.viewer, tell_all=False,
            second_person=self.reader is not None, one_of_tables=one_of is not None)
        self.telling = Telling(session.match, teller, self.seating, from_start=from_start)
        self.pace = Pace(computer_delay)
        self.finishing = Finishing(session, teller, self.telling, self.pace, clock)
        self.records = TableRecords(session, log, self.say,
                                    recordable=one_of is None and lesson is None)
        self.toast: tuple[str, float] | None = None  # the remark over the table, until when
        self.hint_wanted = False
        self.welcomed = from_start or not session.over  # a game loaded over: its result, once
        self._notes_told = 0  # the session's notes already in the log
        if not from_start:
            self.retell()
        elif one_of is not None:  # which table this is, before its first deal
            log.add(one_of.introduction)

    # What is shown ------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def shown(self) -> State:
        """The state after the last beat shown (the match's may be ahead)."""
        return self.telling.shown

    @property
    def caught_up(self) -> bool:
        """Everything that happened has been shown (nothing waits to be told)."""
        return self.telling.caught_up

    def view(self, state: State | None = None) -> View:
        """The viewer's view of `state`, by default of the game as shown so far."""
        return self.telling.view(state)

    def table_view(self) -> View:
        """What lies on the table: between two hands, the hand just finished."""
        return self.telling.table_view()

    @property
    def viewer(self) -> int | None:
        return self.seating.viewer

    @property
    def reader(self) -> int | None:
        """The person whose cards are shown, who reads the screen and is told of his seat
        as "you"; nobody when a computer's seat is shown (autoplay) or between persons. A
        lesson playing itself still speaks to its learner's seat, the one shown."""
        viewer = self.seating.viewer
        learner = self.lesson.lesson.person if self.lesson is not None else None
        if viewer is not None and (self.session.is_human(viewer) or viewer == learner):
            return viewer
        return None

    @property
    def naming(self) -> Naming:
        """The players as the banners and results name them to the reader."""
        return Naming(self.names, self.reader)

    # Telling the game --------------------------------------------------------------------
    def pull(self) -> bool:
        """Take the match's new events as beats waiting to be shown. After an undo or a
        redo (True) nothing waits: the match is shown, and told again, as it stands."""
        if not self.telling.pull():
            return False
        self.retell()
        return True

    def retell(self) -> None:
        """Tell the whole game again in the log (after an undo, or for a loaded game)."""
        self.log.clear()
        self.log.add(f"{self.ruleset.title}: {', '.join(self.names)}." if self.one_of is None
                     else self.one_of.introduction)
        for beat in self.telling.retold():
            for line in self.narrator.lines(beat.event, beat.state):
                self.log.add(line)

    def show(self, beat: Beat) -> None:
        """`beat` is shown: the table draws the state after it, the log tells it, and an
        event the kit tells over the table is said there too."""
        self.telling.show(beat)
        for line in self.narrator.lines(beat.event, beat.state):
            self.log.add(line)
        told = self.teller.told_over_table
        if type(beat.event) not in told:
            return
        words = told[type(beat.event)]  # the kit's own, else the narrator's (if he has any)
        remark = words if words is not None else (
            " ".join(self.narrator.lines(beat.event, beat.state)) or None)
        if remark is not None:
            self.say(remark, seconds=4)

    def result_shown(self, state: State) -> None:
        """A result is shown over the table after the beat that led to `state` (a hand's,
        the game's): the whole table reads it, so nobody holds the device any more; a
        finished game goes into the statistics, once."""
        if self.ruleset.pending(state).over:
            self.welcomed = True
            self.records.record_finished()
        self.seating.put_down()

    def again(self) -> Again | None:
        """What the game is played again from, at its end; None in a lesson, at a table of
        a match (the whole match is played again, from the match's end), and with friends
        on other machines (their seats would be this screen's persons)."""
        if self.lesson is not None or self.one_of is not None or not self.session.keeps_game \
                or self.session.elsewhere:
            return None
        return Again.of(self.session)

    def reviewable(self) -> Reviewable:
        """The review the game's end offers, and what it may show at this screen."""
        return review_of(self.session, self.viewer)

    def loaded_over(self) -> bool:
        """Is the result of a finished game loaded still to be shown? True once."""
        if self.welcomed or not self.session.over:
            return False
        self.welcomed = True
        return True

    def tell_notes(self) -> None:
        """What the session has to say besides the game (an outside program's remarks)."""
        notes = self.session.notes
        while self._notes_told < len(notes):
            self.log.add(notes[self._notes_told])
            self._notes_told += 1

    def say(self, message: str, seconds: float = 3.0) -> None:
        """A remark over the table, for `seconds`."""
        self.toast = (message, self.clock() + seconds)

    def expire_remark(self, now: float) -> None:
        if self.toast is not None and now > self.toast[1]:
            self.toast = None

    # Whose turn ---------------------------------------------------------------------------
    @property
    def lesson_over(self) -> bool:
        """The lesson's stretch of its game is played (it may end before the game does):
        nobody plays on at its table, which stays as the lesson left it."""
        return self.lesson is not None and self.lesson.over

    def human_to_act(self) -> int | None:
        """The person to decide now, if his cards are the ones shown."""
        seat = self.session.to_act
        if seat is not None and seat in self.session.human_seats and seat == self.viewer \
                and not self.lesson_over:
            return seat
        return None

    def next_turn(self, now: float) -> tuple[Awaited, int | None]:
        """The decision awaited, once the table has shown everything before it: a person's
        (is the device to be passed, or handed back, or does he hold it?), or a computer's,
        whose move comes at the computers' pace (it starts thinking during the pause)."""
        session, seat = self.session, self.session.to_act
        if seat is None or self.lesson_over:
            return Awaited.NOBODY, None
        if seat in session.elsewhere:
            return Awaited.ELSEWHERE, seat
        if session.is_human(seat):
            if self.seating.must_pass_to(seat):
                return Awaited.PASS, seat
            if self.seating.viewer != seat:  # he still holds the device: no other person
                return Awaited.HAND_BACK, seat  # has decided since, nobody need look away
            return Awaited.PERSON, seat
        ready = self.pace.ready(now)
        if session.computer_step(ready=ready):
            self.pace.moved(now)
        elif session.thinking is None and not ready:
            session.computer_step(ready=False)  # start thinking during the pause
        return Awaited.COMPUTER, seat

    def computer_due(self) -> float | None:
        """When the computer to decide may next be shown moving (None: nobody's computer
        decides now)."""
        seat = self.session.to_act
        if seat is None or self.session.is_human(seat):
            return None
        return self.pace.computer_ready_at

    def decide(self, decision: Decision) -> bool:
        """A person's decision: applied (True), or refused, saying why (the lesson needs
        the move its coach names, or the rules refuse it)."""
        seat = self.human_to_act()
        before = len(self.match.turns)
        asked = self.lesson.refusal(decision) if self.lesson is not None else None
        if asked is not None:
            self.say(asked, seconds=6)
            return False
        try:
            self.session.submit(decision)
        except IllegalMove as refusal:
            self.say(refusal.message)
            return False
        self.toast = None  # a remark on the position left (a hint names his cards)
        if seat is not None:
            deciders = {turn.seat for turn in self.match.turns[before:]}
            again = self.session.to_act == seat and deciders == {seat}  # no deal between
            self.seating.decided(seat, again)
        self.pace.moved(self.clock())
        return True

    def save_refusal(self) -> str | None:
        """Why the game cannot be saved here (None: it can): a friend's table is the
        host's to save."""
        return None if self.session.keeps_game else f"{KEPT_BY_HOST}."

    def undo_refusal(self) -> str | None:
        """Why Undo may take nothing back now (None: it may). The Undo button is greyed,
        saying why, exactly when Ctrl+Z would say it."""
        if self.session.elsewhere:
            return ONLINE_NO_UNDO
        return self.seating.undo_refusal(self.match)

    def undo(self) -> bool:
        """Take back the person's last decision (True), or say why not."""
        refusal, seat = self.undo_refusal(), self.seating.undo_seat()
        if refusal is None and seat is not None and self.session.undo(seat):
            return True
        self.say(f"{refusal or NOTHING_YET}.")
        return False

    def redo(self) -> None:
        seat = self.seating.undo_seat()
        if seat is None or not self.session.redo(seat):
            self.say("Nothing to redo.")

    # Hints --------------------------------------------------------------------------------
    def hint(self) -> None:
        """Ask what the Hard player would do here (it thinks in the worker)."""
        if self.human_to_act() is None or not self.caught_up:
            self.say("A hint is for your own turn.")
            return
        if not self.session.can_hint:
            self.say(f"No hints for {self.ruleset.title} yet: its Hard player is not built.")
            return
        self.session.ask_hint()
        self.hint_wanted = True
        self.say("Thinking about a hint…", seconds=30)

    def hint_found(self) -> Decision | None:
        """The hint asked for, once found: said over the table, and returned so that the
        table can pick its cards (None: none yet, or the position changed meanwhile)."""
        if not self.hint_wanted:
            return None
        found = self.session.hint()
        if found is None:
            if not self.session.hinting:
                self.hint_wanted = False  # the position changed meanwhile
                self.toast = None
            return None
        self.hint_wanted = False
        decision, reason = found
        words = self.teller.describe(decision, self.view(), self.names)
        self.say(f"Hint: {words}. {reason}", seconds=12)
        return decision
