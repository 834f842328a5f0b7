"""Where the players of a bluffing game sit, and where the decision panel stands.

The viewer sits at the bottom in the middle; from four players on one other sits on each
side of him, and the rest sit in a row along the top. The court deck and the decision panel
take the band between the rows, so the panel never covers a plate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame import Rect

from game.ui.art.canvas import CARD_RATIO
from game.ui.table.layout import TableLayout

OWN_PLATE = (320, 170)  # at the design size: the viewer's plate (name, coins, big cards)
OTHER_PLATE = (212, 120)
FEWEST_BESIDE = 4  # players from which two sit beside the viewer
EDGE = 8  # the plates' margin from the felt's edge, at the design size
TOAST = 38  # room kept, if there is room, for the line above the viewer's plate
OWN_COLUMN = 90  # at the design size: the viewer's name and coins, left of his cards
PAD = 8  # inside a plate, at the design size
CARD_GAP = 6  # between two cards side by side, at the design size
WIDEST_CARD = {True: 100, False: 56}  # the viewer's cards, another's, at the design size


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


def seat_spots(layout: TableLayout, players: int, bottom: int,
               cards: Sequence[int] = ()) -> list[SeatSpot]:
    """Where each seat sits: `bottom` at the bottom, the others clockwise from his left.
    `cards`: how many cards each seat shows; a plate too narrow to show its cards side by
    side widens, as far as its room on the felt allows."""
    shown = [cards[(bottom + place) % players] if cards else 0 for place in range(players)]
    places = _places(layout, players, shown)
    return [SeatSpot(places[(seat - bottom) % players], (seat - bottom) % players == 0)
            for seat in range(players)]


def card_area(spot: SeatSpot, scale: float) -> Rect:
    """Where a seat's cards lie on its plate: right of the viewer's name and coins, under
    another's name and coins."""
    rect, pad = spot.plate, round(PAD * scale)
    if spot.bottom:
        column = round(OWN_COLUMN * scale)
        return Rect(rect.left + pad + column, rect.top + pad, rect.width - 2 * pad - column,
                    rect.height - 2 * pad)
    top = round(46 * scale)
    return Rect(rect.left + pad, rect.top + top, rect.width - 2 * pad,
                rect.height - top - pad)


def card_width(spot: SeatSpot, scale: float) -> int:
    """How wide a seat's cards are: as wide as its plate's height allows (the viewer's
    bigger), however many it holds."""
    return min(round(WIDEST_CARD[spot.bottom] * scale),
               round(card_area(spot, scale).height / CARD_RATIO))


def card_rects(spot: SeatSpot, count: int, scale: float) -> list[Rect]:
    """The seat's `count` cards side by side; if the plate cannot hold them so, overlapping
    (each showing as much as there is room for, the last whole) rather than shrunk."""
    area = card_area(spot, scale)
    width = card_width(spot, scale)
    height = round(width * CARD_RATIO)
    step: float = width + round(CARD_GAP * scale)
    if count > 1 and step * (count - 1) + width > area.width:
        step = (area.width - width) / (count - 1)
    return [Rect(area.left + round(index * step), area.bottom - height, width, height)
            for index in range(count)]


def _plate_for(size: tuple[int, int], bottom: bool, cards: int, scale: float,
               room: int) -> int:
    """A plate's width: its design's, or wider to show `cards` side by side, within
    `room`."""
    spot = SeatSpot(Rect((0, 0), size), bottom)
    area = card_area(spot, scale)
    width = card_width(spot, scale)
    needed = size[0] - area.width + cards * width + (cards - 1) * round(CARD_GAP * scale)
    return min(max(size[0], needed), max(size[0], room))


def _places(layout: TableLayout, players: int, shown: Sequence[int]) -> list[Rect]:
    """The plates in clockwise order from the viewer's: the one beside him on his left
    (from four players), the top row from left to right, the one on his right."""
    felt, scale = layout.felt, layout.scale
    edge = round(EDGE * scale)
    mine = own_plate(layout)
    size = _size(OTHER_PLATE, scale)
    if players < FEWEST_BESIDE:
        room = felt.width - 2 * edge
        return [_widened(mine, _plate_for(mine.size, True, shown[0], scale, room)),
                *_top_row(layout, shown[1:], size)]
    left = Rect((0, 0), size)
    left.bottomleft = (felt.left + edge, felt.bottom - edge)
    right = Rect((0, 0), size)
    right.bottomright = (felt.right - edge, felt.bottom - edge)
    room = right.left - left.right - 2 * edge
    mine = _widened(mine, _plate_for(mine.size, True, shown[0], scale, room))
    return [mine, left, *_top_row(layout, shown[2:-1], size), right]


def _widened(rect: Rect, width: int) -> Rect:
    wide = Rect(0, 0, width, rect.height)
    wide.midbottom = rect.midbottom
    return wide


def _top_row(layout: TableLayout, shown: Sequence[int], size: tuple[int, int]) -> list[Rect]:
    """A plate for each of `shown` along the top of the felt, spread from edge to edge
    (one: centred), each as wide as its cards need within its share of the row."""
    felt, scale = layout.felt, layout.scale
    edge = round(EDGE * scale)
    room = felt.width - 2 * edge
    top = len(shown)
    share = (room - (top - 1) * edge) // max(1, top)
    widths = [_plate_for(size, False, cards, scale, share) for cards in shown]
    gap = (room - sum(widths)) / max(1, top - 1)
    row = []
    x = felt.left + edge + (0 if top > 1 else (room - sum(widths)) / 2)
    for width in widths:
        row.append(Rect(round(x), felt.top + edge, width, size[1]))
        x += width + gap
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
