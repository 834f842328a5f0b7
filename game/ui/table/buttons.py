"""The table's widgets, made and taken away as the game goes: the decision panel of the
person to act (the game's kit makes it), the side buttons under the log (Menu, Rules,
Undo…), the offer to finish quickly and the notice of a game that could not be saved."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui

from game.engine.ruleset import Decision
from game.services.table.controller import TableController
from game.ui.table.controls import (
    FINISH_QUICKLY,
    DecisionButtons,
    Offer,
    OfferText,
    SideButtons,
    UnsavedNotice,
)
from game.ui.table.felt import Felt
from game.ui.table.host import SideActions
from game.ui.table.kit import TableKit


class TableButtons:
    def __init__(self, ui: pygame_gui.UIManager, table: TableController, kit: TableKit,
                 felt: Felt, *, laid_out: Callable[[], None],
                 suggested: Callable[[], Decision | None] = lambda: None) -> None:
        """`laid_out`: the cards laid out again once a panel stands (its turn shown);
        `suggested`: the move a lesson's coach names now, where the keyboard starts."""
        self.ui = ui
        self.suggested = suggested
        self.table = table
        self.kit = kit
        self.felt = felt  # what a panel sees of the table, and its layout
        self.laid_out = laid_out
        self.decisions: DecisionButtons | None = None
        self.side: SideButtons | None = None
        self.offer: Offer | None = None  # to persons who are all out: finish quickly?
        self.notice: UnsavedNotice | None = None  # the game could not be autosaved
        self._shown_for: tuple[tuple[int, int], bool] | None = None  # the position the panel shows

    def open_side(self, actions: SideActions) -> None:
        self.side = SideButtons(self.ui, self.felt.layout.buttons, actions)

    def _position(self) -> tuple[tuple[int, int], bool]:
        """Where the game stands for the buttons: the match's moment (the question open),
        and whether the table has shown it all."""
        return self.table.match.moment, self.table.caught_up

    def stale(self) -> bool:
        """Has the game moved on since the buttons were made?"""
        return self._shown_for != self._position()

    def refresh(self, on_top: bool) -> None:
        """Buttons for the person to act (once everything before is shown, with the table
        on top), and the side buttons' Undo and Redo as they stand."""
        self.clear_decisions()
        self._shown_for = self._position()
        if self.table.human_to_act() is not None and on_top and self.table.caught_up:
            legal = list(self.table.match.legal())
            self.decisions = self.kit.buttons(self.ui, self.felt.layout, legal, self.felt)
            self.felt.place_cursor(self.decisions)
            self._keyboard_on_suggested()
            self.laid_out()
        self.refresh_side()

    def _keyboard_on_suggested(self) -> None:
        """In a lesson the keyboard starts on the move the coach names and points at (its
        button, else its card), so that Enter makes it: on the first button, Enter made a
        move the lesson refused."""
        wanted = self.suggested()
        if wanted is None or self.decisions is None:
            return
        if self.decisions.focus_on(wanted):
            self.felt.selected = None
        elif not self.felt.collecting():
            self.felt.take_hint(wanted)

    def refresh_side(self) -> None:
        """Undo, Redo and Hint as the match stands now (a computer may have moved since
        the person's turn): greyed when they would do nothing, saying why."""
        if self.side is not None:
            self.side.refresh(self.table.undo_refusal(),
                              self.table.seating.may_redo(self.table.match),
                              hint_refusal=self._hint_refusal(),
                              save_refusal=self.table.save_refusal())

    def _hint_refusal(self) -> str | None:
        """Why Hint has nothing to say at any turn to come (None: it may)."""
        if self.table.session.over:
            return "The game is over"
        return "The lesson is over" if self.table.lesson_over else None

    def ask_which(self, choices: Sequence[Decision], on_top: bool) -> None:
        """Several decisions play the card chosen (a led wild card: which suit?): the
        turn's own panel first (else it would come later and replace the question), then
        the question."""
        if self.stale():
            self.refresh(on_top)
        if self.decisions is None:
            legal = list(self.table.match.legal())
            self.decisions = self.kit.buttons(self.ui, self.felt.layout, legal, self.felt)
        self.decisions.ask_which(choices)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What the table draws under the widgets: the decision panel's ground."""
        if self.decisions is not None:
            self.decisions.draw_backdrop(surface)

    def clear_decisions(self) -> None:
        if self.decisions is not None:
            self.decisions.kill()
            self.decisions = None

    def watch(self, on_top: bool, *, save_as: Callable[[], None],
              finish: Callable[[], None],
              results: tuple[OfferText, Callable[[], object]] | None = None) -> None:
        """The notice of a game that could not be autosaved, with its Save as…, while it
        cannot; the offer to finish quickly while the persons are all out, or, once the
        game is over and its results put away, the offer of `results` (its words, and
        what shows them). Each stands only while the table is on top."""
        trouble = self.table.records.watch_autosave()
        shown = self.notice.trouble if self.notice is not None else None
        if not on_top or trouble != shown:
            self.withdraw_notice()
        if on_top and trouble is not None and self.notice is None:
            self.notice = UnsavedNotice(self.ui, self.felt.layout, trouble, save_as)
        wanted = results if results is not None else \
            (FINISH_QUICKLY, finish) if self.table.finishing.offered() else None
        if self.offer is not None and (not on_top or wanted is None
                                       or self.offer.text != wanted[0]):
            self.withdraw_offer()
        if on_top and wanted is not None and self.offer is None:
            self.offer = Offer(self.ui, self.felt.layout, self.felt, *wanted)

    def withdraw_offer(self) -> None:
        if self.offer is not None:
            self.offer.kill()
            self.offer = None

    def withdraw_notice(self) -> None:
        if self.notice is not None:
            self.notice.kill()
            self.notice = None

    def pressed(self, element: object) -> bool:
        """A button of the table's pressed: each widget sees whether it is its own."""
        return any(controls is not None and controls.pressed(element)
                   for controls in (self.decisions, self.offer, self.notice, self.side))

    def kill(self) -> None:
        """The table goes under another screen (or away): its widgets go."""
        if self.side is not None:
            self.side.kill()
            self.side = None
        self.clear_decisions()
        self.withdraw_offer()
        self.withdraw_notice()
