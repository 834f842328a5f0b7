"""Buttons on the table: a panel of the decisions that are not a card (each game's kit says
in its `Words` what they say), an offer that is no decision (finish quickly), the notice
of a game that could not be saved, and the side buttons (Menu, Rules, Undo...)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game.ui.table.kept_panels import BuiltPanel
from game.ui.table.layout import TableLayout
from game.ui.table.log_panel import HEADING
from game.ui.theme import smooth_panel

if TYPE_CHECKING:
    from game.ui.table.host import PanelHost, SideActions


class Words:
    """What a game's buttons say (each decision's label and tip, the panel's question),
    and how its panel stands. A game's kit gives its own; these are the plain defaults."""

    corner_width = 300
    corner_lift = 0.8  # how far above the hand's middle the corner panel ends, in cards
    width = 560  # a column of buttons, at the design size (wider if its words need it)
    row = 38  # a button's row, at the design size
    least_row = 36  # pygame-gui's fonts keep their size: so do rows, down to this

    def columns(self, choices: Sequence[Any]) -> int:
        """How many columns of buttons the panel has."""
        return 1

    def place(self, layout: TableLayout, panel: Rect) -> None:
        """Stand the panel on the table (when not in the corner)."""
        panel.center = layout.center

    def label(self, decision: Any) -> str:
        return str(decision)

    def tip(self, decision: Any) -> str | None:
        return None

    def title(self, choices: Sequence[Any]) -> str:
        return "Decide"

    def which(self, choices: Sequence[Any]) -> str:
        """The question when several decisions play the one card the player chose (which
        suit a led wild card stands for)."""
        return self.title(choices)

    def in_corner(self, choices: Sequence[Any]) -> bool:
        """A small panel in the corner, leaving the cards in view."""
        return False

    def is_button(self, decision: Any) -> bool:
        """A decision made with a button (not by clicking a card)."""
        return True

    cautious: tuple[type, ...] = ()
    """Decisions the keyboard starts on, when a panel offers one: the choice that risks
    nothing (declining a coup, letting a claim pass), so that Enter pressed by habit never
    risks anything."""

    def default(self, choices: Sequence[Any]) -> int:
        """The button the keyboard starts on: the cautious one, else the first."""
        return next((index for index, decision in enumerate(choices)
                     if isinstance(decision, self.cautious)), 0)


@dataclass(frozen=True)
class Look:
    """The type of a panel's buttons: their theme (None: the theme's buttons) and how much
    shorter than the design their rows are."""

    object_id: str | None
    shorter: int


LOOKS = (Look(None, 0), Look("#small_button", 6))
"""The buttons' types, the first that fits the room first."""
BUTTON_PADDING = 18  # pixels beside a button's words: its border and a little air
DECISION_BACKDROP = (16, 26, 20, 238)  # the decision panel, as the theme's #decision_panel
DECISION_EDGE = (226, 186, 92)
DECISION_CORNER = 14


@dataclass(frozen=True)
class PanelShape:
    """Where a decision panel stands, and its buttons' places in it."""

    look: Look
    rect: Rect
    columns: int
    margin: int  # left and right of the buttons
    gap: int  # between two columns
    button: int  # a button's width
    top: int  # the first row's top, under the question
    row: int
    fits: bool  # every button's words fit it
    free: bool  # the panel covers nothing in view


