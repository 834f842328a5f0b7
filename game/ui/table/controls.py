"""Buttons on the table: the decisions that are not a card (coup or decline, naming the
hand, passing, stopping a run, the suit a led COUP stands for), and the side buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game.rules.coup_detat.charts import COUP_CHART, DIRECTORS_GOALS, HandType
from game.rules.coup_detat.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    Pass,
    PlayCard,
    StopRun,
)
from game.ui.table.layout import TableLayout

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


SHORT_GOALS = {
    HandType.BARBU: "take the King of Hearts",
    HandType.WATERLOO: "take all the Queens",
    HandType.SIEGE: "take all the Spades",
    HandType.TOUCHE: "take the first and last tricks",
    HandType.GUILLOTINE: "take everything that costs",
    HandType.DOMINOS: "be first out",
}


def label(decision: Decision) -> str:
    """A button's words (the fonts have no suit symbols: suits are spelt out)."""
    match decision:
        case AttemptCoup(_, hand_type):
            line = COUP_CHART[hand_type]
            return f"Coup in {hand_type.label}: {SHORT_GOALS[hand_type]} ({line.reward} each)"
        case DeclineCoup():
            return "Decline: discard COUP, take the centre card"
        case ChooseHandType(_, hand_type):
            return f"{hand_type.label}: {DIRECTORS_GOALS[hand_type]}"
        case Pass():
            return "Pass (no card can be laid)"
        case StopRun():
            return "Stop the run"
        case PlayCard(suit=suit) if suit is not None:
            return f"Lead COUP as {suit.plural}"
    return str(decision)


class Words:
    """What a ruleset's buttons say: each decision's label and tip, the panel's title."""

    wild = "COUP"
    corner_width = 300
    corner_lift = 0.8  # how far above the hand's middle the corner panel ends, in cards
    width = 560  # a column of buttons, at the design size
    row = 38  # a button's row, at the design size
    least_row = 36  # pygame-gui's fonts keep their size: so do rows, down to this

    def columns(self, choices: Sequence[Any]) -> int:
        """How many columns of buttons the panel has."""
        return 1

    def place(self, layout: TableLayout, panel: Rect) -> None:
        """Stand the panel on the table (when not in the corner)."""
        panel.center = layout.center

    def label(self, decision: Any) -> str:
        return label(decision)

    def tip(self, decision: Any) -> str | None:
        return tip(decision)

    def title(self, choices: Sequence[Any]) -> str:
        return _title(choices)

    def in_corner(self, choices: Sequence[Any]) -> bool:
        """A small panel in the corner, leaving the cards in view (a Dominos pass)."""
        return all(isinstance(d, Pass | StopRun) for d in choices)

    def is_button(self, decision: Any) -> bool:
        """A decision made with a button (not by clicking a card)."""
        return not isinstance(decision, PlayCard)


