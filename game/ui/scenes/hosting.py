"""Your table for friends on other machines, before the game: where they reach it (the
address and the code to read out), who has taken each seat, and Start once every
friend's seat is taken (or given to a computer). The table listens from the moment this
screen opens; leaving it closes the table, and the friends are told."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.ai.levels import DEFAULT_LEVEL
from game.engine.saves import Seat
from game.net.headless import Hosting, Listening, hosting
from game.net.hosted import OPEN, PERSON, Chair
from game.services.session import FRIEND, HUMAN
from game.system.files import why_unwritten
from game.ui import art, screens, text
from game.ui.scenes.common import MenuScene, draw_backdrop, draw_lines
from game.ui.table.layout import hand_for, table_layout
from game.ui.table.online import OnlineTable
from game.ui.theme import GOLD, INK, MUTED, panel

if TYPE_CHECKING:
    from game.ui.app import App

PORT = 4747  # where a table listens first (the next ports if it is taken)
PORTS_TRIED = 10


class HostingScene(MenuScene):
    title = "Your table"

    def __init__(self, app: App, ruleset: str, options: Mapping[str, object],
                 seats: Sequence[Seat]) -> None:
        super().__init__(app)
        plan = [OPEN if seat.kind == FRIEND else PERSON if seat.kind == HUMAN
                else seat.level for seat in seats]
        names = ["" if seat.kind == FRIEND else seat.name for seat in seats]
        self.hosting: Hosting | None = None
        self.where: Listening | None = None
        self.trouble: str | None = None
        self._handed_over = False
        self._seen: tuple[tuple[str, str, bool], ...] = ()
        self._open(ruleset, options, plan, names)
        # The table's baize at its size, made while the lobby waits for the friends (in
        # the table's first frame it took 40 to 50 ms).
        felt = table_layout(app.size, len(seats), hand_for(ruleset, len(seats))).felt
        app.draw_ahead([lambda: art.felt(felt.size)])

    def _open(self, ruleset: str, options: Mapping[str, object], plan: list[str],
              names: list[str]) -> None:
        """Listen on the first free port from PORT (friends type it; 0 would change)."""
        error: OSError | None = None
        for port in range(PORT, PORT + PORTS_TRIED):
            table = hosting(ruleset, options, plan, port=port, wake=self.app.wake,
                            names=names,
                            session_options={"on_thinking_done": self.app.wake})
            try:
                self.where = table.open()
            except OSError as failure:
                error = failure
                table.close(wait=False)
                continue
            self.hosting = table
            host = next((name for kind, name in zip(plan, names, strict=True)
                         if kind == PERSON), None)
            table.announce(f"{host}'s table" if host else None, self.where.port)
            return
        assert error is not None
        self.trouble = f"The table could not listen for friends: {why_unwritten(error)}."

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        if self.where is None:
            return self.trouble or ""
        return "Friends on other machines join with the address and the code"

    @property
    def reach(self) -> str | None:
        """Where friends reach the table and its code, in the words read out to them."""
        where = self.where
        return None if where is None else \
            f"{where.address}:{where.port}   code {where.code}"

    def enter(self) -> None:
        scale = self.scale
        ready = self.hosting is not None and self.hosting.table.ready
        open_seats = self.hosting is not None and not ready
        top = self.app.size[1] - round(190 * scale)
        self.button_column([
            ("Start", self._start if ready else None),
            ("Computers in the open seats", self._computers if open_seats else None),
            ("Close the table", self.back),
        ], top, width=360)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hosting is None:
            return
        self.hosting.pump()
        seen = tuple((chair.name, chair.kind, chair.taken) for chair in self.chairs)
        if seen != self._seen:
            self._seen = seen
            self.hosting.follow_seats()
            self.rebuild()  # Start may be offered now

    @property
    def chairs(self) -> list[Chair]:
        return self.hosting.table.chairs if self.hosting is not None else []

    def _computers(self) -> None:
        assert self.hosting is not None
        for seat, chair in enumerate(self.chairs):
            if chair.is_friends and not chair.taken:
                self.hosting.table.give_to_computer(seat, DEFAULT_LEVEL)

    def _start(self) -> None:
        table = self.hosting
        assert table is not None
        table.table.start()
        session = table.table.session
        assert session is not None
        self._handed_over = True
        self.app.replace(screens.make("table", self.app, session, from_start=True,
                                      online=OnlineTable(table)))

    def back(self) -> None:
        self.app.pop()

    def closed(self) -> None:
        if self.hosting is not None and not self._handed_over:
            self.hosting.close(wait=False)

    def draw(self, surface: pygame.Surface) -> None:
        scale = draw_backdrop(surface, self.title, self.subtitle)
        centre = surface.get_width() // 2
        reach = self.reach
        if reach is not None:
            line = text.render(reach, round(34 * scale), GOLD, bold=True)
            surface.blit(line, line.get_rect(midtop=(centre, round(132 * scale))))
        width = round(600 * scale)
        rect = Rect(centre - width // 2, round(196 * scale), width,
                    round((64 + 40 * len(self.chairs)) * scale))
        panel(surface, rect, (16, 26, 20, 220), radius=12, border=GOLD)
        size = max(12, round(20 * scale))
        y = rect.top + round(20 * scale)
        for seat, chair in enumerate(self.chairs):
            words, colour = seat_words(chair)
            surface.blit(text.render(f"Seat {seat + 1}", size, MUTED),
                         (rect.left + round(24 * scale), y))
            surface.blit(text.render(words, size, colour),
                         (rect.left + round(140 * scale), y))
            y += round(40 * scale)
        if self.trouble is None:
            note = max(12, round(16 * scale))
            lines = text.wrap(WAITING if not self._ready() else READY, note,
                              rect.width - round(48 * scale))
            draw_lines(surface, lines, (rect.left + round(24 * scale), y), note,
                       colour=MUTED)

    def _ready(self) -> bool:
        return self.hosting is not None and self.hosting.table.ready


WAITING = "Read the address and the code to your friends: their seats fill as they join."
READY = "Everyone is here."


def seat_words(chair: Chair) -> tuple[str, tuple[int, int, int]]:
    """Who sits in a chair, for the lobby, and in which colour."""
    if chair.kind == PERSON:
        return f"{chair.name} (here)", INK
    if chair.is_friends:
        if not chair.taken:
            return "Waiting for a friend…", MUTED
        return f"{chair.name} (joined)", GOLD
    return f"Computer: {chair.kind.capitalize()}", INK
