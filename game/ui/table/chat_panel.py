"""The chat of a table for friends on other machines, under the log: the last lines said
(a name in gold, then the words), and a way to talk. C opens a line to type in, with the
ready phrases as buttons above it; Enter says the line, Escape closes it and the table's
keys are the table's again. Mute… lists the seats that have spoken and the whole chat,
each to mute or hear again at this screen. Nothing here names a game: the chat is any
table's (game/net/chat.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton, UITextEntryLine

from game.net.chat import MOST_CHAT, PHRASES, ChatAt, Line
from game.ui import text
from game.ui.table.hud import GOLD, INK, panel
from game.ui.theme import MUTED, PANEL

if TYPE_CHECKING:
    from game.ui.app import App

CHAT_KEY = pygame.K_c
HEADING = 26  # design pixels of the panel's heading
ROW = 26  # design pixels of a row of buttons, or of the line typed
SMALL_BUTTON = 24  # pixels a button of the theme's #small_button needs, at any scale: its
# 13-pixel words, its border and its shadow (the theme's fonts do not shrink with the window)
GAP = 4  # pixels between two rows of buttons
MUTE_WIDTH = 78  # design pixels of the Mute… button
LEAST_MUTE_WIDTH = 72  # pixels its words need, at any scale
SMALL = "#small_button"
SMALL_WORDS = 13  # the type size of its words (theme.json)
INSIDE = 28  # pixels of a button's width its border, corners and shadow take
TYPING, MUTING = "typing", "muting"
OPAQUE = (*PANEL[:3], 255)


@dataclass(frozen=True)
class WholeChatMuted:
    """The setting that mutes the whole chat at every table: read when a chat is shown,
    kept when the person mutes (or hears again) the whole chat. A seat's mute is the
    table's alone: a seat is another person at the next table."""

    read: Callable[[], bool]
    keep: Callable[[bool], None]


def whole_chat_muted(app: App) -> WholeChatMuted:
    """The window's setting (`chat_muted`), kept with the others."""
    return WholeChatMuted(lambda: app.settings.chat_muted,
                          lambda muted: app.apply_settings(replace(app.settings,
                                                                   chat_muted=muted)))


