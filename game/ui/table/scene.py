"""The table: a game in progress, shown from one seat's view.

Everything that is not drawing is the table's controller's (game/services/table/
controller.py): the pace, whose turn and who sees what, the computers' moves, hints, a
lesson's refusals, the notice of a game not saved, finishing quickly, recording the
finished game. This screen shows what it tells, beat by beat (cards glide, the log speaks,
the game's furniture moves), and routes the person's input to it (input.py): he decides
by clicking, dragging or with the keyboard.

What is the game's own (its cards, furniture, buttons, results) comes from its kit
(kit.py); the viewer's hand on the felt is felt.py's, the widgets buttons.py's, the side
buttons' actions actions.py's, whose turn and a person's decision turns.py's, what a table
played over the network adds (its chat, the seat clock) over_network.py's; drawing is
render.py's. Each part gets a narrow protocol (host.py), never this screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.ruleset import Event
from game.services.lessons import LessonGame
from game.services.session import GameSession
from game.services.settings import Settings
from game.services.table.controller import OneOfTables, TableController
from game.services.table.telling import Beat
from game.ui import art
from game.ui.scene import Scene
from game.ui.table.actions import TableActions
from game.ui.table.buttons import TableButtons
from game.ui.table.chat_panel import whole_chat_muted
from game.ui.table.coach import CoachPanel, target_rect
from game.ui.table.ending import GameEnd
from game.ui.table.felt import Felt
from game.ui.table.friends import FriendsTable
from game.ui.table.input import TableInput
from game.ui.table.kit import kit_for, prepare_art
from game.ui.table.layout import (
    TableLayout,
    hand_for,
    table_layout,
    with_coach,
    with_other_table,
)
from game.ui.table.log_panel import LogPanel
from game.ui.table.online import OnlineTable
from game.ui.table.over_network import OverNetwork
from game.ui.table.render import TableRenderer
from game.ui.table.result_due import ResultDue
from game.ui.table.stage import Stage
from game.ui.table.tables import TwoTables
from game.ui.table.turns import TableTurns

if TYPE_CHECKING:
    from game.ui.app import App


class TableScene(Scene):
    def __init__(self, app: App, session: GameSession, *, from_start: bool = False,
                 tables: TwoTables | None = None, holder: int | None = None,
                 lesson: LessonGame | None = None,
                 online: OnlineTable | FriendsTable | None = None) -> None:
        """`from_start`: tell the game from its first event (a new game: the draw for
        Director and the first deal are shown); else from where the match stands.
        `tables`: the match this table is one of (tables.py), where `holder` (a seat of
        this table) may hold the device already. `lesson`: the lesson this game is
        (coach.py): its coach speaks, and nothing goes into the statistics. `online`:
        the table is hosted for friends on other machines (online.py), or is a friend's
        on another machine (friends.py)."""
        super().__init__(app)
        self.session = session  # the game at this table (a crash report tells it)
        self.tables = tables
        self.kit = kit_for(session.ruleset.id)
        self.log = LogPanel()
        self.controller = TableController(
            session, self.kit, self.log, clock=lambda: app.clock.now(),
            computer_delay=lambda: app.settings.computer_delay(), from_start=from_start,
            lesson=lesson, one_of=_one_of(tables, session), holder=holder)
        self.stage = Stage()
        self.renderer = TableRenderer()
        self.beat_ends = 0.0
        self._turn_at = 0.0  # when the table last had its turn (an update)
        self.result_due = ResultDue(app)
        self.other_table: pygame.Rect | None = None  # the panel of the other table, if any
        self.felt: Felt  # (made below: the turns reach them only once the table plays)
        self.buttons: TableButtons
        self.actions: TableActions
        self.turns = TableTurns(app, self)
        self.coach: CoachPanel | None = None
        if lesson is not None:
            self.coach = CoachPanel(app, lesson, self.controller, decide=self.turns.decide,
                                    undo=lambda: self.actions.undo(),
                                    pointed_at=lambda name: target_rect(
                                        self.felt, self.buttons.decisions, name))
        self.network = OverNetwork(app.ui, online, self.controller.say,
                                   setting=whole_chat_muted(app))
        self.layout: TableLayout
        self.layout, self.other_table = _laid_out(app.size, session, self.tables, self.coach,
                                                  self.network)
        self.felt = Felt(self.controller, self.kit, self.stage, self.layout,
                         card_art(app.settings),
                         decide=self.turns.decide, refresh=self.refresh_cards)
        self.buttons = TableButtons(app.ui, self.controller, self.kit, self.felt,
                                    laid_out=lambda: self.arrange(self.controller.clock(),
                                                                  self.seconds(0.15)),
                                    suggested=lambda: (self.coach.coaching.suggested()
                                                       if self.coach is not None else None))
        self.end = GameEnd(app, self, self.kit, self.result_due, coach=self.coach,
                           tables=tables)
        self.actions = TableActions(app, self.controller, self.felt, self.end, leave_lesson=(
            self.coach.leave if self.coach is not None else None))
        self.input = TableInput(self)
        self.arrange(self.controller.clock(), 0.0)

    # Scene life --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.leave()  # entering twice must not leave stray buttons behind
        self.relayout(self.app.size)
        self.buttons.open_side(self.actions)
        self._pull_events(self.controller.clock())
        self.buttons.refresh(self.on_top)
        welcome = self.coach.welcome() if self.coach is not None else None
        if welcome is not None:
            self.app.push(welcome)
        if self.controller.loaded_over():  # a finished game was loaded: its result
            self.app.push(self.end.shown_now())

    def leave(self) -> None:
        self.buttons.kill()
        self.network.kill()
        self.felt.drag = None  # the button will come up over another scene

    def relayout(self, size: tuple[int, int]) -> None:
        layout, self.other_table = _laid_out(size, self.session, self.tables, self.coach,
                                             self.network)
        self.layout = self.felt.layout = layout
        if self.kit.motion is not None:
            self.kit.motion.forget()
        self.buttons.withdraw_offer()  # offered again where the new layout has room
        self.buttons.withdraw_notice()
        self.arrange(self.controller.clock(), 0.0)
        prepare_art(self.kit, self.layout, self.session.match.view(self.controller.viewer),
                    self.felt.card_art, self.app.ahead.draw)

    def closed(self) -> None:
        self.felt.kept_panels.clear()
        if self.tables is not None:
            self.tables.closed()  # the whole match ends (online too), unless the screen moves
            return
        self.network.close()
        self.session.close()

    def settings_changed(self) -> None:
        self.felt.card_art = card_art(self.app.settings)
        self.renderer.forget()
        prepare_art(self.kit, self.layout, self.session.match.view(self.controller.viewer),
                    self.felt.card_art, self.app.ahead.draw)

    def leaving_loses(self) -> str | None:
        """What leaving now would lose: the game, when it could not be autosaved."""
        return self.controller.records.leaving_loses()

    @property
    def on_top(self) -> bool:
        return self.app.scene is self

    @property
    def moving(self) -> bool:
        """Does the game go on at this table: on top, or under a question that lets it
        (`table_moves_under`: the host asked about a friend away)?"""
        return self.on_top or getattr(self.app.scene, "table_moves_under", False)

    def beats_over(self, now: float) -> bool:
        """No beat waits to be shown, and the last one shown is over at `now`."""
        return not self.controller.telling.queue and now >= self.beat_ends

    @property
    def busy(self) -> bool:
        """Must the table have frames now: something to show (a decision made since its
        last turn, a beat not yet over), a glide, furniture moving (a note in flight, a
        dagger settling), a computer or the hint thinking?"""
        table, motion = self.controller, self.kit.motion
        now = table.clock()
        return ((self.moving and (not table.caught_up or self.result_due.waiting))
                or self._turn_at < self.beat_ends
                or self.stage.busy(now)
                or (motion is not None and motion.moving(table.view(), self.layout))
                or self.session.thinking is not None or self.session.hinting)

    def wake_at(self) -> float | None:
        """When the table needs a turn with nothing moving: a remark's end, and, on top,
        a computer's next move at the computers' pace."""
        moments = []
        if self.controller.toast is not None:
            moments.append(self.controller.toast[1])
        due = self.controller.computer_due()
        if self.moving and due is not None:
            moments.append(max(due, self.beat_ends))
        ticking = self.network.wake_at(self.controller.clock())
        if ticking is not None:
            moments.append(ticking)
        behind = self.tables.wake_at() if self.tables is not None else None
        if behind is not None:
            moments.append(behind)
        return min(moments) if moments else None

    # Time passes -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._update(dt)
        self.buttons.refresh_side()
        self.buttons.watch(self.on_top, save_as=self.actions.open_save,
                           finish=self.finish_quickly,
                           results=(self.end.offer, self.end.show_again)
                           if self.end.ended else None)
        if self.tables is not None:
            self.tables.update(self)
        if self.coach is not None:
            now = self.controller.clock()
            self.coach.update(self.on_top and self.controller.caught_up
                              and self.beats_over(now))

    def seconds(self, design: float) -> float:
        """An animation's length at the player's speed (none while finishing quickly)."""
        if self.controller.pace.hurried:
            return 0.0
        return self.app.settings.animation_seconds(design)

    @property
    def instant(self) -> bool:
        """Nothing glides: animations are off, or the persons are finishing quickly."""
        return self.controller.pace.hurried or self.app.settings.animation_speed == "off"

    def _update(self, dt: float) -> None:
        table = self.controller
        now = self._turn_at = table.clock()
        self.network.update(table)
        if self.result_due.waiting:
            self.result_due.show(self.on_top)
            return
        self._pull_events(now)
        while table.telling.queue and now >= self.beat_ends and self.moving \
                and not self.result_due.waiting:
            self._show(table.telling.queue.popleft(), now)
        if self.kit.motion is not None:
            self.kit.motion.settle(table.view(), self.layout, now, dt, instant=self.instant)
        table.tell_notes()
        hinted = table.hint_found()
        if hinted is not None:
            self.felt.take_hint(hinted)
            self.refresh_cards()
        table.expire_remark(now)
        if not self.moving:
            return
        if table.telling.queue or now < self.beat_ends:
            # His turn shows (his prompt, his playable cards) as soon as everything before
            # it is told, while the last beat still holds the table: so must its cursor
            # and buttons, or Enter pressed then would do nothing.
            if table.caught_up and table.human_to_act() is not None and self.buttons.stale():
                self.buttons.refresh(self.on_top)
            return
        self.turns.take(now)

    def _pull_events(self, now: float) -> None:
        if self.controller.pull():  # an undo or redo: show the match as it is
            self.felt.drag = None  # the card held may have gone back or been played again
            self.felt.marked = set()
            self.beat_ends = now
            self.arrange(now, self.seconds(0.25))
            self.buttons.refresh(self.on_top)

    def _show(self, beat: Beat, now: float) -> None:
        """Show one event: move the cards, speak, sound; the next beat waits its turn."""
        shape = self.kit.timing(beat.event)
        self.controller.show(beat)
        self.arrange(now, self.seconds(shape.move), event=beat.event,
                     hold=self.seconds(shape.hold), stagger=self.seconds(shape.stagger))
        if shape.sound:
            self.app.sounds.play(shape.sound)
        if self.kit.motion is not None:
            self.kit.motion.show(beat.event, self.layout, self.controller.seating.bottom, now,
                                 self.seconds(shape.move))
        ends = now + self.seconds(shape.hold + shape.move + shape.after)
        self.beat_ends = now if self.instant else max(ends, self.stage.ends_at())
        self._overlay_after(beat)

    def _overlay_after(self, beat: Beat) -> None:
        overlay = self.kit.overlay_after(self.app, self.controller, beat)
        if overlay is None:
            return
        if self.controller.ruleset.pending(beat.state).over:
            overlay = self.end.reached(overlay)  # (a match's, a lesson's that ends with it)
        self.controller.result_shown(beat.state)
        self.result_due.made(overlay, show_now=self.instant)

    def skip_animation(self) -> None:
        """A click skips what is moving: show every waiting beat at once."""
        now = self.controller.clock()
        while self.controller.telling.queue and self.on_top and not self.result_due.waiting:
            self._show(self.controller.telling.queue.popleft(), now)
        self.stage.finish()
        if self.kit.motion is not None:
            self.kit.motion.finish()
        self.beat_ends = now

    def finish_quickly(self) -> None:
        """The computers play the rest of the play the persons are out of at once."""
        self.controller.finishing.finish_quickly()
        self.skip_animation()
        self.buttons.withdraw_offer()

    # The person's input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return self.network.handle(event) or self.input.handle(event)

    # The cards on the felt ---------------------------------------------------------------------
    def arrange(self, now: float, duration: float, *, event: Event | None = None,
                hold: float = 0.0, stagger: float = 0.0) -> None:
        """Send every card towards its place for the table shown now, from `now` for
        `duration` seconds (a deal's cards one after another, `stagger` apart)."""
        cards, motion = self.kit.cards, self.kit.motion
        if cards is not None:
            table, bottom = self.controller.table_view(), self.controller.seating.bottom
            targets = self.felt.targets() | cards.event_targets(event, self.layout, bottom)
            order = cards.deal_order(table, targets)
            self.stage.arrange(
                targets, now, duration, spawn=cards.spawner(self.layout, bottom, table, event),
                delay=(lambda key: order.get(key, 0) * stagger) if stagger else None, hold=hold)
        if motion is not None:
            motion.arranged(self.controller.view(), self.layout)

    def refresh_cards(self) -> None:
        """Lay the cards out again (a card picked or put back)."""
        self.arrange(self.controller.clock(), self.seconds(0.12))

    # Drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.felt.frame(self.message(), self.buttons.decisions),
                           self.kit, self.log)
        self.buttons.draw_backdrop(surface)
        if self.tables is not None:
            self.tables.draw(surface, self)
        if self.coach is not None:
            self.coach.draw(surface, self.layout.scale)
        self.network.draw(surface, self.felt.plate_of, self.layout.scale)

    def draw_over_widgets(self, surface: pygame.Surface) -> None:
        if self.coach is not None:  # its pointer frames the decision panel's buttons too
            self.coach.draw_pointer(surface, self.layout.scale)

    def message(self) -> str | None:
        """The line above the hand: a passing remark, else what the player must do."""
        table = self.controller
        if table.toast is not None:
            return table.toast[0]
        if self.end.words is not None:
            return self.end.words
        decisions = self.buttons.decisions
        if decisions is not None and decisions.showing:
            return None  # the panel says it
        if table.human_to_act() is not None and table.caught_up:
            return self.kit.prompt(table.view())
        return None


def card_art(settings: Settings) -> art.CardArt:
    """The cards as the player chose them: two or four colours, and their back."""
    return art.CardArt(four_colour=settings.four_colour_suits, back=settings.card_back)


def _one_of(tables: TwoTables | None, session: GameSession) -> OneOfTables | None:
    """The match of tables this table is one of, as its controller knows it."""
    if tables is None:
        return None
    match = tables.session
    elsewhere = any(seat not in match.match.split.tables[tables.shown]
                    for seat in match.human_seats)
    return OneOfTables(match.introduction(tables.shown), persons_elsewhere=elsewhere)


def _laid_out(size: tuple[int, int], session: GameSession, tables: TwoTables | None,
              coach: CoachPanel | None, network: OverNetwork
              ) -> tuple[TableLayout, pygame.Rect | None]:
    """The table's layout in a window of `size`, with room for the other table's panel
    (returned, if there are two tables), the coach's and the chat's (given to them)."""
    players = session.match.players
    layout = table_layout(size, players, hand_for(session.ruleset.id, players))
    other = None
    if tables is not None:
        layout, other = with_other_table(layout)
    if coach is not None:
        layout, coach.rect = with_coach(layout)
    return network.laid_out(layout), other
