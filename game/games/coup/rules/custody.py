"""Where the cards of the bluffing games are: the court deck of the game (fifteen cards,
three of each character), each face down in a hand, face up before its player, in the deck
or out of the game; and which a seat cannot see: the other players' face-down cards (but
for the card an examined player showed it), the deck and the cards out of the game, and so
which of them another player drew or was shown."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from game.engine.custody import dealt_anew, drawn_at_random
from game.engine.values import evolve
from game.games.coup.rules.charts import Character
from game.games.coup.rules.state import State, TurnState
from game.games.coup.rules.view import drawer

Hands = tuple[tuple[Character, ...], ...]


class CoupCustody:
    @staticmethod
    def deck(state: State) -> tuple[Character, ...]:
        return state.variant.deck if state.hands else ()

    @staticmethod
    def everywhere(state: State) -> Iterator[Character]:
        if not state.hands:
            return
        yield from state.deck
        yield from state.out_of_game
        for hand, revealed in zip(state.hands, state.revealed, strict=True):
            yield from hand
            yield from revealed

    @staticmethod
    def unseen_dealt_anew(state: State, seat: int | None, rng: random.Random) -> State:
        if not state.hands:
            return state
        shown = _shown_to(state, seat)
        slots = [(holder, index) for holder in range(state.players) if holder != seat
                 for index in range(len(state.hands[holder])) if shown != (holder, index)]
        places = [(state.hands[holder][index],) for holder, index in slots]
        *dealt, deck, out_of_game = dealt_anew([*places, state.deck, state.out_of_game], rng)
        hands = [list(hand) for hand in state.hands]
        for (holder, index), (card,) in zip(slots, dealt, strict=True):
            hands[holder][index] = card
        redealt = tuple(tuple(hand) for hand in hands)
        turn = None if state.turn is None else _turn_redealt(
            state.turn, state.hands, redealt, seat, _Unseen(state.variant.characters, rng))
        return evolve(state, hands=redealt, deck=deck, out_of_game=out_of_game, turn=turn)


def _shown_to(state: State, seat: int | None) -> tuple[int, int] | None:
    """Where the card that the player `seat` examined showed it lies: (holder, index)."""
    turn = state.turn
    if turn is None or turn.shown is None or seat is None or seat != turn.actor:
        return None
    holder = turn.target
    if holder is None or turn.shown not in state.hands[holder]:
        return None
    return holder, state.hands[holder].index(turn.shown)


class _Unseen(NamedTuple):
    """What a card the seat cannot see, and that no longer lies where it was, is drawn from."""

    characters: tuple[Character, ...]
    rng: random.Random

    def cards(self, cards: tuple[Character, ...]) -> tuple[Character, ...]:
        return drawn_at_random(cards, self.characters, self.rng)


def _turn_redealt(turn: TurnState, hands: Hands, redealt: Hands, seat: int | None,
                  unseen: _Unseen) -> TurnState:
    """The turn's cards drawn, or shown, as they are after the deal anew: the cards now
    where they lay (drawn cards lie last in the drawer's hand); drawn at random once they
    left it (sent back to the deck: which they were, only their players know)."""
    drawn, shown = turn.drawn, turn.shown
    by = drawer(turn)
    if drawn and by != seat:
        still_held = hands[by][-len(drawn):] == drawn
        drawn = redealt[by][-len(drawn):] if still_held else unseen.cards(drawn)
    target = turn.target
    if shown is not None and target is not None and seat not in (turn.actor, target):
        shown = redealt[target][hands[target].index(shown)] if shown in hands[target] \
            else unseen.cards((shown,))[0]
    return evolve(turn, drawn=drawn, shown=shown)


CUSTODY = CoupCustody()
