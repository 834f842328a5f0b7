"""The buttons of the table for two: the Peasant's JOKER announcement, the Prime Minister's
hand type (each with its goal from the chart), passing and stopping in Dominoes, the suit a
led JOKER stands for, and the Bastille exchange (pick cards, then confirm)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame_gui

from game.games.coup_detat_duel.rules.charts import CHART, EXCHANGE_LIMITS, in_display_order
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    ChooseHandType,
    KeepQuiet,
    SetAside,
)
from game.games.coup_detat_duel.table.hud import role_of
from game.rules.card_play import PlayCard
from game.ui.table.card_play import CardPlayWords
from game.ui.table.controls import DecisionButtons
from game.ui.table.host import PanelHost
from game.ui.table.layout import TableLayout


class DuelWords(CardPlayWords):
    wild = "JOKER"
    cautious = (KeepQuiet,)

    def label(self, decision: Any) -> str:
        match decision:
            case AnnounceCoup(_, hand_type):
                return f"Coup in {hand_type.label}: {CHART[hand_type].coup_goal}"
            case KeepQuiet():
                return "No coup: keep JOKER quiet, the Prime Minister chooses"
            case ChooseHandType(_, hand_type):
                return f"{hand_type.label}: {CHART[hand_type].prime_ministers_goal}"
            case PlayCard(suit=suit) if suit is not None:
                return f"JOKER as {suit.plural}"
        return super().label(decision)

    def tip(self, decision: Any) -> str | None:
        if isinstance(decision, AnnounceCoup):
            return ("Announcing JOKER obliges you to try this coup; you lead the first trick. "
                    "Succeed and you become Prime Minister.")
        return None

    def title(self, choices: Sequence[Any]) -> str:
        first = choices[0]
        if isinstance(first, AnnounceCoup | KeepQuiet):
            return "You hold JOKER: announce a coup?"
        if isinstance(first, ChooseHandType):
            return "Prime Minister: name the hand"
        return super().title(choices)

    def is_button(self, decision: Any) -> bool:
        return not isinstance(decision, PlayCard | SetAside)


CONFIRM, CLEAR = "confirm", "clear"


class ExchangeButtons(DecisionButtons):
    """The Bastille exchange: the player clicks the cards to set aside (they rise), then
    confirms; the rules refuse a forbidden card with their reason."""

    picks_cards = True

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                 scene: PanelHost) -> None:
        super().__init__(ui, layout, [], scene, ExchangeWords())
        view = scene.view()
        limits = EXCHANGE_LIMITS[role_of(view, view.seat)]
        self.fewest, self.most = limits.fewest, limits.most
        self._show(f"Set aside {limits.fewest} to {limits.most} cards", [CONFIRM, CLEAR])

    def pressed(self, element: object) -> bool:
        choice = self.buttons.get(element)  # type: ignore[call-overload]
        if choice is None:
            return False
        if choice == CLEAR:
            self.scene.marked = set()
            self.scene.refresh_cards()
        else:
            self.confirm()
        return True

    def confirm(self) -> bool:
        """Set aside the cards picked (the rules may refuse them, and say why)."""
        scene = self.scene
        seat = scene.human_to_act()
        if not scene.marked:
            scene.say(f"Click {self.fewest} to {self.most} of your cards first.")
        elif seat is not None:
            scene.decide(SetAside(seat, tuple(in_display_order(scene.marked))))
        return True


class ExchangeWords(DuelWords):
    corner_width = 340
    corner_lift = 1.5  # above the cards picked, which rise

    def label(self, decision: Any) -> str:
        return {CONFIRM: "Set aside and draw", CLEAR: "Put them all back"}.get(
            decision, super().label(decision))

    def in_corner(self, choices: Sequence[Any]) -> bool:
        return True


def duel_buttons(ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                 scene: PanelHost) -> DecisionButtons:
    """The panel for the seat to act: the exchange's, or the decisions' buttons."""
    if legal and isinstance(legal[0], SetAside):
        return ExchangeButtons(ui, layout, legal, scene)
    return DecisionButtons(ui, layout, legal, scene, DuelWords())

