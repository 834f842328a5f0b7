"""Wording every ruleset's narration uses: small pieces, and the frame of a narrator."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from game.cards import Card, Suit, canonical
from game.rules.card_play import Passed, RunEnded, RunStarted
from game.rules.trick_taking import Trick


def uncapitalized(text: str) -> str:
    return text[:1].lower() + text[1:]


def cards_text(cards: Sequence[Card]) -> str:
    """"K♥ 10♠ JOKER"."""
    return " ".join(card.label for card in cards)


def joined(names: Iterable[str]) -> str:
    """"Ada", "Ada and Bob", "Ada, Bob and Cy"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def played_label(card: Card, led_suit: Suit | None) -> str:
    """A card played to a trick; a wild card with the suit it stood for: "JOKER (Hearts)"."""
    if card.is_wild and led_suit is not None:
        return f"{card.label} ({led_suit.plural})"
    return card.label


Tell = Callable[[Any, Any, Any], list[str]]  # (narrator, event, state after) -> lines


class Teller:
    """The frame of a ruleset's narrator: the players' names, what the viewer may know,
    one method per kind of event (`tellers` maps event types to them), and the lines for
    the card play both 1966 games share.

    `viewer` is the seat the words are for; private facts are told only to the seat that
    may know them. Without a viewer it tells everything (`tell_all`, for replaying a saved
    game) or only public facts (a log that several players read in turn).
    """

    def __init__(self, names: Sequence[str], viewer: int | None = None, *,
                 tell_all: bool = True) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.tell_all = tell_all and viewer is None

    @staticmethod
    def tellers() -> Mapping[type, Tell]:
        return {}

    def lines(self, event: object, after: object) -> list[str]:
        """What to say about `event`; `after` is the state it led to."""
        tell = self.tellers().get(type(event))
        return tell(self, event, after) if tell else []

    def name(self, seat: int) -> str:
        return self.names[seat]

    def knows(self, seat: int) -> bool:
        return self.tell_all or self.viewer == seat

    def dealt_hands(self, hands: Sequence[Sequence[Card]]) -> list[str]:
        """The hands dealt, each to whoever may know it, in the house order."""
        return [f"  {'Your hand' if self.viewer == seat else self.name(seat)}: "
                f"{cards_text(canonical(hand))}"
                for seat, hand in enumerate(hands) if self.knows(seat)]

    def trick_line(self, trick: Trick, number: int) -> str:
        plays = ", ".join(f"{self.name(seat)} {played_label(card, trick.led_suit)}"
                          for seat, card in trick.plays)
        return f"Trick {number}: {plays}; {self.name(trick.winner)} takes it."

    def run_started(self, event: RunStarted, after: object) -> list[str]:
        return [f"Ace on a King: {self.name(event.seat)} may go on laying cards."]

    def run_ended(self, event: RunEnded, after: object) -> list[str]:
        return [f"{self.name(event.seat)} stops."] if event.stopped else []

    def passed(self, event: Passed, after: object) -> list[str]:
        return [f"{self.name(event.seat)} passes."]
