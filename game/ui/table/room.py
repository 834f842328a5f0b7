"""Room on the felt: where a panel or a line can stand without hiding what a player must
see (the plates, the person's cards, the cards laid on the table), as near its usual place
as can be.

>>> from pygame import Rect
>>> felt = Rect(0, 0, 400, 300)
>>> plate = Rect(150, 100, 100, 100)
>>> spot = free_spot((80, 40), felt, [plate], near=(200, 150), gap=4)
>>> spot.colliderect(plate), felt.contains(spot)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame import Rect

from game.ui.table.layout import TableLayout

Point = tuple[int, int]


def free_spot(size: tuple[int, int], room: Rect, avoid: Sequence[Rect], near: Point,
              gap: int) -> Rect:
    """A rectangle of `size` inside `room` covering none of `avoid` (`gap` clear of them),
    its centre as near `near` as can be; if every place covers something, the place that
    covers least."""
    return best_spot(size, room, avoid, near, gap)[0]


def best_spot(size: tuple[int, int], room: Rect, avoid: Sequence[Rect], near: Point,
              gap: int) -> tuple[Rect, int]:
    """`free_spot`, and how many pixels of `avoid` it covers (0: none)."""
    width, height = size
    xs = _candidates(near[0] - width // 2, room.left, room.right, width, gap,
                     [(rect.left, rect.right) for rect in avoid])
    ys = _candidates(near[1] - height // 2, room.top, room.bottom, height, gap,
                     [(rect.top, rect.bottom) for rect in avoid])
    best: tuple[int, int, Rect] | None = None
    for x in xs:
        for y in ys:
            spot = Rect(x, y, width, height)
            covered = sum(_overlap(spot, rect) for rect in avoid)
            distance = (spot.centerx - near[0]) ** 2 + (spot.centery - near[1]) ** 2
            if best is None or (covered, distance) < best[:2]:
                best = (covered, distance, spot)
    assert best is not None
    return best[2], best[0]


def _candidates(preferred: int, low: int, high: int, length: int, gap: int,
                edges: Sequence[tuple[int, int]]) -> list[int]:
    """Where a side may start: its preferred place, against either end of the room, or
    just clear of an obstacle on either side; all kept inside the room."""
    starts = {preferred, low, high - length}
    for start, end in edges:
        starts.update((start - gap - length, end + gap))
    top = max(low, high - length)
    return sorted({min(max(start, low), top) for start in starts})


def _overlap(first: Rect, second: Rect) -> int:
    clipped = first.clip(second)
    return clipped.width * clipped.height


def grouped(cards: Sequence[Rect]) -> list[Rect]:
    """Cards side by side at one height (a row of Dominos, a fan) as one rectangle, so a
    search for room looks at a few obstacles, not dozens."""
    rows: dict[int, Rect] = {}
    for card in cards:
        row = rows.get(card.centery)
        rows[card.centery] = card.copy() if row is None else row.union(card)
    return list(rows.values())


def room_on_felt(rect: Rect, layout: TableLayout, avoid: Sequence[Rect]) -> tuple[Rect, bool]:
    """Where `rect` may stand on the table's felt, as near where it is as can be, covering
    none of `avoid`; and whether it covers nothing."""
    gap = max(4, round(6 * layout.scale))
    spot, covered = best_spot(rect.size, layout.felt, avoid, rect.center, gap)
    return spot, covered == 0
