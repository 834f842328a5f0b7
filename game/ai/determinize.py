"""Deals consistent with what a seat knows: its unseen cards shared among the places they
can be, respecting every void and every Dominos pass. A search player imagines the hidden
cards this way, one guess at a time.

The sampler sees only what a seat knows (its unseen cards and the places they can be, made
from a view) and its own random source, so two positions that look the same to the seat
give the same guesses. The game for two samples with it too (game/ai/duel/worlds.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from game.ai.knowledge import CENTER, Knowledge, Place
from game.cards import COUP, Card, canonical
from game.rules.coup_detat.charts import HandType
from game.rules.coup_detat.state import HandState, Options, Phase, State, TrickPlay
from game.rules.coup_detat.view import CoupDetatView

Guess = dict[int, list[Card]]  # holder (a seat, or CENTER) -> the unseen cards given there

MAX_TRIES = 50


class Hidden(Protocol):
    """The cards a seat has not seen and the places they can be."""

    @property
    def unseen(self) -> frozenset[Card]: ...

    @property
    def places(self) -> tuple[Place, ...]: ...


def sample(knowledge: Hidden, rng: random.Random) -> Guess:
    """One way the unseen cards may lie. Most-constrained cards are placed first; a dead
    end starts again. The true deal always fits (every inference is sound), but a greedy
    placement can miss it; after many misses the constraints are relaxed."""
    for _ in range(MAX_TRIES):
        guess = _attempt(knowledge, rng, strict=True)
        if guess is not None:
            return guess
    guess = _attempt(knowledge, rng, strict=False)
    assert guess is not None
    return guess


def _attempt(knowledge: Hidden, rng: random.Random, *, strict: bool) -> Guess | None:
    places = knowledge.places
    room = {place.holder: place.size for place in places}
    guess: Guess = {place.holder: [] for place in places}
    cards = sorted(knowledge.unseen, key=lambda card: card.index)
    rng.shuffle(cards)
    cards.sort(key=lambda card: _choices(card, places, strict))
    for card in cards:
        open_places = [p.holder for p in places
                       if room[p.holder] > 0 and (not strict or card not in p.forbidden)]
        if not open_places:
            return None
        weights = [room[holder] for holder in open_places]
        holder = rng.choices(open_places, weights)[0]
        guess[holder].append(card)
        room[holder] -= 1
    return guess


def _choices(card: Card, places: Sequence[Place], strict: bool) -> int:
    return sum(1 for place in places if not strict or card not in place.forbidden)


def world(view: CoupDetatView, knowledge: Knowledge, guess: Guess) -> State:
    """A complete game state: the view, with the hidden cards placed as `guess` says."""
    hands = []
    for seat in range(view.players):
        if seat == view.seat:
            cards = list(view.hand)
        else:
            cards = list(guess.get(seat, ()))
            if knowledge.coup_with == seat:
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
