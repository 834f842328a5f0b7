"""Learn to play: the coach at the table.

A lesson (game/services/lessons.py) is played at the real table: a `TableScene` of a
session whose chance and computers follow the lesson's record. The coach's panel says
what happens and what to do before each of the person's decisions, and a gold frame
points at what it names on the table: the Director's Board, the Treasury, a card of the
hand, a button of the decision's panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.cards import card as card_named
from game.engine.saves import Seat
from game.games import GAMES, get_game
from game.services.lessons import LessonGame
from game.services.session import GameSession
from game.ui import screens, text
from game.ui.table import hud
from game.ui.table.arrange import card_key
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.theme import panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene
    from game.ui.table.scene import TableScene

AREAS = {"board": "board", "treasury": "treasury", "last trick": "last_trick", "log": "log",
         "banner": "banner"}  # what the coach may name, and the layout's rectangle for it
COACH_WIDTH = 340  # design pixels: between the plates at the top of the felt
FOOTER = "Undo: back a step · Esc: the menu, to leave the lesson"


def lessons() -> list[str]:
    """The games that have a lesson, by ruleset id, in menu order."""
    return [game_id for game_id, game in GAMES.items()
            if game.lesson is not None and game.kit is not None]


def open_lesson(app: App, ruleset_id: str, *, seed: int = 0,
                plays_itself: bool = False) -> Scene:
    """The table of the lesson of `ruleset_id` (its welcome comes over it as it opens):
    `screens.make("lesson", app, ruleset_id)`. `plays_itself`: the person's moves are
    made for him, the coach still speaking (for demos and tests: `--autoplay --lesson`)."""
    lesson = get_game(ruleset_id).lesson.load()  # type: ignore[union-attr]
    game = LessonGame(lesson, seed=seed)
    seats = [Seat(name, "human") if seat == lesson.person and not plays_itself
             else Seat(name, "computer") for seat, name in enumerate(lesson.names)]
    computers = {seat: game.player(seat) for seat in range(len(seats))
                 if seats[seat].kind == "computer"}
    session = GameSession(game.match, seats, players=computers, on_thinking_done=app.wake)
    return screens.make("table", app, session, from_start=True, lesson=game)


class CoachPanel:
    """The coach's words and pointer, drawn over the table of a lesson."""

    def __init__(self, game: LessonGame) -> None:
        self.game = game
        self.lesson_seat = game.lesson.person
        self.finished = False  # the lesson's end was shown

    def words(self, scene: TableScene) -> tuple[str, tuple[str, ...]] | None:
        """What the coach says now, and what he points at: before the person's decision,
        once it is shown; after the record was left, that the game goes on freely."""
        if not scene.caught_up or not self.game.to_act():
            return None
        if scene.session.is_human(self.lesson_seat) and scene.human_to_act() is None:
            return None  # his cards are not shown yet
        coach = self.game.coach()
        if coach is not None:
            return coach.says, coach.points_at
        if not self.game.on_script:
            return ("You left the lesson's game: it goes on as a normal game, the computers "
                    "playing at Medium. Leave the lesson from the Menu when you like.", ())
        return None

    def update(self, scene: TableScene) -> None:
        """The lesson's end: its last words, once the table has shown everything."""
        told = scene.caught_up and not scene.queue and scene.clock() >= scene.beat_ends
        if self.finished or not self.game.over or not told or scene.app.scene is not scene:
            return
        scene.app.push(self.over(scene))

    def over(self, scene: TableScene) -> Scene:
        """The lesson's last words (once)."""
        self.finished = True
        return LessonOver(scene.app, scene, self.game)

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        said = self.words(scene)
        if said is None:
            return
        says, points_at = said
        for name in points_at:
            target = target_rect(scene, name)
            if target is not None:
                _frame(surface, target, scene.layout.scale)
        self._panel(surface, scene, says)

    def _panel(self, surface: pygame.Surface, scene: TableScene, says: str) -> None:
        scale = scene.layout.scale
        size = max(11, round(16 * scale))
        width = min(round(COACH_WIDTH * scale), scene.layout.felt.width - round(20 * scale))
        pad = round(12 * scale)
        lines = text.wrap(says, size, width - 2 * pad)
        small = max(10, round(13 * scale))
        height = (len(lines) * text.font(size).get_linesize() + round(34 * scale) + 2 * pad
                  + text.font(small).get_linesize())
        felt = scene.layout.felt
        wanted = Rect(0, 0, width, height)
        wanted.midtop = (felt.centerx, felt.top + round(8 * scale))
        decisions = scene.decisions
        asked = [Rect(decisions.panel.get_abs_rect())] \
            if decisions is not None and decisions.panel is not None else []
        rect, _ = scene.find_room(wanted, also=asked)
        panel(surface, rect, (12, 24, 18, 235), radius=12, border=hud.GOLD)
        x, y = rect.left + pad, rect.top + pad
        hud.blit_text(surface, "Coach", size, hud.GOLD, (x, y), bold=True)
        y += round(text.font(size, True).get_linesize() * 1.1)
        for line in lines:
            hud.blit_text(surface, line, size, hud.INK, (x, y))
            y += text.font(size).get_linesize()
        hud.blit_text(surface, FOOTER, small, hud.MUTED, (x, y + round(4 * scale)))


