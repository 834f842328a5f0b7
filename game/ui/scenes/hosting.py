"""Your table for friends on other machines, before the game: where they reach it (the
address and the code to read out), who has taken each seat, and Start once every
friend's seat is taken (or given to a computer). The table listens from the moment this
screen opens; leaving it closes the table, and the friends are told. For friends beyond
this network, the host may open the table on a relay as well (relay.py): its address
typed, the lobby says what friends type to come through it.

Six to eight at Coup d'État play at two tables (hosted_tables.py): the lobby shows each
table's seats in a column of its own, numbered as the table numbers them (as New game
showed them), and says that such a match cannot be continued once the window closes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Rect
from pygame_gui.elements import UITextEntryLine

from game.ai.levels import DEFAULT_LEVEL
from game.engine.saves import Seat
from game.net.client import Address, parse_address
from game.net.headless import Hosting, Listening
from game.net.hosted import OPEN, PERSON, Chair
from game.net.keeping_thread import KeepingThread
from game.services.session import FRIEND, HUMAN
from game.services.tables import TablesSession
from game.ui import glyphs, screens, text
from game.ui.carry_on import NOT_KEPT, asking_the_host, held_keeper, listening
from game.ui.scenes.common import MenuScene, draw_backdrop, draw_lines, lines_step
from game.ui.table.chat_panel import ChatPanel, lobby_place, whole_chat_muted
from game.ui.table.online import OnlineTable, host_chat
from game.ui.table.online_tables import NOT_CONTINUED, OnlineTables
from game.ui.table.to_come import TableToCome, rehearse
from game.ui.theme import GOLD, INK, MUTED, panel

if TYPE_CHECKING:
    from game.engine.tables import Split
    from game.net.relay_link import RelayLink
    from game.ui.app import App

MOST_ADDRESS = 80  # characters typed in the relay's box


class HostingScene(MenuScene):
    title = "Your table"

    def __init__(self, app: App, ruleset: str, options: Mapping[str, object],
                 seats: Sequence[Seat], time: float | None = None,
                 split: Split | None = None) -> None:
        """`time`: the seconds a person has for each decision (None: no time); `split`:
        who sits at which table, when the players sit at two."""
        super().__init__(app)
        plan = [OPEN if seat.kind == FRIEND else PERSON if seat.kind == HUMAN
                else seat.level for seat in seats]
        names = ["" if seat.kind == FRIEND else seat.name for seat in seats]
        self.hosting: Hosting | None = None
        self.where: Listening | None = None
        self.trouble: str | None = None
        self._handed_over = False
        self._seen: tuple[tuple[str, str, bool], ...] = ()
        self.relay_box: UITextEntryLine | None = None
        self.relay_typed = ""
        self.relay_note = ""  # what is wrong with the relay's address typed
        self.relay: tuple[Address, RelayLink] | None = None  # the relay opened on
        self.split = split
        self.keeping = KeepingThread(held_keeper() if split is None else None)
        if split is not None:
            self.keeping.said.put(NOT_CONTINUED)  # in the log, when the match begins
        elif self.keeping.keeper is None:
            self.keeping.said.put(NOT_KEPT)
        opened = listening(app, self.keeping, ruleset, options, plan, names, time=time,
                           split=split)
        if isinstance(opened, str):
            self.trouble = opened
        else:
            self.hosting, self.where = opened
        self.chat = None if self.hosting is None else ChatPanel(
            app.ui, host_chat(self.hosting, lambda: None), self._refused,
            setting=whole_chat_muted(app))
        self.refused: str | None = None  # why the last line of chat was not said
        rehearse(app, TableToCome(app.size, ruleset, options, names, app.settings,
                                  table_players=None if split is None else max(split.sizes),
                                  online=True))

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
        ready = self.hosting is not None and self.hosting.table.ready
        open_seats = self.hosting is not None and not ready
        top = self._buttons_top()
        self.button_column([
            ("Start", self._start if ready else None),
            ("Computers in the open seats", self._computers if open_seats else None),
            ("Close the table", self.back),
        ], top, width=360)
        if self.hosting is not None and self.relay is None:
            self._relay_row(self._relay_top())
        if self.chat is not None:
            self.chat.place(lobby_place(self.app.size, self.scale), self.scale)

    def _buttons_top(self) -> int:
        return self.app.size[1] - round(190 * self.scale)

    def _relay_top(self) -> int:
        """Where the relay's row is (once the table is open on a relay, what friends type
        to come through it is said there)."""
        return self._buttons_top() - round(58 * self.scale)

    def _relay_row(self, top: int) -> None:
        """The relay's address, and the button that opens the table on it."""
        scale = self.scale
        width = round(600 * scale)
        left = self.app.size[0] // 2 - width // 2
        box = self.relay_box = self.keep(UITextEntryLine(
            Rect(left, top, width - round(230 * scale), round(44 * scale)),
            manager=self.app.ui, placeholder_text="A relay's address, HOST:PORT"))
        box.set_forbidden_characters(glyphs.zero_width())
        box.set_text_length_limit(MOST_ADDRESS)
        box.set_text(self.relay_typed)
        self.button(Rect(box.relative_rect.right + round(10 * scale), top,
                         round(220 * scale), round(44 * scale)), "Open on the relay",
                    self._open_on_relay)

    def leave(self) -> None:
        if self.relay_box is not None:  # laid out again as seats are taken: kept as typed
            self.relay_typed = self.relay_box.get_text()
            self.relay_box = None
        super().leave()
        if self.chat is not None:
            self.chat.kill()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.chat is not None and self.chat.handle(event):
            return True
        return super().handle(event)

    def _refused(self, reason: str) -> None:
        self.refused = reason

    def _open_on_relay(self) -> None:
        assert self.hosting is not None and self.relay_box is not None
        self.relay_typed = self.relay_box.get_text().strip()
        try:
            address = parse_address(self.relay_typed)
        except ValueError:
            self.relay_note = "Type the relay's address as HOST:PORT, such as 203.0.113.5:4748."
            return
        self.relay_note = ""
        self.relay = (address, self.hosting.server.open_on_relay(address))
        # kept with the table: Continue opens it there again
        self.keeping.relay, self.keeping.relay_key = str(address), self.relay[1].key
        self.rebuild()
        self.keyboard.lift()  # (it was on the relay's row: Close the table took its place)

    @property
    def relay_words(self) -> str | None:
        """What the lobby says of the relay: what friends type to come through it, or
        what is wrong."""
        if self.relay is None:
            return self.relay_note or None
        address, link = self.relay
        if not link.open or self.where is None:
            return link.state
        return (f"Friends anywhere: {address} with Through a relay on, "
                f"code {self.where.code}")

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
        muting = self.chat.chat.muting if self.chat is not None else None
        ask = asking_the_host(self.app, table)
        if isinstance(session, TablesSession):
            self.app.replace(screens.make("tables", self.app, session, from_start=True,
                                          online=OnlineTables(table, self.keeping,
                                                              muting=muting, ask=ask)))
            return
        self.app.replace(screens.make("table", self.app, session, from_start=True,
                                      online=OnlineTable(table, self.keeping, muting=muting,
                                                         ask=ask)))

    def back(self) -> None:
        self.app.pop()

    def closed(self) -> None:
        if not self._handed_over:
            if self.hosting is not None:
                self.hosting.close(wait=False)
            self.keeping.stop()

    def draw(self, surface: pygame.Surface) -> None:
        scale = draw_backdrop(surface, self.title, self.subtitle)
        centre = surface.get_width() // 2
        reach = self.reach
        if reach is not None:
            line = text.render(reach, round(34 * scale), GOLD, bold=True)
            surface.blit(line, line.get_rect(midtop=(centre, round(132 * scale))))
        relayed = self.relay_words
        if relayed is None and self.relay_box is not None:
            relayed = RELAY_HINT
        if relayed is not None:  # in the relay's row once opened on one, else above it
            opened = self.relay is not None
            line = text.render(relayed, max(12, round((22 if opened else 16) * scale)),
                               GOLD if self.relay is not None and self.relay[1].open
                               else MUTED)
            y = self._relay_top() + round((10 if opened else -26) * scale)
            surface.blit(line, line.get_rect(midtop=(centre, y)))
        width = round((600 if self.split is None else 760) * scale)
        note = max(12, round(16 * scale))
        lines = [] if self.trouble is not None else \
            text.wrap(self.notes, note, width - round(48 * scale))
        rows = len(self.chairs) if self.split is None else 1 + max(self.split.sizes)
        rect = Rect(centre - width // 2, round(196 * scale), width,
                    round((40 + 40 * rows) * scale) + len(lines) * lines_step(note))
        panel(surface, rect, (16, 26, 20, 220), radius=12, border=GOLD)
        y = rect.top + round(20 * scale)
        columns: list[tuple[str | None, list[tuple[int, Chair]]]]
        if self.split is None:
            columns = [(None, list(enumerate(self.chairs)))]
        else:
            chairs = self.chairs
            columns = [(f"Table {number + 1}", [(place, chairs[seat]) for place, seat
                                                in enumerate(seats)])
                       for number, seats in enumerate(self.split.tables)]
        step = (width - round(24 * scale)) // len(columns)
        for column, (heading, seated) in enumerate(columns):
            draw_seats(surface, (rect.left + round(24 * scale) + column * step, y), scale,
                       heading, seated)
        y += round(40 * scale) * rows
        draw_lines(surface, lines, (rect.left + round(24 * scale), y), note, colour=MUTED)
        if self.chat is not None:
            self.chat.draw(surface, self.refused)

    @property
    def notes(self) -> str:
        """What the lobby says under the seats: whether everyone is here (and that a match
        at two tables cannot be continued)."""
        said = WAITING if not self._ready() else READY
        return said if self.split is None else f"{said} {NOT_CONTINUED}"

    def _ready(self) -> bool:
        return self.hosting is not None and self.hosting.table.ready


