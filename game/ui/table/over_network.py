"""What a table played with friends on other machines adds to its screen, the same
whether this window hosts the table (online.py) or sits at a friend's (friends.py): each
frame, the link to the others updated; the chat under the log (chat_panel.py), which
hears the keys first while a line is typed; the clock of the seat to act, when its
decision is timed, on its plate (seat_clock.py), and a turn of the table each second it
counts. A table played at this machine alone has none of it: every call does nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.services.table.controller import TableController
from game.ui.table.chat_panel import ChatPanel, WholeChatMuted
from game.ui.table.friends import FriendsTable
from game.ui.table.layout import TableLayout, with_chat
from game.ui.table.online import OnlineTable
from game.ui.table.seat_clock import draw_seat_clock


class OverNetwork:
    def __init__(self, ui: pygame_gui.UIManager, online: OnlineTable | FriendsTable | None,
                 remark: Callable[[str], None], *,
                 setting: WholeChatMuted | None = None) -> None:
        """`online`: the table hosted here, or the friend's (None: no network);
        `remark`: a line said over the table (why a line of chat was refused);
        `setting`: whether the whole chat is muted, at every table."""
        self.online = online
        self.chat = None if online is None else ChatPanel(ui, online.chat, remark,
                                                          setting=setting)

    def laid_out(self, layout: TableLayout) -> TableLayout:
        """The table's layout with room for the chat, which takes its place in it."""
        if self.chat is None:
            return layout
        layout, place = with_chat(layout)
        self.chat.place(place, layout.scale)
        return layout

    def update(self, controller: TableController) -> None:
        if self.online is not None:
            self.online.update(controller)

    def handle(self, event: pygame.event.Event) -> bool:
        """The chat's event (a line typed, its buttons): True when it used it."""
        return self.chat is not None and self.chat.handle(event)

    def wake_at(self, now: float) -> float | None:
        """When the seat clock shows another second, while one counts; when a friend's
        seat asks its host again."""
        online = self.online
        if online is None:
            return None
        moments = [now_and_then(now)] if online.time_left() is not None else []
        asking = online.wake_at(now) if isinstance(online, FriendsTable) else None
        if asking is not None:
            moments.append(asking)
        return min(moments, default=None)

    def draw(self, surface: pygame.Surface, plate_of: Callable[[int], pygame.Rect],
             scale: float) -> None:
        """The seat clock on the plate of the seat to act (`plate_of` a seat), the chat."""
        timed = self.online.time_left() if self.online is not None else None
        if timed is not None:
            draw_seat_clock(surface, plate_of(timed[0]), scale, timed[1])
        if self.chat is not None:
            self.chat.draw(surface)

    def kill(self) -> None:
        """The chat's widgets gone (the table's screen is left)."""
        if self.chat is not None:
            self.chat.kill()

    def close(self) -> None:
        """The table is left for good: the link to the others closed."""
        if self.online is not None:
            self.online.close()


def now_and_then(now: float) -> float:
    """The next moment a clock counting seconds shows another (a little after it)."""
    return float(int(now) + 1) + 0.01
