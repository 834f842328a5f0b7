"""High card's computer players: Easy calls at random, Medium stands on a Queen or better,
Hard stands on a King or better when more than two play."""

from __future__ import annotations

import random
from collections.abc import Sequence

from fifth_game.rules import ORDER, Call, View


class EasyPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: View, legal: Sequence[Call]) -> Call:
        return self._rng.choice(legal)


class MediumPlayer:
    least = "Q"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def decide(self, view: View, legal: Sequence[Call]) -> Call:
        assert view.card is not None
        stand = ORDER[str(view.card.rank)] >= ORDER[self.least]
        return next(call for call in legal if call.stand == stand)


class HardPlayer(MediumPlayer):
    least = "K"
