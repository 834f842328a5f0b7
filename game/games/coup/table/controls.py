"""The bluffing games' buttons: the legal actions (with their cost, target and claim, and
whether the claim is a bluff for you), the challenge and block prompts with the claim
spelt out, the card to lose or show, the exchange, the Inquisitor's examination."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame_gui
from pygame import Rect

from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decisions import (
    Allow,
    Block,
    Challenge,
    ForceDraw,
    Keep,
    Lose,
    ReturnCards,
    Reveal,
    Show,
    Swap,
    TakeAction,
)
from game.games.coup.rules.narration import names_of
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView
from game.games.coup.table.hud import ACTION_WORDS, RULES, VARIANTS
from game.games.coup.table.picker import CardPicker, picks_by_clicks
from game.games.coup.table.seats import place_panel
from game.rules.words import counted
from game.ui.table.controls import DecisionButtons, Words
from game.ui.table.host import PanelHost
from game.ui.table.layout import TableLayout

MOST_IN_ONE_COLUMN = 8


def claim_of(action: Action, variant: str) -> Character | None:
    """The character an action claims in `variant` (the exchange: the Ambassador, or the
    Inquisitor)."""
    rule = VARIANTS[variant].actions.get(action)
    return rule.claim if rule is not None else None


def action_words(action: Action, variant: str) -> str:
    """An action in a few words; the Inquisitor's exchange is a swap."""
    if action is Action.EXCHANGE and claim_of(action, variant) is Character.INQUISITOR:
        return f"draw {VARIANTS[variant].exchange_draw} and swap"
    return ACTION_WORDS.get(action, action.label)


class BluffWords(Words):
    width = 430
    row = 36
    least_row = 30  # eight actions fit between the rows of plates at six players
    cautious = (Allow,)  # Enter never challenges nor blocks by itself

    def __init__(self, view: CoupView, names: Sequence[str]) -> None:
        self.view = view
        self.names = names

    def bluff(self, character: Character | None) -> str:
        """" (bluff)" when the viewer does not hold the character he would claim."""
        if character is None or character in self.view.hand:
            return ""
        return " (bluff)"

    def label(self, decision: Any) -> str:
        names, view = self.names, self.view
        match decision:
            case TakeAction(_, action, target, called):
                claim = claim_of(action, view.variant)
                words = action_words(action, view.variant).capitalize()
                if target is not None:
                    words += f" {names[target]}"
                if called is not None:
                    words += f", calling {called.label}"
                cost = RULES[action].cost
                if cost:
                    words += f" ({counted(cost, 'coin')})"
                if claim is not None:
                    words += f" · {claim.label}{self.bluff(claim)}"
                return words
            case Challenge():
                return "Challenge: I do not believe it"
            case Allow():
                return "Let it pass" if view.phase is Phase.CHALLENGE else "Do not block"
            case Block(_, character):
                return f"Block with {character.label}{self.bluff(character)}"
            case Reveal(_, character):
                return f"Show {character.label}"
            case Lose(_, character):
                return f"Lose {character.label}"
            case Keep(_, cards):
                return f"Keep {names_of(cards)}"
            case Swap(_, character):
                if character is None:
                    return "Send the drawn card back"
                return f"Give back {character.label}, keep the drawn card"
            case Show(_, character):
                return f"Show {character.label}"
            case ForceDraw(_, force):
                return "Make them change it for a new card" if force else "Let them keep it"
            case ReturnCards(_, cards):
                return f"Return {names_of(cards)}"
        return str(decision)

    def tip(self, decision: Any) -> str | None:
        if isinstance(decision, TakeAction) and self.bluff(
                claim_of(decision.action, self.view.variant)):
            return "You do not hold this character: anyone may challenge you."
        return None

    def title(self, choices: Sequence[Any]) -> str:
        return title(self.view, self.names)

    def columns(self, choices: Sequence[Any]) -> int:
        return 1 if len(choices) <= MOST_IN_ONE_COLUMN else 2

    def place(self, layout: TableLayout, panel: Rect) -> None:
        """In the band between the plates at the top and those at the bottom."""
        place_panel(layout, self.view.players, panel)


