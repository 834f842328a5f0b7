"""Whose turn it is at the table, once every beat before it is told: nobody's (the
buttons as they stand), a person's here (his cards, his panel), a person's who must be
handed the device first (the screen that asks to pass it, or, at a match of two tables,
the other table if its person has waited longer), the device given back to the person
whose cards were shown. And a person's decision on his turn: applied (his cards let go,
the panel gone), or refused, saying why (the table's controller decides)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.ruleset import Decision
from game.services.table.controller import Awaited
from game.ui import screens
from game.ui.table.parts import TableParts

if TYPE_CHECKING:
    from game.ui.app import App


class TurnHost(TableParts, Protocol):
    """What a turn asks of the table itself, besides its parts."""

    def arrange(self, now: float, duration: float) -> None:
        """Send every card towards its place, from `now` for `duration` seconds."""
        ...

    def seconds(self, design: float) -> float:
        """An animation's length at the player's speed."""
        ...


class TableTurns:
    def __init__(self, app: App, table: TurnHost) -> None:
        self.app = app
        self.table = table

    def take(self, now: float) -> None:
        """The next turn, at `now`: whoever is awaited is shown it."""
        table = self.table
        awaited, seat = table.controller.next_turn(now)
        if not table.on_top:  # under a question: the computers and friends play on, only
            return
        if awaited is Awaited.NOBODY:
            table.buttons.refresh(table.on_top)
        elif awaited is Awaited.PASS and seat is not None:
            if table.tables is None or not table.tables.before_passing(table):
                self.ask_to_pass(seat)
        elif awaited is Awaited.HAND_BACK and seat is not None:
            self.hand_to(seat)
        elif awaited in (Awaited.PERSON, Awaited.ELSEWHERE) and table.buttons.stale():
            table.buttons.refresh(table.on_top)

    def ask_to_pass(self, seat: int) -> None:
        """The cards face down, and the screen that asks to hand the device to `seat`."""
        table, controller = self.table, self.table.controller
        controller.seating.looking_away()
        table.arrange(controller.clock(), 0.0)
        number = table.tables.shown + 1 if table.tables is not None else None
        self.app.push(screens.make("pass_device", self.app, controller.names[seat],
                                   lambda: self.hand_to(seat), menu=table.actions,
                                   table_number=number))

    def hand_to(self, seat: int) -> None:
        """The device is in `seat`'s hands: show his cards."""
        table, controller = self.table, self.table.controller
        controller.seating.handed_to(seat)
        table.arrange(controller.clock(), table.seconds(0.3))
        table.buttons.refresh(table.on_top)

    def decide(self, decision: Decision) -> None:
        """A person's decision: applied (his cards let go, the panel gone), or refused,
        saying why."""
        table = self.table
        if not table.controller.decide(decision):
            return
        table.felt.let_go()
        table.buttons.clear_decisions()
        table.arrange(table.controller.clock(), 0.0)
