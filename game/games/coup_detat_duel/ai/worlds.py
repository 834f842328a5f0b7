"""Deals consistent with what a seat of the game for two knows: its unseen cards shared
among the other hand, the other player's set-aside cards and the Bastille (in an order of
its own), respecting every inference of knowledge.py beside it. The search imagines the
hidden cards this way, one guess at a time (game/ai/search/hidden.py shares them out)."""

from __future__ import annotations

import random

from game.ai.search.hidden import Guess, sample
from game.cards import canonical
from game.games.coup_detat_duel.ai.knowledge import BASTILLE, SET_ASIDE, DuelKnowledge, knowledge
from game.games.coup_detat_duel.rules.charts import PLAYERS
from game.games.coup_detat_duel.rules.state import (
    HandState,
    Options,
    Phase,
    State,
    TrickPlay,
)
from game.games.coup_detat_duel.rules.view import DuelView


def guess(known: DuelKnowledge, rng: random.Random) -> Guess:
    """One way the unseen cards may lie, the Bastille in a random order."""
    found = sample(known, rng)
    rng.shuffle(found[BASTILLE])
    return found


def world(view: DuelView, known: DuelKnowledge, hidden: Guess) -> State:
    """A complete state: the view, with the hidden cards placed as `hidden` says. (Which of
    his cards the other player drew from the Bastille is left out: the rules never ask.)"""
    seat, rival = known.seat, known.other
    hands: list[tuple] = [(), ()]
    hands[seat], hands[rival] = view.hand, canonical(hidden[rival])
    set_aside: list[tuple] = [(), ()]
    set_aside[seat], set_aside[rival] = view.set_aside, tuple(hidden[SET_ASIDE])
    drawn: list[tuple] = [(), ()]
    drawn[seat] = view.drawn
    assert view.to_act is not None and len(hands) == PLAYERS
    hand = HandState(
        hands=tuple(hands), bastille=tuple(hidden[BASTILLE]), to_act=view.to_act,
        set_aside=tuple(set_aside), drawn=tuple(drawn), hand_type=view.hand_type,
        coup=view.coup, tricks=_tricks(view), dominoes=view.dominoes)
    return State(options=Options(), phase=view.phase, prime_minister=view.prime_minister,
                 first_prime_minister=view.first_prime_minister, round_index=view.round_index,
                 tiebreak=view.tiebreak, results=view.scoresheet, hand=hand,
                 winners=view.winners)


def _tricks(view: DuelView) -> TrickPlay | None:
    if view.phase is not Phase.PLAY or view.dominoes is not None:
        return None
    return TrickPlay(plays=view.trick, led_suit=view.led_suit, done=view.tricks_done)


def resample(view: DuelView, rng: random.Random, known: DuelKnowledge | None = None) -> State:
    """A whole state the seat cannot tell from the real one (`known`: what it knows, worked
    out once from the view for many draws)."""
    known = known if known is not None else knowledge(view)
    return world(view, known, guess(known, rng))