def title(view: CoupView, names: Sequence[str]) -> str:
    """The panel's question, the claim spelt out."""
    turn = view.turn
    phase = view.phase
    if turn is None or phase is Phase.ACTION:
        coins = view.coins[view.seat or 0]
        return f"Your turn ({counted(coins, 'coin')}): choose an action"
    actor = names[turn.actor]
    if phase is Phase.CHALLENGE and turn.claimant is not None and turn.claim is not None:
        claimant = names[turn.claimant]
        if turn.blocker == turn.claimant:
            return f"{claimant} blocks with {turn.claim.label}: challenge?"
        return f"{claimant} claims {turn.claim.label}: challenge?"
    if phase is Phase.BLOCK:
        return f"{actor}: {turn.action.label}. Block it?"
    if phase is Phase.REVEAL and turn.claim is not None:
        return f"Show {turn.claim.label}, or lose a card"
    return {
        Phase.LOSE: "Choose the influence to lose",
        Phase.KEEP: "The exchange: which cards do you keep?",
        Phase.PICK: "Keep one card of your set",
        Phase.SWAP: f"Drew {names_of(turn.drawn)}: swap?",
        Phase.SHOW: f"{actor} examines you: show one card",
        Phase.FORCE_DRAW: f"Shown {turn.shown.label if turn.shown else 'a card'}: change it?",
        Phase.RETURN: "Return two cards to the deck",
    }.get(phase, "Decide")


@dataclass(frozen=True)
class ActionGroup:
    """One action offered against several targets (or naming several characters): its
    button opens the choice of whom."""

    choices: tuple[TakeAction, ...]


BACK = "back"


class ActionWords(BluffWords):
    """The action bar: an action with several targets is one button that asks whom next."""

    def label(self, decision: Any) -> str:
        if isinstance(decision, ActionGroup):
            first = decision.choices[0]
            whole = super().label(TakeAction(first.seat, first.action))
            return f"{whole} …"
        if decision == BACK:
            return "Back to the actions"
        return super().label(decision)

    def tip(self, decision: Any) -> str | None:
        if isinstance(decision, ActionGroup):
            return super().tip(decision.choices[0])
        return None if decision == BACK else super().tip(decision)


class ActionButtons(DecisionButtons):
    """The legal actions, one button each; a targeted action asks for its target next."""

    def __init__(self, ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                 scene: PanelHost) -> None:
        super().__init__(ui, layout, [], scene, ActionWords(scene.view(), scene.names))
        self.grouped = grouped(legal)
        self._show(self.words.title(legal), self.grouped)

    def leads_to(self, choice: Any, decision: Any) -> bool:
        if isinstance(choice, ActionGroup):
            return decision in choice.choices
        return super().leads_to(choice, decision)

    def pressed(self, element: object) -> bool:
        choice = self.buttons.get(element)  # type: ignore[call-overload]
        if isinstance(choice, ActionGroup):
            first = choice.choices[0]
            verb = action_words(first.action, self.words.view.variant)  # type: ignore[attr-defined]
            self._show(f"{verb.capitalize()}: whom?", [*choice.choices, BACK])
            return True
        if choice == BACK:
            self._show(self.words.title([]), self.grouped)
            return True
        return super().pressed(element)


def grouped(legal: Sequence[Any]) -> list[Any]:
    """The actions in their order, those with several targets (or calls) as one group."""
    groups: dict[Action, list[TakeAction]] = {}
    for decision in legal:
        groups.setdefault(decision.action, []).append(decision)
    return [choices[0] if len(choices) == 1 else ActionGroup(tuple(choices))
            for choices in groups.values()]


def bluff_buttons(ui: pygame_gui.UIManager, layout: TableLayout, legal: Sequence[Any],
                  scene: PanelHost) -> DecisionButtons:
    """The action bar on one's turn, the cards to click in an exchange, else the prompt of
    the moment."""
    if legal and all(isinstance(decision, TakeAction) for decision in legal):
        return ActionButtons(ui, layout, legal, scene)
    if picks_by_clicks(legal):
        return CardPicker(ui, layout, legal, scene, BluffWords(scene.view(), scene.names))
    return DecisionButtons(ui, layout, legal, scene, BluffWords(scene.view(), scene.names))
