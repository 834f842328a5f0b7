"""Join a friend's table: its address and code (read out by the host) and your name, and
whether the address is a relay's (one the host opened the table on, relay.py); then
the table's waiting room (who has taken each seat) until the host starts the game, and the
table itself, where your seat is yours and the others' cards are never on this machine."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame
from pygame import Rect
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.engine.texts import MAX_NAME_LENGTH, seat_name
from game.games import GAMES
from game.net.at_friends import AtFriends
from game.net.client import parse_address
from game.net.discovery import Browser, FoundTable
from game.net.kept_seats import SeatKeeper
from game.net.wire import CODE_LENGTH, normal_code, valid_code
from game.rules.words import counted
from game.services.session import GameSession
from game.ui import glyphs, screens, text
from game.ui.carry_on import take_seat
from game.ui.scenes.common import MenuScene, draw_backdrop
from game.ui.table.chat_panel import ChatPanel, lobby_place, whole_chat_muted
from game.ui.table.friends import FriendsTable
from game.ui.table.to_come import TableToCome, rehearse
from game.ui.theme import GOLD, INK, MUTED, panel

if TYPE_CHECKING:
    from game.ui.app import App

MOST_ADDRESS = 80  # characters typed in the address box
MOST_FOUND_SHOWN = 4  # tables found on the network shown as buttons
NO_ANSWER = 8.0  # seconds a seat taken up again waits before the player is told what to do


class JoinScene(MenuScene):
    title = "Join a table"
    subtitle = "Type what your host reads out: the table's address and its code"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.address: UITextEntryLine | None = None
        self.code: UITextEntryLine | None = None
        self.name: UITextEntryLine | None = None
        self.message: UILabel | None = None
        self.relay: UIButton | None = None  # turns `through_relay` on and off
        self.typed = ("", "", "")
        self.through_relay = False  # the address typed is a relay's
        self.browser = Browser(wake=app.wake)  # the tables announced on the network
        self.browser.start()
        self.found: tuple[FoundTable, ...] = ()  # as the buttons show them

    def enter(self) -> None:
        scale, ui = self.scale, self.app.ui
        width = round(560 * scale)
        left = self.app.size[0] // 2 - width // 2
        label_width, row = round(170 * scale), round(56 * scale)
        y = round(160 * scale)
        boxes = []
        for words, typed, limit in (("Address", self.typed[0], MOST_ADDRESS),
                                    ("Code", self.typed[1], CODE_LENGTH + 4),
                                    ("Your name", self.typed[2], MAX_NAME_LENGTH)):
            self.keep(UILabel(Rect(left, y, label_width, round(40 * scale)), words,
                              manager=ui, object_id="#left_label"))
            box = self.keep(UITextEntryLine(
                Rect(left + label_width, y, width - label_width, round(40 * scale)),
                manager=ui))
            box.set_forbidden_characters(glyphs.zero_width())
            box.set_text_length_limit(limit)
            box.set_text(typed)
            boxes.append(box)
            y += row
        self.address, self.code, self.name = boxes
        self.relay = self.button(
            Rect(left + label_width, y, width - label_width, round(40 * scale)),
            relay_words(self.through_relay), self._toggle_relay,
            tip="On when your host says to come through a relay")
        y += round(50 * scale)
        self.message = self.keep(UILabel(Rect(left, y, width, round(30 * scale)), "",
                                         manager=ui, object_id="#note_label"))
        y += round(50 * scale)
        join = Rect(self.app.size[0] // 2 - round(210 * scale), y, round(200 * scale),
                    round(46 * scale))
        self.button(join, "Join", self._join)
        self.button(join.move(round(220 * scale), 0), "Back", self.back)
        self._found_buttons(Rect(left, join.bottom + round(40 * scale), width,
                                 round(36 * scale)))
        if self.keyboard.place is None:  # (else the keyboard puts the focus where it is)
            self.app.ui.set_focus_set(self.address)  # (the manager's: Enter moves it on)

    def _found_buttons(self, row: Rect) -> None:
        """The tables found on the local network, a button each: it fills the address."""
        self.found = self.browser.tables()[:MOST_FOUND_SHOWN]
        if not self.found:
            return
        self.keep(UILabel(row, "Tables on your network:", manager=self.app.ui,
                          object_id="#note_label"))
        for table in self.found:
            row = row.move(0, row.height + round(6 * self.scale))
            self.button(row, found_words(table), self._chosen(table))

    def _chosen(self, table: FoundTable) -> Callable[[], None]:
        def choose() -> None:
            self._remember()
            self.typed = (f"{table.address}:{table.port}", *self.typed[1:])
            self.through_relay = False  # a table on this network is reached directly
            self._fill()
            self._say("Now the code your host reads out, and your name.")
            if self.code is not None:  # (typing goes on there, without a click)
                self.app.ui.set_focus_set(self.code)
        return choose

    def _fill(self) -> None:
        """The boxes as `typed` and `through_relay` say (not as they show now)."""
        for box, typed in zip((self.address, self.code, self.name), self.typed, strict=True):
            if box is not None:
                box.set_text(typed)
        if self.relay is not None:
            self.relay.set_text(relay_words(self.through_relay))

    def _toggle_relay(self) -> None:
        # Laid out again, as New game's choices are: a button's new words are drawn over
        # a few frames, and the window, idle after a key, showed the old ones until the
        # mouse moved.
        self.through_relay = not self.through_relay
        self.rebuild()  # (what was typed is remembered as the form is left)

    def update(self, dt: float) -> None:
        super().update(dt)
        covered = self.app.scene is not self  # (by the waiting room: laid out when back)
        if not covered and self.browser.tables()[:MOST_FOUND_SHOWN] != self.found:
            self._remember()
            self.rebuild()

    def closed(self) -> None:
        self.browser.close()

    def _remember(self) -> None:
        if self.address is not None and self.code is not None and self.name is not None:
            self.typed = (self.address.get_text(), self.code.get_text(), self.name.get_text())

    def leave(self) -> None:
        self._remember()
        super().leave()

    def _join(self) -> None:
        self._remember()
        address_typed, code_typed, name_typed = self.typed
        try:
            address = parse_address(address_typed)
        except ValueError:
            self._say("Type the address as your host says it, such as 192.168.1.20:4747.")
            return
        code = normal_code(code_typed)
        if not valid_code(code):
            self._say(f"The code is {CODE_LENGTH} letters and digits, as your host says it.")
            return
        name = seat_name(name_typed)
        if name is None:
            self._say("Type your name: the others see it at the table.")
            return
        address.relay = self.through_relay
        keeper = SeatKeeper(address.kept_as, code)
        take_seat(self.app, address, code, name, keeper, keeper.take_up())

    def _say(self, words: str) -> None:
        if self.message is not None:
            self.message.set_text(words)


def relay_words(through_relay: bool) -> str:
    """The relay's choice on its button, said as New game's choices say theirs (the
    host's lobby tells friends to turn it on in these words)."""
    return f"Through a relay: {'on' if through_relay else 'off'}"


def found_words(table: FoundTable) -> str:
    """A table found on the network, on its button: its name, game and open seats."""
    game = GAMES.get(table.ruleset or "")
    words = [table.name, game.title if game is not None else "a game of another version"]
    if table.playing:
        words.append("playing")
    elif table.open is not None:
        words.append(counted(table.open, "seat") + " open")
    return " · ".join(words)


class WaitingRoom(MenuScene):
    """Joined (or joining): who has taken each seat, until the host starts the game."""

    title = "Your friend's table"

    def __init__(self, app: App, at: AtFriends, *, rejoining: bool = False) -> None:
        """`rejoining`: the seat is taken up again (the game may be under way: it is shown
        where it stands, not told again from its start)."""
        super().__init__(app)
        self.at = at
        self.rejoining = rejoining
        self._handed_over = False
        self.chat = ChatPanel(app.ui, at.chat, self._refused, setting=whole_chat_muted(app))
        self.refused: str | None = None  # why the last line of chat was not said
        self.waited = 0.0  # seconds since the room opened
        self._rehearsed = False  # the table to come drawn ahead

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        at = self.at
        if at.over:
            return at.ended or "The table has closed."
        if at.seat is None and self.rejoining and self.waited >= NO_ANSWER:
            return (f"No answer at {at.link.address}: if the table is elsewhere now, leave "
                    "and join it there with its code (your seat is found by it)")
        if at.seat is None:
            return f"Taking up your seat again at {at.link.address}…" if self.rejoining \
                else "Joining…"
        return f"{at.title}: waiting for the host to start the game"

    def enter(self) -> None:
        top = self.app.size[1] - round(120 * self.scale)
        self.button_column([("Leave the table", self.back)], top, width=360)
        self.chat.place(lobby_place(self.app.size, self.scale), self.scale)

    def leave(self) -> None:
        super().leave()
        self.chat.kill()

    def handle(self, event: pygame.event.Event) -> bool:
        return self.chat.handle(event) or super().handle(event)

    def _refused(self, reason: str) -> None:
        self.refused = reason

    def update(self, dt: float) -> None:
        super().update(dt)
        self.waited += dt
        self.at.pump()
        self._rehearse()
        session = self.at.session
        # A seat taken up again is shown where the game is, once all that came before has
        # been told again: its past is not played out at the table.
        ready = session is not None and (self.at.caught_up or not self.rejoining)
        if ready and not self._handed_over:
            self._handed_over = True
            table = screens.make("table", self.app, cast(GameSession, session),
                                 from_start=not self.rejoining,
                                 online=FriendsTable(self.at))
            self.app.replace(table)

    def _rehearse(self) -> None:
        """Once welcomed, the table is drawn ahead while the room waits (to_come.py)."""
        coming = self.at.coming
        if coming is None or self._rehearsed:
            return
        self._rehearsed = True
        ruleset, options = coming
        names = [seat_name(entry.get("name")) or "" for entry in self.at.lobby]
        rehearse(self.app, TableToCome(self.app.size, ruleset, options, names,
                                       self.app.settings, online=True))

    def wake_at(self) -> float | None:
        """A seat taken up again, told anew, asks its host again if a message was lost."""
        seconds = self.at.look_in()
        return None if seconds is None else self.app.clock.now() + seconds

    def back(self) -> None:
        self.app.pop()

    def closed(self) -> None:
        if not self._handed_over:
            self.at.close()

    def draw(self, surface: pygame.Surface) -> None:
        scale = draw_backdrop(surface, self.title, self.subtitle)
        self.chat.draw(surface, self.refused)
        seats = self.at.lobby
        if not seats:
            return
        width = round(560 * scale)
        rect = Rect(surface.get_width() // 2 - width // 2, round(150 * scale), width,
                    round((40 + 40 * len(seats)) * scale))
        panel(surface, rect, (16, 26, 20, 220), radius=12, border=GOLD)
        size, y = max(12, round(20 * scale)), rect.top + round(20 * scale)
        for entry in seats:
            words, colour = self._seat_words(entry)
            surface.blit(text.render(f"Seat {int(entry.get('seat', 0)) + 1}", size, MUTED),
                         (rect.left + round(24 * scale), y))
            surface.blit(text.render(words, size, colour), (rect.left + round(140 * scale), y))
            y += round(40 * scale)

    def _seat_words(self, entry: dict[str, object]) -> tuple[str, tuple[int, int, int]]:
        name = seat_name(entry.get("name")) or ""
        kind = entry.get("kind")
        if entry.get("seat") == self.at.seat:
            return f"{name} (you)", GOLD
        if kind == "computer":
            level = str(entry.get("level") or "").capitalize()
            return f"Computer: {level}" if level else "Computer", INK
        if kind == "friend" and not entry.get("taken"):
            return "Waiting for a friend…", MUTED
        return (f"{name} (host)" if kind == "host" else name), INK
