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
    from game.ui.table.scene import TableScene

Key = Hashable
MAX_CACHED_IMAGES = 3000


class TableRenderer:
    def __init__(self) -> None:
        self._images: dict[tuple, pygame.Surface] = {}  # cards turned or greyed, by look

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
        surface.fill((10, 18, 14))
        surface.blit(art.felt(layout.felt.size), layout.felt.topleft)
        scene.kit.furniture(surface, scene, view, table, now, light)
        self._cards(surface, scene, table, now, light)
        self._notes(surface, scene, now)
        scene.log.draw(surface, layout.log, scale, light)
        message = scene.message()
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
        lines = text.wrap(message, size, layout.felt.width - round(80 * layout.scale), bold=True)
        images = [text.render(line, size, hud.INK, bold=True, suit_colours=light)
                  for line in lines[:4]]
        height = sum(image.get_height() for image in images)
        width = max(image.get_width() for image in images)
        bottom = scene.kit.prompt_bottom(layout)
        box = pygame.Rect(0, 0, width + 24, height + 10)
        box.midbottom = (layout.felt.centerx, bottom)
        hud.panel(surface, box, (8, 14, 10, 220), radius=12, border=hud.GOLD)
        y = box.top + 5
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()


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
