"""Drawing the table: the felt, the kit's furniture, the cards where the stage has them,
what flies over them, the log, the line above the hand. Reads a frame the scene made
(state.py), never the scene nor the match: drawing cannot change the game."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.cards import Card, Suit
from game.ui import art, text
from game.ui.table import hud
from game.ui.table.log_panel import LogPanel
from game.ui.table.room import room_on_felt
from game.ui.table.stage import Placement
from game.ui.table.state import Frame

if TYPE_CHECKING:
    from game.ui.table.kit import TableKit
    from game.ui.table.layout import TableLayout

Key = Hashable
MAX_CACHED_IMAGES = 3000
PROMPT_WIDTHS = (1.0, 0.7, 0.5)  # of the felt: the line above the hand wrapped narrower
HINT_LINES = 3  # a hint's lines, at the smallest window


class TableRenderer:
    def __init__(self) -> None:
        self._images: dict[tuple, pygame.Surface] = {}  # cards turned or greyed, by look
        self.prompt_box: pygame.Rect | None = None  # the line above the hand, as last drawn
        self._prompt_place: tuple[object, pygame.Rect, list[str]] | None = None

    def forget(self) -> None:
        """The card art changed (back, colours): draw every card afresh."""
        self._images.clear()

    def draw(self, surface: pygame.Surface, frame: Frame, kit: TableKit, log: LogPanel) -> None:
        table = frame.table
        layout = table.layout
        light = text.on_dark(suit_colours(table.card_art))
        surface.fill(hud.GROUND)
        surface.blit(art.felt(layout.felt.size), layout.felt.topleft)
        kit.furniture(surface, table, light)
        self._cards(surface, frame, light)
        if kit.motion is not None:
            kit.motion.draw(surface, table)
        log.draw(surface, layout.log, layout.scale, light)
        self.prompt_box = None
        if frame.message is not None:
            self._prompt(surface, frame, frame.message, light)

    def _cards(self, surface: pygame.Surface, frame: Frame, light: text.SuitColours) -> None:
        table = frame.table
        for key, placement in frame.sprites:
            image = self._card_image(table.card_art, table.layout, key, placement)
            rect = image.get_rect(center=(round(placement.x), round(placement.y)))
            if placement.lifted:
                pygame.draw.rect(surface, hud.HIGHLIGHT, rect.inflate(6, 6), width=3,
                                 border_radius=9)
            surface.blit(image, rect)
            if key == frame.selected:
                pygame.draw.rect(surface, (120, 200, 255), rect.inflate(8, 8), 3, 10)
            suit = frame.suit_tags.get(key)
            if suit is not None:
                hud.suit_tag(surface, suit, rect, table.layout.scale, light)

    def _card_image(self, cards: art.CardArt, layout: TableLayout, key: Key,
                    placement: Placement) -> pygame.Surface:
        width = placement.width or layout.card_width
        face = _face_of(key) if placement.face_up else None
        look = (face, width, placement.dimmed, round(placement.angle))
        image = self._images.get(look)
        if image is None:
            image = cards.back(width) if face is None else cards.face(face, width)
            if placement.dimmed:
                image = _dimmed(image)
            if look[3]:
                image = pygame.transform.rotate(image, look[3])
            if len(self._images) > MAX_CACHED_IMAGES:
                self._images.clear()
            self._images[look] = image
        if placement.opacity < 1:
            image = image.copy()
            image.set_alpha(round(255 * placement.opacity))
        return image

    def _prompt(self, surface: pygame.Surface, frame: Frame, message: str,
                light: text.SuitColours) -> None:
        layout = frame.table.layout
        size = round(17 * layout.scale)
        also = (frame.panel,) if frame.panel is not None else ()
        key = (message, size, also, tuple(map(tuple, frame.keep_clear)))
        if self._prompt_place is None or self._prompt_place[0] != key:
            self._prompt_place = (key, *self._place_prompt(frame, message, size, also))
        box, lines = self._prompt_place[1], self._prompt_place[2]
        images = [text.render(line, size, hud.INK, bold=True, suit_colours=light)
                  for line in lines]
        hud.panel(surface, box, (8, 14, 10, 220), radius=12, border=hud.GOLD)
        self.prompt_box = box
        y = box.top + 5
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()

    @staticmethod
    def _place_prompt(frame: Frame, message: str, size: int,
                      also: tuple[pygame.Rect, ...]) -> tuple[pygame.Rect, list[str]]:
        """The line's box and its lines: above the hand, as wide as the felt allows; where
        that would cover something in view (the decision panel stands there), the nearest
        free place, the words wrapped narrower if need be."""
        layout = frame.table.layout
        widest = layout.felt.width - round(80 * layout.scale)
        line = text.font(size, True).get_height()
        first: tuple[pygame.Rect, list[str]] | None = None
        for share in PROMPT_WIDTHS:
            lines = text.wrap(message, size, round(widest * share), bold=True)[:4]
            width = max(text.measure(words, size, True) for words in lines)
            box = pygame.Rect(0, 0, width + 24, line * len(lines) + 10)
            box.midbottom = (layout.felt.centerx, frame.message_bottom)
            spot, free = room_on_felt(box, layout, [*frame.keep_clear, *also])
            if free:
                return spot, lines
            first = first or (spot, lines)
        assert first is not None
        return first


def suit_colours(cards: art.CardArt) -> text.SuitColours:
    """Each suit's colour in the player's cards (two colours, or four)."""
    return {suit: cards.suit_colour(suit) for suit in Suit}


def prompt_room(layout: TableLayout, bottom: int) -> pygame.Rect:
    """The line above the hand as a hint fills it: as wide as the felt allows, three lines
    high."""
    size = round(17 * layout.scale)
    room = pygame.Rect(0, 0, layout.felt.width - round(80 * layout.scale) + 24,
                       text.font(size, True).get_height() * HINT_LINES + 10)
    room.midbottom = (layout.felt.centerx, bottom)
    return room


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
