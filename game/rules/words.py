"""Small pieces of wording every ruleset's narration uses."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.cards import Card, Suit


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