WAITING = "Read the address and the code to your friends: their seats fill as they join."
READY = "Everyone is here."
RELAY_HINT = "Friends in other homes? Open your table on a relay too: type its address."


def draw_seats(surface: pygame.Surface, at: tuple[int, int], scale: float,
               heading: str | None, seated: Sequence[tuple[int, Chair]]) -> None:
    """A column of seats from `at`, under a table's heading if there are two tables: each
    seat's number there and who sits in it."""
    size = max(12, round(20 * scale))
    x, y = at
    if heading is not None:
        surface.blit(text.render(heading, size, GOLD, bold=True), (x, y))
        y += round(40 * scale)
    words_at = x + round((116 if heading is None else 96) * scale)
    for place, chair in seated:
        words, colour = seat_words(chair)
        surface.blit(text.render(f"Seat {place + 1}", size, MUTED), (x, y))
        surface.blit(text.render(words, size, colour), (words_at, y))
        y += round(40 * scale)


def seat_words(chair: Chair) -> tuple[str, tuple[int, int, int]]:
    """Who sits in a chair, for the lobby, and in which colour."""
    if chair.kind == PERSON:
        return f"{chair.name} (here)", INK
    if chair.is_friends:
        if not chair.taken:
            return "Waiting for a friend…", MUTED
        return f"{chair.name} (joined)", GOLD
    return f"Computer: {chair.kind.capitalize()}", INK
