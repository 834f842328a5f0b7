"""What a seat can know from its view alone: the cards it has not seen, the places they can
be (the other hands, the face-down centre), and what each player cannot hold: a suit he
showed void in, the cards a Dominos pass proved he lacked.

Everything here is computed from a `CoupDetatView`, never from the game state, so a player
built on it cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.search.hidden import Place
from game.cards import COUP, Card, Suit
from game.games.coup_detat.rules.charts import HandType, deck_for
from game.games.coup_detat.rules.dominos import lay, layable
from game.games.coup_detat.rules.state import DominosPlay, Phase
from game.games.coup_detat.rules.view import CoupDetatView

CENTER = -1  # the place of the face-down centre card


@dataclass(frozen=True)
class Knowledge:
    seat: int
    unseen: frozenset[Card]
    places: tuple[Place, ...]
    coup_with: int | None  # the seat known to hold COUP (still in his hand), if any
    voids: dict[int, frozenset[Suit]]
    played: frozenset[Card]

    def place(self, holder: int) -> Place | None:
        return next((place for place in self.places if place.holder == holder), None)


def played_cards(view: CoupDetatView) -> frozenset[Card]:
    cards = {card for _, card in view.trick}
    cards |= {card for trick in view.tricks_done for _, card in trick.plays}
    if view.dominos is not None:
        cards |= {card for _, card in view.dominos.laid}
    return frozenset(cards)


def center_face_down(view: CoupDetatView) -> bool:
    """Is the centre card still face down in the middle (in no hand)?"""
    if view.phase is Phase.COUP:
        return True
    coup_trick_hand = view.coup_player is not None and view.hand_type is not HandType.DOMINOS
    return view.phase is Phase.PLAY and coup_trick_hand and not view.tricks_done


def voids(view: CoupDetatView) -> dict[int, frozenset[Suit]]:
    """Suits each player showed he lacked by not following them (COUP proves nothing: it
    may be played at any time)."""
    found: dict[int, set[Suit]] = {}
    tricks = [trick.plays for trick in view.tricks_done]
    if view.trick:
        tricks.append(view.trick)
    led_suits = [trick.led_suit for trick in view.tricks_done] + (
        [view.led_suit] if view.trick else [])
    for plays, led in zip(tricks, led_suits, strict=True):
        for seat, card in plays[1:]:
            if card is not COUP and card.suit is not led:
                found.setdefault(seat, set()).add(led)  # type: ignore[arg-type]
    return {seat: frozenset(suits) for seat, suits in found.items()}


def dominos_lacking(view: CoupDetatView) -> dict[int, frozenset[Card]]:
    """The cards each Dominos pass proved its player lacked (hands never grow in Dominos,
    so he still lacks them)."""
    layout = view.dominos
    if layout is None:
        return {}
    deck = deck_for(view.players)
    everything = [card for card in deck.cards if card is not COUP]
    lacking: dict[int, set[Card]] = {}
    for seat, laid_count in layout.passes:
        then = layout_after(layout.laid[:laid_count], deck.dominos_position)
        lacking.setdefault(seat, set()).update(layable(everything, then, deck.dominos_position))
    return {seat: frozenset(cards) for seat, cards in lacking.items()}


def layout_after(laid: tuple[tuple[int, Card], ...], position: dict) -> DominosPlay:
    rows = DominosPlay().rows
    for _, card in laid:
        rows = lay(rows, card, position)
    return DominosPlay(starting_rank=laid[0][1].rank if laid else None, rows=rows)


def knowledge(view: CoupDetatView) -> Knowledge:
    assert view.seat is not None, "a spectator has no seat to reason for"
    seat = view.seat
    deck = deck_for(view.players)
    played = played_cards(view)
    coup_with = view.coup_with  # COUP's whereabouts are always public
    known = set(view.hand) | played | {COUP}
    if view.center is not None:
        known.add(view.center)  # in my hand, played, or turned up and taken
    unseen = frozenset(card for card in deck.cards if card not in known)
    void_suits = voids(view)
    lacking = dominos_lacking(view)
    places = []
    for other in range(view.players):
        if other == seat:
            continue
        size = view.hand_sizes[other] - (1 if coup_with == other else 0)
        forbidden = {card for card in unseen if card.suit in void_suits.get(other, ())}
        forbidden |= lacking.get(other, frozenset()) & unseen
        places.append(Place(other, size, frozenset(forbidden)))
    if center_face_down(view) and view.center is None:
        places.append(Place(CENTER, 1, frozenset()))
    return Knowledge(seat, unseen, tuple(places), coup_with, void_suits, played)
