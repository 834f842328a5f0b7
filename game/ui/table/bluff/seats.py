"""Where the players of a bluffing game sit, and where the decision panel stands.

The viewer sits at the bottom in the middle; from four players on one other sits on each
side of him, and the rest sit in a row along the top. The court deck and the decision panel
take the band between the rows, so the panel never covers a plate.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from game.ui.table.layout import TableLayout

OWN_PLATE = (320, 170)  # at the design size: the viewer's plate (name, coins, big cards)
OTHER_PLATE = (212, 120)
FEWEST_BESIDE = 4  # players from which two sit beside the viewer
EDGE = 8  # the plates' margin from the felt's edge, at the design size
TOAST = 38  # room kept, if there is room, for the line above the viewer's plate


@dataclass(frozen=True)
class SeatSpot:
    plate: Rect  # the seat's plate: name, coins, cards
    bottom: bool  # the viewer's own place (bigger cards)


def _size(size: tuple[int, int], scale: float) -> tuple[int, int]:
    return round(size[0] * scale), round(size[1] * scale)


def own_plate(layout: TableLayout) -> Rect:
    """The viewer's plate, at the bottom of the felt in the middle."""
    rect = Rect((0, 0), _size(OWN_PLATE, layout.scale))
    rect.midbottom = (layout.felt.centerx, layout.felt.bottom - round(EDGE * layout.scale))
    return rect


def seat_spots(layout: TableLayout, players: int, bottom: int) -> list[SeatSpot]:
    """Where each seat sits: `bottom` at the bottom, the others clockwise from his left."""
    places = _places(layout, players)
    return [SeatSpot(places[(seat - bottom) % players], (seat - bottom) % players == 0)
            for seat in range(players)]


def _places(layout: TableLayout, players: int) -> list[Rect]:
    """The plates in clockwise order from the viewer's: the one beside him on his left
    (from four players), the top row from left to right, the one on his right."""
    felt, scale = layout.felt, layout.scale
    edge = round(EDGE * scale)
    mine = own_plate(layout)
    size = _size(OTHER_PLATE, scale)
    if players < FEWEST_BESIDE:
        return [mine, *_top_row(layout, players - 1, size)]
    left = Rect((0, 0), size)
    left.bottomleft = (felt.left + edge, felt.bottom - edge)
    right = Rect((0, 0), size)
    right.bottomright = (felt.right - edge, felt.bottom - edge)
    return [mine, left, *_top_row(layout, players - 3, size), right]


def _top_row(layout: TableLayout, top: int, size: tuple[int, int]) -> list[Rect]:
    """`top` plates along the top of the felt, spread from edge to edge (one: centred)."""
    felt = layout.felt
    edge = round(EDGE * layout.scale)
    room = felt.width - 2 * edge
    step = (room - size[0]) / max(1, top - 1)
    row = []
    for index in range(top):
        rect = Rect((0, 0), size)
        x = felt.left + edge + (step * index if top > 1 else (room - size[0]) / 2)
        rect.topleft = (round(x), felt.top + edge)
        row.append(rect)
    return row


def panel_band(layout: TableLayout, players: int) -> Rect:
    """Where the court deck and the decision panel stand without covering a plate: the
    band between the top row and the plates at the bottom."""
    felt = layout.felt
    gap = round(6 * layout.scale)
    plates = [spot.plate for spot in seat_spots(layout, players, 0)]
    top_row = plates[1:] if players < FEWEST_BESIDE else plates[2:-1]
    bottom_row = [plate for plate in plates if plate not in top_row]
    ceiling = max(plate.bottom for plate in top_row)
    floor = min(plate.top for plate in bottom_row)
    return Rect(felt.left, ceiling + gap, felt.width, floor - ceiling - 2 * gap)


def place_panel(layout: TableLayout, players: int, panel: Rect) -> None:
    """The panel in the middle of the band, clear of the line above the viewer's plate if
    the band has room for both."""
    band = panel_band(layout, players)
    panel.center = band.center
    panel.bottom = min(panel.bottom, band.bottom - round(TOAST * layout.scale))
    panel.top = max(panel.top, band.top)