def target_rect(scene: TableScene, name: str) -> Rect | None:
    """Where on the screen the thing the coach names is, if it is shown."""
    if name in AREAS:
        return Rect(getattr(scene.layout, AREAS[name]))
    kind, _, what = name.partition(":")
    if kind == "card":
        key = card_key(card_named(what))
        for placed, placement in scene.stage.placements(scene.clock()):
            if placed == key:
                return scene.card_rect(placement)
        return None
    if kind == "plate" and what.isdigit():
        plates = scene.kit.plates(scene.view(), scene.layout, scene.seating.bottom)
        return Rect(plates[int(what)]) if int(what) < len(plates) else None
    if name == "hand":
        own = {card_key(card) for card in scene.in_hand()}
        rects = [scene.card_rect(placement) for key, placement
                 in scene.stage.placements(scene.clock()) if key in own]
        return rects[0].unionall(rects[1:]) if rects else None
    if kind == "button" and scene.decisions is not None:
        for button in scene.decisions.buttons:
            if button.text.startswith(what):
                return Rect(button.get_abs_rect())
        done = getattr(scene.decisions, "done", None)  # a card picker's button ("Keep these")
        if done is not None and done.text.startswith(what):
            return Rect(done.get_abs_rect())
    return None


def _frame(surface: pygame.Surface, rect: Rect, scale: float) -> None:
    """A gold frame around what the coach points at, clear of the thing's own border (it
    stands still: a table waiting for the person draws no frames)."""
    grow = round(7 * scale)
    pygame.draw.rect(surface, hud.HIGHLIGHT, rect.inflate(2 * grow, 2 * grow),
                     width=max(2, round(3 * scale)), border_radius=round(8 * scale))


class LessonWelcome(ResultOverlay):
    """The lesson's first words, over its table."""

    def __init__(self, app: App, table: TableScene, game: LessonGame) -> None:
        lines = [*game.lesson.welcome, "",
                 "The coach's panel on the table says what happens and what to do; a gold "
                 "frame points at it. Esc opens the menu, where you may leave the lesson."]
        super().__init__(app, table, f"Learn to play: {game.lesson.title}", lines)


class LessonOver(GameOverOverlay):
    """The lesson's last words; the way on is a real game or the Title screen."""

    title = "The lesson is over"

    def __init__(self, app: App, table: TableScene, game: LessonGame) -> None:
        super().__init__(app, table)
        self.lines = [*game.lesson.farewell, *game.lesson.pages]

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
