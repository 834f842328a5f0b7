"""The table: a game in progress, shown from one seat's view.

Events from the match become beats, shown one after another (cards glide, notes fly, the
log speaks). Humans decide by clicking or with the keyboard; computers think in a worker
and their decisions are applied only once the table has shown everything before them.

Who is looking: with one human, always that human. With several (pass-and-play), nobody
between decisions (a spectator's view: no hand face up); before each human decision a
neutral screen asks to pass the device, and only then is that player's hand shown.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.cards import COUP, Card
from game.engine.errors import IllegalMove
from game.engine.follower import Follower
from game.engine.ruleset import Event, State
from game.rules.coup_detat import events as ev
from game.rules.coup_detat.decisions import PlayCard
from game.rules.coup_detat.view import CoupDetatView
from game.session import GameSession
from game.ui import art, text
from game.ui.scene import Scene
from game.ui.table import hud
from game.ui.table.arrange import arrange, card_key, drawn_for_director
from game.ui.table.beats import money_movement, timing
from game.ui.table.controls import DecisionButtons, SideButtons
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.log_panel import LogPanel
from game.ui.table.stage import Placement, Stage

if TYPE_CHECKING:
    from game.ui.app import App

Key = Hashable


@dataclass(frozen=True)
class Beat:
    event: Event
    state: State  # the state just after the event


@dataclass
class Drag:
    """A card of the viewer's being dragged towards the table."""

    card: Card
    start: tuple[int, int]
    position: tuple[int, int]

    @property
    def moved(self) -> bool:
        return abs(self.position[0] - self.start[0]) + abs(self.position[1] - self.start[1]) > 8


@dataclass
class FlyingNote:
    start: tuple[float, float]
    end: tuple[float, float]
    value: int
    begins: float
    duration: float


