"""The cards a seat has not seen, shared out among the places they can be: one guess at a
time, each consistent with everything the seat knows (the cards a place cannot hold, as a
void or a pass proved, and how many it holds).

A game's own worlds module says what the places are (the other hands, a face-down centre,
a Bastille...) and builds a whole state from a guess. The sampler sees only those places and
its own random source, so two positions that look the same to a seat give the same guesses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.cards import Card

MAX_TRIES = 50

Guess = dict[int, list[Card]]  # holder (a seat, or a game's own place) -> the cards given there


@dataclass(frozen=True)
class Place:
    """Where unseen cards are: a seat's hand (its unknown part), or a place of the game's own
    (a face-down centre, set-aside cards, a Bastille) numbered below zero."""

    holder: int
    size: int  # how many unseen cards are there
    forbidden: frozenset[Card]  # unseen cards that cannot be there


class Hidden(Protocol):
    """The cards a seat has not seen and the places they can be."""

    @property
    def unseen(self) -> frozenset[Card]: ...

    @property
    def places(self) -> tuple[Place, ...]: ...


def sample(hidden: Hidden, rng: random.Random) -> Guess:
    """One way the unseen cards may lie. Most-constrained cards are placed first; a dead
    end starts again. The true deal always fits (every inference is sound), but a greedy
    placement can miss it; after many misses the constraints are relaxed."""
    for _ in range(MAX_TRIES):
        guess = _attempt(hidden, rng, strict=True)
        if guess is not None:
            return guess
    guess = _attempt(hidden, rng, strict=False)
    assert guess is not None
    return guess


def _attempt(hidden: Hidden, rng: random.Random, *, strict: bool) -> Guess | None:
    places = hidden.places
    room = {place.holder: place.size for place in places}
    guess: Guess = {place.holder: [] for place in places}
    cards = sorted(hidden.unseen, key=lambda card: card.index)
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