class ChatPanel:
    def __init__(self, ui: pygame_gui.UIManager, chat: ChatAt,
                 remark: Callable[[str], None], *,
                 setting: WholeChatMuted | None = None) -> None:
        """`remark`: a line said over the table (why a line of chat was refused);
        `setting`: whether the whole chat is muted, kept beyond this table."""
        self.ui, self.chat, self.remark = ui, chat, remark
        self.setting = setting
        if setting is not None:
            chat.muting.everything = setting.read()
        self.rect = Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.mode: str | None = None  # TYPING, MUTING, or only the lines shown
        self.field: UITextEntryLine | None = None
        self.choices: dict[UIButton, Callable[[], None]] = {}
        self.mute_button: UIButton | None = None
        self._opening = False  # C is down: the line opens when it is let go (else the
        # letter it types would be the line's first)

    def place(self, rect: Rect, scale: float) -> None:
        self.rect, self.scale = rect, scale
        self._rebuild()

    # What is open ---------------------------------------------------------------------------
    def open(self, mode: str = TYPING) -> None:
        self.mode = mode
        self._rebuild()

    def close(self) -> None:
        self.mode = None
        self._rebuild()

    @property
    def area(self) -> Rect:
        """Where the panel is drawn now: taller while open (over the foot of the log), for
        its buttons."""
        extra = self.row * self._rows()
        return Rect(self.rect.left, self.rect.top - extra, self.rect.width,
                    self.rect.height + extra)

    @property
    def row(self) -> int:
        """Pixels of a row of buttons (or of the line typed): as designed, or as much as
        their words need."""
        return max(round(ROW * self.scale), SMALL_BUTTON + GAP)

    @property
    def heading(self) -> int:
        """Pixels of the panel's heading, with the Mute… button in it."""
        return max(round(HEADING * self.scale), SMALL_BUTTON + GAP)

    def _rows(self) -> int:
        if self.mode == TYPING:
            return len(PHRASES)
        if self.mode == MUTING:
            return len(self.chat.speakers()) + 1
        return 0

    def _rebuild(self) -> None:
        self.kill()
        if self.rect.width <= 0:
            return
        area, row = self.area, self.row
        pad = round(6 * self.scale)
        mute_width = max(round(MUTE_WIDTH * self.scale), LEAST_MUTE_WIDTH)
        self.mute_button = UIButton(Rect(area.right - pad - mute_width, area.top + GAP // 2,
                                         mute_width, SMALL_BUTTON),
                                    "Close" if self.mode == MUTING else "Mute…", self.ui,
                                    object_id=SMALL)
        top = area.top + self.heading
        width = area.width - 2 * pad
        if self.mode == TYPING:
            for index, (key, words) in enumerate(PHRASES.items()):
                place = Rect(area.left + pad, top + index * row, width, row - GAP)
                self.choices[UIButton(place, words, self.ui, object_id=SMALL)] = \
                    partial(self._phrase, key)
            self.field = UITextEntryLine(Rect(area.left + pad, area.bottom - row - pad,
                                              width, row), self.ui, object_id=SMALL)
            self.field.set_text_length_limit(MOST_CHAT)
            self.field.focus()
        elif self.mode == MUTING:
            for index, (seat, name) in enumerate([(None, ""), *self.chat.speakers()]):
                place = Rect(area.left + pad, top + index * row, width, row - GAP)
                words = text.ellipsized(self._mute_words(seat, name), SMALL_WORDS,
                                        width - INSIDE, bold=False)  # (a long name)
                self.choices[UIButton(place, words, self.ui, object_id=SMALL)] = \
                    partial(self._toggle, seat)

    def _mute_words(self, seat: int | None, name: str) -> str:
        muting = self.chat.muting
        if seat is None:
            return "Hear the chat again" if muting.everything else "Mute the whole chat"
        return f"Hear {name} again" if seat in muting.seats else f"Mute {name}"

    def _toggle(self, seat: int | None) -> None:
        self.chat.muting.toggle(seat)
        if seat is None and self.setting is not None:
            self.setting.keep(self.chat.muting.everything)
        self._rebuild()

    def _phrase(self, key: str) -> None:
        self._said(self.chat.say_phrase(key))

    def _said(self, refused: str | None) -> None:
        if refused is not None:
            self.remark(refused)

    # Input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The person's event, if it is the chat's: C opens it; while it is open, every
        key is its own (Enter says the line, Escape closes it)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.field:
            self._send()
            return True
        if event.type == pygame.KEYUP and event.key == CHAT_KEY and self._opening:
            self._opening = False
            self.open()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.mode is None:
            plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
            self._opening = event.key == CHAT_KEY and plain
            return self._opening
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._send()
        elif self.field is not None and not self.field.is_focused:
            self.field.focus()  # a click elsewhere took the line's cursor: typing brings it
        return True

    def _pressed(self, element: object) -> bool:
        if element is self.mute_button:
            self.open(MUTING) if self.mode != MUTING else self.close()
            return True
        action = self.choices.get(element)  # type: ignore[call-overload]
        if action is None:
            return False
        action()
        return True

    def _send(self) -> None:
        field = self.field
        if field is None or not field.get_text().strip():
            return
        self._said(self.chat.say(field.get_text()))
        field.set_text("")
        field.focus()

    # Drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, refused: str | None = None) -> None:
        """The panel; `refused`: why the last line was not said, shown above it (where
        there is no table to say it over)."""
        if self.rect.width <= 0:
            return
        s, area = self.scale, self.area
        panel(surface, area, OPAQUE if self.mode is not None else PANEL)  # open: over the log
        pad = round(10 * s)
        heading = "Chat: muted" if self.chat.muting.everything else "Chat (C to talk)"
        surface.blit(text.render(heading, round(15 * s), GOLD, bold=True),
                     (area.left + pad, area.top + round(5 * s)))
        body = Rect(self.rect.left + pad, self.rect.top + self.heading,
                    self.rect.width - 2 * pad, self.rect.height - self.heading - round(6 * s))
        if self.mode == TYPING:
            body.height -= self.row + round(4 * s)
        self._draw_lines(surface, body)
        if refused is not None:
            size = max(11, round(13 * s))
            for row, words in enumerate(reversed(text.wrap(refused, size, area.width))):
                surface.blit(text.render(words, size, MUTED),
                             (area.left, area.top - (row + 1) * text.font(size).get_linesize()))

    def _draw_lines(self, surface: pygame.Surface, body: Rect) -> None:
        size = max(11, round(13 * self.scale))
        height = text.font(size).get_linesize()
        rows: list[tuple[str, str]] = []
        for line in reversed(self.chat.shown(last=12)):
            rows[:0] = _rows_of(line, size, body.width)
            if len(rows) * height > body.height:
                break
        rows = rows[-max(1, body.height // height):] if body.height >= height else []
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.bottom - len(rows) * height
        for name, words in rows:
            x = body.left
            if name:
                named = text.render(name, size, GOLD, bold=True)
                surface.blit(named, (x, y))
                x += named.get_width()
            surface.blit(text.render(words, size, INK), (x, y))
            y += height
        surface.set_clip(clip)
        if not rows and not self.chat.muting.everything and body.height >= height:
            hint = text.render("Nothing said yet.", size, MUTED)
            surface.blit(hint, (body.left, body.bottom - height))

    def kill(self) -> None:
        for element in [*self.choices, self.field, self.mute_button]:
            if element is not None:
                element.kill()
        self.choices.clear()
        self.field = self.mute_button = None


def lobby_place(size: tuple[int, int], scale: float) -> Rect:
    """Where the chat stands before the game (the host's lobby, a friend's waiting room):
    the foot of the window's left side, clear of the seats in the middle."""
    margin, width, height = round(20 * scale), round(270 * scale), round(190 * scale)
    return Rect(margin, size[1] - margin - height, width, height)


def _rows_of(line: Line, size: int, width: int) -> list[tuple[str, str]]:
    """A line as rows, each a name (in the first only) and words: the name and the first
    words, the rest indented."""
    name = f"{line.name}: "
    room = max(1, width - text.measure(name, size, bold=True))
    first = text.wrap(line.text, size, room)
    rest = " ".join(first[1:])
    return [(name, first[0]), *(("", "   " + more) for more in
                                 (text.wrap(rest, size, width) if rest else []))]
