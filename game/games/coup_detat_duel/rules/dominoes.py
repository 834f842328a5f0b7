"""Dominoes for two: the shared rows (`game.rules.domino_rows`) in the ladder
A K Q J 10 9 8 7, with `JOKER` as a 6 of any suit.

`JOKER` laid as the first card stands for the suit its player names, and the starting rank
is then the 6: no other suit can ever be started, since `JOKER` is the only 6. Laid later,
it goes below any row whose bottom is its 7, and needs no suit.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import JOKER, Card, Suit
from game.engine.errors import IllegalMove
from game.engine.values import evolve
from game.games.coup_detat_duel.rules.charts import (
    DOMINOES_LADDER_SIZE,
    DOMINOES_PLACE,
    JOKER_DOMINOES_PLACE,
    RANK_ORDER,
    SEVEN_PLACE,
)
from game.games.coup_detat_duel.rules.state import DominoesPlay
from game.rules import domino_rows


def place_of(card: Card) -> int:
    return JOKER_DOMINOES_PLACE if card is JOKER else DOMINOES_PLACE[card.face[0]]


def can_lay(card: Card, layout: DominoesPlay) -> bool:
    if layout.start is None:
        return True  # the first card of the hand: anything
    if card is JOKER:
        return any(row is not None and row[1] == SEVEN_PLACE for row in layout.rows)
    return domino_rows.takes(layout.rows, layout.start, card.face[1], place_of(card))


def layable(hand: Sequence[Card], layout: DominoesPlay) -> list[Card]:
    return [card for card in hand if can_lay(card, layout)]


def is_ace_on_king(card: Card, layout: DominoesPlay) -> bool:
    """An Ace laid next to a King entitles its player to go on laying cards."""
    if card is JOKER:
        return False
    return domino_rows.is_ace_on_king(layout.rows, layout.start, card.face[1],
                                      place_of(card))


def with_card_laid(layout: DominoesPlay, seat: int, card: Card,
                   named_suit: Suit | None) -> DominoesPlay:
    """The layout once `card` (which must be layable) is laid; `named_suit` is the suit of
    a JOKER laid first."""
    place = place_of(card)
    first = layout.start is None
    rows = layout.rows
    if card is not JOKER:
        rows = domino_rows.laid(rows, card.face[1], place)
    elif first:
        assert named_suit is not None
        rows = domino_rows.laid(rows, named_suit, place)
    return evolve(
        layout,
        start=place if first else layout.start,
        rows=rows,
        laid=(*layout.laid, (seat, card)),
        joker_suit=named_suit if first and card is JOKER else layout.joker_suit,
    )


def _word(place: int) -> str:
    return "6 (JOKER)" if place == JOKER_DOMINOES_PLACE else RANK_ORDER[place].word


def explain_refusal(card: Card, layout: DominoesPlay) -> IllegalMove:
    """Why `card` cannot be laid now, in words."""
    assert layout.start is not None
    if card is JOKER:
        return IllegalMove("JOKER is a 6: it can only be laid below a 7 already laid.")
    assert card.suit is not None
    suit = card.suit.plural
    row = layout.rows[domino_rows.SUIT_INDEX[card.suit]]
    if row is None:
        if layout.start == JOKER_DOMINOES_PLACE:
            return IllegalMove(f"{suit} cannot be started: JOKER, the only 6, started the "
                               "layout.")
        return IllegalMove(f"{suit} are not started yet: only the {_word(layout.start)} can "
                           "start them.")
    wanted = [_word(place) for place in domino_rows.wanted_places(row, DOMINOES_LADDER_SIZE)
              if place != JOKER_DOMINOES_PLACE]
    if not wanted:
        return IllegalMove(f"The {suit} row is complete.")
    return IllegalMove(
        f"{card.label} cannot be laid: the {suit} row takes only the "
        f"{' or the '.join(wanted)} now."
    )
