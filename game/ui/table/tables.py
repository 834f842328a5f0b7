"""A match at two tables at one screen: which table is shown, the other at a glance, and
the other's computers playing on behind it.

The screen shows one table at a time, as a `TableScene` of that table's session; the
`TwoTables` beside it keeps the match. Each frame it lets the computers of the table not
shown play at the player's pace (their thinking is in the session's worker, never in the
frame), and moves the screen to whichever table needs a person, once the table shown is
caught up and needs none: behind the pass screen when the device changes hands, so no
person ever sees another's cards. A person may look at the other table (T, or a click on
its panel) whenever nobody must act at the table shown. It sees the screen of the table
shown through a narrow protocol (host.py's `TableShown`): its controller, its panel of the
other table, whether it is on top and has shown every beat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.rules.words import Naming
from game.services.play_again import Again
from game.services.session import GameSession
from game.services.tables import TablesSession
from game.ui import screens, text
from game.ui.table import hud
from game.ui.table.kit import kit_for
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.theme import panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screens import Screen
    from game.ui.table.host import TableShown
    from game.ui.table.online_tables import OnlineTables

SWITCH_KEY = pygame.K_t
BACKGROUND_BEAT = 0.9  # design seconds a decision holds an unseen table (as one shown would)
RUNS_BEHIND = ("table", "pass_device")  # the screens over which the other table plays on


def open_tables(app: App, session: TablesSession, *, from_start: bool = False,
                online: OnlineTables | None = None) -> Screen:
    """The screen of a match at two tables: the table a person must act at, else the first.
    `online`: the match is hosted for friends on other machines (online_tables.py)."""
    tables = TwoTables(app, session, online)
    return tables.scene_for(tables.first_table(), from_start=from_start)


class TwoTables:
    """The match behind the table shown."""

    def __init__(self, app: App, session: TablesSession,
                 online: OnlineTables | None = None) -> None:
        self.app = app
        self.session = session
        self.online = online
        several = kit_for(session.ruleset_id).several_tables
        assert several is not None, "a game played at two tables has results for them"
        self.results = several
        self.shown = 0
        self.holder: int | None = None  # the person (the match's seat) holding the device
        self.ready_at = [0.0] * len(session.tables)  # each table's next computer move
        self.finished_told: set[int] = set()  # tables whose end was shown
        # at each table, the decision a person must make, and since when
        self.waiting: list[tuple[tuple[int, int], float] | None] = [None] * len(session.tables)
        self._moving = False  # the screen is moving to the other table
        self.match_over_shown = False
        self._record_at_end = not session.over  # a match loaded over is only looked at
        # the other table's lines, for the state (and the room) they were worked out for
        self._panel: tuple[object, tuple[int, int], list[str]] | None = None

    # Which table ------------------------------------------------------------------------
    def first_table(self) -> int:
        """Where a person must act, else a table still playing, else the first."""
        waiting = self.needing_person()
        playing = [table for table, game in enumerate(self.session.tables) if not game.over]
        return (waiting or playing or [0])[0]

    def needing_person(self) -> list[int]:
        """The tables where a person must decide now."""
        return [table for table, game in enumerate(self.session.tables)
                if _here(game, game.to_act)]

    def scene_for(self, table: int, *, from_start: bool = False) -> Screen:
        """The table scene of `table`, its device held by whoever held it."""
        self.shown = table
        if self.online is not None:
            self.online.show(table)
        holder = None
        if self.holder is not None and self.session.place(self.holder)[0] == table:
            holder = self.session.place(self.holder)[1]
        return screens.make("table", self.app, self.session.tables[table],
                            from_start=from_start, tables=self, holder=holder,
                            online=self.online)

    def switch(self, scene: TableShown, table: int) -> None:
        """Show `table` in place of `scene`'s."""
        self._remember_holder(scene)
        self._moving = True
        try:
            self.app.replace(self.scene_for(table))
        finally:
            self._moving = False

    def closed(self) -> None:
        """A table's screen is gone: the match ends with it, unless the screen only moved
        to the other table (the friends are told the table has closed)."""
        if not self._moving:
            if self.online is not None:
                self.online.close()
            self.session.close()

    def _remember_holder(self, scene: TableShown) -> None:
        seating = scene.controller.seating
        holder = seating.holder
        if holder is not None:
            self.holder = self.session.seat_of(self.shown, holder)
        elif seating.pass_and_play:
            self.holder = None  # the device was put down (a result shown to all)

    @property
    def other(self) -> int:
        return 1 - self.shown

    def may_look_away(self, scene: TableShown) -> bool:
        """May the person look at the other table: nobody must act at this one?"""
        game = scene.controller.session
        return not (_here(game, game.to_act) and not game.over) \
            and not scene.controller.telling.queue

    def look_at_other(self, scene: TableShown) -> bool:
        """T or a click on the other table's panel."""
        if not self.may_look_away(scene):
            scene.controller.say("Play your turn here first.")
            return True
        self.switch(scene, self.other)
        return True

    # Each frame ------------------------------------------------------------------------
    def update(self, scene: TableShown) -> None:
        """The other table plays on; the screen moves where a person is needed."""
        now = scene.controller.clock()
        if self._runs_behind():
            self._play_behind(now, scene.controller.pace.hurried)
        self._note_waiting(now)
        if scene.on_top and scene.beats_over(now):
            self._move_if_needed(scene)  # between two beats: a person waits for no glide

    def _runs_behind(self) -> bool:
        """Does the other table play on: under the table, the pass screen or a result
        (not under the menu, a dialog or the rules)?"""
        top = self.app.scene
        return isinstance(top, ResultOverlay) or any(
            isinstance(top, screens.kind(name)) for name in RUNS_BEHIND)

    def _play_behind(self, now: float, hurried: bool) -> None:
        for table, game in enumerate(self.session.tables):
            if table == self.shown or game.over:
                continue
            ready = now >= self.ready_at[table]
            if game.computer_step(ready=ready):
                self.ready_at[table] = now + self._pace(hurried)

    def _pace(self, hurried: bool) -> float:
        settings = self.app.settings
        if hurried:
            return 0.0
        return settings.computer_delay() + settings.animation_seconds(BACKGROUND_BEAT)

    def _note_waiting(self, now: float) -> None:
        """Since when a person has been waiting for his decision at each table."""
        for table, game in enumerate(self.session.tables):
            moment = game.match.moment
            noted = self.waiting[table]
            if not _here(game, game.to_act):
                self.waiting[table] = None
            elif noted is None or noted[0] != moment:
                self.waiting[table] = (moment, now)

    def _move_if_needed(self, scene: TableShown) -> None:
        """To the other table when a person waits there and none here. (When persons wait
        at both, the device goes to whoever has waited longer once it must change hands
        anyway: `before_passing`; a table of persons only never keeps the screen.)"""
        game = scene.controller.session
        if _here(game, game.to_act):
            return  # his turn here: `before_passing` may yet send the screen away
        waiting = [table for table in self.needing_person() if table != self.shown]
        if waiting:
            self.switch(scene, waiting[0])
        elif game.over and self.shown in self.finished_told:
            if not self.session.tables[self.other].over:
                self.switch(scene, self.other)  # watch the table still playing
            elif not self.match_over_shown:  # the other ended while this one was looked at
                self.app.push(self.table_over(scene))

    def before_passing(self, scene: TableShown) -> bool:
        """The device must change hands at the table shown: to a person who has waited
        longer at the other table, if there is one (the screen goes there). Has it gone?"""
        self._note_waiting(scene.controller.clock())
        waiting = [table for table in self.needing_person() if table != self.shown]
        if waiting and self._waited_longer(waiting[0]):
            self.switch(scene, waiting[0])
            return True
        return False

    def _waited_longer(self, table: int) -> bool:
        there, here = self.waiting[table], self.waiting[self.shown]
        return there is not None and (here is None or there[1] < here[1])

    def wake_at(self) -> float | None:
        """When the table not shown has its next computer move."""
        moments = [self.ready_at[table] for table, game in enumerate(self.session.tables)
                   if table != self.shown and not game.over
                   and game.to_act is not None and not game.is_human(game.to_act)]
        return min(moments) if moments else None

    # A table ends ----------------------------------------------------------------------
    def table_over(self, scene: TableShown) -> Screen:
        """What the screen shows when the table shown has finished: its result while the
        other plays on, else the standings of the whole match."""
        self.finished_told.add(self.shown)
        if not self.session.over:
            return self.results.table_over(self.app, scene.controller, self)
        self.match_over_shown = True
        if self._record_at_end:
            self._record_at_end = False
            self._record_statistics(scene)
        over = self.results.match_over(self.app, scene.controller, self)
        if isinstance(over, GameOverOverlay):  # played again as the whole match; not with
            # friends on other machines (their seats would be this screen's persons)
            over.again = None if self.session.elsewhere else Again.of(self.session)
        return over

    def _record_statistics(self, scene: TableShown) -> None:
        """The match, played here to its end, goes into the persons' statistics once."""
        if self.session.human_seats:
            scene.controller.records.record_game(self.session.record(), self.session.sitting())

    # The other table at a glance ---------------------------------------------------------
    def clicked(self, scene: TableShown, position: tuple[int, int]) -> bool:
        if scene.other_table is not None and scene.other_table.collidepoint(position):
            return self.look_at_other(scene)
        return False

    def draw(self, surface: pygame.Surface, scene: TableShown) -> None:
        """The other table's panel: its progress, each player's worth, whose turn."""
        rect = scene.other_table
        if rect is None:
            return
        scale = scene.layout.scale
        game = self.session.tables[self.other]
        may_look = self.may_look_away(scene)
        hover = may_look and rect.collidepoint(pygame.mouse.get_pos())
        panel(surface, rect, (22, 40, 30, 235) if hover else (14, 26, 20, 220), radius=10,
              border=hud.GOLD if hover else None)
        pad = round(8 * scale)
        size = max(10, round(14 * scale))
        small = max(9, round(12 * scale))
        x, y = rect.left + pad, rect.top + pad
        title = f"Table {self.other + 1}"
        hud.blit_text(surface, title, size, hud.GOLD, (x, y), bold=True)
        if may_look:
            hud.blit_text(surface, "T: look", small, hud.MUTED, (rect.right - pad, y),
                          anchor="topright")
        y += round(text.font(size, True).get_linesize() * 1.05)
        for line in self._lines(game, rect.width - 2 * pad, small):
            hud.blit_text(surface, line, small, hud.INK, (x, y))
            y += text.font(small).get_linesize()

    def _lines(self, game: GameSession, width: int, size: int) -> list[str]:
        """The other table in a few short lines that fit `width`, worked out once for each
        position (the panel is drawn every frame)."""
        state, fit = game.match.state, (width, size)
        cached = self._panel
        if cached is None or cached[0] is not state or cached[1] != fit:
            cached = self._panel = (state, fit, self._worked_out_lines(game, width, size))
        return cached[2]

    def _worked_out_lines(self, game: GameSession, width: int, size: int) -> list[str]:
        state = game.match.state
        score = self.session.score
        naming = Naming(game.names, None)  # the public facts only: progress and worth
        lines = [] if game.over else _fitted([game.ruleset.progress(state)], width, size)
        players = [f"{naming.name(seat)} {self.session.score_text(score(state, seat))}"
                   for seat in range(len(game.names))]
        lines += _fitted(["   ".join(players[at:at + 2]) for at in range(0, len(players), 2)],
                         width, size)
        lines.append(_whose_turn(game, naming))
        return lines


def _here(game: GameSession, seat: int | None) -> bool:
    """Is `seat` a person's at this screen (not a friend's on another machine)?"""
    return seat is not None and seat in game.human_seats


def _whose_turn(game: GameSession, naming: Naming) -> str:
    if game.over:
        return "Finished."
    seat = game.to_act
    if seat is None:
        return "Dealing…"
    who = naming.name(seat)
    return f"{who} waits to play" if game.is_human(seat) else f"{who} to play"


def _fitted(lines: Sequence[str], width: int, size: int) -> list[str]:
    """Lines, shortened with an ellipsis where they would not fit."""
    fitted = []
    for line in lines:
        while line and text.measure(line, size) > width:
            line = line[:-2].rstrip() + "…"
        fitted.append(line)
    return fitted
