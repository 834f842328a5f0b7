"""The felt as the viewer handles it: where each card lies for the table shown (the game's
kit says), his hand (the keyboard's cursor, the cards he picked for one decision, the card
he drags), what nothing may cover, and where a panel finds room.

It is what a decision panel sees of the table (host.py's `PanelHost`): the view, the cards
picked, room on the felt, and deciding, which goes to the table (its controller decides).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from game.engine.ruleset import Decision, View
from game.services.table.controller import TableController
from game.ui import art
from game.ui.table.arrange import CURSOR_LIFT, MARKED_LIFT, Key, card_key
from game.ui.table.kept_panels import KeptPanels
from game.ui.table.kit import TableKit
from game.ui.table.layout import TableLayout
from game.ui.table.render import prompt_room
from game.ui.table.room import grouped, room_on_felt
from game.ui.table.stage import Placement, Stage
from game.ui.table.state import Frame, Hand, TableState

if TYPE_CHECKING:
    from game.ui.table.controls import DecisionButtons


@dataclass
class Drag:
    """A card of the viewer's being dragged towards the table."""

    card: Card
    start: tuple[int, int]
    position: tuple[int, int]

    @property
    def moved(self) -> bool:
        return abs(self.position[0] - self.start[0]) + abs(self.position[1] - self.start[1]) > 8


