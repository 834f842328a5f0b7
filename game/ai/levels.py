"""The computer players by level: the one place that says what "easy" or "hard" means."""

from __future__ import annotations

from game.ai.easy import EasyPlayer
from game.ai.hard import DEFAULT_BUDGET, HardPlayer
from game.ai.medium import MediumPlayer
from game.ai.player import Player
from game.ai.random_player import RandomPlayer

LEVELS = ("easy", "medium", "hard")  # offered to players; "random" is for measuring
ALL_LEVELS = ("random", *LEVELS)
DEFAULT_LEVEL = "medium"
LEVELS_BY_RULESET = {"coup-detat": ALL_LEVELS}  # the players built for each ruleset


def levels_for(ruleset_id: str) -> tuple[str, ...]:
    """The levels that can play `ruleset_id`: every ruleset has at least the random one."""
    return LEVELS_BY_RULESET.get(ruleset_id, ("random",))


def make_player(level: str, seed: int | str | None = None, *,
                budget: float = DEFAULT_BUDGET, workers: int = 2) -> Player:
    """A computer player of `level`; `ValueError` for a level that does not exist."""
    match level:
        case "random":
            return RandomPlayer(seed)
        case "easy":
            return EasyPlayer(seed)
        case "medium":
            return MediumPlayer(seed)
        case "hard":
            return HardPlayer(seed, budget=budget, workers=workers)
    raise ValueError(f"there is no level {level!r}: choose from {', '.join(ALL_LEVELS)}")
