"""Where cards lie on the felt, for the games played with a hand of cards: the viewer's hand
face up, the others' as backs, the trick, the piles taken, the Dominos rows, the draw for
the first office. Each game's kit puts these together for its view.

A card face up is keyed by the card; a back by seat and position, never by card, so that
a hidden card cannot be told by its key.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence

from game.cards import Card
from game.ui.table.layout import SeatPlace, TableLayout
from game.ui.table.stage import Placement

Key = Hashable
LIFT = 0.22  # a card that may be played rises this much (in card widths) in the hand
MARKED_LIFT = LIFT * 1.6  # a card picked for an exchange rises higher
CURSOR_LIFT = LIFT * 0.5  # the card under the keyboard's cursor rises a little more


def card_key(card: Card) -> Key:
    return ("card", card.code)


def back_key(seat: int, index: int) -> Key:
    return ("back", seat, index)


def own_hand(cards: Sequence[Card], layout: TableLayout, place: SeatPlace,
             playable: Collection[Card], selected: Card | None, choosing: bool,
             marked: Collection[Card] = ()) -> dict[Key, Placement]:
    """The viewer's cards face up, in `cards`' order; playable ones lifted (`choosing`:
    the others dimmed), `marked` ones lifted high (picked for an exchange)."""
    spacing = layout.hand_spacing
    first = place.hand[0] - spacing * (len(cards) - 1) / 2.0
    width = layout.card_width
    targets = {}
    for index, card in enumerate(cards):
        can_play = card in playable
        raised = (can_play and choosing) or card in marked
        high = width * (MARKED_LIFT if card in marked else LIFT if raised else 0)
        y = place.hand[1] - high - (width * CURSOR_LIFT if card is selected else 0)
        targets[card_key(card)] = Placement(first + index * spacing, y, z=100 + index,
                                            lifted=raised, dimmed=choosing and not can_play)
    return targets


def hidden_hand(seat: int, count: int, layout: TableLayout,
                 place: SeatPlace) -> dict[Key, Placement]:
    width = layout.small_card_width
    spacing = width * 0.28
    first = -spacing * (count - 1) / 2
    targets = {}
    for index in range(count):
        offset = first + index * spacing
        x, y = float(place.hand[0]), float(place.hand[1])
        if place.vertical:
            y, angle = y + offset, 90.0
        else:
            x, angle = x + offset, 0.0
        targets[back_key(seat, index)] = Placement(x, y, face_up=False, angle=angle,
                                                   width=width, z=50 + index)
    return targets


def trick(plays: Sequence[tuple[int, Card]], layout: TableLayout,
          bottom: int) -> dict[Key, Placement]:
    """The trick being played, each card before its player."""
    targets = {}
    for order, (seat, card) in enumerate(plays):
        x, y = layout.place_of(seat, bottom).trick
        tilt = (-4, 3, -2, 5)[seat % 4]
        targets[card_key(card)] = Placement(x, y, angle=tilt, z=200 + order)
    return targets


def taken(taken_by: dict[int, list[Card]], shown: Collection[Card], layout: TableLayout,
          bottom: int) -> dict[Key, Placement]:
    """Each seat's taken tricks: a squared pile face down, the cards that matter in this
    hand (`shown`) fanned face up beside it."""
    width = layout.small_card_width
    targets = {}
    for seat, cards in taken_by.items():
        place = layout.place_of(seat, bottom)
        px, py = place.pile
        hidden = [card for card in cards if card not in shown]
        face_up = [card for card in cards if card in shown]
        for index, card in enumerate(hidden):
            targets[card_key(card)] = Placement(px + index * 0.6, py - index * 0.6,
                                                face_up=False, width=width, z=20 + index)
        for index, card in enumerate(face_up):
            offset = width * (0.75 + 0.32 * index)
            targets[card_key(card)] = Placement(px + place.fan * offset, py, width=width,
                                                z=60 + index if place.fan > 0 else 80 - index)
    return targets


def dominos_rows(places: Sequence[tuple[Card, int, int]], columns: int,
                 layout: TableLayout) -> dict[Key, Placement]:
    """The cards laid, each at its (row, column) of the layout's Dominos area. Where the
    cards of a crowded table overlap, each card's index stays in view: a lower row lies over
    the one above it, a higher rank over the lower one on its left."""
    area = layout.dominos
    width = layout.small_card_width
    step_x = (area.width - width) / (columns - 1)
    step_y = area.height / 4
    targets = {}
    for card, row, column in places:
        x = area.left + width / 2 + column * step_x
        y = area.top + step_y * (row + 0.5)
        targets[card_key(card)] = Placement(x, y, width=width, z=300 + row * 20 + column)
    return targets


def drawn_for_director(draws: tuple[tuple[int, Card], ...], layout: TableLayout,
                       bottom: int) -> dict[Key, Placement]:
    """The cards drawn (or cut) for the first Director (or Prime Minister), face up where
    each player would play."""
    targets = {}
    for seat, card in draws:
        x, y = layout.place_of(seat, bottom).trick
        targets[card_key(card)] = Placement(float(x), float(y), z=200)
    return targets
