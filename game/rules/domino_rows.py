"""Dominoes rows as the 1966 game and the game for two share them.

The layout is one row per suit (S H D C), grown up and down from the starting rank. A
row is held as (top, bottom): places in the ruleset's ladder, high to low (0 = the Ace).
The first card of a hand may be anything and fixes the starting place; then a card may be
laid next above the top or next below the bottom of its suit's row or, in a suit not yet
started, at the starting place. An Ace laid next to a King lets its player go on.
"""

from __future__ import annotations

from game.cards import Suit

Row = tuple[int, int]  # (top, bottom) places, top <= bottom
Rows = tuple[Row | None, ...]  # one per suit, S H D C; None: not started

NO_ROWS: Rows = (None, None, None, None)
SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}
ACE_PLACE = 0
KING_PLACE = 1


def takes(rows: Rows, start: int | None, suit: Suit, place: int) -> bool:
    """May the card of `suit` at ladder `place` be laid (`start` None: the first card)?"""
    if start is None:
        return True
    row = rows[SUIT_INDEX[suit]]
    if row is None:
        return place == start
    top, bottom = row
    return place == top - 1 or place == bottom + 1


def laid(rows: Rows, suit: Suit, place: int) -> Rows:
    """The rows once the card of `suit` at `place` (which must be layable) is laid."""
    index = SUIT_INDEX[suit]
    row = rows[index]
    new_row = (place, place) if row is None else (min(row[0], place), max(row[1], place))
    return (*rows[:index], new_row, *rows[index + 1 :])


def is_ace_on_king(rows: Rows, start: int | None, suit: Suit, place: int) -> bool:
    """An Ace laid next to its suit's King (not as the first card, nor to start a suit)."""
    if place != ACE_PLACE or start is None:
        return False
    row = rows[SUIT_INDEX[suit]]
    return row is not None and row[0] == KING_PLACE


def wanted_places(row: Row, ladder_size: int) -> list[int]:
    """The places a started row takes now: next above its top, next below its bottom."""
    top, bottom = row
    wanted = [top - 1] if top > 0 else []
    if bottom + 1 < ladder_size:
        wanted.append(bottom + 1)
    return wanted
