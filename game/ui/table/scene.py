"""The table: a game in progress, shown from one seat's view (see seating.py for whose).

Events from the match become beats, shown one after another (cards glide, the log speaks,
the game's furniture moves). Persons decide by clicking, dragging or with the keyboard;
computers think in a worker and their decisions are applied only once the table has shown
everything before them.

This module keeps the flow, the same for every game; what is the game's own (its cards,
furniture, buttons, results) comes from its kit (kit.py), which reads the table through a
narrow state (state.py). Drawing is render.py's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.cards import Card
from game.engine.errors import IllegalMove
from game.engine.ruleset import Event, State
from game.games import get_game
from game.rules.words import Naming
from game.services import stats
from game.services.lessons import LessonGame
from game.services.session import GameSession
from game.ui import art, screens, text
from game.ui.scene import Scene
from game.ui.table.arrange import CURSOR_LIFT, MARKED_LIFT, card_key
from game.ui.table.beats import Beat
from game.ui.table.coach import CoachPanel, LessonWelcome
from game.ui.table.controls import (
    FINISH_QUICKLY,
    DecisionButtons,
    Offer,
    SideButtons,
    UnsavedNotice,
)
from game.ui.table.kit import View, kit_for
from game.ui.table.layout import TableLayout, hand_for, table_layout, with_coach, with_other_table
from game.ui.table.log_panel import LogPanel
from game.ui.table.render import TableRenderer, prompt_room, suit_colours
from game.ui.table.room import grouped, room_on_felt
from game.ui.table.seating import NOTHING_YET, Seating
from game.ui.table.stage import Placement, Stage
from game.ui.table.state import Frame, Hand, TableState
from game.ui.table.tables import SWITCH_KEY, TwoTables
from game.ui.table.telling import Telling

if TYPE_CHECKING:
    from game.ui.app import App

FOCUS_KEYS = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)  # move along the decision buttons


@dataclass
class Drag:
    """A card of the viewer's being dragged towards the table."""

    card: Card
    start: tuple[int, int]
    position: tuple[int, int]

    @property
    def moved(self) -> bool:
        return abs(self.position[0] - self.start[0]) + abs(self.position[1] - self.start[1]) > 8


