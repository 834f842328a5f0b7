"""The pieces a page of the rules is made of (headings, paragraphs with a bold lead-in,
chart lines) and the small wording helpers every game's page uses. Each game writes its
own page from its own charts (its services/rules_page.py); game/services/rules_text.py
binds them into the book."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.cards import Suit


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    lead: str  # in bold before the text ("The deal."); may be empty
    text: str


@dataclass(frozen=True)
class Chart:
    """Chart lines or a list: each a label in bold and its text."""

    lines: tuple[tuple[str, str], ...]


Block = Heading | Paragraph | Chart


@dataclass(frozen=True)
class Section:
    id: str  # the game's id, or the levels' section id
    title: str  # its name in the table of contents
    heading: str  # its name as a heading
    blocks: tuple[Block, ...]
    heading_on_screen: bool = True  # False: the screen opens on the first block


def join(words: Iterable[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def in_suit_order(suits: Iterable[Suit]) -> list[Suit]:
    """Suits in their usual order (S H D C), whatever the set's."""
    return sorted(suits, key=list(Suit).index)


def ranks_words(ranks: Iterable[object]) -> str:
    return " ".join(str(rank) for rank in ranks)
