"""The sparring partner: an ISMCTS player (ismcts.py over each game's adapter) of every
game, one process and a budget a decision. Not shipped, not a level: the outside yardstick
that says whether Hard is strong, not just stronger than our own Medium."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from benchmarks.sparring import ismcts
from benchmarks.sparring.adapters import BluffDeals, CoupDetatDeals, DuelDeals
from game.ai.search.loop import search as flat_search
from game.games.coup.ai.hard import SEARCHED as BLUFF_SEARCHED
from game.games.coup.ai.medium import MediumPlayer
from game.games.coup_detat.ai.fastsim import Care
from game.games.coup_detat.ai.hard import Playouts as CoupDetatPlayouts
from game.games.coup_detat.ai.knowledge import knowledge as coup_detat_knowledge
from game.games.coup_detat.rules.state import Phase
from game.games.coup_detat_duel.ai.hard import Playouts as DuelPlayouts
from game.games.coup_detat_duel.ai.knowledge import knowledge as duel_knowledge
from game.games.coup_detat_duel.rules.state import Phase as DuelPhase

DUEL = "coup-detat-duel"
BLUFFING = ("coup", "coup-inquisitor")
EXPLORATION = {"coup-detat": 0.7, DUEL: 0.5, "coup": 0.5, "coup-inquisitor": 0.5}
"""UCB1's constant, on each game's rewards (thousands of francs; a point; a round)"""


class SparringPartner:
    """The ISMCTS player (one process, `budget` seconds a decision) of the 1966 game or of
    the game for two."""

    def __init__(self, seed: int | str, budget: float, ruleset: str) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.ruleset = ruleset
        self.memory = MediumPlayer(seed)  # the claims heard (as Hard hears them)

    def decide(self, seen: Any, legal: Sequence[Any]) -> Any:
        if self.ruleset in BLUFFING:
            self.memory.observe(seen)
        if len(legal) == 1:
            return legal[0]
        if self.ruleset in BLUFFING and seen.phase not in BLUFF_SEARCHED:
            return self.memory.decide(seen, legal)  # which card to lose, keep or show
        deals = self._deals(seen)
        if deals is None:  # before the cards: flat Monte Carlo, as Hard
            playouts = DuelPlayouts.of(seen) if self.ruleset == DUEL \
                else CoupDetatPlayouts.of(seen, Care.NONE)  # random, as its tree's
            return flat_search(playouts, legal, self.rng.randrange(2**62), self.budget).best()
        visits = ismcts.search(deals, self.budget, self.rng, EXPLORATION[self.ruleset])
        return max(legal, key=lambda decision: visits.get(deals.move_of(decision), -1))

    def _deals(self, seen: Any) -> CoupDetatDeals | DuelDeals | BluffDeals | None:
        if self.ruleset in BLUFFING:
            return BluffDeals(seen, self.memory.claims)
        if self.ruleset == DUEL:
            return DuelDeals(seen, duel_knowledge(seen)) if seen.phase is DuelPhase.PLAY \
                else None
        if seen.phase is Phase.PLAY and seen.hand_type is not None:
            return CoupDetatDeals(seen, coup_detat_knowledge(seen))
        return None
