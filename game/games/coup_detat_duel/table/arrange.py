"""Where every card of the game for two lies, for one seat's view: the two hands face to
face, the Bastille as a face-down pile, each player's set-aside cards (face up only for
their owner), the trick, the tricks taken and the Dominoes rows (JOKER as a 6).

Only the view goes in, so a card is face up only if the viewing seat may know it.
"""

from __future__ import annotations

from collections.abc import Collection

from game.cards import JOKER, Card
from game.games.coup_detat_duel.rules.charts import (
    DOMINOES_LADDER_SIZE,
    DOMINOES_PLACE,
    JACKS,
    JOKER_DOMINOES_PLACE,
    QUEEN_OF_HEARTS,
    SPADES,
    HandType,
    in_display_order,
)
from game.games.coup_detat_duel.rules.state import DominoesPlay, Phase
from game.games.coup_detat_duel.rules.view import DuelView
from game.rules.domino_rows import SUIT_INDEX
from game.ui.table.arrange import (
    Key,
    card_key,
    dominos_rows,
    hidden_hand,
    own_hand,
    taken,
    trick,
)
from game.ui.table.layout import SeatPlace, TableLayout
from game.ui.table.stage import Placement

SHOWN_WHEN_TAKEN: dict[HandType, frozenset[Card]] = {
    HandType.MARIE: frozenset({QUEEN_OF_HEARTS}),
    HandType.SIEGE: SPADES,
    HandType.WATERLOO: JACKS,
}
"""The cards that decide a hand, fanned face up beside the taker's pile."""

BEFORE_PLAY = (Phase.COUP, Phase.CHOOSE, Phase.EXCHANGE)


def bastille_key(index: int) -> Key:
    return ("bastille", index)


def set_aside_key(seat: int, index: int) -> Key:
    return ("aside", seat, index)


def duel_targets(view: DuelView, layout: TableLayout, bottom: int, *,
                 playable: Collection[Card] = (), selected: Card | None = None,
                 marked: Collection[Card] = (), choosing: bool = False) -> dict[Key, Placement]:
    targets: dict[Key, Placement] = {}
    for seat in range(view.players):
        place = layout.place_of(seat, bottom)
        if seat == view.seat:
            targets |= own_hand(in_display_order(view.hand), layout, place, playable, selected,
                                choosing, marked)
        else:
            targets |= hidden_hand(seat, view.hand_sizes[seat], layout, place)
        targets |= _set_aside(view, seat, layout, place)
    targets |= _bastille(view, layout)
    if view.dominoes is not None:
        targets |= _dominoes_rows(view.dominoes, layout)
    else:
        shown = SHOWN_WHEN_TAKEN.get(view.hand_type, frozenset()) \
            if view.hand_type is not None else frozenset()
        targets |= taken(_piles(view), shown, layout, bottom)
        targets |= trick(view.trick, layout, bottom)
    return targets


def _piles(view: DuelView) -> dict[int, list[Card]]:
    won: dict[int, list[Card]] = {}
    for done in view.tricks_done:
        won.setdefault(done.winner, []).extend(card for _, card in done.plays)
    return won


def bastille_spot(layout: TableLayout, view: DuelView) -> tuple[float, float]:
    """The Bastille lies to the left of the trick; in Dominoes, once the exchange is over,
    its rest is pushed into the corner, clear of the rows."""
    if view.phase in BEFORE_PLAY or view.dominoes is None:
        return layout.center_card
    width = layout.small_card_width
    return layout.felt.left + width * 1.2, layout.felt.top + width


def _bastille(view: DuelView, layout: TableLayout) -> dict[Key, Placement]:
    """The Bastille, squared face down (greyed once out of play)."""
    x, y = bastille_spot(layout, view)
    out_of_play = view.phase not in BEFORE_PLAY
    width = layout.small_card_width
    return {bastille_key(index): Placement(x + index * 0.8, y - index * 0.8, face_up=False,
                                           width=width, z=10 + index, dimmed=out_of_play)
            for index in range(view.bastille_size)}


def _set_aside(view: DuelView, seat: int, layout: TableLayout,
               place: SeatPlace) -> dict[Key, Placement]:
    """A player's set-aside cards: fanned face up above his plate for their owner; for
    anyone else, squared face down beside the plate."""
    width = layout.small_card_width
    plate = place.plate
    if seat == view.seat:
        x, y = plate.left + width * 0.6, plate.top - width * 0.95
        return {card_key(card): Placement(x + index * width * 0.45, y, width=width,
                                          z=30 + index, angle=-3)
                for index, card in enumerate(in_display_order(view.set_aside))}
    x, y = plate.right + width * 0.7, plate.centery
    if place.position == "bottom":  # a spectator's view: the plate has the felt above
        x, y = plate.left + width * 0.6, plate.top - width * 0.95
    return {set_aside_key(seat, index): Placement(x + index * 0.8, y - index * 0.8,
                                                  face_up=False, width=width, z=30 + index)
            for index in range(view.set_aside_counts[seat])}


def joker_row(dominoes: DominoesPlay) -> int:
    """The row JOKER lies in: the suit named for it laid first, else the row it extends."""
    if dominoes.joker_suit is not None:
        return SUIT_INDEX[dominoes.joker_suit]
    for index, row in enumerate(dominoes.rows):
        if row is not None and row[1] == JOKER_DOMINOES_PLACE:
            return index
    return 0


def _dominoes_rows(dominoes: DominoesPlay, layout: TableLayout) -> dict[Key, Placement]:
    """Four rows, one per suit, low ranks on the left: JOKER, as a 6, left of the 7s."""
    last = DOMINOES_LADDER_SIZE - 1
    places = []
    for _, card in dominoes.laid:
        if card is JOKER:
            places.append((card, joker_row(dominoes), 0))
        else:
            places.append((card, SUIT_INDEX[card.suit],  # type: ignore[index]
                           last - DOMINOES_PLACE[card.rank]))  # type: ignore[index]
    return dominos_rows(places, DOMINOES_LADDER_SIZE, layout)