class TableScene(Scene):
    def __init__(self, app: App, session: GameSession, *, from_start: bool = False) -> None:
        """`from_start`: tell the game from its first event (a new game: the draw for
        Director and the first deal are shown); else from where the match stands."""
        super().__init__(app)
        self.session = session
        self.ruleset = session.ruleset
        self.names = session.names
        humans = session.human_seats
        self.pass_and_play = len(humans) > 1
        self.viewer: int | None = None if self.pass_and_play else (humans[0] if humans else 0)
        self.bottom = humans[0] if humans else 0
        self.narrator = self.ruleset.narrator(self.names, self.viewer, tell_all=False)
        self.follower = Follower(session.match, from_start=from_start)
        self.queue: deque[Beat] = deque()
        self.shown: State = session.match.state if not from_start else \
            self.ruleset.new_game(session.match.options)
        self.stage = Stage()
        self.log = LogPanel()
        self.notes: list[FlyingNote] = []
        self.beat_ends = 0.0
        self.computer_ready_at = 0.0
        self.selected: Card | None = None
        self.drag: Drag | None = None
        self.toast: tuple[str, float] | None = None
        self.daggers: list[float] = []
        self.layout: TableLayout = table_layout(self.app.size, session.match.players)
        self.decisions: DecisionButtons | None = None
        self.side: SideButtons | None = None
        self.hand_view: CoupDetatView | None = None  # the hand being played, as last shown
        self.settled: list[tuple[Event, State]] = []  # this hand's settling, shown so far
        self.recorded = False  # the finished game went into the statistics
        self.card_art = self._card_art()
        self._images: dict[tuple, pygame.Surface] = {}  # turned or dimmed cards, by look
        self._arrange(self.clock(), 0.0)
        self.log.add(f"{self.ruleset.title}: {', '.join(self.names)}.")

    # Scene life --------------------------------------------------------------------------------
    @staticmethod
    def clock() -> float:
        return time.monotonic()

    def enter(self) -> None:
        self.layout = table_layout(self.app.size, self.session.match.players)
        self.side = SideButtons(self.app.ui, self.layout.buttons, self)
        self._arrange(self.clock(), 0.0)
        self._refresh_controls()

    def leave(self) -> None:
        if self.side is not None:
            self.side.kill()
            self.side = None
        self._clear_decisions()

    def closed(self) -> None:
        self.session.close()

    def settings_changed(self) -> None:
        self.card_art = self._card_art()
        self._images.clear()

    def _card_art(self) -> art.CardArt:
        settings = self.app.settings
        return art.CardArt(four_colour=settings.four_colour_suits, back=settings.card_back)

    @property
    def suit_colours(self) -> text.SuitColours:
        from game.cards import Suit

        return {suit: self.card_art.suit_colour(suit) for suit in Suit}

    @property
    def busy(self) -> bool:
        now = self.clock()
        return bool(self.queue) or now < self.beat_ends or self.stage.busy(now) or bool(
            self.notes) or self.session.thinking is not None

    def wake_at(self) -> float | None:
        moments = []
        if self.toast is not None:
            moments.append(self.toast[1])
        seat = self.session.to_act
        if seat is not None and not self.session.is_human(seat):
            moments.append(max(self.computer_ready_at, self.beat_ends))
        return min(moments) if moments else None

    def view(self, state: State | None = None) -> CoupDetatView:
        return self.ruleset.view(state if state is not None else self.shown, self.viewer)

    # Time passes -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        now = self.clock()
        self._pull_events(now)
        while self.queue and now >= self.beat_ends and self.app.scene is self:
            self._show(self.queue.popleft(), now)
        self._settle_daggers(dt)
        self.notes = [note for note in self.notes if now < note.begins + note.duration]
        if self.toast is not None and now > self.toast[1]:
            self.toast = None
        if self.queue or now < self.beat_ends or self.app.scene is not self:
            return
        self._next_decision(now)

    def _pull_events(self, now: float) -> None:
        new = list(self.follower.new_events())
        if self.follower.rewound:  # an undo or redo: show the match as it is
            self.queue.clear()
            self.shown = self.session.match.state
            self.beat_ends = now
            self._arrange(now, self.app.settings.animation_seconds(0.25))
            self._refresh_controls()
            return
        self.queue.extend(Beat(event, state) for event, state in new)

    def _show(self, beat: Beat, now: float) -> None:
        """Show one event: move the cards, speak, sound; the next beat waits its turn."""
        settings = self.app.settings
        shape = timing(beat.event)
        self.shown = beat.state
        self._remember(beat)
        stagger = settings.animation_seconds(shape.stagger)
        self._arrange(now, settings.animation_seconds(shape.move), event=beat.event,
                      hold=settings.animation_seconds(shape.hold), stagger=stagger)
        for line in self.narrator.lines(beat.event, beat.state):
            self.log.add(line)
        if shape.sound:
            self.app.sounds.play(shape.sound)
        self._fly_money(beat.event, now, settings.animation_seconds(shape.move))
        total = shape.hold + shape.move + shape.after
        ends = now + settings.animation_seconds(total)
        self.beat_ends = max(ends, self.stage.ends_at()) if settings.animation_speed != "off" \
            else now
        self._overlay_after(beat)

    def _remember(self, beat: Beat) -> None:
        from game.ui.scenes.results import SETTLING

        if isinstance(beat.event, ev.Dealt):
            self.hand_view, self.settled = None, []
        view = self.view()
        if view.hand_type is not None:
            self.hand_view = view
        if isinstance(beat.event, SETTLING):
            self.settled.append((beat.event, beat.state))

    def hand_settlement(self) -> list[tuple[Event, State]]:
        """The hand's settling: what was shown, and what still waits up to the next deal."""
        from game.ui.scenes.results import SETTLING

        waiting = []
        for beat in self.queue:
            if isinstance(beat.event, ev.Dealt | ev.DrewForDirector):
                break
            if isinstance(beat.event, SETTLING):
                waiting.append((beat.event, beat.state))
        return [*self.settled, *waiting]

    def _record_statistics(self) -> None:
        from game import stats

        if self.recorded or not self.session.human_seats:
            return
        self.recorded = True
        record = stats.record_for_coup_detat(self.session.match, self.session.human_seats)
        try:
            stats.save(stats.load().with_game(record))
        except OSError:
            self.say("The statistics could not be saved.")

    def _overlay_after(self, beat: Beat) -> None:
        from game.ui.scenes.results import GameOverScene, HandResultScene

        if isinstance(beat.event, ev.HandEnded):
            self.app.push(HandResultScene(self.app, self, beat))
        elif isinstance(beat.event, ev.GameEnded):
            self._record_statistics()
            self.app.push(GameOverScene(self.app, self))

    # Whose turn --------------------------------------------------------------------------------
    def _next_decision(self, now: float) -> None:
        session = self.session
        seat = session.to_act
        if seat is None:
            self._refresh_controls()
            return
        if session.is_human(seat):
            if self.pass_and_play and self.viewer != seat:
                self._ask_to_pass(seat)
            elif self.decisions is None and not self.stage.busy(now):
                self._refresh_controls()
            return
        ready = now >= self.computer_ready_at
        if session.computer_step(ready=ready):
            self.computer_ready_at = now + self.app.settings.computer_delay()
        elif session.thinking is None and not ready:
            session.computer_step(ready=False)  # start thinking during the pause

    def _ask_to_pass(self, seat: int) -> None:
        from game.ui.scenes.pass_device import PassDeviceScene

        self.viewer = None
        self._arrange(self.clock(), 0.0)
        self.app.push(PassDeviceScene(self.app, self.names[seat], lambda: self._hand_to(seat)))

    def _hand_to(self, seat: int) -> None:
        """The device is in `seat`'s hands: show his cards."""
        self.viewer = seat
        self.bottom = seat
        self._arrange(self.clock(), self.app.settings.animation_seconds(0.3))
        self._refresh_controls()

    def human_to_act(self) -> int | None:
        seat = self.session.to_act
        if seat is not None and self.session.is_human(seat) and seat == self.viewer:
            return seat
        return None

    def decide(self, decision: object) -> None:
        """A human's decision: apply it, or say why the rules refuse it."""
        try:
            self.session.submit(decision)
        except IllegalMove as refusal:
            self.say(refusal.message)
            return
        self.selected = None
        self._clear_decisions()
        if self.pass_and_play:
            self.viewer = None  # nobody's hand stays face up once he has played
            self._arrange(self.clock(), 0.0)
        self.computer_ready_at = self.clock() + self.app.settings.computer_delay()

    def say(self, message: str, seconds: float = 3.0) -> None:
        self.toast = (message, self.clock() + seconds)

    # Layout of the cards -----------------------------------------------------------------------
    def _arrange(self, now: float, duration: float, *, event: Event | None = None,
                 hold: float = 0.0, stagger: float = 0.0) -> None:
        view = self.view()
        seat = self.human_to_act()
        playable = {d.card for d in self.session.match.legal() if isinstance(d, PlayCard)} \
            if seat is not None and self.shown is self.session.match.state else set()
        targets = arrange(view, self.layout, self.bottom, playable=playable,
                          selected=self.selected, choosing=bool(playable))
        if isinstance(event, ev.DrewForDirector):  # the draw, face up before each player
            targets |= drawn_for_director(event.draws, self.layout, self.bottom)
        spawn = _Spawner(self, view, event)
        order = _deal_order(view, targets)
        delay = (lambda key: order.get(key, 0) * stagger) if stagger else None
        self.stage.arrange(targets, now, duration, spawn=spawn, delay=delay, hold=hold)
        if not self.daggers:
            self.daggers = self._dagger_targets(view)

    def _dagger_targets(self, view: CoupDetatView) -> list[float]:
        geometry = hud.board_geometry(self.layout.board, view.rounds, self.layout.scale)
        return [float(geometry.columns[min(column, view.rounds)]) for column in view.daggers]

    def _settle_daggers(self, dt: float) -> None:
        targets = self._dagger_targets(self.view())
        if len(self.daggers) != len(targets) or self.app.settings.animation_speed == "off":
            self.daggers = targets
            return
        pull = min(1.0, dt * 5)
        self.daggers = [x + (target - x) * pull for x, target in zip(self.daggers, targets,
                                                                     strict=True)]

    def _fly_money(self, event: Event, now: float, duration: float) -> None:
        movement = money_movement(event)
        if movement is None or duration <= 0:
            return
        source, target, amount = movement
        value = max((v for v in (2000, 1000, 500, 100) if v <= amount), default=100)
        self.notes.append(FlyingNote(self._money_spot(source), self._money_spot(target), value,
                                     now, duration))

    def _money_spot(self, seat: int | None) -> tuple[float, float]:
        if seat is None:
            return self.layout.treasury.center
        return self.layout.place_of(seat, self.bottom).plate.center

    # Controls ----------------------------------------------------------------------------------
    def _refresh_controls(self) -> None:
        self._clear_decisions()
        seat = self.human_to_act()
        if seat is not None and self.app.scene is self and not self.queue:
            legal = list(self.session.match.legal())
            self.decisions = DecisionButtons(self.app.ui, self.layout, legal, self)
            self._arrange(self.clock(), self.app.settings.animation_seconds(0.15))
        if self.side is not None:
            self.side.refresh()

    def _clear_decisions(self) -> None:
        if self.decisions is not None:
            self.decisions.kill()
            self.decisions = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.queue or self.stage.busy(self.clock()):
                self.skip_animation()
                return True
            return self._grab(event.pos)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.position = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self._drop(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(
                pygame.mouse.get_pos()):
            self.log.wheel(event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for controls in (self.decisions, self.side):
                if controls is not None and controls.pressed(event.ui_element):
                    return True
        return False

    def skip_animation(self) -> None:
        """A click skips what is moving: show every waiting beat at once."""
        now = self.clock()
        while self.queue and self.app.scene is self:
            self._show(self.queue.popleft(), now)
        self.stage.finish()
        self.notes.clear()
        self.beat_ends = now

    def _grab(self, position: tuple[int, int]) -> bool:
        """Pick up one's own card: a click plays it, a drag plays it where it is dropped."""
        card = self._card_at(position)
        if card is None or self.human_to_act() is None:
            return False
        self.drag = Drag(card, position, position)
        return True

    def _drop(self, position: tuple[int, int]) -> bool:
        drag, self.drag = self.drag, None
        assert drag is not None
        drag.position = position
        hand_line = self.layout.seats[0].hand[1] - self.layout.card_width
        if not drag.moved or position[1] < hand_line:  # a click, or dropped on the table
            self.play(drag.card)
        return True

    def _card_at(self, position: tuple[int, int]) -> Card | None:
        """The viewer's own card under the mouse (topmost first)."""
        view = self.view()
        mine = {card_key(card): card for card in view.hand}
        for key, placement in reversed(self.stage.placements(self.clock())):
            if key in mine and self._card_rect(placement).collidepoint(position):
                return mine[key]
        return None

    def _card_rect(self, placement: Placement) -> pygame.Rect:
        width = placement.width or self.layout.card_width
        rect = pygame.Rect(0, 0, width, round(width * art.CARD_RATIO))
        rect.center = (round(placement.x), round(placement.y))
        return rect

    def play(self, card: Card) -> None:
        seat = self.human_to_act()
        if seat is None:
            return
        choices = [d for d in self.session.match.legal()
                   if isinstance(d, PlayCard) and d.card is card]
        if card is COUP and len(choices) > 1 and self.decisions is not None:
            self.decisions.offer_suits(choices)  # a led COUP: which suit does it lead?
            return
        self.decide(choices[0] if choices else PlayCard(seat, card))

    def _key(self, event: pygame.event.Event) -> bool:
        control = event.mod & pygame.KMOD_CTRL
        if control and event.key == pygame.K_z:
            self.undo()
        elif control and event.key == pygame.K_y:
            self.redo()
        elif control and event.key == pygame.K_s:
            self.open_save()
        elif event.key == pygame.K_ESCAPE:
            self.open_menu()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_selection(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            self.play(self.selected)
        elif event.key == pygame.K_h:
            self.say("Hints arrive with the computer opponents.")
        else:
            return False
        return True

    def _move_selection(self, step: int) -> None:
        from game.rules.coup_detat.charts import HandType, in_display_order

        view = self.view()
        if self.human_to_act() is None or not view.hand:
            return
        cards = in_display_order(view.hand, view.players, view.hand_type is HandType.DOMINOS)
        if self.selected not in cards:
            self.selected = cards[0] if step > 0 else cards[-1]
        else:
            index = (cards.index(self.selected) + step) % len(cards)
            self.selected = cards[index]
        self._arrange(self.clock(), self.app.settings.animation_seconds(0.12))

    # Menu actions ------------------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        humans = self.session.human_seats
        if self.viewer is not None and self.viewer in humans:
            return self.viewer
        return humans[0] if len(humans) == 1 else None

    def undo(self) -> None:
        seat = self.undo_seat()
        if seat is not None and self.session.undo(seat):
            self.log.add("(Taken back.)")
            self.selected = None
        else:
            self.say("Nothing to take back since the deal.")

    def redo(self) -> None:
        seat = self.undo_seat()
        if seat is None or not self.session.redo(seat):
            self.say("Nothing to redo.")

    def open_menu(self) -> None:
        from game.ui.scenes.menu import PauseMenu

        self.app.push(PauseMenu(self.app, self))

    def open_save(self) -> None:
        from game.ui.scenes.files import SaveDialog

        self.app.push(SaveDialog(self.app, self.session))

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    # Drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        now = self.clock()
        layout = self.layout
        scale = layout.scale
        view = self.view()
        surface.fill((10, 18, 14))
        surface.blit(art.felt(layout.felt.size), layout.felt.topleft)
        hud.draw_banner(surface, layout.banner, view, self.names, scale,
                        text.on_dark(self.suit_colours))
        geometry = hud.board_geometry(layout.board, view.rounds, scale)
        hud.draw_board(surface, geometry, view, self.daggers or self._dagger_targets(view), scale)
        hud.draw_treasury(surface, layout.treasury, view, self.names, scale)
        hud.draw_last_trick(surface, layout.last_trick, view, self.names, self.card_art, scale)
        self._draw_plates(surface, view, now)
        if view.dominos is not None:
            self._draw_dominos_guide(surface, view)
        self._draw_cards(surface, now)
        self._draw_notes(surface, now)
        self.log.draw(surface, layout.log, scale, text.on_dark(self.suit_colours))
        self._draw_prompt(surface, view)

    def _draw_plates(self, surface: pygame.Surface, view: CoupDetatView, now: float) -> None:
        to_act = view.to_act
        thinking = self.session.thinking
        for seat in range(view.players):
            place = self.layout.place_of(seat, self.bottom)
            hud.draw_plate(surface, place.plate, name=self.names[seat], view=view, seat=seat,
                           scale=self.layout.scale, to_act=seat == to_act and not self.queue,
                           thinking=seat == thinking, now=now)

    def _draw_dominos_guide(self, surface: pygame.Surface, view: CoupDetatView) -> None:
        from game.cards import Suit

        area = self.layout.dominos
        step = area.height / 4
        for row, suit in enumerate(Suit):
            y = round(area.top + step * (row + 0.5))
            colour = text.on_dark(self.suit_colours)[suit]
            pip = art.suit_pip(suit, round(22 * self.layout.scale), colour)
            surface.blit(pip, pip.get_rect(midright=(area.left - round(8 * self.layout.scale), y)))
        starting = view.dominos.starting_rank if view.dominos else None
        if starting is not None:
            hud.blit_text(surface, f"Starting rank: {starting.word}", round(15 * self.layout.scale),
                          hud.GOLD, (area.centerx, area.top - round(6 * self.layout.scale)),
                          anchor="midbottom")

    def _draw_cards(self, surface: pygame.Surface, now: float) -> None:
        placed = self.stage.placements(now)
        if self.drag is not None and self.drag.moved:  # the dragged card rides on top
            dragged = card_key(self.drag.card)
            placed = [item for item in placed if item[0] != dragged]
            x, y = self.drag.position
            placed.append((dragged, Placement(float(x), float(y))))
        for key, placement in placed:
            image = self._card_image(key, placement)
            rect = image.get_rect(center=(round(placement.x), round(placement.y)))
            if placement.lifted:
                glow = rect.inflate(6, 6)
                pygame.draw.rect(surface, hud.HIGHLIGHT, glow, width=3, border_radius=9)
            surface.blit(image, rect)
            if key == card_key(self.selected) if self.selected else False:
                pygame.draw.rect(surface, (120, 200, 255), rect.inflate(8, 8), 3, 10)

    def _card_image(self, key: Key, placement: Placement) -> pygame.Surface:
        width = placement.width or self.layout.card_width
        face = _face_of(key) if placement.face_up else None
        look = (face, width, placement.dimmed, round(placement.angle))
        image = self._images.get(look)
        if image is None:
            image = self.card_art.back(width) if face is None else self.card_art.face(face, width)
            if placement.dimmed:
                image = _dimmed(image)
            if look[3]:
                image = pygame.transform.rotate(image, look[3])
            if len(self._images) > 3000:
                self._images.clear()
            self._images[look] = image
        if placement.opacity < 1:
            image = image.copy()
            image.set_alpha(round(255 * placement.opacity))
        return image

    def _draw_notes(self, surface: pygame.Surface, now: float) -> None:
        width = round(54 * self.layout.scale)
        for note in self.notes:
            t = min(1.0, max(0.0, (now - note.begins) / note.duration))
            e = 1 - (1 - t) ** 3
            x = note.start[0] + (note.end[0] - note.start[0]) * e
            y = note.start[1] + (note.end[1] - note.start[1]) * e - 40 * self.layout.scale * (
                4 * t * (1 - t))
            image = art.franc_note(note.value, width)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_prompt(self, surface: pygame.Surface, view: CoupDetatView) -> None:
        message = None
        if self.toast is not None:
            message = self.toast[0]
        elif self.human_to_act() is not None and not self.queue:
            message = self._prompt(view)
        if message is None:
            return
        place = self.layout.seats[0]
        y = place.hand[1] - round(self.layout.card_width * 1.05)
        image = text.render(message, round(17 * self.layout.scale), hud.INK, bold=True,
                            suit_colours=text.on_dark(self.suit_colours))
        box = image.get_rect(midbottom=(self.layout.felt.centerx, y)).inflate(24, 10)
        hud.panel(surface, box, (8, 14, 10, 220), radius=12, border=hud.GOLD)
        surface.blit(image, image.get_rect(center=box.center))

    def _prompt(self, view: CoupDetatView) -> str:
        legal = self.session.match.legal()
        if any(isinstance(d, PlayCard) for d in legal):
            if view.dominos is not None and view.dominos.runner == view.seat:
                return "Ace on a King: lay another card, or stop"
            return "Your turn: play a highlighted card"
        return "Your decision"


def _deal_order(view: CoupDetatView, targets: dict[Key, Placement]) -> dict[Key, int]:
    """When each card arrives in a deal: one at a time round the table, from the dealer's
    left, as a dealer deals."""
    director = view.director if view.director is not None else 0
    players = view.players
    own = [key for key in targets if isinstance(key, tuple) and key[0] == "card"]
    order: dict[Key, int] = {}
    for key in targets:
        if not isinstance(key, tuple):
            continue
        if key[0] == "back":
            seat, index = key[1], key[2]
        elif key in own and view.seat is not None:
            seat, index = view.seat, own.index(key)
        else:
            continue
        order[key] = index * players + (seat - director - 1) % players
    return order


class _Spawner:
    """Where a card appearing in this beat comes from."""

    def __init__(self, scene: TableScene, view: CoupDetatView, event: Event | None) -> None:
        self.scene = scene
        self.view = view
        self.event = event

    def __call__(self, key: Key, target: Placement) -> Placement:
        layout, bottom = self.scene.layout, self.scene.bottom
        event = self.event
        if isinstance(event, ev.Dealt) and self.view.director is not None:
            x, y = layout.place_of(self.view.director, bottom).hand
            return Placement(x, y, face_up=False, width=layout.small_card_width, z=target.z)
        if isinstance(event, ev.CardPlayed) and key == card_key(event.card):
            x, y = layout.place_of(event.seat, bottom).hand
            return Placement(x, y, face_up=event.seat == self.view.seat, z=target.z,
                             width=target.width or layout.card_width)
        if isinstance(event, ev.CoupDeclined | ev.CoupCardExchanged | ev.TrickWon):
            x, y = layout.center
            return Placement(x - layout.card_width * 2.1, y - layout.card_width, face_up=False,
                             width=layout.small_card_width, z=target.z)
        return Placement(target.x, target.y, target.face_up, target.angle, target.z,
                         target.width, opacity=0.0)


def _face_of(key: Key) -> Card | None:
    """The card a sprite shows when face up (None for backs and the centre card)."""
    if isinstance(key, tuple) and key[0] == "card":
        return Card.parse(key[1])
    return None


def _dimmed(image: pygame.Surface) -> pygame.Surface:
    """A card that may not be played now: greyed, still readable."""
    shaded = image.copy()
    shaded.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return shaded
