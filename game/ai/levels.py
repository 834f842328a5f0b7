"""The computer players by level: the one place that says what "easy" or "hard" means."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.bluff.easy import EasyPlayer as BluffEasyPlayer
from game.ai.bluff.hard import HardPlayer as BluffHardPlayer
from game.ai.bluff.medium import MediumPlayer as BluffMediumPlayer
from game.ai.duel.easy import EasyPlayer as DuelEasyPlayer
from game.ai.duel.hard import DuelHardPlayer
from game.ai.duel.medium import MediumPlayer as DuelMediumPlayer
from game.ai.easy import EasyPlayer
from game.ai.hard import DEFAULT_BUDGET, HardPlayer
from game.ai.medium import MediumPlayer
from game.ai.player import Player
from game.ai.random_player import RandomPlayer

LEVELS = ("easy", "medium", "hard")  # offered to players; "random" is for measuring
ALL_LEVELS = ("random", *LEVELS)
DEFAULT_LEVEL = "medium"
DUEL = "coup-detat-duel"
BLUFF = ("coup", "coup-inquisitor")  # one set of players for both
LEVELS_BY_RULESET = {"coup-detat": ALL_LEVELS, DUEL: ALL_LEVELS,  # the players built for each
                     **{bluff: ALL_LEVELS for bluff in BLUFF}}
PlayerClass = Callable[[int | str | None], Player]
PLAYERS_BY_RULESET: dict[str, dict[str, PlayerClass]] = {  # the hand-written levels
    "coup-detat": {"easy": EasyPlayer, "medium": MediumPlayer},
    DUEL: {"easy": DuelEasyPlayer, "medium": DuelMediumPlayer},
    **{bluff: {"easy": BluffEasyPlayer, "medium": BluffMediumPlayer} for bluff in BLUFF},
}
HARD_BY_RULESET: dict[str, type[HardPlayer]] = {"coup-detat": HardPlayer, DUEL: DuelHardPlayer,
                                                **{bluff: BluffHardPlayer for bluff in BLUFF}}


def levels_for(ruleset_id: str) -> tuple[str, ...]:
    """The levels that can play `ruleset_id`: every ruleset has at least the random one."""
    return LEVELS_BY_RULESET.get(ruleset_id, ("random",))


def make_player(level: str, seed: int | str | None = None, *,
                budget: float = DEFAULT_BUDGET, workers: int = 2,
                ruleset: str = "coup-detat") -> Player:
    """A computer player of `level` for `ruleset`; `ValueError` for a level that does not
    exist (a ruleset without players of its own gets the random one)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"there is no level {level!r}: choose from {', '.join(ALL_LEVELS)}")
    if level == "random" or level not in levels_for(ruleset):
        return RandomPlayer(seed)
    if level == "hard" and ruleset in HARD_BY_RULESET:
        return adviser(ruleset, seed, budget=budget, workers=workers)
    return PLAYERS_BY_RULESET[ruleset][level](seed)


def adviser(ruleset: str, seed: int | str | None = None, *, budget: float = DEFAULT_BUDGET,
            workers: int = 2) -> HardPlayer:
    """The Hard player of `ruleset`: it plays, and it gives the hints."""
    return HARD_BY_RULESET.get(ruleset, HardPlayer)(seed, budget=budget, workers=workers)
