"""A player that picks uniformly among the legal decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.ruleset import Decision, View


class RandomPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: View, legal: Sequence[Decision]) -> Decision:
        return self._rng.choice(legal)
