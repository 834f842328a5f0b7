"""Where every card of the 1966 game should be for a view: the hands, the centre card, the
trick, the piles with the cards that count beside them, the Dominos rows, COUP set aside.

Only the view goes in, so a card can be face up here only if the viewing seat may know it:
its own hand, the cards played, the centre card once it is turned up. Everything else is a
back, keyed by seat and position, never by card.
"""

from __future__ import annotations

from collections.abc import Collection

from game.cards import COUP, Card, Suit
from game.games.coup_detat.rules.charts import HandType, costly_cards, deck_for, in_display_order
from game.games.coup_detat.rules.state import Phase
from game.games.coup_detat.rules.view import CoupDetatView
from game.ui.table.arrange import (
    Key,
    card_key,
    dominos_rows,
    hidden_hand,
    own_hand,
    taken,
    trick,
)
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement

CENTER_KEY = ("center",)


def arrange(view: CoupDetatView, layout: TableLayout, bottom: int, *,
            playable: Collection[Card] = (), selected: Card | None = None,
            choosing: bool = False) -> dict[Key, Placement]:
    """Targets for every card on the table. `playable` lifts the cards the viewer may play
    now (and, while `choosing`, dims the others); `selected` is the keyboard cursor."""
    targets: dict[Key, Placement] = {}
    for seat in range(view.players):
        place = layout.place_of(seat, bottom)
        if seat == view.seat:
            targets |= own_hand(in_hand_order(view), layout, place, playable, selected,
                                choosing)
        else:
            targets |= hidden_hand(seat, view.hand_sizes[seat], layout, place)
    if _center_on_table(view):
        x, y = layout.center_card
        targets[CENTER_KEY] = Placement(x, y, face_up=False, width=layout.small_card_width, z=5)
    if view.dominos is not None:
        targets |= _dominos_rows(view, layout)
    else:
        targets |= taken(piles(view), costly_cards(view.hand_type, deck_for(view.players)),
                         layout, bottom)
        targets |= trick(view.trick, layout, bottom)
    if _coup_out_of_play(view):
        targets[card_key(COUP)] = Placement(layout.felt.left + layout.small_card_width * 0.8,
                                            layout.felt.top + layout.small_card_width,
                                            width=layout.small_card_width, angle=-8, z=4)
    return targets


def in_hand_order(view: CoupDetatView) -> list[Card]:
    """The viewer's cards as his hand shows them (in Dominos, by the rows' order)."""
    return in_display_order(view.hand, view.players, view.hand_type is HandType.DOMINOS)


def _center_on_table(view: CoupDetatView) -> bool:
    if view.phase is Phase.COUP:
        return True
    coup_trick_hand = view.coup_player is not None and view.dominos is None
    return view.phase is Phase.PLAY and coup_trick_hand and not view.tricks_done


def _coup_out_of_play(view: CoupDetatView) -> bool:
    """COUP is set aside face up once declined, and in a coup Dominos once exchanged for
    the centre card (until then it is still in its holder's hand)."""
    if view.coup_with is not None:
        return False
    if view.hand_type is None:
        return view.phase is Phase.CHOOSE
    return view.coup_player is None or view.hand_type is HandType.DOMINOS


def piles(view: CoupDetatView) -> dict[int, list[Card]]:
    """What each seat has taken in this hand's tricks (a coup hand's centre card goes with
    the first trick)."""
    taken: dict[int, list[Card]] = {}
    for done in view.tricks_done:
        taken.setdefault(done.winner, []).extend(card for _, card in done.plays)
    if view.center is not None and view.coup_player is not None and view.tricks_done:
        taken.setdefault(view.tricks_done[0].winner, []).append(view.center)
    return taken


def _dominos_rows(view: CoupDetatView, layout: TableLayout) -> dict[Key, Placement]:
    """Four rows, one per suit, each card at its rank's place, low ranks on the left."""
    assert view.dominos is not None
    ladder = deck_for(view.players).dominos_ladder
    places = [(card, list(Suit).index(card.suit),  # type: ignore[arg-type]
               len(ladder) - 1 - ladder.index(card.rank))
              for _, card in view.dominos.laid]
    return dominos_rows(places, len(ladder), layout)
