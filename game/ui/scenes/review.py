"""Review a game: step through it decision by decision, the table drawn as it was from the
reviewed seat's view, beside Hard's judgement of that seat's decisions (game/services/
review.py), which is made in the background while the person looks.

Where the review stands and how it moves is game/services/review_place.py's. The strip at
the foot is the whole game, a dot for each decision of the seat (review_strip.py); a click
on a dot goes there. The right column (review_column.py) says what was played and what
Hard would have played; the wheel over it, or its bar, scrolls what it cannot show at
once. Once the game is over, "All hands" (H) writes every player's cards by his hand.

Keys: Left and Right a decision, Up and Down a trick (a turn), Page Up and Page Down a
hand, Home and End a round; M and Shift+M the next and previous mistake; S (once the game
is over) the next player's decisions; Esc leaves.

At a table hosted for friends, or at a friend's, the review may show only what this screen
may see (game/services/seat_review.py's `Reviewable`): some seats' decisions, and no hand
the rules did not show.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton

from game.ai.search import SearchPool
from game.cards import Card
from game.rules.words import Naming
from game.services import review
from game.services.review import HAND, ROUND, TRICK, Depth, Reviewed, words_for
from game.services.review_place import ReviewPlace
from game.services.reviewing import ReviewRun
from game.services.seat_review import Reviewable
from game.ui import art, text
from game.ui.scene import Scene
from game.ui.scenes.review_column import ReviewColumn
from game.ui.scenes.review_strip import ReviewStrip
from game.ui.table.arrange import card_key
from game.ui.table.kit import kit_for
from game.ui.table.layout import TableLayout, hand_for, table_layout
from game.ui.table.log_panel import LogPanel
from game.ui.table.render import TableRenderer, suit_colours
from game.ui.table.stage import Placement
from game.ui.table.state import Frame, Hand, TableState
from game.ui.theme import GOLD, INK, panel

if TYPE_CHECKING:
    from game.ui.app import App

STRIP = 70  # at the design size: the timeline's height at the foot of the window
LEVEL_KEYS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (TRICK, -1),
              pygame.K_DOWN: (TRICK, 1), pygame.K_PAGEUP: (HAND, -1),
              pygame.K_PAGEDOWN: (HAND, 1), pygame.K_HOME: (ROUND, -1),
              pygame.K_END: (ROUND, 1)}


class ReviewScene(Scene):
    def __init__(self, app: App, match: Reviewed, seat: int, names: Sequence[str], *,
                 depth: Depth | None = None, limits: Reviewable | None = None) -> None:
        """`depth`: how hard Hard thinks (the review's default, `review.DEFAULT_DEPTH`);
        `limits`: what this screen may show, when not everything once the game is over (and
        the game reviewed: a seat's, told by its host)."""
        super().__init__(app)
        self.limits = limits or Reviewable(match, seat, tuple(range(match.players)))
        self.match: Reviewed = self.limits.match
        self.names = list(names)
        self.words = words_for(match.ruleset.id)
        self.kit = kit_for(match.ruleset.id)
        self.depth = depth or review.DEFAULT_DEPTH
        self.over = match.pending.over
        self.show_all = False
        self.renderer = TableRenderer()
        self.card_art = art.CardArt(four_colour=app.settings.four_colour_suits,
                                    back=app.settings.card_back)
        self.widgets: list[UIButton] = []  # every button made, greyed or not: leave kills them
        self.actions: dict[UIButton, Callable[[], None]] = {}  # what the live ones do
        self._pool = SearchPool(self.depth.workers)
        self._thread: threading.Thread | None = None
        self._shown_done = -1  # the judgements the last frame showed
        self._drawn_turn = -1
        self.trouble: str | None = None  # why the judging stopped, if it failed
        self._buttons_due = False
        self._take_seat(seat)
        self.relayout(app.size)

    def _take_seat(self, seat: int) -> None:
        """Review `seat`'s decisions (what was kept of his review at once), from his first."""
        self.seat = seat
        self.review = ReviewRun(self.match, seat, self.depth)
        self.place = ReviewPlace(self.match, self.words, seat)
        self.ledger = self.words.ledger(self.match, seat, self.names)  # the game is what it is
        self._drawn_turn = -1

    def next_seat(self) -> None:
        """Once the game is over, the next player's decisions (what was judged of this one's
        is kept)."""
        seats = self.limits.seats
        if not self.over or len(seats) < 2:
            return
        self.review.cancel()
        self._take_seat(seats[(seats.index(self.seat) + 1) % len(seats)]
                        if self.seat in seats else seats[0])
        self.column.offset = 0  # his game from the top
        if not self.review.complete:
            self._start()
        self._make_buttons()

    # Scene life ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.leave()
        if self._thread is None and not self.review.complete:
            self._start()
        self._make_buttons()

    def _start(self) -> None:
        self._thread = threading.Thread(target=self._analyse, args=(self.review,),
                                        name="review", daemon=True)
        self._thread.start()

    def _analyse(self, run: ReviewRun) -> None:
        """The review's thread: Hard judges, the window is woken for each judgement. Should
        the judging fail, the strip says so, and the judgements made are kept."""
        try:
            run.run(self._pool, judged=lambda judgement: self.app.wake())
        except Exception as error:  # said on the strip: a review never crashes the window
            self.trouble = f"Hard stopped judging ({type(error).__name__}: {error})."
        self._buttons_due = True  # Stop judging goes: made in the window's thread
        self.app.wake()

    def leave(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self.actions.clear()

    def closed(self) -> None:
        """Stop thinking: the judgements so far are kept, the workers end."""
        self.review.cancel()
        self._pool.shutdown(wait=False)

    def relayout(self, size: tuple[int, int]) -> None:
        self.scale = min(size[0] / 1280, size[1] / 800)
        strip = round(STRIP * self.scale)
        players = self.match.players
        self.layout: TableLayout = table_layout((size[0], size[1] - strip), players,
                                                hand_for(self.match.ruleset.id, players))
        self.strip = ReviewStrip(Rect(0, size[1] - strip, size[0], strip), self.scale,
                                 self.names)
        self.column = ReviewColumn(self.names, self.scale)

    @property
    def busy(self) -> bool:
        """A frame is wanted when a judgement has come in since the last."""
        return self.review.done != self._shown_done or self._buttons_due

    def update(self, dt: float) -> None:
        if self._buttons_due and self.app.scene is self:
            self._buttons_due = False
            self._make_buttons()

    # Moving about ------------------------------------------------------------------------------
    def next_mistake(self, direction: int) -> None:
        """To the next (or previous) decision that cost more than the threshold."""
        self.place.next_mistake(self.review.judgements, direction)

    @property
    def may_show_hands(self) -> bool:
        return self.over and self.limits.all_hands

    @property
    def may_change_seat(self) -> bool:
        return self.over and len(self.limits.seats) > 1

    def toggle_hands(self) -> None:
        if self.may_show_hands:
            self.show_all = not self.show_all
            self._make_buttons()

    def back(self) -> None:
        self.app.pop()

    # Events ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.actions[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.column.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.strip.rect.collidepoint(event.pos):
            turn = self.strip.turn_at(self.place, event.pos[0])
            if turn is not None:
                self.place.go_to(turn)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in LEVEL_KEYS:
            self.place.go(*LEVEL_KEYS[event.key])
        elif event.key == pygame.K_m:
            self.next_mistake(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key == pygame.K_h:
            self.toggle_hands()
        elif event.key == pygame.K_s:
            self.next_seat()
        else:
            return False
        return True

    def _make_buttons(self) -> None:
        self.leave()
        area, scale, steps = self.layout.buttons, self.scale, self.words.steps
        gap = round(5 * scale)
        width = (area.width - gap) // 2
        height = min(round(38 * scale), (area.height - 4 * gap) // 5)
        rows: list[list[tuple[str, Callable[[], None] | None, str]]] = [
            [("Previous", lambda: self.place.go(0, -1), "The decision before (Left)"),
             ("Next", lambda: self.place.go(0, 1), "The next decision (Right)")],
            [(f"< {steps[0].title()}", lambda: self.place.go(TRICK, -1),
              f"This {steps[0]}'s start, or the one before (Up)"),
             (f"{steps[0].title()} >", lambda: self.place.go(TRICK, 1),
              f"The next {steps[0]} (Down)")],
            [(f"< {steps[1].title()}", lambda: self.place.go(HAND, -1),
              f"This {steps[1]}'s start, or the one before (Page Up; a {steps[2]}: Home)"),
             (f"{steps[1].title()} >", lambda: self.place.go(HAND, 1),
              f"The next {steps[1]} (Page Down; a {steps[2]}: End)")],
            [("< Mistake", lambda: self.next_mistake(-1), "The costly decision before "
                                                          "(Shift+M)"),
             ("Mistake >", lambda: self.next_mistake(1), "The next costly decision (M)")],
            [("Hide hands" if self.show_all else "All hands",
              self.toggle_hands if self.may_show_hands else None, self._hands_tip()),
             ("Back", self.back, "Leave the review (Esc): what Hard judged is kept")],
        ]
        for row, entries in enumerate(rows):
            for column, (label, action, tip) in enumerate(entries):
                rect = Rect(area.left + column * (width + gap),
                            area.top + row * (height + gap), width, height)
                self._button(rect, label, action, tip)
        seat = Rect(0, 0, round(170 * scale), round(24 * scale))
        strip = self.strip.rect
        seat.topright = (strip.right - round(16 * scale), strip.top + round(8 * scale))
        self._button(seat, f"Seat: {self.names[self.seat]}",
                     self.next_seat if self.may_change_seat else None, self._seat_tip())
        if not self.review.complete:
            stop = seat.move(-seat.width - round(8 * scale), 0)
            judging = self._thread is not None and self._thread.is_alive() \
                and not self.review.stopped
            self._button(stop, "Stop judging" if judging else "Go on judging",
                         self.stop if judging else self.go_on,
                         "Hard stops after this decision; what it judged is kept" if judging
                         else "Hard judges the rest")

    def _hands_tip(self) -> str:
        if self.limits.hands is not None:
            return self.limits.hands
        return "Every player's cards over his hand (H)" if self.over \
            else "Once the game is over, every hand may be shown"

    def _seat_tip(self) -> str:
        if self.may_change_seat:
            return "The next player's decisions (S)"
        if self.limits.others is not None:
            return self.limits.others
        return "Once the game is over, any player's decisions may be reviewed"

    def _button(self, rect: Rect, label: str, action: Callable[[], None] | None,
                tip: str) -> None:
        button = UIButton(rect, label, manager=self.app.ui, tool_tip_text=tip)
        self.widgets.append(button)
        if action is None:
            button.disable()
        else:
            self.actions[button] = action

    def stop(self) -> None:
        """Hard stops judging (after the decision under way)."""
        self.review.cancel()
        self._make_buttons()

    def go_on(self) -> None:
        """Hard judges the decisions it has not yet, from where it stopped."""
        if self._thread is not None and self._thread.is_alive():
            return  # still finishing the decision it stopped on
        self.review.resume()
        self._start()
        self._make_buttons()

    # Drawing -----------------------------------------------------------------------------------
    def table_state(self) -> TableState:
        """The table at the decision shown, as the reviewed seat saw it."""
        view = self.match.ruleset.view(self.place.state, self.seat)
        return TableState(view=view, table=view, layout=self.layout, bottom=self.seat,
                          names=self.names, naming=Naming(self.names, self.seat), now=0.0,
                          thinking=None, caught_up=True, card_art=self.card_art)

    def sprites(self, table: TableState) -> list[tuple[object, Placement]]:
        """The cards where they lie, bottom first (none where a game draws its own); with
        every hand shown, the others' cards face up in place of their backs."""
        cards = self.kit.cards
        if cards is None:
            return []
        targets = cards.targets(table, Hand())
        if self.show_all:
            targets = {key: placement for key, placement in targets.items()
                       if not (isinstance(key, tuple) and key[0] == "back")}
            for seat, held in enumerate(self.words.hands(self.place.state)):
                if seat != self.seat:
                    targets |= self._face_up(seat, held)
        return sorted(targets.items(), key=lambda item: item[1].z)

    def _face_up(self, seat: int, held: Sequence[Card]) -> dict[object, Placement]:
        """A player's cards face up where his backs lie, small, each card's corner in view:
        in a row at the top, in a column at the sides."""
        place, width = self.layout.place_of(seat, self.seat), self.layout.small_card_width
        x, y = place.hand
        step = width * (0.42 if place.vertical else 0.36)
        if not place.vertical and len(held) > 1:  # the row stops short of his plate
            room = 2 * (place.plate.left - round(6 * self.scale) - x) - width
            step = max(width * 0.22, min(step, room / (len(held) - 1)))
        first = -step * (len(held) - 1) / 2
        laid = {}
        for index, card in enumerate(held):
            offset = first + index * step
            at = (x, y + offset) if place.vertical else (x + offset, y)
            laid[card_key(card)] = Placement(at[0], at[1], width=width, z=50 + index)
        return laid

    def draw(self, surface: pygame.Surface) -> None:
        self._shown_done = self.review.done
        table = self.table_state()
        motion = self.kit.motion
        if motion is not None and self._drawn_turn != self.place.turn:  # the daggers, at once
            motion.forget()
            motion.arranged(table.view, self.layout)
            motion.settle(table.view, self.layout, 0.0, 0.0, instant=True)
        self._drawn_turn = self.place.turn
        frame = Frame(table=table, sprites=self.sprites(table), selected=None, suit_tags={},
                      message=None, message_bottom=0, keep_clear=(), panel=None)
        self.renderer.draw(surface, frame, self.kit, LogPanel())
        if self.show_all:
            self._open_hands(surface, self.place.state)
        self.column.draw(surface, self.layout.log, self.place, self.review, self.ledger,
                         self.card_art)
        self.strip.draw(surface, self.place, self.review, self.trouble)

    def _open_hands(self, surface: pygame.Surface, state: object) -> None:
        """Every other player's cards in words, over his plate (in a game that draws its
        cards on the plates; the others' lie face up on the felt)."""
        if self.kit.cards is not None:
            return
        size = max(11, round(15 * self.scale))
        light = text.on_dark(suit_colours(self.card_art))
        plates = self.kit.plates(self.match.ruleset.view(state, self.seat), self.layout,
                                 self.seat)
        for seat, cards in enumerate(self.words.hands(state)):
            if seat == self.seat or not cards:
                continue
            words = ", ".join(card.label for card in cards)
            image = text.render(words, size, INK, bold=True, suit_colours=light)
            plate = plates[seat]
            box = image.get_rect(center=(plate.centerx, plate.bottom - plate.height // 4))
            box.clamp_ip(self.layout.felt.inflate(-16, -16))
            panel(surface, box.inflate(12, 6), (8, 14, 10, 230), radius=8, border=GOLD)
            surface.blit(image, box)
