"""The search itself, in one process: imagine a world the seat cannot tell from the real one,
try every decision in it, play each out, and tally the results; again and again until the
time budget is spent. The same worlds serve every decision, so they are compared on equal
terms (perfect-information Monte Carlo).

A game takes part through its `Policy`: how to imagine a world from what the seat knows
(the game's own `resample`), and what a decision is worth in one. Nothing here knows a game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from game.ai.search.estimate import Estimate, SearchTally

MAX_WORLDS = 4000  # enough: more changes nothing measurable

World = TypeVar("World")


class Policy(Generic[World]):
    """A game's part in the search, made from one seat's view before the search starts
    (what the seat knows is worked out there once, not once a world). It is sent to the
    worker processes, so it is a plain dataclass of its game's module."""

    kind: ClassVar[type[Estimate]] = Estimate  # what the search's findings are read as

    def imagine(self, rng: random.Random) -> World:
        """One world the seat cannot tell from the real one, ready for every decision to be
        tried in (each game's `resample`, and whatever all the decisions' play-outs share)."""
        raise NotImplementedError

    def value(self, world: World, decision: Any, rng: random.Random) -> float:
        """What `decision` brings the seat in `world`, the rest played out."""
        raise NotImplementedError


def search(policy: Policy[Any], choices: Sequence[Any], seed: int | str, budget: float,
           max_worlds: int = MAX_WORLDS) -> Estimate:
    """Search for `budget` seconds (or `max_worlds` worlds) in this process; at least one
    world, however short the budget."""
    rng = random.Random(seed)
    tally = SearchTally(choices)
    deadline = time.perf_counter() + budget
    while tally.worlds < max_worlds and (tally.worlds == 0 or time.perf_counter() < deadline):
        world = policy.imagine(rng)
        tally.add([policy.value(world, choice, rng) for choice in choices])
    return tally.estimate(policy.kind)
