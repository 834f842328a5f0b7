"""What every game shows over its table: a result closed by Continue (a hand's, a
round's), and the game over with its way on (New game, the Title screen). Each game's kit
fills them with its own lines. They read the table as the game was told there (host.py's
`TableTold`: its controller), never the table's screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.engine.ruleset import View
from game.games import get_game
from game.ui import screens, text
from game.ui.art import CardArt
from game.ui.scenes.common import Overlay, draw_lines
from game.ui.table.render import suit_colours
from game.ui.theme import GOLD, panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.host import TableTold


class ResultOverlay(Overlay):
    """Lines of a result over the table, closed by Continue (or by itself in autoplay)."""

    def __init__(self, app: App, table: TableTold, title: str, lines: list[str]) -> None:
        super().__init__(app)
        self.table = table
        self.title = title
        self.lines = lines
        # With nobody at the table to read it (autoplay), the result closes by itself.
        self.closes_at = None if table.seating.humans else \
            table.clock() + app.settings.animation_seconds(3.0)

    def panel_rect(self) -> Rect:
        """As tall as the result needs (up to the window)."""
        size, width = self._type_size(), round(620 * self.scale)
        rows = len(self._wrapped(size, width))
        line = round(text.font(size).get_linesize() * 1.12)
        height = min(self.app.size[1] - 20, rows * line + round(150 * self.scale))
        rect = Rect(0, 0, width, height)
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def _type_size(self) -> int:
        return max(10, round(16 * self.scale) - (2 if len(self.lines) > 20 else 0))

    def _wrapped(self, size: int, width: int) -> list[str]:
        room = width - round(48 * self.scale)
        return [wrapped for line in self.lines for wrapped in text.wrap(line, size, room)]

    def enter(self) -> None:
        rect = self.panel_rect()
        scale = self.scale
        button = Rect(0, 0, round(220 * scale), round(44 * scale))
        button.midbottom = (rect.centerx, rect.bottom - round(16 * scale))
        self.button(button, "Continue", self.app.pop)

    def wake_at(self) -> float | None:
        return self.closes_at

    def update(self, dt: float) -> None:
        if self.closes_at is not None and self.table.clock() >= self.closes_at \
                and self.app.scene is self:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_ESCAPE):
            self.app.pop()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect = self.panel_rect()
        size = self._type_size()
        draw_lines(surface, self._wrapped(size, rect.width), (rect.left + round(24 * self.scale),
                                                             rect.top + round(60 * self.scale)),
                   size, spacing=1.12, suit_colours=text.on_dark(self._suit_colours()))

    def _suit_colours(self) -> text.SuitColours:
        """Each suit's colour in the player's cards, as the table draws them."""
        return suit_colours(CardArt(four_colour=self.app.settings.four_colour_suits))


class GameOverOverlay(Overlay):
    """The end of a game: New game or the title screen; Esc looks at the final table."""

    title = "The game is over"

    def __init__(self, app: App, table: TableTold) -> None:
        super().__init__(app)
        self.table = table

    def panel_rect(self) -> Rect:
        rect = Rect(0, 0, round(760 * self.scale), round(620 * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    reviewable = True  # the game's decisions may be reviewed from here (not a lesson's)

    def enter(self) -> None:
        if not (self.reviewable and get_game(self.table.ruleset.id).review is not None):
            self.button_pair(("New game", self._new_game), ("Title screen", self._title))
            return
        scale, rect = self.scale, self.panel_rect()
        width, height, gap = round(210 * scale), round(44 * scale), round(10 * scale)
        left = rect.centerx - (3 * width + 2 * gap) // 2
        foot = rect.bottom - round(16 * scale) - height
        for index, (label, action, tip) in enumerate((
                ("Review the game", self._review, "Step through the game with the computer's "
                                                  "judgement of your decisions"),
                ("New game", self._new_game, None), ("Title screen", self._title, None))):
            self.button(Rect(left + index * (width + gap), foot, width, height), label,
                        action, tip)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        placed = self.notice_placed()
        if placed is not None:
            box, lines, size = placed
            pad, step = round(8 * self.scale), text.font(size).get_linesize()
            panel(surface, box, (16, 26, 20, 240), radius=10, border=GOLD)
            for row, line in enumerate(lines):
                surface.blit(text.render(line, size, GOLD),
                             (box.left + pad, box.top + pad + row * step))

    def notice_placed(self) -> tuple[Rect, list[str], int] | None:
        """What recording the game in the statistics had to say (the file kept aside, the
        game not recorded): its box, lines and type size, in the room under the panel, or
        else over it, since the panel hides the table's line that says it. None if it
        had nothing to say."""
        notice = self.table.records.record_notice
        if notice is None:
            return None
        scale, rect = self.scale, self.panel_rect()
        size, pad = max(11, round(14 * scale)), round(8 * scale)
        lines = text.wrap(notice, size, rect.width - 2 * pad)
        box = Rect(rect.left, 0, rect.width,
                   len(lines) * text.font(size).get_linesize() + 2 * pad)
        room_below = self.app.size[1] - rect.bottom
        box.top = rect.bottom + pad if room_below >= box.height + 2 * pad else \
            max(0, rect.top - pad - box.height)
        return box, lines, size

    def _review(self) -> None:
        """The game's review, for the person at the bottom of the table (else seat 0)."""
        table = self.table
        seat = table.viewer if table.viewer is not None else 0
        self.app.push(screens.make("review", self.app, table.match, seat,
                                   table.names))

    def _new_game(self) -> None:
        """The New game form over the Title screen, where its Back (or Esc) leads."""
        self._title()
        self.app.push(screens.make("new_game", self.app))

    def _title(self) -> None:
        self.app.replace(screens.make("title", self.app))

    def back(self) -> None:
        self.app.pop()  # look at the final table

    def final_view(self) -> View:
        """The end of the game as the table's viewer sees it."""
        table = self.table
        return table.ruleset.view(table.match.state, table.viewer)

    def text_origin(self) -> tuple[int, int]:
        """Where the result's lines start, under the title."""
        rect = self.panel_rect()
        return rect.left + round(40 * self.scale), rect.top + round(64 * self.scale)
