"""The person's input at the table, routed: a click or a drag on his cards, the keyboard
along his hand and the decision panel, the keys of the side buttons and the coach's, the
wheel over the log. Deciding is the table's (its controller's); this only says what the
person meant."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from game.cards import Card
from game.ui.table.parts import TableParts
from game.ui.table.tables import SWITCH_KEY

if TYPE_CHECKING:
    from game.ui.table.coach import CoachPanel
    from game.ui.table.ending import GameEnd
    from game.ui.table.kit import TableKit
    from game.ui.table.log_panel import LogPanel

FOCUS_KEYS = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)  # move along the decision buttons
NO_CARD_NOW = "No card is played before the hand is named: decide with the buttons."


class InputHost(TableParts, Protocol):
    """The other parts of the table its input reaches, and what it asks of the table."""

    @property
    def kit(self) -> TableKit: ...

    @property
    def coach(self) -> CoachPanel | None: ...

    @property
    def log(self) -> LogPanel: ...

    def refresh_cards(self) -> None: ...

    def skip_animation(self) -> None: ...

    @property
    def end(self) -> GameEnd: ...


class TableInput:
    def __init__(self, table: InputHost) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        """The person's event: True when the table used it."""
        table, felt = self.table, self.table.felt
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and felt.drag is not None:
            felt.drag.position = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and felt.drag is not None:
            card = felt.drop(event.pos)
            if card is not None:  # a click, or dropped on the table
                self.play(card)
            return True
        if event.type == pygame.MOUSEWHEEL and table.layout.log.collidepoint(
                pygame.mouse.get_pos()):
            table.log.wheel(event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return table.buttons.pressed(event.ui_element)
        return False

    def _press(self, position: tuple[int, int]) -> bool:
        """A click: the coach's buttons, one's own card on one's turn (it answers even
        mid-glide), the other table's panel; else it skips what is moving, or, on the
        felt of the final table, shows its results again."""
        table = self.table
        if table.coach is not None and table.coach.clicked(position):
            return True
        if table.felt.grab(position):
            return True
        if table.tables is not None and table.tables.clicked(table, position):
            return True
        if table.controller.telling.queue or table.felt.stage.busy(table.controller.clock()):
            table.skip_animation()
            return True
        return table.layout.felt.collidepoint(position) and table.end.show_again()

    def play(self, card: Card) -> None:
        """Play one of the viewer's cards (asking which, when several decisions play it: a
        led wild card's suit); in an exchange, pick it or put it back."""
        table, controller = self.table, self.table.controller
        seat, cards = controller.human_to_act(), table.kit.cards
        if seat is None or cards is None or not controller.caught_up:
            return
        if cards.collects_cards(controller.view()):
            table.felt.marked ^= {card}
            table.refresh_cards()
            return
        playable = cards.plays(controller.match.legal())
        if not playable and not cards.in_play(controller.view()):  # (the rules' refusal
            controller.say(NO_CARD_NOW)  # would name the game's seat to decide by number)
            return
        choices = playable.get(card, ())
        if len(choices) > 1:
            table.buttons.ask_which(choices, table.on_top)
            return
        table.felt.decide(choices[0] if choices else cards.playing(seat, card))

    def _key(self, event: pygame.event.Event) -> bool:
        table, actions = self.table, self.table.actions
        decisions = table.buttons.decisions
        control = event.mod & pygame.KMOD_CTRL
        if control and event.key == pygame.K_z:
            actions.undo()
        elif control and event.key == pygame.K_y:
            actions.redo()
        elif control and event.key == pygame.K_s:
            actions.open_save()
        elif event.key == pygame.K_ESCAPE:
            actions.open_menu()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_selection(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in FOCUS_KEYS and decisions is not None:
            backwards = event.key == pygame.K_UP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            return decisions.move_focus(-1 if backwards else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter()
        elif event.key == pygame.K_SPACE and table.felt.selected is not None:
            self.play(table.felt.selected)  # in an exchange: pick it, or put it back
        elif event.key == pygame.K_h:
            actions.hint()
        elif event.key == SWITCH_KEY and table.tables is not None:
            return table.tables.look_at_other(table)
        elif table.coach is not None and table.coach.key(event.key):
            return True
        else:
            return decisions is not None and decisions.key(event.key)
        return True

    def _enter(self) -> bool:
        """Enter sets aside the cards picked in an exchange, presses the button the keyboard
        is on (a decision's, else an offer's: finish quickly, the results), else plays the
        card under the cursor, or shows the final table's results again."""
        decisions, felt = self.table.buttons.decisions, self.table.felt
        if decisions is not None and decisions.picks_cards:
            return decisions.confirm()
        if decisions is not None and decisions.press_focused():
            return True
        offer = self.table.buttons.offer
        if offer is not None and offer.press_focused():
            return True
        if felt.selected is None:
            return self.table.end.show_again()
        self.play(felt.selected)
        return True

    def _move_selection(self, step: int) -> None:
        """Left and Right: the cursor along the hand. Enter then plays the card, not a
        button Tab was on."""
        if self.table.felt.move_selection(step):
            decisions = self.table.buttons.decisions
            if decisions is not None:
                decisions.unfocus()
            self.table.refresh_cards()