class Felt:
    def __init__(self, table: TableController, kit: TableKit, stage: Stage,
                 layout: TableLayout, card_art: art.CardArt, *,
                 decide: Callable[[Decision], None], refresh: Callable[[], None]) -> None:
        """`decide`: the person's decision, as the table makes it; `refresh`: lay the
        cards out again, at the player's speed."""
        self.table = table
        self.kit = kit
        self.stage = stage
        self.layout = layout  # the table's (it sets it anew when the window changes size)
        self.card_art = card_art  # the player's (the table sets it when he changes it)
        self.names = table.names
        self._decide = decide
        self._refresh = refresh
        self.selected: Card | None = None  # the card under the keyboard's cursor
        self.marked: set[Card] = set()  # cards picked for one decision (an exchange)
        self.drag: Drag | None = None
        self.kept_panels = KeptPanels()  # the decision panels put away, for the table's life

    # What a decision panel asks (PanelHost) ---------------------------------------------------
    def view(self) -> View:
        """The viewer's view of the game, as shown so far."""
        return self.table.view()

    def human_to_act(self) -> int | None:
        return self.table.human_to_act()

    def decide(self, decision: Decision) -> None:
        self._decide(decision)

    def say(self, message: str, seconds: float = 3.0) -> None:
        self.table.say(message, seconds)

    def refresh_cards(self) -> None:
        """Lay the cards out again (a card picked or put back)."""
        self._refresh()

    def hint_room(self) -> pygame.Rect:
        """The line above the hand as a hint fills it (a decision panel leaves it room if
        it can)."""
        return prompt_room(self.layout, self.kit.prompt_bottom(self.layout))

    def find_room(self, rect: pygame.Rect, *, also: Sequence[pygame.Rect] = (),
                  seen: Sequence[pygame.Rect] | None = None) -> tuple[pygame.Rect, bool]:
        """Where `rect` may stand on the felt, as near where it is as can be, covering
        nothing in view (`seen`, if taken already: else taken now; nor `also`); and whether
        it covers nothing."""
        in_view = self.in_view() if seen is None else seen
        return room_on_felt(rect, self.layout, [*in_view, *also])

    # The table as the kit and the renderer read it --------------------------------------------
    def table_state(self) -> TableState:
        """The table as the kit and the renderer read it, now."""
        table = self.table
        return TableState(
            view=table.view(), table=table.table_view(), layout=self.layout,
            bottom=table.seating.bottom, names=self.names, naming=table.naming,
            now=table.clock(), thinking=table.session.thinking, caught_up=table.caught_up,
            card_art=self.card_art)

    def targets(self) -> dict[Key, Placement]:
        """Where every card of the table should be now (none where the game's cards are
        drawn with its furniture)."""
        cards = self.kit.cards
        if cards is None:
            return {}
        playable = frozenset[Card]()
        if self.table.human_to_act() is not None and self.table.caught_up:
            playable = frozenset(cards.plays(self.table.match.legal()))
        hand = Hand(playable, self.selected, frozenset(self.marked))
        return cards.targets(self.table_state(), hand)

    def frame(self, message: str | None, decisions: DecisionButtons | None) -> Frame:
        """What the renderer draws now: the table, its cards where they are (the one
        dragged on top), the line above the hand (`message`) and what it must leave in
        view, and the decision panel's place."""
        table = self.table_state()
        cards = self.kit.cards
        panel = decisions.panel if decisions is not None else None
        selected = self.selected
        return Frame(table, self.sprites(table.now),
                     card_key(selected) if selected is not None else None,
                     suit_tags=cards.suit_tags(table.table) if cards is not None else {},
                     message=message, message_bottom=self.kit.prompt_bottom(self.layout),
                     keep_clear=self.in_view() if message is not None else (),
                     panel=panel.rect.copy() if panel is not None else None)

    def sprites(self, now: float) -> list[tuple[Key, Placement]]:
        """The cards where they are now, bottom first; the one dragged rides on top."""
        sprites = self.stage.placements(now)
        drag = self.drag
        if drag is not None and drag.moved:
            dragged = card_key(drag.card)
            sprites = [item for item in sprites if item[0] != dragged]
            sprites.append((dragged, Placement(float(drag.position[0]),
                                               float(drag.position[1]))))
        return sprites

    def plates(self) -> list[pygame.Rect]:
        """The players' plates, which no panel may cover."""
        return self.kit.plates(self.view(), self.layout, self.table.seating.bottom)

    def plate_of(self, seat: int) -> pygame.Rect:
        """Where the game draws the plate of `seat` (its kit's plates, by seat)."""
        plates = self.plates()
        return plates[seat] if 0 <= seat < len(plates) else \
            self.layout.place_of(seat, self.table.seating.bottom).plate

    def in_view(self) -> list[pygame.Rect]:
        """What nothing may cover: the plates, the person's cards (as high as a card of
        his can rise: picked, and under the keyboard's cursor), the cards laid face up on
        the table (the trick, the Dominos rows, the cards that count beside a pile)."""
        keep = self.plates()
        if self.kit.cards is None:
            return keep
        hand = {card_key(card) for card in self.in_hand()}
        own: list[pygame.Rect] = []
        laid: list[pygame.Rect] = []
        for key, placement in self.targets().items():
            if key in hand:
                own.append(self.card_rect(placement))
            elif placement.face_up and isinstance(key, tuple) and key[0] == "card":
                laid.append(self.card_rect(placement))
        keep += grouped(laid)
        if own:
            rise = self.layout.card_width * CURSOR_LIFT
            if self.collecting():
                rise += self.layout.card_width * MARKED_LIFT
            hand_rect = own[0].unionall(own[1:])
            keep.append(pygame.Rect(hand_rect.left, hand_rect.top - round(rise), hand_rect.width,
                                    hand_rect.height + round(rise)))
        return keep

    def card_rect(self, placement: Placement) -> pygame.Rect:
        width = placement.width or self.layout.card_width
        rect = pygame.Rect(0, 0, width, round(width * art.CARD_RATIO))
        rect.center = (round(placement.x), round(placement.y))
        return rect

    # The viewer's hand ------------------------------------------------------------------------
    def in_hand(self) -> list[Card]:
        """The viewer's cards as his hand shows them, left to right (none where the game's
        cards are drawn with its furniture)."""
        cards = self.kit.cards
        return cards.in_hand_order(self.view()) if cards is not None else []

    def collecting(self) -> bool:
        """Does the viewer pick several of his cards for one decision (an exchange)?"""
        cards = self.kit.cards
        return cards is not None and cards.collects_cards(self.view())

    def playable_in_hand(self) -> list[Card]:
        """The viewer's cards that he may play now, in the hand's order (none while it is
        not his turn, or his turn is not shown yet)."""
        cards = self.kit.cards
        if cards is None or self.table.human_to_act() is None or not self.table.caught_up:
            return []
        playable = cards.plays(self.table.match.legal())
        return [card for card in self.in_hand() if card in playable]

    def card_at(self, position: tuple[int, int]) -> Card | None:
        """The viewer's own card under the mouse (topmost first)."""
        mine = {card_key(card): card for card in self.in_hand()}
        for key, placement in reversed(self.stage.placements(self.table.clock())):
            if key in mine and self.card_rect(placement).collidepoint(position):
                return mine[key]
        return None

    def grab(self, position: tuple[int, int]) -> bool:
        """Pick up one's own card on one's turn: a click plays it (or picks it in an
        exchange), a drag plays it where it is dropped."""
        if self.table.human_to_act() is None or not self.table.caught_up:
            return False
        card = self.card_at(position)
        if card is None:
            return False
        self.drag = Drag(card, position, position)
        return True

    def drop(self, position: tuple[int, int]) -> Card | None:
        """The card held is let go at `position`: the card to play, if it was clicked or
        dropped on the table (None: put back in the hand)."""
        drag, self.drag = self.drag, None
        assert drag is not None
        drag.position = position
        hand_line = self.layout.seats[0].hand[1] - self.layout.card_width
        return drag.card if not drag.moved or position[1] < hand_line else None

    def move_selection(self, step: int) -> bool:
        """Left and Right: the cursor along the hand; from nowhere, to the first (or last)
        card that may be played. Has it moved?"""
        cards = self.in_hand()
        if self.table.human_to_act() is None or not cards:
            return False
        if self.selected not in cards:
            start = self.playable_in_hand() or cards
            self.selected = start[0] if step > 0 else start[-1]
        else:
            self.selected = cards[(cards.index(self.selected) + step) % len(cards)]
        return True

    def place_cursor(self, decisions: DecisionButtons | None) -> None:
        """The keyboard starts where the turn asks for it: on the first card that may be
        played (the buttons beside it wait for Tab); in an exchange, on the first card of
        the hand (Space picks it, Enter sets the picked cards aside); else on the panel's
        first button."""
        playable = self.playable_in_hand()
        if playable:
            if self.selected not in playable:  # (a hint's card stays chosen)
                self.selected = playable[0]
            if decisions is not None:
                decisions.unfocus()
        elif decisions is not None and decisions.picks_cards:
            hand = self.in_hand()
            if hand and self.selected not in hand:
                self.selected = hand[0]
        elif decisions is not None:
            decisions.focus_default()

    def take_hint(self, decision: Decision) -> None:
        """The cards a hint names: an exchange's picked, else the card to play under the
        cursor (Enter plays it)."""
        cards = self.kit.cards
        named = cards.named_by(decision) if cards is not None else ()
        if cards is not None and cards.collects_cards(self.view()):
            self.marked = set(named) or self.marked
        elif named:
            self.selected = named[0]

    def let_go(self) -> None:
        """A decision was made: nothing picked, held or under the cursor any more (a card
        still held in the other hand: his cards go face down)."""
        self.selected = None
        self.marked = set()
        self.drag = None