class DecisionButtons:
    """The buttons for the seat to act, in a panel on the felt."""

    picks_cards = False
    """The panel decides with cards the player picks (an exchange): Enter confirms them,
    and the keyboard starts on no button."""

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout,
                 legal: Sequence[Any], scene: PanelHost, words: Words) -> None:
        self.ui = ui
        self.layout = layout
        self.scene = scene
        self.words = words
        self.panel: UIPanel | None = None
        self._shown: Hashable | None = None  # what the panel `_show` made shows
        self.buttons: dict[UIButton, Any] = {}
        self.focus: int | None = None  # the button the keyboard is on (Tab, arrows)
        self.wanted: Any = None  # the move a lesson's coach names: the keyboard starts there
        choices = [d for d in legal if self.words.is_button(d)]
        if choices:
            self._show(self.words.title(choices), choices)

    @property
    def showing(self) -> bool:
        return self.panel is not None

    def _show(self, title: str, choices: Sequence[Any]) -> None:
        """The panel asking `title`; a follow-up question (whom? which suit?) asked after a
        button the keyboard pressed has the keyboard on its default button."""
        keyboard = self.focus is not None
        self.kill()
        labels = [self.words.label(decision) for decision in choices]
        tips = [self.words.tip(decision) for decision in choices]
        shape = self._shape(title, labels, self.words.columns(choices),
                            self.words.in_corner(choices))
        shown = (title, tuple(labels), tuple(tips), shape.look, tuple(shape.rect),
                 shape.columns, shape.margin, shape.gap, shape.button, shape.top, shape.row)
        kept = self.scene.kept_panels
        built = kept.take(shown) or kept.made_anew(self._made(title, labels, tips, shape))
        self.panel, self._shown = built.panel, shown
        self.buttons = dict(zip(built.buttons, choices, strict=True))
        if keyboard:
            self.focus_default()

    def _made(self, title: str, labels: Sequence[str], tips: Sequence[str | None],
              shape: PanelShape) -> BuiltPanel:
        scale = self.layout.scale
        # A clear container: the table draws the panel under it (draw_backdrop). pygame-gui
        # drew a rounded panel at four times its size, and kept only small ones: 30-50 ms
        # in the frame of every decision.
        panel = UIPanel(shape.rect, manager=self.ui, object_id="#decision_frame")
        UILabel(Rect(0, round(6 * scale), shape.rect.width, 32), title, manager=self.ui,
                container=panel, object_id="#decision_title")
        rows = -(-len(labels) // shape.columns)
        buttons = []
        for index, (words, tip) in enumerate(zip(labels, tips, strict=True)):
            column, line = divmod(index, rows)
            button_rect = Rect(shape.margin + column * (shape.button + shape.gap),
                               shape.top + line * shape.row, shape.button, shape.row - 6)
            buttons.append(UIButton(button_rect, words, manager=self.ui, container=panel,
                                    tool_tip_text=tip, object_id=shape.look.object_id))
        return BuiltPanel(panel, buttons)

    def _shape(self, title: str, labels: Sequence[str], columns: int,
               cards_only: bool) -> PanelShape:
        """The panel's size from its words and the room: as wide as its question and its
        longest button need, within the felt; in the theme's type if the words fit and
        the panel covers nothing in view, else in the smaller type (shorter rows). Where
        there is room for it, the panel leaves the line above the hand room for a hint."""
        hint = self.scene.hint_room()
        seen = self.scene.in_view()  # the same for every shape tried: taken once
        longest = {look: self._longest(look, labels) for look in LOOKS}
        shapes = [self._shape_in(look, title, longest[look], len(labels), columns,
                                 cards_only, keep, seen)
                  for keep in ((hint,), ()) for look in LOOKS]
        for wanted in (lambda s: s.fits and s.free, lambda s: s.fits, lambda s: s.free):
            chosen = next((shape for shape in shapes if wanted(shape)), None)
            if chosen is not None:
                return chosen
        return shapes[-1]

    def _longest(self, look: Look, labels: Sequence[str]) -> int:
        """The widest of `labels` in the font of `look`'s buttons."""
        font = self.ui.get_theme().get_font([look.object_id or "button"])
        return max((font.size(label)[0] for label in labels), default=0)

    def _shape_in(self, look: Look, title: str, longest: int, count: int, columns: int,
                  cards_only: bool, keep: Sequence[Rect], seen: Sequence[Rect]
                  ) -> PanelShape:
        scale = self.layout.scale
        words = self.words
        row = max(round(words.row * scale), words.least_row) - look.shorter
        margin, gap = round(12 * scale), round(9 * scale)
        design = round((words.corner_width if cards_only else words.width) * scale)
        needed = columns * (longest + BUTTON_PADDING) + 2 * margin + (columns - 1) * gap
        room = self.layout.felt.width - round(40 * scale)
        width = min(max(design * columns, self._title_width(title), needed), room)
        button = (width - 2 * margin - (columns - 1) * gap) // columns
        top = max(round(42 * scale), 40)
        rows = -(-count // columns)
        rect = Rect(0, 0, width, row * rows + top + max(round(12 * scale), 10))
        if cards_only:  # in the corner above the piles, leaving the Dominos rows in view
            rect.bottomright = (self.layout.felt.right - round(12 * scale),
                                self.layout.seats[0].hand[1]
                                - round(self.layout.card_width * words.corner_lift))
        else:
            words.place(self.layout, rect)
        rect, free = self.scene.find_room(rect, also=keep, seen=seen)
        return PanelShape(look, rect, columns, margin, gap, button, top, row,
                          fits=longest + BUTTON_PADDING <= button, free=free)

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
        self._focus_on((start + step) % len(buttons))
        return True

    def focus_default(self) -> None:
        """The keyboard on the panel's default button (Enter presses it), unless it is on
        one already."""
        if self.buttons and self.focus is None and not (
                self.wanted is not None and self.focus_on(self.wanted)):
            self._focus_on(self.words.default(list(self.buttons.values())))

    def focus_on(self, decision: Any) -> bool:
        """The keyboard on the button that makes `decision` (or leads to it), if the panel
        has one, and on the next question's as well."""
        self.wanted = decision
        index = next((index for index, choice in enumerate(self.buttons.values())
                      if self.leads_to(choice, decision)), None)
        if index is not None:
            self._focus_on(index)
        return index is not None

    def leads_to(self, choice: Any, decision: Any) -> bool:
        """Does the button of `choice` make `decision` (or ask the question that does)?"""
        return bool(choice == decision)

    def unfocus(self) -> None:
        """The keyboard off the buttons (it is on a card)."""
        self._focus_on(None)

    def _focus_on(self, focus: int | None) -> None:
        self.focus = focus
        for index, button in enumerate(self.buttons):
            if index == focus:
                button.select()
            else:
                button.unselect()

    def press_focused(self) -> bool:
        """Enter on a button the keyboard is on presses it."""
        buttons = list(self.buttons)
        if self.focus is None or self.focus >= len(buttons):
            return False
        return self.pressed(buttons[self.focus])

    def key(self, key: int) -> bool:
        """A key the table does not use itself (a card's number in a picker)."""
        return False

    def ask_which(self, choices: Sequence[Any]) -> None:
        """Several decisions play the card chosen (a led wild card: which suit it stands
        for): ask which, the keyboard on the first."""
        self._show(self.words.which(choices), choices)
        self.focus_default()

    def pressed(self, element: object) -> bool:
        decision = self.buttons.get(element)  # type: ignore[call-overload]
        if decision is None:
            return False
        self.scene.decide(decision)
        return True

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The panel under the buttons: translucent, rounded, edged in gold."""
        if self.panel is not None:
            surface.blit(smooth_panel(self.panel.rect.size, DECISION_BACKDROP,
                                      DECISION_CORNER, DECISION_EDGE), self.panel.rect)

    def kill(self) -> None:
        """The panel goes: put away hidden, if `_show` made it (it may come back)."""
        if self.panel is not None and self._shown is not None:
            self.scene.kept_panels.put_away(self._shown, BuiltPanel(self.panel,
                                                                    list(self.buttons)))
        elif self.panel is not None:
            self.panel.kill()
        self.panel, self._shown = None, None
        self.buttons.clear()
        self.focus = None


@dataclass(frozen=True)
class OfferText:
    """The words of an offer: the panel's title, its one button and the button's tip;
    `in_corner`: the panel stands in the corner above the piles, out of the way of the
    plates and the cards of a game going on (else at the table's centre, empty once the
    game is over)."""

    title: str
    label: str
    tip: str
    in_corner: bool = True


FINISH_QUICKLY = OfferText("You are out: the others play on", "Finish quickly",
                           "The computers play the rest at once, without pauses or animations")


class OfferWords(Words):
    def __init__(self, text: OfferText) -> None:
        self.text = text

    def label(self, decision: Any) -> str:
        return self.text.label

    def tip(self, decision: Any) -> str | None:
        return self.text.tip

    def title(self, choices: Sequence[Any]) -> str:
        return self.text.title

    def in_corner(self, choices: Sequence[Any]) -> bool:
        return self.text.in_corner


class Offer(DecisionButtons):
    """A panel with one button that is no decision of the game (finish quickly, save
    elsewhere): ignoring it is always fine. It is offered when the person has nothing
    else to press, so the keyboard starts on its button: Enter presses it."""

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout, scene: PanelHost,
                 text: OfferText, action: Callable[[], object]) -> None:
        self.text = text
        self.action = action
        super().__init__(ui, layout, [text.label], scene, OfferWords(text))
        self.focus_default()

    def pressed(self, element: object) -> bool:
        if element not in self.buttons:
            return False
        self.action()
        return True


class UnsavedNotice:
    """Over the top of the log, under its heading, while the game cannot be autosaved:
    why, and Save as… (kept off the felt, where the person's cards and decisions are)."""

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout, trouble: str,
                 save_as: Callable[[], None]) -> None:
        self.trouble = trouble
        self.save_as = save_as
        scale, log = layout.scale, layout.log
        pad, button = round(8 * scale), max(30, round(36 * scale))
        font = ui.get_theme().get_font(["#notice_label"])
        top = log.top + round(HEADING * scale)
        self.panel = UIPanel(Rect(log.left, top, log.width, log.bottom - top), manager=ui,
                             object_id="#decision_panel")
        inner = self.panel.get_container().get_rect()  # within the border and shadow
        frame = self.panel.get_relative_rect().height - inner.height
        lines = wrapped(f"{trouble}.", font, inner.width - 2 * pad)
        line = font.size("Ag")[1] + 4
        self.panel.set_dimensions((log.width, len(lines) * line + button + 3 * pad + frame))
        width = inner.width - 2 * pad
        for row, words in enumerate(lines):
            UILabel(Rect(pad, pad + row * line, width, line), words, manager=ui,
                    container=self.panel, object_id="#notice_label")
        self.button = UIButton(Rect(pad, 2 * pad + len(lines) * line, width, button),
                               "Save as…", manager=ui, container=self.panel,
                               tool_tip_text="Save the game under a name, or on another disk: "
                                             "type a whole path")

    def pressed(self, element: object) -> bool:
        if element is not self.button:
            return False
        self.save_as()
        return True

    def kill(self) -> None:
        self.panel.kill()


def wrapped(words: str, font: Any, width: int) -> list[str]:
    """`words` in lines no wider than `width` in `font` (a long word stands alone)."""
    lines: list[str] = []
    for word in words.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and font.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


class TippedButton(UIButton):
    """A button whose tooltip shows even while it is greyed: a greyed button says why
    (pygame-gui hovers enabled buttons only). Hovered while greyed, it keeps its look."""

    def can_hover(self) -> bool:
        return super().can_hover() or (not self.is_enabled and self.alive())

    def on_hovered(self) -> None:
        if self.is_enabled:
            super().on_hovered()
        else:
            UIElement.on_hovered(self)  # the tooltip's timer, not the hovered look

    def on_unhovered(self) -> None:
        if self.is_enabled:
            super().on_unhovered()
        else:
            UIElement.on_unhovered(self)

    def explain(self, enabled: bool, tip: str) -> None:
        """Enable or grey the button, its tooltip saying `tip` (a tooltip on the screen
        with other words goes: the next hover shows the new ones)."""
        if enabled != self.is_enabled or tip != self.tool_tip_text:
            if self.hovered:
                self.on_unhovered()
                self.hovered = False  # hovered afresh, in its new state
            if enabled:
                self.enable()
            else:
                self.disable()
            self.set_tooltip(tip)


class SideButtons:
    """Menu, Rules, Undo, Redo, Save and Hint, under the log."""

    undo_tip = "Ctrl+Z: take back your last decision"
    redo_tip = "Ctrl+Y: play again what Undo took back"
    hint_tip = "H: what the Hard player would do in your place"

    def __init__(self, ui: pygame_gui.UIManager, rect: Rect, table: SideActions) -> None:
        actions: list[tuple[str, str, Callable[[], None]]] = [
            ("Menu", "Esc", table.open_menu),
            ("Rules", "The charts and the rules", table.open_rules),
            ("Undo", self.undo_tip, table.undo),
            ("Redo", self.redo_tip, table.redo),
            ("Save", "Ctrl+S", table.open_save),
            ("Hint", self.hint_tip, table.hint),
        ]
        columns = 2
        gap = max(4, rect.width // 40)
        width = (rect.width - gap) // columns
        height = min(round(rect.height * 0.2), (rect.height - gap * 2) // 3)
        self.actions: dict[TippedButton, Callable[[], None]] = {}
        for index, (text, tip, action) in enumerate(actions):
            x = rect.left + (index % columns) * (width + gap)
            y = rect.top + (index // columns) * (height + gap)
            button = TippedButton(Rect(x, y, width, height), text, manager=ui,
                                  tool_tip_text=tip)
            self.actions[button] = action
        self.undo = next(b for b in self.actions if b.text == "Undo")
        self.redo = next(b for b in self.actions if b.text == "Redo")
        self.hint = next(b for b in self.actions if b.text == "Hint")
        self.save = next(b for b in self.actions if b.text == "Save")

    def refresh(self, undo_refusal: str | None, may_redo: bool, *,
                hint_refusal: str | None = None, save_refusal: str | None = None) -> None:
        """Undo greyed with its reason (`undo_refusal`), or not; Redo greyed or not; Hint
        greyed with its reason (the game is over), or not; Save greyed with its reason
        (the host's game, at a friend's table), or not."""
        self.undo.explain(undo_refusal is None, undo_refusal or self.undo_tip)
        self.redo.explain(may_redo, self.redo_tip if may_redo else "Nothing to redo")
        self.hint.explain(hint_refusal is None, hint_refusal or self.hint_tip)
        self.save.explain(save_refusal is None, save_refusal or "Ctrl+S")

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


