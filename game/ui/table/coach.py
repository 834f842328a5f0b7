"""Learn to play: the coach at the table.

A lesson (game/services/lessons.py) is played at the real table: a `TableScene` of a
session whose chance and computers follow the lesson's record. The coach's panel says
what happens and what to do before each of the person's decisions (what he says is
game/services/table/coaching.py's), and a gold frame points at what it names on the
table: the Director's Board, the Treasury, a card of the hand, a button of the
decision's panel (where each is, the table says: `pointed_at`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.cards import card as card_named
from game.engine.ruleset import Decision
from game.engine.saves import Seat
from game.games import GAMES
from game.services.lessons import LessonGame, lesson_of
from game.services.session import GameSession
from game.services.table.coaching import Coaching
from game.services.table.controller import TableController
from game.ui import screens, text
from game.ui.table import hud
from game.ui.table.arrange import card_key
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.theme import panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screens import Screen
    from game.ui.table.controls import DecisionButtons
    from game.ui.table.felt import Felt
    from game.ui.table.host import TableTold


def lessons() -> list[str]:
    """The games that have a lesson, by ruleset id, in menu order."""
    return [game_id for game_id, game in GAMES.items()
            if game.lesson is not None and game.kit is not None]


def open_lesson(app: App, ruleset_id: str, *, seed: int = 0,
                plays_itself: bool = False) -> Screen:
    """The table of the lesson of `ruleset_id` (its welcome comes over it as it opens):
    `screens.make("lesson", app, ruleset_id)`. `plays_itself`: the person's moves are
    made for him, the coach still speaking (for demos and tests: `--autoplay --lesson`)."""
    lesson = lesson_of(ruleset_id)
    game = LessonGame(lesson, seed=seed)
    seats = [Seat(name, "human") if seat == lesson.person and not plays_itself
             else Seat(name, "computer") for seat, name in enumerate(lesson.names)]
    computers = {seat: game.player(seat) for seat in range(len(seats))
                 if seats[seat].kind == "computer"}
    session = GameSession(game.match, seats, players=computers, on_thinking_done=app.wake)
    return screens.make("table", app, session, from_start=True, lesson=game)


class CoachPanel:
    """The coach's words and pointer, drawn over the table of a lesson, with its buttons:
    Back (the person's last move taken back), Next (the coach makes the move he names)
    and Leave (to the list of lessons)."""

    def __init__(self, app: App, game: LessonGame, table: TableController, *,
                 decide: Callable[[Decision], None], undo: Callable[[], None],
                 pointed_at: Callable[[str], Rect | None]) -> None:
        """`decide` and `undo`: the person's decision made, his last taken back, as the
        table makes them; `pointed_at`: where on the screen a thing the coach names is."""
        self.app = app
        self.game = game
        self.table = table
        self.coaching = Coaching(game, table)
        self.decide = decide
        self.undo = undo
        self.pointed_at = pointed_at
        self.welcomed = False  # the lesson's first words were shown
        self.finished = False  # the lesson's end was shown
        self.rect = Rect(0, 0, 0, 0)  # his place on the screen (the table's layout sets it)
        self.buttons: dict[str, Rect] = {}  # where the panel's buttons were drawn

    def welcome(self) -> Screen | None:
        """The lesson's first words, over its table (once)."""
        if self.welcomed:
            return None
        self.welcomed = True
        return LessonWelcome(self.app, self.table, self.game)

    def update(self, told: bool) -> None:
        """The lesson's end: its last words, once the table on top has `told` everything."""
        if self.finished or not self.game.over or not told:
            return
        self.app.push(self.over())

    def over(self) -> Screen:
        """The lesson's last words (once)."""
        self.finished = True
        return LessonOver(self.app, self.table, self.game)

    # The buttons -------------------------------------------------------------------------------
    def back(self) -> None:
        self.undo()

    def next(self) -> None:
        """Next: the coach makes the move he names for the person (who watches it played)."""
        wanted = self.coaching.suggested()
        if wanted is None:
            self.table.say("Next makes the move the coach names, on your turn.")
            return
        self.decide(wanted)

    def leave(self) -> None:
        """Leave the lesson for the list of lessons, over the Title screen (a lesson keeps
        nothing to lose)."""
        self.app.replace(screens.make("title", self.app))
        self.app.push(screens.make("lessons", self.app))

    def clicked(self, position: tuple[int, int]) -> bool:
        """A click on one of the panel's buttons (as it was last drawn)."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(position):
                if self._enabled().get(name, False):
                    getattr(self, name)()
                return True  # a greyed button swallows its click too
        return False

    def key(self, key: int) -> bool:
        """Backspace: Back; N: Next."""
        if key == pygame.K_BACKSPACE:
            self.back()
        elif key == pygame.K_n:
            self.next()
        else:
            return False
        return True

    def _enabled(self) -> dict[str, bool]:
        return {"back": self.coaching.may_go_back(),
                "next": self.coaching.suggested() is not None, "leave": True}

    # Drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """The coach's place at the top of the right column: his words, or that the
        others play."""
        said = self.coaching.words()
        self._panel(surface, scale, WATCHING if said is None else said[0], quiet=said is None)

    def draw_pointer(self, surface: pygame.Surface, scale: float) -> None:
        """His gold frames on what he names (over the decision's buttons too)."""
        said = self.coaching.words()
        for name in said[1] if said is not None else ():
            target = self.pointed_at(name)
            if target is not None:
                _frame(surface, target, scale, arrow=name.startswith("card:"))

    def _panel(self, surface: pygame.Surface, scale: float, says: str, *, quiet: bool) -> None:
        rect = self.rect
        panel(surface, rect, (12, 24, 18, 235), radius=12, border=hud.GOLD)
        pad = round(10 * scale)
        title = max(12, round(17 * scale))
        hud.blit_text(surface, "Coach", title, hud.GOLD, (rect.left + pad, rect.top + pad),
                      bold=True)
        room = words_room(rect, scale)
        size, lines = fitted_words(says, room, scale)
        y = room.top
        for line in lines:
            hud.blit_text(surface, line, size, hud.MUTED if quiet else hud.INK, (room.left, y))
            y += text.font(size).get_linesize()
        button_height = _button_height(scale)
        self._draw_buttons(surface, scale, Rect(room.left, rect.bottom - pad - button_height,
                                                room.width, button_height))

    def _draw_buttons(self, surface: pygame.Surface, scale: float, row: Rect) -> None:
        gap = round(6 * scale)
        width = (row.width - 2 * gap) // 3
        enabled = self._enabled()
        pointer = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        self.buttons = {}
        for index, (name, label) in enumerate(BUTTONS):
            rect = Rect(row.left + index * (width + gap), row.top, width, row.height)
            on = enabled[name]
            lit = on and rect.collidepoint(pointer)
            panel(surface, rect, (52, 84, 64, 255) if lit else (30, 52, 40, 255),
                  radius=round(6 * scale), border=hud.GOLD if on else hud.MUTED)
            hud.blit_text(surface, label, max(11, round(15 * scale)),
                          hud.INK if on else hud.MUTED, rect.center, anchor="center")
            self.buttons[name] = rect


WATCHING = "Watch the table: the others play. The coach speaks again on your turn."
BUTTONS = (("back", "‹ Back"), ("next", "Next ›"), ("leave", "Leave"))
AREAS = {"board": "board", "treasury": "treasury", "last trick": "last_trick", "log": "log",
         "banner": "banner"}  # what the coach may name, and the layout's rectangle for it


def target_rect(felt: Felt, decisions: DecisionButtons | None, name: str) -> Rect | None:
    """Where on the screen the thing the coach names is, if it is shown: an area of the
    table, a card, a plate, the person's hand, a button of the decision's panel."""
    if name in AREAS:
        return Rect(getattr(felt.layout, AREAS[name]))
    kind, _, what = name.partition(":")
    placed = felt.stage.placements(felt.table.clock())
    if kind == "card":
        key = card_key(card_named(what))
        return next((felt.card_rect(placement) for at, placement in placed if at == key), None)
    if kind == "plate" and what.isdigit():
        plates = felt.plates()
        return Rect(plates[int(what)]) if int(what) < len(plates) else None
    if name == "hand":
        own = {card_key(card) for card in felt.in_hand()}
        rects = [felt.card_rect(placement) for key, placement in placed if key in own]
        return rects[0].unionall(rects[1:]) if rects else None
    if kind == "button" and decisions is not None:
        for button in decisions.buttons:
            if button.text.startswith(what):
                return Rect(button.get_abs_rect())
        done = getattr(decisions, "done", None)  # a card picker's button ("Keep these")
        if done is not None and done.text.startswith(what):
            return Rect(done.get_abs_rect())
    return None


def words_room(rect: Rect, scale: float) -> Rect:
    """Where the coach's words go in his panel at `rect`: under his title, over his
    buttons."""
    pad = round(10 * scale)
    title = max(12, round(17 * scale))
    top = rect.top + pad + round(text.font(title, True).get_linesize() * 1.15)
    return Rect(rect.left + pad, top, rect.width - 2 * pad,
                rect.bottom - 2 * pad - _button_height(scale) - top)


def _button_height(scale: float) -> int:
    return max(22, round(30 * scale))


def fitted_words(says: str, room: Rect, scale: float) -> tuple[int, list[str]]:
    """The largest size (from the design's, down to a readable least) at which `says`
    fits `room`, and its lines."""
    for smaller in range(round(16 * scale), MIN_TEXT - 1, -1):
        lines = text.wrap(says, smaller, room.width)
        if len(lines) * text.font(smaller).get_linesize() <= room.height:
            break
    return smaller, lines


MIN_TEXT = 11  # pixels: the coach's words never shrink below this


def _frame(surface: pygame.Surface, rect: Rect, scale: float, *, arrow: bool) -> None:
    """A gold frame around what the coach points at, clear of the thing's own border, and
    over a card an arrow (among cards lit as playable, the frame alone is not enough). It
    stands still: a table waiting for the person draws no frames."""
    grow = round(7 * scale)
    framed = rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surface, hud.HIGHLIGHT, framed, width=max(2, round(3 * scale)),
                     border_radius=round(8 * scale))
    if not arrow:
        return
    half, tall = round(9 * scale), round(12 * scale)
    tip, x = framed.top - round(2 * scale), framed.centerx
    points = [(x, tip), (x - half, tip - tall), (x + half, tip - tall)]
    pygame.draw.polygon(surface, hud.HIGHLIGHT, points)
    pygame.draw.polygon(surface, (20, 30, 24), points, width=max(1, round(1.5 * scale)))


class LessonWelcome(ResultOverlay):
    """The lesson's first words, over its table."""

    def __init__(self, app: App, table: TableTold, game: LessonGame) -> None:
        lines = [*game.lesson.welcome, "",
                 "The coach, at the top right, says what happens and what to do, and a "
                 "gold frame points at it on the table. Back takes your last move back, "
                 "Next lets the coach make the move he names, Leave ends the lesson."]
        super().__init__(app, table, f"Learn to play: {game.lesson.title}", lines)


class LessonOver(GameOverOverlay):
    """The lesson's last words; the way on is a real game or the Title screen."""

    title = "The lesson is over"
    reviewable = False  # the way on is a real game

    def __init__(self, app: App, table: TableTold, game: LessonGame) -> None:
        super().__init__(app, table)
        self.lines = [*game.farewell(), *game.lesson.pages]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect = self.panel_rect()
        size = round(17 * self.scale)
        room = rect.width - round(80 * self.scale)
        x, y = self.text_origin()
        for paragraph in self.lines:
            for line in text.wrap(paragraph, size, room):
                hud.blit_text(surface, line, size, hud.INK, (x, y))
                y += text.font(size).get_linesize()
            y += text.font(size).get_linesize() // 2
