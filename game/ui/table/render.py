"""Drawing the table: the felt, the furniture (banner, Board, Treasury, plates, last trick,
log), the cards where the stage has them, notes in flight, the prompt. Reads the scene,
never changes the game."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.cards import Card
from game.ui import art, text
from game.ui.table import hud
from game.ui.table.arrange import card_key
from game.ui.table.stage import Placement

if TYPE_CHECKING:
    from game.ui.table.layout import TableLayout
    from game.ui.table.scene import TableScene

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

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        now = scene.clock()
        layout = scene.layout
        scale = layout.scale
        view = scene.view()
        table = scene.table_view()
        light = text.on_dark(scene.suit_colours)
        surface.fill(hud.GROUND)
        surface.blit(art.felt(layout.felt.size), layout.felt.topleft)
        scene.kit.furniture(surface, scene, view, table, now, light)
        self._cards(surface, scene, table, now, light)
        self._notes(surface, scene, now)
        scene.log.draw(surface, layout.log, scale, light)
        message = scene.message()
        self.prompt_box = None
        if message is not None:
            self._prompt(surface, scene, message, light)

    def _cards(self, surface: pygame.Surface, scene: TableScene, view: Any,
               now: float, light: text.SuitColours) -> None:
        placed = scene.stage.placements(now)
        drag = scene.drag
        if drag is not None and drag.moved:  # the dragged card rides on top
            dragged = card_key(drag.card)
            placed = [item for item in placed if item[0] != dragged]
            placed.append((dragged, Placement(float(drag.position[0]), float(drag.position[1]))))
        selected = card_key(scene.selected) if scene.selected is not None else None
        wild = scene.kit.wild
        trick = getattr(view, "trick", None)  # a game without tricks has none
        led_wild = card_key(wild) if trick and trick[0][1] is wild else None
        for key, placement in placed:
            image = self._card_image(scene, key, placement)
            rect = image.get_rect(center=(round(placement.x), round(placement.y)))
            if placement.lifted:
                pygame.draw.rect(surface, hud.HIGHLIGHT, rect.inflate(6, 6), width=3,
                                 border_radius=9)
            surface.blit(image, rect)
            if key == selected:
                pygame.draw.rect(surface, (120, 200, 255), rect.inflate(8, 8), 3, 10)
            if key == led_wild and view.led_suit is not None:
                hud.suit_tag(surface, view.led_suit, rect, scene.layout.scale, light)

    def _card_image(self, scene: TableScene, key: Key, placement: Placement) -> pygame.Surface:
        width = placement.width or scene.layout.card_width
        face = _face_of(key) if placement.face_up else None
        look = (face, width, placement.dimmed, round(placement.angle))
        image = self._images.get(look)
        if image is None:
            cards = scene.card_art
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

    def _notes(self, surface: pygame.Surface, scene: TableScene, now: float) -> None:
        width = round(54 * scene.layout.scale)
        for note in scene.notes:
            t = min(1.0, max(0.0, (now - note.begins) / note.duration))
            ease = 1 - (1 - t) ** 3
            arc = 40 * scene.layout.scale * 4 * t * (1 - t)  # a little hop on the way
            x = note.start[0] + (note.end[0] - note.start[0]) * ease
            y = note.start[1] + (note.end[1] - note.start[1]) * ease - arc
            image = art.franc_note(note.value, width)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _prompt(self, surface: pygame.Surface, scene: TableScene, message: str,
                light: text.SuitColours) -> None:
        layout = scene.layout
        size = round(17 * layout.scale)
        panel = scene.decisions.panel if scene.decisions is not None else None
        also = (panel.rect.copy(),) if panel is not None else ()
        key = (message, size, also, tuple(map(tuple, scene.in_view())))
        if self._prompt_place is None or self._prompt_place[0] != key:
            self._prompt_place = (key, *self._place_prompt(scene, message, size, also))
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
    def _place_prompt(scene: TableScene, message: str, size: int,
                      also: tuple[pygame.Rect, ...]) -> tuple[pygame.Rect, list[str]]:
        """The line's box and its lines: above the hand, as wide as the felt allows; where
        that would cover something in view (the decision panel stands there), the nearest
        free place, the words wrapped narrower if need be."""
        layout = scene.layout
        widest = layout.felt.width - round(80 * layout.scale)
        line = text.font(size, True).get_height()
        first: tuple[pygame.Rect, list[str]] | None = None
        for share in PROMPT_WIDTHS:
            lines = text.wrap(message, size, round(widest * share), bold=True)[:4]
            width = max(text.measure(words, size, True) for words in lines)
            box = pygame.Rect(0, 0, width + 24, line * len(lines) + 10)
            box.midbottom = (layout.felt.centerx, scene.kit.prompt_bottom(layout))
            spot, free = scene.find_room(box, also=also)
            if free:
                return spot, lines
            first = first or (spot, lines)
        assert first is not None
        return first


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
