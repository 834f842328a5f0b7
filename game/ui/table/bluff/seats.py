"""Where the players of a bluffing game sit, and where the decision panel stands.

Up to four players sit round an oval with the court deck and the panel in the middle. At
five and six the oval has no middle left for the panel: the others sit in a row along the
top and beside the viewer at the bottom, and the panel takes the band between the rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pygame import Rect

from game.ui.table.layout import TableLayout

OWN_PLATE = (320, 170)  # at the design size: the viewer's plate (name, coins, big cards)
OTHER_PLATE = (220, 136)
ROW_PLATE = (212, 120)  # the others' plates at five and six: a lower row
FEWEST_IN_ROWS = 5  # players from which the table sits in rows
RING_CENTRE = 0.4  # of the felt's height: the oval sits high, leaving room for the
# prompts between the court deck and the viewer's plate
EDGE = 8  # the plates' margin from the felt's edge, at the design size


@dataclass(frozen=True)
class SeatSpot:
    plate: Rect  # the seat's plate: name, coins, cards
    bottom: bool  # the viewer's own place (bigger cards)


def in_rows(players: int) -> bool:
    return players >= FEWEST_IN_ROWS


def ring_centre(layout: TableLayout) -> tuple[int, int]:
    felt = layout.felt
    return felt.centerx, felt.top + round(felt.height * RING_CENTRE)


def _size(size: tuple[int, int], scale: float) -> tuple[int, int]:
    return round(size[0] * scale), round(size[1] * scale)


def own_plate(layout: TableLayout) -> Rect:
    """The viewer's plate, at the bottom of the felt in the middle."""
    rect = Rect((0, 0), _size(OWN_PLATE, layout.scale))
    rect.midbottom = (layout.felt.centerx, layout.felt.bottom - round(EDGE * layout.scale))
    return rect


def seat_spots(layout: TableLayout, players: int, bottom: int) -> list[SeatSpot]:
    """Where each seat sits: `bottom` at the bottom, the others clockwise from his left."""
    places = _row_places(layout, players) if in_rows(players) else \
        _ring_places(layout, players)
    return [SeatSpot(places[(seat - bottom) % players], (seat - bottom) % players == 0)
            for seat in range(players)]


def _ring_places(layout: TableLayout, players: int) -> list[Rect]:
    """The plates round an oval, the viewer's at the bottom, in clockwise order."""
    felt, scale = layout.felt, layout.scale
    cx, cy = ring_centre(layout)
    mine = own_plate(layout)
    places = [mine]
    for place in range(1, players):
        size = _size(OTHER_PLATE, scale)
        angle = math.pi / 2 + 2 * math.pi * place / players
        rx = felt.width / 2 - size[0] / 2 - EDGE * scale
        lower = math.sin(angle) > 0
        ry = (felt.bottom - cy - mine.height / 2 if lower else
              cy - felt.top - size[1] / 2) - EDGE * scale
        rect = Rect((0, 0), size)
        rect.center = (round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle)))
        places.append(rect)
    return places


def _row_places(layout: TableLayout, players: int) -> list[Rect]:
    """Five or six: one beside the viewer on each side, the rest along the top, left to
    right (clockwise from the viewer's left)."""
    felt, scale = layout.felt, layout.scale
    edge = round(EDGE * scale)
    mine = own_plate(layout)
    size = _size(ROW_PLATE, scale)
    left = Rect((0, 0), size)
    left.bottomleft = (felt.left + edge, felt.bottom - edge)
    right = Rect((0, 0), size)
    right.bottomright = (felt.right - edge, felt.bottom - edge)
    top = players - 3
    room = felt.width - 2 * edge
    step = (room - size[0]) / max(1, top - 1)
    row = []
    for index in range(top):
        rect = Rect((0, 0), size)
        x = felt.left + edge + (step * index if top > 1 else (room - size[0]) / 2)
        rect.topleft = (round(x), felt.top + edge)
        row.append(rect)
    return [mine, left, *row, right]


def panel_band(layout: TableLayout, players: int) -> Rect:
    """Where the decision panel may stand without covering a plate: between the rows at
    five and six, else above the viewer's plate."""
    felt = layout.felt
    gap = round(6 * layout.scale)
    plates = [spot.plate for spot in seat_spots(layout, players, 0)]
    if not in_rows(players):
        return Rect(felt.left, felt.top, felt.width, plates[0].top - felt.top - gap)
    ceiling = max(plate.bottom for plate in plates[2:-1])
    floor = min(plates[0].top, plates[1].top, plates[-1].top)
    return Rect(felt.left, ceiling + gap, felt.width, floor - ceiling - 2 * gap)
