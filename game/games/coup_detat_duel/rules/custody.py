"""Where the cards of Coup d'État for two are: the 33 cards of the deck, each in a hand, set
aside, in the Bastille, in a trick or in the Dominoes layout; and which a seat cannot see:
the other player's hand and set-aside cards (so which of them he drew, even once played),
and the Bastille."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.cards import Card, canonical
from game.engine.custody import dealt_anew
from game.engine.values import evolve
from game.games.coup_detat_duel.rules.charts import DECK
from game.games.coup_detat_duel.rules.state import State
from game.rules.card_play import cards_played


class DuelCustody:
    @staticmethod
    def deck(state: State) -> tuple[Card, ...]:
        return DECK if state.hand is not None else ()

    @staticmethod
    def everywhere(state: State) -> Iterator[Card]:
        hand = state.hand
        if hand is None:
            return
        yield from hand.bastille
        for held, aside in zip(hand.hands, hand.set_aside, strict=True):
            yield from held
            yield from aside
        yield from cards_played(hand.tricks, hand.dominoes)

    @staticmethod
    def unseen_dealt_anew(state: State, seat: int | None, rng: random.Random) -> State:
        hand = state.hand
        if hand is None:
            return state
        others = [index for index in range(state.players) if index != seat]
        places = [*(hand.hands[index] for index in others),
                  *(hand.set_aside[index] for index in others), hand.bastille]
        dealt = dealt_anew(places, rng)
        now = dict(zip((card for place in places for card in place),
                       (card for place in dealt for card in place), strict=True))
        hands, set_aside, drawn = list(hand.hands), list(hand.set_aside), list(hand.drawn)
        for index, held, aside in zip(others, dealt, dealt[len(others):], strict=False):
            hands[index], set_aside[index] = canonical(held), aside
            drawn[index] = tuple(now[card] if card in now else rng.choice(DECK)
                                 for card in hand.drawn[index])  # else played: any card
        return evolve(state, hand=evolve(hand, hands=tuple(hands), set_aside=tuple(set_aside),
                                         drawn=tuple(drawn), bastille=dealt[-1]))


CUSTODY = DuelCustody()
