"""Where the 1966 game's cards are: the deck of the hand (33 cards for four players, 25 for
three), each in a hand, a trick, the Dominos layout or the centre; and which a seat cannot
see: the other hands (but for COUP, whose holder everyone knows) and the centre card while
it lies face down."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.cards import COUP, Card, canonical
from game.engine.custody import dealt_anew
from game.engine.values import evolve
from game.games.coup_detat.rules.charts import deck_for
from game.games.coup_detat.rules.state import HandState, State
from game.rules.card_play import cards_played


class CoupDetatCustody:
    @staticmethod
    def deck(state: State) -> tuple[Card, ...]:
        return deck_for(state.players).cards if state.hand is not None else ()

    @staticmethod
    def everywhere(state: State) -> Iterator[Card]:
        hand = state.hand
        if hand is None:
            return
        for held in hand.hands:
            yield from held
        yield from cards_played(hand.tricks, hand.dominos)
        # The centre card is in someone's hand once taken; then COUP is set aside instead.
        yield COUP if hand.center_holder is not None else hand.center

    @staticmethod
    def unseen_dealt_anew(state: State, seat: int | None, rng: random.Random) -> State:
        hand = state.hand
        if hand is None:
            return state
        others = [index for index in range(state.players) if index != seat]
        places = [tuple(card for card in hand.hands[index] if card != COUP) for index in others]
        center_unseen = hand.center is not COUP and hand.center_holder is None and (
            hand.tricks is None or hand.tricks.center_won_by is None)
        if center_unseen:
            places.append((hand.center,))
        dealt = dealt_anew(places, rng)
        hands = list(hand.hands)
        for index, cards in zip(others, dealt, strict=False):
            coup = (COUP,) if COUP in hand.hands[index] else ()
            hands[index] = canonical((*cards, *coup))
        redealt = evolve(hand, hands=tuple(hands))
        center = dealt[-1][0] if center_unseen else _center_taken(redealt, seat, rng)
        return evolve(state, hand=evolve(redealt, center=center))


def _center_taken(hand: HandState, seat: int | None, rng: random.Random) -> Card:
    """The centre card once a player took it into his hand: which of his cards it is, he
    and nobody else knows; to the others, any card he holds or has played since."""
    holder = hand.center_holder
    if holder is None or holder == seat:
        return hand.center
    played = (card for plays in _plays_in(hand) for who, card in plays if who == holder)
    held = (card for card in hand.hands[holder] if card is not COUP)
    return rng.choice([*held, *played])


def _plays_in(hand: HandState) -> Iterator[tuple[tuple[int, Card], ...]]:
    """The cards played so far in the hand, by whom, trick by trick or all laid."""
    if hand.tricks is not None:
        yield from (trick.plays for trick in hand.tricks.done)
        yield hand.tricks.plays
    if hand.dominos is not None:
        yield hand.dominos.laid


CUSTODY = CoupDetatCustody()
