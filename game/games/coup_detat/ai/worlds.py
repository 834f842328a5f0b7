"""The deals a seat of the 1966 game cannot rule out: its unseen cards shared among the
other hands and the face-down centre, respecting every void and every Dominos pass
(game/games/coup_detat/ai/knowledge.py). The search imagines the hidden cards this way, one
guess at a time.
"""

from __future__ import annotations

import random

from game.ai.search.hidden import Guess, sample
from game.cards import COUP, Card, canonical
from game.games.coup_detat.ai.knowledge import CENTER, Knowledge, knowledge
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.rules.state import HandState, Options, Phase, State, TrickPlay
from game.games.coup_detat.rules.view import CoupDetatView


def resample(view: CoupDetatView, rng: random.Random,
             known: Knowledge | None = None) -> State:
    """A whole state the seat cannot tell from the real one: its view, with the cards it has
    not seen placed at random where they can be (`known`: what it knows, worked out once
    from the view for many draws)."""
    known = known if known is not None else knowledge(view)
    return world(view, known, sample(known, rng))


def world(view: CoupDetatView, known: Knowledge, guess: Guess) -> State:
    """A complete game state: the view, with the hidden cards placed as `guess` says."""
    hands = []
    for seat in range(view.players):
        if seat == view.seat:
            cards = list(view.hand)
        else:
            cards = list(guess.get(seat, ()))
            if known.coup_with == seat:
                cards.append(COUP)
        hands.append(canonical(cards))
    center, center_holder = _center(view, guess, hands)
    hand = None
    if view.phase in (Phase.COUP, Phase.CHOOSE, Phase.PLAY):
        hand = HandState(
            hands=tuple(hands),
            center=center,
            coup_holder=view.coup_holder if view.coup_holder is not None else -1,
            to_act=view.to_act if view.to_act is not None else -1,
            hand_type=view.hand_type,
            coup_player=view.coup_player,
            center_holder=center_holder,
            tricks=_tricks(view) if view.hand_type is not None and view.dominos is None else None,
            dominos=view.dominos,
        )
    return State(
        options=Options(view.players, view.short_game), phase=view.phase, money=view.money,
        treasury=view.treasury, debts=view.debts, director=view.director,
        round_director=view.round_director, round_index=view.round_index,
        played_this_round=view.played_this_round, daggers=view.daggers, hand=hand,
        winners=view.winners,
    )


def _center(view: CoupDetatView, guess: Guess,
            hands: list[tuple[Card, ...]]) -> tuple[Card, int | None]:
    """The centre card and who took it into his hand (None: still in the middle, or won
    with the first trick)."""
    if CENTER in guess:
        return guess[CENTER][0], None
    holder = _center_holder(view)
    if view.center is not None:
        return view.center, holder
    assert holder is not None, "a hidden centre went into someone's hand"
    # Which of his cards it was is his secret and no longer matters to the rules: any card
    # he holds, or has played, will do.
    played = [card for trick in view.tricks_done for seat, card in trick.plays if seat == holder]
    played += [card for seat, card in view.trick if seat == holder]
    if view.dominos is not None:
        played += [card for seat, card in view.dominos.laid if seat == holder]
    return (hands[holder] or played)[0], holder


def _center_holder(view: CoupDetatView) -> int | None:
    if view.phase is Phase.CHOOSE or (view.hand_type is not None and view.coup_player is None):
        return view.coup_holder  # he declined and took it
    if view.hand_type is HandType.DOMINOS:
        return view.coup_player  # exchanged for COUP
    return None


def _tricks(view: CoupDetatView) -> TrickPlay:
    won = view.tricks_done[0].winner if view.tricks_done and view.coup_player is not None \
        else None
    return TrickPlay(plays=view.trick, led_suit=view.led_suit if view.trick else None,
                     done=view.tricks_done, center_won_by=won)
