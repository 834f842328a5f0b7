"""Dominos: the suit rows, what may be laid, and the Ace-on-King run.

A row is held as (top, bottom): positions in the Dominos ladder A K Q J 10 9 8 7 (0 = Ace).
A card may be laid next above the top or next below the bottom of its suit's row, or, in a
suit not yet started, at the starting rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card, Rank
from game.engine.errors import IllegalMove
from game.rules.coup_detat.state import SUIT_INDEX, DominosPlay

ACE_POSITION = 0
KING_POSITION = 1


def can_lay(card: Card, layout: DominosPlay, position: dict[Rank, int]) -> bool:
    if layout.starting_rank is None:
        return True  # the first card of the hand: anything
    row = layout.rows[SUIT_INDEX[card.suit]]  # type: ignore[index]
    if row is None:
        return card.rank is layout.starting_rank
    place = position[card.rank]  # type: ignore[index]
    top, bottom = row
    return place == top - 1 or place == bottom + 1


def layable(hand: Sequence[Card], layout: DominosPlay, position: dict[Rank, int]) -> list[Card]:
    return [card for card in hand if can_lay(card, layout, position)]


def is_ace_on_king(card: Card, layout: DominosPlay, position: dict[Rank, int]) -> bool:
    """An Ace laid next to a King entitles its player to go on laying cards."""
    if card.rank is not Rank.ACE or layout.starting_rank is None:
        return False
    row = layout.rows[SUIT_INDEX[card.suit]]  # type: ignore[index]
    return row is not None and row[0] == KING_POSITION


def lay(layout_rows: tuple[tuple[int, int] | None, ...], card: Card,
        position: dict[Rank, int]) -> tuple[tuple[int, int] | None, ...]:
    """The rows after laying `card` (which must be layable)."""
    index = SUIT_INDEX[card.suit]  # type: ignore[index]
    place = position[card.rank]  # type: ignore[index]
    row = layout_rows[index]
    if row is None:
        new_row = (place, place)
    else:
        top, bottom = row
        new_row = (min(top, place), max(bottom, place))
    return (*layout_rows[:index], new_row, *layout_rows[index + 1 :])


def explain_refusal(card: Card, layout: DominosPlay, ladder: Sequence[Rank]) -> IllegalMove:
    """Why `card` cannot be laid now, in words."""
    assert layout.starting_rank is not None
    row = layout.row(card.suit)  # type: ignore[arg-type]
    suit = card.suit.plural  # type: ignore[union-attr]
    if row is None:
        return IllegalMove(
            f"{suit} are not started yet: only the {layout.starting_rank.word} can start them."
        )
    top, bottom = row
    wanted = [ladder[top - 1].word] if top > 0 else []
    if bottom + 1 < len(ladder):
        wanted.append(ladder[bottom + 1].word)
    if not wanted:
        return IllegalMove(f"The {suit} row is complete.")
    return IllegalMove(
        f"{card.label} cannot be laid: the {suit} row takes only the "
        f"{' or the '.join(wanted)} now."
    )
