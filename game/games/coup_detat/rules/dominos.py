"""Dominos in the 1966 game: what may be laid and the Ace-on-King run, in the Dominos
ladder A K Q J 10 9 8 7 (the rows themselves are `game.rules.domino_rows`)."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card, Rank
from game.engine.errors import IllegalMove
from game.games.coup_detat.rules.state import DominosPlay
from game.rules import domino_rows


def can_lay(card: Card, layout: DominosPlay, position: dict[Rank, int]) -> bool:
    start = layout.starting_rank
    if start is None:
        return True  # the first card of the hand: anything
    rank, suit = card.face
    return domino_rows.takes(layout.rows, position[start], suit, position[rank])


def layable(hand: Sequence[Card], layout: DominosPlay, position: dict[Rank, int]) -> list[Card]:
    return [card for card in hand if can_lay(card, layout, position)]


def is_ace_on_king(card: Card, layout: DominosPlay, position: dict[Rank, int]) -> bool:
    """An Ace laid next to a King entitles its player to go on laying cards."""
    start = layout.starting_rank
    rank, suit = card.face
    return domino_rows.is_ace_on_king(layout.rows, None if start is None else position[start],
                                      suit, position[rank])


def lay(layout_rows: domino_rows.Rows, card: Card,
        position: dict[Rank, int]) -> domino_rows.Rows:
    """The rows after laying `card` (which must be layable)."""
    rank, suit = card.face
    return domino_rows.laid(layout_rows, suit, position[rank])


def explain_refusal(card: Card, layout: DominosPlay, ladder: Sequence[Rank]) -> IllegalMove:
    """Why `card` cannot be laid now, in words."""
    assert layout.starting_rank is not None
    _, card_suit = card.face
    row = layout.row(card_suit)
    suit = card_suit.plural
    if row is None:
        return IllegalMove(
            f"{suit} are not started yet: only the {layout.starting_rank.word} can start them."
        )
    wanted = [ladder[place].word for place in domino_rows.wanted_places(row, len(ladder))]
    if not wanted:
        return IllegalMove(f"The {suit} row is complete.")
    return IllegalMove(
        f"{card.label} cannot be laid: the {suit} row takes only the "
        f"{' or the '.join(wanted)} now."
    )