class TableScene(Scene):
    def __init__(self, app: App, session: GameSession, *, from_start: bool = False,
                 tables: TwoTables | None = None, holder: int | None = None,
                 lesson: LessonGame | None = None) -> None:
        """`from_start`: tell the game from its first event (a new game: the draw for
        Director and the first deal are shown); else from where the match stands.
        `tables`: the match this table is one of (tables.py), where `holder` (a seat of
        this table) may hold the device already. `lesson`: the lesson this game is
        (coach.py): its coach speaks, and nothing goes into the statistics."""
        super().__init__(app)
        self.session = session
        self.tables = tables
        self.lesson = lesson
        self.coach = CoachPanel(lesson) if lesson is not None else None
        self.ruleset = session.ruleset
        self.kit = kit_for(self.ruleset.id)
        self.names = session.names
        elsewhere = tables is not None and any(
            seat not in tables.session.match.split.tables[tables.shown]
            for seat in tables.session.human_seats)
        self.seating = Seating(session.human_seats, elsewhere=elsewhere, holder=holder)
        self.narrator = self.ruleset.narrator(self.names, self.seating.viewer, tell_all=False,
                                              second_person=self.reader is not None,
                                              one_of_tables=tables is not None)
        self.telling = Telling(session.match, self.kit, self.seating, from_start=from_start)
        self.stage = Stage()
        self.log = LogPanel()
        self.renderer = TableRenderer()
        self.beat_ends = 0.0
        self._turn_at = 0.0  # when the table last had its turn (an update)
        self.computer_ready_at = 0.0
        self.selected: Card | None = None
        self.marked: set[Card] = set()  # cards picked for one decision (an exchange)
        self.drag: Drag | None = None
        self.toast: tuple[str, float] | None = None
        self.other_table: pygame.Rect | None = None  # the panel of the other table, if any
        self.layout: TableLayout = self._layout(app.size)
        self.decisions: DecisionButtons | None = None
        self.side: SideButtons | None = None
        self.offer: Offer | None = None  # to persons who are all out: finish quickly?
        self.notice: UnsavedNotice | None = None  # the game could not be autosaved
        self._unsaved: str | None = None  # the autosave's trouble, as last told
        self.finishing = False  # they asked to see the rest at once
        self._out_in: State | None = None  # the state `_out` was worked out for
        self._out = False
        self.recorded = False  # the finished game went into the statistics
        self.record_notice: str | None = None  # what recording it had to tell, if anything
        self.coach_welcomed = False
        self.welcomed = from_start or not session.over  # a game loaded over: its result, once
        self.hint_wanted = False
        self._notes_told = 0  # the session's notes already in the log
        self.card_art = self._card_art()
        self._controls_for: tuple[int, int, bool] | None = None  # the position the buttons show
        if not from_start:
            self._retell()
        elif tables is not None:  # which table this is, before its first deal
            self.log.add(tables.session.introduction(tables.shown))
        self._arrange(self.clock(), 0.0)

    # Scene life --------------------------------------------------------------------------------
    def clock(self) -> float:
        """The table's time (the app's clock, which tests speed up)."""
        return self.app.clock.now()

    def enter(self) -> None:
        self.leave()  # entering twice must not leave stray buttons behind
        self.relayout(self.app.size)
        self.side = SideButtons(self.app.ui, self.layout.buttons, self)
        self._pull_events(self.clock())
        self._refresh_controls()
        if self.lesson is not None and not self.coach_welcomed:
            self.coach_welcomed = True
            self.app.push(LessonWelcome(self.app, self, self.lesson))
        if not self.welcomed and self.session.over:  # a finished game was loaded
            self.welcomed = True
            self.app.push(self.kit.game_over(self.app, self) if self.tables is None
                          else self.tables.table_over(self))

    def leave(self) -> None:
        if self.side is not None:
            self.side.kill()
            self.side = None
        self._clear_decisions()
        self._withdraw_offer()
        self._withdraw_notice()
        self.drag = None  # the button will come up over another scene

    def _layout(self, size: tuple[int, int]) -> TableLayout:
        players = self.session.match.players
        layout = table_layout(size, players, hand_for(self.session.match.ruleset.id, players))
        if self.tables is not None:
            layout, self.other_table = with_other_table(layout)
        if self.coach is not None:
            layout, self.coach.rect = with_coach(layout)
        return layout

    def relayout(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size)
        if self.kit.motion is not None:
            self.kit.motion.forget()
        self._withdraw_offer()  # offered again where the new layout has room
        self._withdraw_notice()
        self._arrange(self.clock(), 0.0)

    def closed(self) -> None:
        if self.tables is not None:
            self.tables.closed()  # the whole match ends, unless the screen only moves
        else:
            self.session.close()

    def settings_changed(self) -> None:
        self.card_art = self._card_art()
        self.renderer.forget()

    def _card_art(self) -> art.CardArt:
        settings = self.app.settings
        return art.CardArt(four_colour=settings.four_colour_suits, back=settings.card_back)

    @property
    def suit_colours(self) -> text.SuitColours:
        return suit_colours(self.card_art)

    # What is shown (telling.py) ---------------------------------------------------------------
    @property
    def shown(self) -> State:
        """The state after the last beat shown (the match's may be ahead)."""
        return self.telling.shown

    @shown.setter
    def shown(self, state: State) -> None:
        self.telling.shown = state

    @property
    def queue(self) -> deque[Beat]:
        """The beats waiting to be shown."""
        return self.telling.queue

    @property
    def hand_view(self) -> View | None:
        """The hand being played, as last shown (what its result tells)."""
        return self.telling.hand_view

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

    def hand_settlement(self) -> list[tuple[Event, State]]:
        """The hand's settling: what was shown, and what still waits up to the next deal."""
        return self.telling.hand_settlement()

    @property
    def busy(self) -> bool:
        """Must the table have frames now: something to show (a decision made since its
        last turn, a beat not yet over), a glide, furniture moving (a note in flight, a
        dagger settling), a computer or the hint thinking?"""
        now = self.clock()
        on_top = self.app.scene is self
        return ((on_top and not self.caught_up) or self._turn_at < self.beat_ends
                or self.stage.busy(now) or self._furniture_moving()
                or self.session.thinking is not None or self.session.hinting)

    def _furniture_moving(self) -> bool:
        motion = self.kit.motion
        return motion is not None and motion.moving(self.view(), self.layout)

    def wake_at(self) -> float | None:
        """When the table needs a turn with nothing moving: a remark's end, and, on top,
        a computer's next move at the computers' pace."""
        moments = []
        if self.toast is not None:
            moments.append(self.toast[1])
        seat = self.session.to_act
        if self.app.scene is self and seat is not None and not self.session.is_human(seat):
            moments.append(max(self.computer_ready_at, self.beat_ends))
        behind = self.tables.wake_at() if self.tables is not None else None
        if behind is not None:
            moments.append(behind)
        return min(moments) if moments else None

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

    def table_state(self) -> TableState:
        """The table as the kit and the renderer read it, now."""
        return TableState(
            view=self.view(), table=self.table_view(), layout=self.layout,
            bottom=self.seating.bottom, names=self.names, naming=self.naming,
            now=self.clock(), thinking=self.session.thinking, caught_up=self.caught_up,
            card_art=self.card_art)

    # Time passes -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._update(dt)
        self._refresh_side()
        self._watch_autosave()
        self._refresh_offer()
        if self.tables is not None:
            self.tables.update(self)
        if self.coach is not None:
            self.coach.update(self)

    def seconds(self, design: float) -> float:
        """An animation's length at the player's speed (none while finishing quickly)."""
        return 0.0 if self.hurried else self.app.settings.animation_seconds(design)

    @property
    def instant(self) -> bool:
        """Nothing glides: animations are off, or the persons are finishing quickly."""
        return self.hurried or self.app.settings.animation_speed == "off"

    def computer_pause(self) -> float:
        """The pause before a computer's move: the player's pace, none when hurried."""
        return 0.0 if self.hurried else self.app.settings.computer_delay()

    def _update(self, dt: float) -> None:
        now = self._turn_at = self.clock()
        self._pull_events(now)
        while self.queue and now >= self.beat_ends and self.app.scene is self:
            self._show(self.queue.popleft(), now)
        if self.kit.motion is not None:
            self.kit.motion.settle(self.view(), self.layout, now, dt, instant=self.instant)
        self._tell_session_notes()
        self._show_hint()
        if self.toast is not None and now > self.toast[1]:
            self.toast = None
        if self.app.scene is not self:
            return
        if self.queue or now < self.beat_ends:
            self._show_turn_early()
            return
        self._next_decision(now)

    def _show_turn_early(self) -> None:
        """The person's turn shows (his prompt, his playable cards) as soon as everything
        before it is told, while the last beat still holds the table: so must its cursor
        and buttons, or Enter pressed then would do nothing."""
        if (self.caught_up and self.human_to_act() is not None
                and self._controls_for != self._position()):
            self._refresh_controls()

    def _tell_session_notes(self) -> None:
        """What the session has to say besides the game (an outside program's remarks)."""
        notes = self.session.notes
        while self._notes_told < len(notes):
            self.log.add(notes[self._notes_told])
            self._notes_told += 1

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

    def _show_hint(self) -> None:
        if not self.hint_wanted:
            return
        found = self.session.hint()
        if found is None:
            if not self.session.hinting:
                self.hint_wanted = False  # the position changed meanwhile
                self.toast = None
            return
        self.hint_wanted = False
        decision, reason = found
        view = self.view()
        words = self.kit.describe(decision, view, self.names)
        self.say(f"Hint: {words}. {reason}", seconds=12)
        cards = self.kit.cards
        named = cards.named_by(decision) if cards is not None else ()
        if cards is not None and cards.collects_cards(view):
            self.marked = set(named) or self.marked  # an exchange's cards, picked
        elif named:
            self.selected = named[0]  # Enter plays it
        self.refresh_cards()

    def _pull_events(self, now: float) -> None:
        if self.telling.pull():  # an undo or redo: show the match as it is
            self.drag = None  # the card held may have gone back or been played again
            self.marked = set()
            self.beat_ends = now
            self._retell()
            self._arrange(now, self.seconds(0.25))
            self._refresh_controls()

    def _retell(self) -> None:
        """Tell the whole game again in the log (after an undo, or for a loaded game)."""
        self.log.clear()
        self.log.add(f"{self.ruleset.title}: {', '.join(self.names)}." if self.tables is None
                     else self.tables.session.introduction(self.tables.shown))
        for beat in self.telling.retold():
            for line in self.narrator.lines(beat.event, beat.state):
                self.log.add(line)

    def _show(self, beat: Beat, now: float) -> None:
        """Show one event: move the cards, speak, sound; the next beat waits its turn."""
        shape = self.kit.timing(beat.event)
        self.telling.show(beat)
        self._arrange(now, self.seconds(shape.move), event=beat.event,
                      hold=self.seconds(shape.hold),
                      stagger=self.seconds(shape.stagger))
        for line in self.narrator.lines(beat.event, beat.state):
            self.log.add(line)
        if shape.sound:
            self.app.sounds.play(shape.sound)
        if self.kit.motion is not None:
            self.kit.motion.show(beat.event, self.layout, self.seating.bottom, now,
                                 self.seconds(shape.move))
        remark = self._remark(beat)
        if remark is not None:
            self.say(remark, seconds=4)
        ends = now + self.seconds(shape.hold + shape.move + shape.after)
        self.beat_ends = now if self.instant else max(
            ends, self.stage.ends_at())
        self._overlay_after(beat)

    def _remark(self, beat: Beat) -> str | None:
        """The words over the table for an event the kit tells there: its own, else the
        narrator's (None if he has none)."""
        told = self.kit.told_over_table
        if type(beat.event) not in told:
            return None
        words = told[type(beat.event)]
        return words if words is not None else (
            " ".join(self.narrator.lines(beat.event, beat.state)) or None)

    def _overlay_after(self, beat: Beat) -> None:
        overlay = self.kit.overlay_after(self.app, self, beat)
        if overlay is None:
            return
        if self.ruleset.pending(beat.state).over:
            self.welcomed = True
            if self.tables is not None:
                overlay = self.tables.table_over(self)
            elif self.coach is not None:  # a lesson that ends with its game
                overlay = self.coach.over(self)
            self._record_statistics()
        self.seating.put_down()  # the whole table reads the result
        self.app.push(overlay)

    def _record_statistics(self) -> None:
        """A finished game goes into the persons' statistics once (a match at two tables:
        by `TwoTables`, once both have finished)."""
        if self.recorded or self.tables is not None or self.lesson is not None \
                or not self.session.human_seats:
            return
        self.recorded = True
        record_of = get_game(self.ruleset.id).records.record.load()
        self.record_game(record_of(self.session.match, self.session.human_seats))

    def record_game(self, record: stats.GameRecord) -> None:
        """Add a finished game (this table's, or a whole match's) to the statistics, and
        tell the table what the statistics file made of it, if anything: the file kept
        aside, the game not recorded."""
        notice = stats.record_game(record)
        self.record_notice = notice  # the game over shows it too: it hides the line
        if notice is not None:
            self.log.add(notice)
            self.say(notice, seconds=12)

    # Persons knocked out ---------------------------------------------------------------------
    @property
    def persons_out(self) -> bool:
        """Every person at the table is out of the play the table shows (a bluffing game's
        lost influences) while the computers play on. Asked every frame: worked out once
        for each state shown."""
        if self._out_in is not self.shown:
            self._out_in, self._out = self.shown, self._all_persons_out()
        return self._out

    def _all_persons_out(self) -> bool:
        persons = self.session.human_seats
        knocked_out = self.kit.knocked_out
        if knocked_out is None or not persons or self.ruleset.pending(self.shown).over:
            return False
        return all(knocked_out(self.ruleset.view(self.shown, seat), seat) for seat in persons)

    @property
    def hurried(self) -> bool:
        """The persons, all out, asked to finish quickly: no pauses and no animations
        until the play they are out of is over (the game, or the round of a match)."""
        return self.finishing

    def finish_quickly(self) -> None:
        """The computers play the rest of the play the persons are out of at once."""
        self.finishing = True
        self.skip_animation()
        self.computer_ready_at = self.clock()
        self._withdraw_offer()

    def _refresh_offer(self) -> None:
        """Offer "Finish quickly" while the persons are all out; watching is the default."""
        if not self.persons_out:
            self.finishing = False  # the round they were out of is over
        wanted = self.persons_out and not self.finishing and self.app.scene is self
        if wanted and self.offer is None:
            self.offer = Offer(self.app.ui, self.layout, self, FINISH_QUICKLY,
                               self.finish_quickly)
        elif not wanted:
            self._withdraw_offer()

    def _watch_autosave(self) -> None:
        """Tell at once when the game could not be autosaved, and when it is again; while
        it is not, the notice over the log offers Save as…"""
        trouble = self.session.autosave_trouble()
        shown = self.notice.trouble if self.notice is not None else None
        if self.app.scene is not self or trouble != shown:
            self._withdraw_notice()
        if self.app.scene is self and trouble is not None and self.notice is None:
            self.notice = UnsavedNotice(self.app.ui, self.layout, trouble, self.open_save)
        if trouble == self._unsaved:
            return
        if trouble is not None:
            self.log.add(f"{trouble}. It is tried again at each decision; Save as… saves it "
                         "elsewhere.")
            self.say(f"{trouble}.", seconds=8)
        else:
            self.log.add("Your game is saved again.")
        self._unsaved = trouble

    def leaving_loses(self) -> str | None:
        """What leaving now would lose: the game, when it could not be autosaved."""
        return self.session.autosave_trouble()

    def _withdraw_notice(self) -> None:
        if self.notice is not None:
            self.notice.kill()
            self.notice = None

    def _withdraw_offer(self) -> None:
        if self.offer is not None:
            self.offer.kill()
            self.offer = None

    # Whose turn --------------------------------------------------------------------------------
    def _next_decision(self, now: float) -> None:
        session = self.session
        seat = session.to_act
        if seat is None:
            self._refresh_controls()
            return
        if session.is_human(seat):
            if self.seating.must_pass_to(seat):
                if self.tables is None or not self.tables.before_passing(self):
                    self._ask_to_pass(seat)
            elif self.seating.viewer != seat:  # he still holds the device: no other person
                self._hand_to(seat)  # has decided since, so nobody need look away
            elif self._controls_for != self._position():
                self._refresh_controls()
            return
        ready = now >= self.computer_ready_at
        if session.computer_step(ready=ready):
            self.computer_ready_at = now + self.computer_pause()
        elif session.thinking is None and not ready:
            session.computer_step(ready=False)  # start thinking during the pause

    def _position(self) -> tuple[int, int, bool]:
        """Where the game stands for the buttons: decisions made, undos, and whether the
        table has shown it all."""
        match = self.session.match
        return len(match.turns), match.rewinds, self.caught_up

    def _ask_to_pass(self, seat: int) -> None:
        self.seating.looking_away()
        self._arrange(self.clock(), 0.0)
        self.app.push(screens.make("pass_device", self.app, self.names[seat],
                                   lambda: self._hand_to(seat), table=self))

    def _hand_to(self, seat: int) -> None:
        """The device is in `seat`'s hands: show his cards."""
        self.seating.handed_to(seat)
        self._arrange(self.clock(), self.seconds(0.3))
        self._refresh_controls()

    def human_to_act(self) -> int | None:
        """The person to decide now, if his cards are the ones shown."""
        seat = self.session.to_act
        if seat is not None and self.session.is_human(seat) and seat == self.viewer:
            return seat
        return None

    def decide(self, decision: object) -> None:
        """A person's decision: apply it, or say why the rules refuse it."""
        seat = self.human_to_act()
        before = len(self.session.match.turns)
        asked = self.lesson.refusal(decision) if self.lesson is not None else None
        if asked is not None:  # the lesson needs the move its coach names
            self.say(asked, seconds=6)
            return
        try:
            self.session.submit(decision)
        except IllegalMove as refusal:
            self.say(refusal.message)
            return
        self.selected = None
        self.marked = set()
        self.drag = None  # a card still held in the other hand: his cards go face down
        self.toast = None  # a remark on the position left (a hint names his cards)
        self._clear_decisions()
        if seat is not None:
            deciders = {turn.seat for turn in self.session.match.turns[before:]}
            again = self.session.to_act == seat and deciders == {seat}  # no deal between
            self.seating.decided(seat, again)
        self._arrange(self.clock(), 0.0)
        self.computer_ready_at = self.clock() + self.computer_pause()

    def say(self, message: str, seconds: float = 3.0) -> None:
        self.toast = (message, self.clock() + seconds)

    def message(self) -> str | None:
        """The line above the hand: a passing remark, else what the player must do."""
        if self.toast is not None:
            return self.toast[0]
        if self.decisions is not None and self.decisions.showing:
            return None  # the panel says it
        if self.human_to_act() is not None and self.caught_up:
            return self.kit.prompt(self.view())
        return None

    # Layout of the cards -----------------------------------------------------------------------
    def _targets(self) -> dict[Hashable, Placement]:
        """Where every card of the table should be now (none where the game's cards are
        drawn with its furniture)."""
        cards = self.kit.cards
        if cards is None:
            return {}
        playable = frozenset[Card]()
        if self.human_to_act() is not None and self.caught_up:
            playable = frozenset(cards.plays(self.session.match.legal()))
        hand = Hand(playable, self.selected, frozenset(self.marked))
        return cards.targets(self.table_state(), hand)

    def _arrange(self, now: float, duration: float, *, event: Event | None = None,
                 hold: float = 0.0, stagger: float = 0.0) -> None:
        cards, motion = self.kit.cards, self.kit.motion
        if cards is not None:
            table, bottom = self.table_view(), self.seating.bottom
            targets = self._targets() | cards.event_targets(event, self.layout, bottom)
            order = cards.deal_order(table, targets)
            self.stage.arrange(
                targets, now, duration, spawn=cards.spawner(self.layout, bottom, table, event),
                delay=(lambda key: order.get(key, 0) * stagger) if stagger else None, hold=hold)
        if motion is not None:
            motion.arranged(self.view(), self.layout)

    def refresh_cards(self) -> None:
        """Lay the cards out again (a card picked or put back)."""
        self._arrange(self.clock(), self.seconds(0.12))

    def in_view(self) -> list[pygame.Rect]:
        """What nothing may cover: the plates, the person's cards (as high as a card of
        his can rise: picked, and under the keyboard's cursor), the cards laid face up on
        the table (the trick, the Dominos rows, the cards that count beside a pile)."""
        keep = self.kit.plates(self.view(), self.layout, self.seating.bottom)
        cards = self.kit.cards
        if cards is None:
            return keep
        hand = {card_key(card) for card in self.in_hand()}
        own: list[pygame.Rect] = []
        laid: list[pygame.Rect] = []
        for key, placement in self._targets().items():
            if key in hand:
                own.append(self.card_rect(placement))
            elif placement.face_up and isinstance(key, tuple) and key[0] == "card":
                laid.append(self.card_rect(placement))
        keep += grouped(laid)
        if own:
            rise = self.layout.card_width * CURSOR_LIFT
            if self.collecting():
                rise += self.layout.card_width * MARKED_LIFT
            hand_rect = own[0].unionall(own[1:])
            keep.append(pygame.Rect(hand_rect.left, hand_rect.top - round(rise), hand_rect.width,
                                    hand_rect.height + round(rise)))
        return keep

    def hint_room(self) -> pygame.Rect:
        """The line above the hand as a hint fills it (a decision panel leaves it room if
        it can)."""
        return prompt_room(self.layout, self.kit.prompt_bottom(self.layout))

    def find_room(self, rect: pygame.Rect, *, also: Sequence[pygame.Rect] = ()) -> \
            tuple[pygame.Rect, bool]:
        """Where `rect` may stand on the felt, as near where it is as can be, covering
        nothing in view (nor `also`); and whether it covers nothing."""
        return room_on_felt(rect, self.layout, [*self.in_view(), *also])

    # Controls ----------------------------------------------------------------------------------
    def _refresh_controls(self) -> None:
        """Buttons for the person to act (once everything before is shown), and the side
        buttons' Undo and Redo as they stand."""
        self._clear_decisions()
        self._controls_for = self._position()
        if self.human_to_act() is not None and self.app.scene is self and self.caught_up:
            legal = list(self.session.match.legal())
            self.decisions = self.kit.buttons(self.app.ui, self.layout, legal, self)
            self._place_cursor()
            self._arrange(self.clock(), self.seconds(0.15))
        self._refresh_side()

    def _refresh_side(self) -> None:
        """Undo and Redo as the match stands now (a computer may have moved since the
        person's turn): greyed when they would do nothing, saying why."""
        if self.side is not None:
            self.side.refresh(self.undo_refusal(), self.seating.may_redo(self.session.match))

    def _place_cursor(self) -> None:
        """The keyboard starts where the turn asks for it: on the first card that may be
        played (the buttons beside it wait for Tab); in an exchange, on the first card of
        the hand (Space picks it, Enter sets the picked cards aside); else on the panel's
        first button."""
        playable = self.playable_in_hand()
        if playable:
            if self.selected not in playable:  # (a hint's card stays chosen)
                self.selected = playable[0]
            if self.decisions is not None:
                self.decisions.unfocus()
        elif self.decisions is not None and self.decisions.picks_cards:
            hand = self.in_hand()
            if hand and self.selected not in hand:
                self.selected = hand[0]
        elif self.decisions is not None:
            self.decisions.focus_default()

    def in_hand(self) -> list[Card]:
        """The viewer's cards as his hand shows them, left to right (none where the game's
        cards are drawn with its furniture)."""
        cards = self.kit.cards
        return cards.in_hand_order(self.view()) if cards is not None else []

    def collecting(self) -> bool:
        """Does the viewer pick several of his cards for one decision (an exchange)?"""
        cards = self.kit.cards
        return cards is not None and cards.collects_cards(self.view())

    def playable_in_hand(self) -> list[Card]:
        """The viewer's cards that he may play now, in the hand's order (none while it is
        not his turn, or his turn is not shown yet)."""
        cards = self.kit.cards
        if cards is None or self.human_to_act() is None or not self.caught_up:
            return []
        playable = cards.plays(self.session.match.legal())
        return [card for card in self.in_hand() if card in playable]

    def _clear_decisions(self) -> None:
        if self.decisions is not None:
            self.decisions.kill()
            self.decisions = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.coach is not None and self.coach.clicked(self, event.pos):
                return True
            if self._grab(event.pos):  # his turn is shown: his cards answer, even mid-glide
                return True
            if self.tables is not None and self.tables.clicked(self, event.pos):
                return True
            if self.queue or self.stage.busy(self.clock()):
                self.skip_animation()
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.position = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self._drop(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(
                pygame.mouse.get_pos()):
            self.log.wheel(event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return any(controls is not None and controls.pressed(event.ui_element)
                       for controls in (self.decisions, self.offer, self.notice, self.side))
        return False

    def skip_animation(self) -> None:
        """A click skips what is moving: show every waiting beat at once."""
        now = self.clock()
        while self.queue and self.app.scene is self:
            self._show(self.queue.popleft(), now)
        self.stage.finish()
        if self.kit.motion is not None:
            self.kit.motion.finish()
        self.beat_ends = now

    def _grab(self, position: tuple[int, int]) -> bool:
        """Pick up one's own card on one's turn: a click plays it (or picks it in an
        exchange), a drag plays it where it is dropped."""
        if self.human_to_act() is None or not self.caught_up:
            return False
        card = self._card_at(position)
        if card is None:
            return False
        self.drag = Drag(card, position, position)
        return True

    def _drop(self, position: tuple[int, int]) -> bool:
        drag, self.drag = self.drag, None
        assert drag is not None
        drag.position = position
        hand_line = self.layout.seats[0].hand[1] - self.layout.card_width
        if not drag.moved or position[1] < hand_line:  # a click, or dropped on the table
            self.play(drag.card)
        return True

    def _card_at(self, position: tuple[int, int]) -> Card | None:
        """The viewer's own card under the mouse (topmost first)."""
        mine = {card_key(card): card for card in self.in_hand()}
        for key, placement in reversed(self.stage.placements(self.clock())):
            if key in mine and self.card_rect(placement).collidepoint(position):
                return mine[key]
        return None

    def card_rect(self, placement: Placement) -> pygame.Rect:
        width = placement.width or self.layout.card_width
        rect = pygame.Rect(0, 0, width, round(width * art.CARD_RATIO))
        rect.center = (round(placement.x), round(placement.y))
        return rect

    def play(self, card: Card) -> None:
        """Play one of the viewer's cards (asking which, when several decisions play it: a
        led wild card's suit); in an exchange, pick it or put it back."""
        seat, cards = self.human_to_act(), self.kit.cards
        if seat is None or cards is None or not self.caught_up:
            return
        if cards.collects_cards(self.view()):
            self.marked ^= {card}
            self.refresh_cards()
            return
        legal = self.session.match.legal()
        choices = cards.plays(legal).get(card, ())
        if len(choices) > 1:
            if self._controls_for != self._position():  # the turn's own panel comes first,
                self._refresh_controls()  # else it would come later and replace the question
            if self.decisions is None:
                self.decisions = self.kit.buttons(self.app.ui, self.layout, legal, self)
            self.decisions.ask_which(choices)
            return
        self.decide(choices[0] if choices else cards.playing(seat, card))

    def _key(self, event: pygame.event.Event) -> bool:
        control = event.mod & pygame.KMOD_CTRL
        if control and event.key == pygame.K_z:
            self.undo()
        elif control and event.key == pygame.K_y:
            self.redo()
        elif control and event.key == pygame.K_s:
            self.open_save()
        elif event.key == pygame.K_ESCAPE:
            self.open_menu()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_selection(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in FOCUS_KEYS and self.decisions is not None:
            backwards = event.key == pygame.K_UP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            return self.decisions.move_focus(-1 if backwards else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter()
        elif event.key == pygame.K_SPACE and self.selected is not None:
            self.play(self.selected)  # in an exchange: pick it, or put it back
        elif event.key == pygame.K_h:
            self.hint()
        elif event.key == SWITCH_KEY and self.tables is not None:
            return self.tables.look_at_other(self)
        elif self.coach is not None and self.coach.key(self, event.key):
            return True
        else:
            return self.decisions is not None and self.decisions.key(event.key)
        return True

    def _enter(self) -> bool:
        """Enter sets aside the cards picked in an exchange, presses the button the keyboard
        is on, else plays the card under the cursor."""
        if self.decisions is not None and self.decisions.picks_cards:
            return self.decisions.confirm()
        if self.decisions is not None and self.decisions.press_focused():
            return True
        if self.selected is None:
            return False
        self.play(self.selected)
        return True

    def _move_selection(self, step: int) -> None:
        """Left and Right: the cursor along the hand; from nowhere, to the first (or last)
        card that may be played. Enter then plays the card, not a button Tab was on."""
        cards = self.in_hand()
        if self.human_to_act() is None or not cards:
            return
        if self.selected not in cards:
            start = self.playable_in_hand() or cards
            self.selected = start[0] if step > 0 else start[-1]
        else:
            self.selected = cards[(cards.index(self.selected) + step) % len(cards)]
        if self.decisions is not None:
            self.decisions.unfocus()
        self._arrange(self.clock(), self.seconds(0.12))

    # Menu actions ------------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why Undo may take nothing back now (None: it may). The Undo button is greyed,
        saying why, exactly when Ctrl+Z would say it."""
        return self.seating.undo_refusal(self.session.match)

    def undo(self) -> None:
        """Ctrl+Z and the Undo button: take back the person's last decision, or say why not."""
        refusal, seat = self.undo_refusal(), self.seating.undo_seat()
        if refusal is None and seat is not None and self.session.undo(seat):
            self.selected = None
        else:
            self.say(f"{refusal or NOTHING_YET}.")

    def redo(self) -> None:
        seat = self.seating.undo_seat()
        if seat is None or not self.session.redo(seat):
            self.say("Nothing to redo.")

    def open_menu(self) -> None:
        self.app.push(screens.make("pause", self.app, self))

    def open_save(self) -> None:
        self.app.push(screens.make("save", self.app, self.session, saved=self.say))

    def open_rules(self) -> None:
        self.app.push(screens.make("rules", self.app, self.ruleset.id))

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.frame(), self.kit, self.log)
        if self.tables is not None:
            self.tables.draw(surface, self)
        if self.coach is not None:
            self.coach.draw(surface, self)

    def draw_over_widgets(self, surface: pygame.Surface) -> None:
        if self.coach is not None:  # its pointer frames the decision panel's buttons too
            self.coach.draw_pointer(surface, self)

    def frame(self) -> Frame:
        """What the renderer draws now: the table, its cards where they are (the one
        dragged on top), the line above the hand and what it must leave in view."""
        table = self.table_state()
        sprites = self.stage.placements(table.now)
        drag = self.drag
        if drag is not None and drag.moved:  # the dragged card rides on top
            dragged = card_key(drag.card)
            sprites = [item for item in sprites if item[0] != dragged]
            sprites.append((dragged, Placement(float(drag.position[0]),
                                               float(drag.position[1]))))
        cards = self.kit.cards
        message = self.message()
        panel = self.decisions.panel if self.decisions is not None else None
        selected = card_key(self.selected) if self.selected is not None else None
        return Frame(table, sprites, selected,
                     suit_tags=cards.suit_tags(table.table) if cards is not None else {},
                     message=message, message_bottom=self.kit.prompt_bottom(self.layout),
                     keep_clear=self.in_view() if message is not None else (),
                     panel=panel.rect.copy() if panel is not None else None)

