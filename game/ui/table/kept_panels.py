"""Decision panels put away rather than thrown away: the same question with the same buttons
in the same place comes back (each hand's exchange, a pass, the panel shown again after the
menu or a result over the table), and making a panel's widgets took 5-20 ms of the frame
it showed in (pygame-gui draws each button and its words as it is made)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from pygame_gui.elements import UIButton, UIPanel

MOST_KEPT = 6  # panels hidden at once: a game's few recurring questions


@dataclass(frozen=True)
class BuiltPanel:
    """A decision panel's widgets: its container and its buttons, in order."""

    panel: UIPanel
    buttons: Sequence[UIButton]


class KeptPanels:
    """The table's decision panels put away, hidden, by what they show and where."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, BuiltPanel] = OrderedDict()
        self.made = 0  # panels made rather than taken out again (the tests read it)

    def take(self, shown: Hashable) -> BuiltPanel | None:
        """The panel put away that shows `shown`, shown again (None: none is kept)."""
        built = self._kept.pop(shown, None)
        if built is None or not built.panel.alive():  # (the window let go of every widget)
            return None
        built.panel.show()
        for button in built.buttons:
            button.unselect()
        return built

    def made_anew(self, built: BuiltPanel) -> BuiltPanel:
        self.made += 1
        return built

    def put_away(self, shown: Hashable, built: BuiltPanel) -> None:
        """Hide `built` until a panel showing `shown` is wanted; the oldest kept goes."""
        built.panel.hide()
        twin = self._kept.pop(shown, None)  # (two panels alike were shown at once)
        if twin is not None:
            twin.panel.kill()
        self._kept[shown] = built
        while len(self._kept) > MOST_KEPT:
            _, oldest = self._kept.popitem(last=False)
            oldest.panel.kill()

    def clear(self) -> None:
        """The table goes for good, or its layout changed: every kept panel goes."""
        for built in self._kept.values():
            built.panel.kill()
        self._kept.clear()