class DecisionButtons:
    """The buttons for the seat to act, in a panel on the felt."""

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout,
                 legal: Sequence[Any], scene: TableScene, words: Words | None = None) -> None:
        self.ui = ui
        self.layout = layout
        self.scene = scene
        self.words = words if words is not None else Words()
        self.panel: UIPanel | None = None
        self.buttons: dict[UIButton, Any] = {}
        self.focus: int | None = None  # the button the keyboard is on (Tab, arrows)
        choices = [d for d in legal if self.words.is_button(d)]
        if choices:
            self._show(self.words.title(choices), choices)

    @property
    def showing(self) -> bool:
        return self.panel is not None

    def _show(self, title: str, choices: Sequence[Any]) -> None:
        self.kill()
        scale = self.layout.scale
        row = max(round(self.words.row * scale), self.words.least_row)
        cards_only = self.words.in_corner(choices)
        narrow = self.words.corner_width
        columns = self.words.columns(choices)
        rows = -(-len(choices) // columns)
        column_width = max(round((narrow if cards_only else self.words.width) * scale),
                           narrow if cards_only else self.words.width - 40,
                           -(-self._title_width(title) // columns))
        width = column_width * columns
        height = row * rows + max(round(54 * scale), 50)
        rect = Rect(0, 0, width, height)
        if cards_only:  # in the corner above the piles, leaving the Dominos rows in view
            rect.bottomright = (self.layout.felt.right - round(12 * scale),
                                self.layout.seats[0].hand[1]
                                - round(self.layout.card_width * self.words.corner_lift))
        else:
            self.words.place(self.layout, rect)
        self.panel = UIPanel(rect, manager=self.ui, object_id="#decision_panel")
        UILabel(Rect(0, round(6 * scale), width, 32), title, manager=self.ui,
                container=self.panel, object_id="#decision_title")
        for index, decision in enumerate(choices):
            column, line = divmod(index, rows)
            button_rect = Rect(round(12 * scale) + column * (column_width - round(9 * scale)),
                               max(round(42 * scale), 40) + line * row,
                               column_width - round(30 * scale), row - 6)
            button = UIButton(button_rect, self.words.label(decision), manager=self.ui,
                              container=self.panel, tool_tip_text=self.words.tip(decision))
            self.buttons[button] = decision

    def _title_width(self, title: str) -> int:
        """The panel's width that shows the whole question, within the felt."""
        font = self.ui.get_theme().get_font(["#decision_title"])
        room = self.layout.felt.width - round(40 * self.layout.scale)
        return min(font.size(title)[0] + round(40 * self.layout.scale), room)

    def confirm(self) -> bool:
        """Enter's decision, if the panel has one (the exchange's cards picked)."""
        return False

    def move_focus(self, step: int) -> bool:
        """Put the keyboard on the next (or previous) button, shown selected."""
        buttons = list(self.buttons)
        if not buttons:
            return False
        start = (-1 if step > 0 else 0) if self.focus is None else self.focus
        self.focus = (start + step) % len(buttons)
        for index, button in enumerate(buttons):
            if index == self.focus:
                button.select()
            else:
                button.unselect()
        return True

    def press_focused(self) -> bool:
        """Enter on a button the keyboard is on presses it."""
        buttons = list(self.buttons)
        if self.focus is None or self.focus >= len(buttons):
            return False
        return self.pressed(buttons[self.focus])

    def key(self, key: int) -> bool:
        """A key the table does not use itself (a card's number in a picker)."""
        return False

    def offer_suits(self, choices: Sequence[PlayCard]) -> None:
        self._show(f"Which suit does {self.words.wild} lead?", choices)

    def pressed(self, element: object) -> bool:
        decision = self.buttons.get(element)  # type: ignore[call-overload]
        if decision is None:
            return False
        self.scene.decide(decision)
        return True

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.buttons.clear()
        self.focus = None


def tip(decision: Decision) -> str | None:
    if isinstance(decision, AttemptCoup):
        line = COUP_CHART[decision.hand_type]
        return (f"To succeed you must {line.goal}: each other player then pays you "
                f"{line.reward}. If you fail, you pay {line.failure} to the Treasury.")
    return None


def _title(choices: Sequence[Decision]) -> str:
    first = choices[0]
    if isinstance(first, AttemptCoup | DeclineCoup):
        return "You hold COUP: attempt a coup, or decline?"
    if isinstance(first, ChooseHandType):
        return "You are the Director: name the hand"
    if isinstance(first, StopRun):
        return "Ace on a King: go on, or stop"
    return "Nothing to lay"


class SideButtons:
    """Menu, Rules, Undo, Redo, Save and Hint, under the log."""

    def __init__(self, ui: pygame_gui.UIManager, rect: Rect, scene: TableScene) -> None:
        self.scene = scene
        actions: list[tuple[str, str, Callable[[], None]]] = [
            ("Menu", "Esc", scene.open_menu),
            ("Rules", "The charts and the rules", scene.open_rules),
            ("Undo", "Ctrl+Z: take back your last decision", scene.undo),
            ("Redo", "Ctrl+Y", scene.redo),
            ("Save", "Ctrl+S", scene.open_save),
            ("Hint", "H: what the Hard player would do in your place", scene.hint),
        ]
        columns = 2
        gap = max(4, rect.width // 40)
        width = (rect.width - gap) // columns
        height = min(round(rect.height * 0.2), (rect.height - gap * 2) // 3)
        self.actions: dict[UIButton, Callable[[], None]] = {}
        for index, (text, tip, action) in enumerate(actions):
            x = rect.left + (index % columns) * (width + gap)
            y = rect.top + (index // columns) * (height + gap)
            button = UIButton(Rect(x, y, width, height), text, manager=ui, tool_tip_text=tip)
            self.actions[button] = action
        self.undo = next(b for b in self.actions if b.text == "Undo")
        self.redo = next(b for b in self.actions if b.text == "Redo")

    def refresh(self, may_undo: bool, may_redo: bool) -> None:
        for button, allowed in ((self.undo, may_undo), (self.redo, may_redo)):
            if allowed:
                button.enable()
            else:
                button.disable()

    def pressed(self, element: object) -> bool:
        action = self.actions.get(element)  # type: ignore[call-overload]
        if action is None:
            return False
        action()
        return True

    def kill(self) -> None:
        for button in self.actions:
            button.kill()
        self.actions.clear()


