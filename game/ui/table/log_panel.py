"""The log: the game told in words, newest at the bottom; the wheel scrolls back.

Whatever it is told (an outside program may say a megabyte in a line), it keeps at most
MAX_LINES lines of at most LINE_KEPT characters, and lays out only what fits on screen:
the last lines, each cut to what the panel could show of it before it is wrapped.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui import text
from game.ui.table.hud import GOLD, INK, panel

MAX_LINES = 600
HEADING = 32  # design pixels of the panel's top that its heading takes, above the words
LINE_KEPT = 2000  # characters of one line kept: more than the panel shows at once
NARROW = " .il|'"  # the narrowest characters, which set how many a row can hold


class LogPanel:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.scroll = 0  # lines scrolled back from the newest
        self._told = 0  # lines added since the log began: a change of its words
        self._rows: tuple[object, list[str]] | None = None  # the rows last wrapped, by look

    def add(self, line: str) -> None:
        self.lines.append(_cut(line, LINE_KEPT))
        del self.lines[:-MAX_LINES]
        self._told += 1
        if self.scroll:
            self.scroll += 1  # keep the reader's place

    def clear(self) -> None:
        self.lines.clear()
        self._told += 1
        self.scroll = 0

    def wheel(self, steps: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + steps * 3))

    def draw(self, surface: pygame.Surface, rect: Rect, scale: float,
             suit_colours: text.SuitColours) -> None:
        panel(surface, rect)
        pad = round(10 * scale)
        size = round(14 * scale)
        title = text.render("The game so far", round(16 * scale), GOLD, bold=True)
        surface.blit(title, (rect.left + pad, rect.top + round(6 * scale)))
        body = Rect(rect.left + pad, rect.top + round(HEADING * scale), rect.width - 2 * pad,
                    rect.height - round((HEADING + 8) * scale))
        line_height = text.font(size).get_linesize()
        visible = self._visible(body, size, line_height)
        previous_clip = surface.get_clip()
        surface.set_clip(body)
        y = body.bottom - len(visible) * line_height
        for row in visible:
            surface.blit(text.render(row, size, INK, suit_colours=suit_colours), (body.left, y))
            y += line_height
        surface.set_clip(previous_clip)

    def _visible(self, body: Rect, size: int, line_height: int) -> list[str]:
        """The rows that fill the body, the newest (or those scrolled back to) at the
        bottom, each line wrapped with its rest indented. Wrapping is the costly part of a
        frame: done again only when the words, the scroll or the size change."""
        look = (self._told, self.scroll, body.size, size)
        if self._rows is not None and self._rows[0] == look:
            return self._rows[1]
        rows: list[str] = []
        end = len(self.lines) - self.scroll
        indent = "   "
        width = body.width - text.measure(indent, size)  # room for the indented rest
        room = self._room(body, size, line_height)
        for line in reversed(self.lines[max(0, end - 80):end]):
            wrapped = text.wrap(_cut(line.strip(), room), size, width)
            rows[:0] = [wrapped[0], *(indent + rest for rest in wrapped[1:])]
            if len(rows) * line_height > body.height:
                break
        visible = rows[-max(1, body.height // line_height):]
        self._rows = (look, visible)
        return visible

    @staticmethod
    def _room(body: Rect, size: int, line_height: int) -> int:
        """The most characters the body could show of one line: as many rows as fit, each
        full of the narrowest character. Beyond that a line is never wrapped."""
        narrowest = max(1, min(text.measure(char, size) for char in NARROW))
        rows = body.height // max(1, line_height) + 1
        return rows * (body.width // narrowest + 1)


def _cut(line: str, most: int) -> str:
    """`line`, cut to `most` characters with an ellipsis if it is longer."""
    return line if len(line) <= most else line[:most - 1] + "…"
