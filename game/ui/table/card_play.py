"""What the games played with a hand of cards (the 1966 game and the game for two) have
alike at the table: a card is played by clicking it, not with a button; a wild card led
asks which suit it stands for, and shows it on a tab; passing and stopping a run in
Dominos are asked in the corner, leaving the rows in view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.cards import Card, Suit
from game.rules.card_play import Pass, PlayCard, StopRun
from game.ui.table.arrange import Key, card_key
from game.ui.table.controls import Words


class CardPlayWords(Words):
    """The buttons' words of a game played with cards."""

    wild: str  # the wild card's name, in the question of the suit it leads

    def label(self, decision: Any) -> str:
        match decision:
            case Pass():
                return "Pass (no card can be laid)"
            case StopRun():
                return "Stop the run"
        return super().label(decision)

    def title(self, choices: Sequence[Any]) -> str:
        if isinstance(choices[0], StopRun):
            return "Ace on a King: go on, or stop"
        return "Nothing to lay"

    def which(self, choices: Sequence[Any]) -> str:
        return f"Which suit does {self.wild} lead?"

    def in_corner(self, choices: Sequence[Any]) -> bool:
        """A pass or a stop in Dominos: in the corner, the rows left in view."""
        return all(isinstance(d, Pass | StopRun) for d in choices)

    def is_button(self, decision: Any) -> bool:
        return not isinstance(decision, PlayCard)


class PlayedCards:
    """How a card is played in these games, for their kits' cards (`kit.CardPlay`): a
    decision `PlayCard` names the card, and the suit when the `wild` card is led."""

    wild: Card

    def plays(self, legal: Sequence[Any]) -> dict[Card, list[PlayCard]]:
        """The decisions that play each card, in the order of `legal`."""
        found: dict[Card, list[PlayCard]] = {}
        for decision in legal:
            if isinstance(decision, PlayCard):
                found.setdefault(decision.card, []).append(decision)
        return found

    def playing(self, seat: int, card: Card) -> PlayCard:
        return PlayCard(seat, card)

    def named_by(self, decision: Any) -> tuple[Card, ...]:
        return (decision.card,) if isinstance(decision, PlayCard) else ()

    def suit_tags(self, view: Any) -> dict[Key, Suit]:
        """The wild card leading the trick under way, with the suit it stands for."""
        trick = view.trick
        if trick and trick[0][1] is self.wild and view.led_suit is not None:
            return {card_key(self.wild): view.led_suit}
        return {}
