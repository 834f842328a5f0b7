"""Tooltips that never hide what the player is about to click.

pygame-gui puts a button's tooltip just under the pointer, over whatever lies there: the
bluff's tip covered Steal and Exchange, JOKER's three buttons, Short game's the heading of
Table 2. One rule for every tooltip of the window: it goes beside the widget it explains
(under it, over it, to its right, to its left) at the first place that covers no other
widget, inside the window; else at the clear place nearest it (beside the group of buttons
it stands in, say), if that is near enough to read as its tip (the Load dialog's Delete tip
went to the top of the window, over the heading); else beside it, over words or a list
rather than over a button the player may click next, where it covers least.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.core import ObjectID
from pygame_gui.core.interfaces import IUIElementInterface, IUITooltipInterface
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UISelectionList,
    UITextEntryLine,
    UITooltip,
)

KEPT_CLEAR = (UIButton, UILabel, UITextEntryLine, UIDropDownMenu, UISelectionList,
              UIHorizontalSlider)
"""What a tooltip may not cover: what is clicked or typed into, and the words beside it."""
GAP = 6  # pixels between a tooltip and what it stands beside


def beside(size: tuple[int, int], target: Rect, gap: int = GAP) -> list[Rect]:
    """Where a box of `size` may stand next to `target`: under, over, right, left."""
    box = Rect((0, 0), size)
    under = box.copy()
    under.midtop = (target.centerx, target.bottom + gap)
    over = box.copy()
    over.midbottom = (target.centerx, target.top - gap)
    right = box.copy()
    right.topleft = (target.right + gap, target.top)
    left = box.copy()
    left.topright = (target.left - gap, target.top)
    return [under, over, right, left]


def covered(place: Rect, others: Iterable[Rect]) -> int:
    """How many pixels of `others` a box at `place` covers."""
    total = 0
    for other in others:
        overlap = place.clip(other)
        total += overlap.width * overlap.height
    return total


def clear_place(size: tuple[int, int], target: Rect, others: Sequence[Rect],
                window: Rect, controls: Sequence[Rect] | None = None) -> Rect:
    """Where a tooltip of `size` for `target` goes, inside the window: beside it where that
    covers neither it nor any of `others`; else the place nearest it that covers nothing,
    no farther from it than the tip's own size; else the place beside it that covers least
    of `controls` (those of `others` that are clicked one by one: buttons, boxes, menus;
    all of them unless said), then least of `others` (never `target`, if it can)."""
    shunned = [target, *others]
    beside_it = [place.clamp(window) for place in beside(size, target)]
    clear = next((place for place in beside_it if place.collidelist(shunned) < 0), None)
    if clear is None:
        clear = nearest_clear(size, target, shunned, window, reach=max(size))
    if clear is not None:
        return clear
    clicked = others if controls is None else controls
    return min(beside_it, key=lambda place: (place.colliderect(target),
                                             covered(place, clicked),
                                             covered(place, shunned)))


def nearest_clear(size: tuple[int, int], target: Rect, shunned: Sequence[Rect],
                  window: Rect, step: int = 8, reach: int | None = None) -> Rect | None:
    """The place for a box of `size` inside the window, on a grid of `step` pixels, that
    covers none of `shunned` and is nearest `target`, at most `reach` pixels from it when
    that is given (None: there is none)."""
    best: tuple[int, Rect] | None = None
    box = Rect((0, 0), size)
    for top in range(window.top, window.bottom - size[1] + 1, step):
        for left in range(window.left, window.right - size[0] + 1, step):
            box.topleft = (left, top)
            if box.collidelist(shunned) >= 0:
                continue
            away = _distance(box, target)
            if best is None or away < best[0]:
                best = (away, box.copy())
    if best is None or (reach is not None and best[0] > reach * reach):
        return None
    return best[1]


def _distance(box: Rect, target: Rect) -> int:
    """How far apart two rectangles are (0 when they touch)."""
    across = max(target.left - box.right, box.left - target.right, 0)
    down = max(target.top - box.bottom, box.top - target.bottom, 0)
    return across * across + down * down


class ClearTipsManager(pygame_gui.UIManager):
    """pygame-gui's manager, its tooltips placed by `clear_place`."""

    def create_tool_tip(self, text: str, position: tuple[int, int],
                        hover_distance: tuple[int, int], parent_element: IUIElementInterface,
                        object_id: ObjectID | None, *, wrap_width: int | None = None,
                        text_kwargs: dict[str, str] | None = None) -> IUITooltipInterface:
        tip = super().create_tool_tip(text, position, hover_distance, parent_element,
                                      object_id, wrap_width=wrap_width,
                                      text_kwargs=text_kwargs)
        if not isinstance(tip, UITooltip):
            return tip
        target = Rect(parent_element.get_abs_rect())
        kept_clear = self._kept_clear(tip, parent_element)
        others = [Rect(element.get_abs_rect()) for element in kept_clear]
        controls = [Rect(element.get_abs_rect()) for element in kept_clear
                    if _clicked_alone(element)]
        window = Rect((0, 0), self.window_resolution)
        place = clear_place(tip.rect.size, target, others, window, controls)
        tip.hover_distance_from_target = (0, 0)
        tip.find_valid_position(pygame.math.Vector2(place.topleft))
        return tip

    def _kept_clear(self, tip: IUITooltipInterface,
                    target: IUIElementInterface) -> list[IUIElementInterface]:
        """The widgets shown that a tooltip may not cover, but the one it explains."""
        return [element for element in self.get_sprite_group().sprites()
                if isinstance(element, KEPT_CLEAR) and element.visible and element.alive()
                and element is not target and element is not tip
                and not _inside(element, target)]


def _clicked_alone(element: IUIElementInterface) -> bool:
    """Is `element` a control the player may be about to click (a button, a box, a menu, a
    slider), rather than words or a list, whose rows scroll and of which a tip hides a
    part at most?"""
    if isinstance(element, UILabel | UISelectionList):
        return False
    parent = getattr(element, "parent_element", None)
    while parent is not None:
        if isinstance(parent, UISelectionList):
            return False
        parent = getattr(parent, "parent_element", None)
    return True


def _inside(element: IUIElementInterface, target: IUIElementInterface) -> bool:
    """Is `element` a part of `target` (a drop-down menu's own button)?"""
    parent = getattr(element, "parent_element", None)
    while parent is not None:
        if parent is target:
            return True
        parent = getattr(parent, "parent_element", None)
    return False
