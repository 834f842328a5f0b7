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
from game.services import play_again
from game.services.tables import TablesSession
from game.system import paths
from game.ui import screens, text
from game.ui.art import CardArt
from game.ui.in_progress import game_in_progress
from game.ui.scenes.common import Action, Overlay, draw_lines
from game.ui.table.render import suit_colours
from game.ui.theme import GOLD, panel

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.services.play_again import Again
    from game.ui.app import App
    from game.ui.table.host import TableTold


BUTTONS_GAP = 36  # between the end screen's result and its buttons, at 1280x800


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
    """The end of a game: the game again (the same deal, or a new one for the same
    players), New game or the title screen; Esc looks at the final table."""

    title = "The game is over"

    def __init__(self, app: App, table: TableTold) -> None:
        super().__init__(app)
        self.table = table
        self.again: Again | None = table.again()  # None: not played again from here
        self.problem: str | None = None  # why the game could not be played again

    def panel_rect(self) -> Rect:
        rect = Rect(0, 0, round(760 * self.scale), round(620 * self.scale))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    reviewable = True  # the game's decisions may be reviewed from here (not a lesson's)

    def enter(self) -> None:
        rows = [self._ways_on()]
        if self.again is not None:
            rows.insert(0, [
                ("Same players, new deal", self._same_players,
                 "A new game with the same players, seats, levels and options"),
                ("Replay this deal", self._replay, "The whole game again from its first deal: "
                                                   "the same cards, the same players")])
        scale, rect = self.scale, self.panel_rect()
        height, gap = round(44 * scale), round(10 * scale)
        span = 3 * round(210 * scale) + 2 * gap  # three buttons' width, whatever the row holds
        top = self.content_bottom() + round(BUTTONS_GAP * scale)
        for row, buttons in enumerate(rows):
            width = (span - (len(buttons) - 1) * gap) // len(buttons)
            left = rect.centerx - span // 2
            for index, (label, action, tip) in enumerate(buttons):
                self.button(Rect(left + index * (width + gap), top + row * (height + gap),
                                 width, height), label, action, tip)
        self.keyboard.place = 0  # Enter takes the first way on (on no button, it found one)
        self.keyboard.show()

    def _ways_on(self) -> list[tuple[str, Action, str | None]]:
        """The foot's buttons: the review (of a game that has one), New game, the title."""
        review: list[tuple[str, Action, str | None]] = [
            ("Review the game", self._review, "Step through the game with the computer's "
                                              "judgement of your decisions")] \
            if self.reviewable and get_game(self.table.ruleset.id).review is not None else []
        return [*review, ("New game", self._new_game, None), ("Title screen", self._title, None)]

    def content_bottom(self) -> int:
        """Where the result's lines and charts must end: above the buttons' rows, and the
        gap that keeps them apart."""
        scale = self.scale
        rows = 1 if self.again is None else 2
        buttons = rows * round(44 * scale) + (rows - 1) * round(10 * scale)
        return self.panel_rect().bottom - round(16 * scale) - buttons \
            - round(BUTTONS_GAP * scale)

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
        """Why the game could not be played again, else what recording the game in the
        statistics had to say (the file kept aside, the game not recorded): its box, lines
        and type size, in the room under the panel, or else over it, since the panel hides
        the table's line that says it. None if it had nothing to say."""
        notice = self.problem or self.table.records.record_notice
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
        """The game's review, for the person at the bottom of the table (else seat 0), of
        what this screen may see."""
        table = self.table
        offered = table.reviewable()
        self.app.push(screens.make("review", self.app, offered.match, offered.seat,
                                   table.names, limits=offered))

    def _replay(self) -> None:
        """The game again from its first deal, at a new table."""
        self._play_again(play_again.replay_deal)

    def _same_players(self) -> None:
        """A new deal for the same players, at a new table."""
        self._play_again(play_again.same_players)

    def _play_again(self, start: Callable[..., play_again.Session]) -> None:
        """The game again at a new table; first ask, if it would take the place of another
        game in progress under Continue (this one was loaded finished, and the autosave
        holds another), which is then kept in the saves."""
        left = game_in_progress(self.app)
        if left is None:
            self._sit_down_again(start)
            return
        self.app.push(screens.make(
            "leave_game", self.app, left, coming="the new game", go="Start",
            not_done="the new game was not started", say=self._say,
            go_on=lambda: self._sit_down_again(start)))

    def _say(self, words: str) -> None:
        self.problem = words

    def _sit_down_again(self, start: Callable[..., play_again.Session]) -> None:
        """Leave this table (its game lets go of the autosave), then sit at the new game's,
        from its start; outside programs sit at their seats again."""
        again = self.again
        assert again is not None
        self._title()
        session = start(again, autosave_path=paths.autosave_path(),
                        on_thinking_done=self.app.wake)
        for seat, info in enumerate(again.seats):
            if info.level == "bot" and seat in self.app.bots:
                session.seat_bot(seat, self.app.bots[seat])
        screen = "tables" if isinstance(session, TablesSession) else "table"
        self.app.replace(screens.make(screen, self.app, session, from_start=True))

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
