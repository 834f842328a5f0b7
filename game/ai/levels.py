"""The computer players by level: the one place that says what "easy" or "hard" means. Each
game names its own players in its entry of the games registry (game/games/)."""

from __future__ import annotations

from game.ai.random_player import RandomPlayer
from game.ai.search import DEFAULT_BUDGET, SearchPlayer, SearchPool
from game.engine.player import Player
from game.games import DEFAULT, GAMES, get_game
from game.games.plugin import PlayerMaker

LEVELS = ("easy", "medium", "hard")  # offered to players; "random" is for measuring
ALL_LEVELS = ("random", *LEVELS)
DEFAULT_LEVEL = "medium"
OUTSIDE = "bot"  # the level of a seat an outside program plays (docs/BOT_PROTOCOL.md)
SAVED_LEVELS = (*ALL_LEVELS, OUTSIDE)  # the levels a saved seat may name
ADVISER = "hard"  # the level whose player gives the hints


def levels_for(ruleset_id: str) -> tuple[str, ...]:
    """The levels that can play `ruleset_id`: every ruleset has at least the random one."""
    game = GAMES.get(ruleset_id)
    built = game.players if game is not None else {}
    return ("random", *(level for level in LEVELS if level in built))


def make_player(level: str, seed: int | str | None = None, *,
                budget: float = DEFAULT_BUDGET, workers: int = 2, ruleset: str = DEFAULT,
                pool: SearchPool | None = None) -> Player:
    """A computer player of `level` for `ruleset`; `ValueError` for a level that does not
    exist (a ruleset without players of its own gets the random one). A search player
    thinks `budget` seconds a decision in `workers` processes of `pool` (its own if None)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"there is no level {level!r}: choose from {', '.join(ALL_LEVELS)}")
    if level == "random" or level not in levels_for(ruleset):
        return RandomPlayer(seed)
    make = get_game(ruleset).players[level].load()
    if _searches(make):
        return make(seed, budget=budget, workers=workers, pool=pool)
    return make(seed)


def _searches(make: PlayerMaker) -> bool:
    """Is the player a search player, which takes a budget and a pool of processes?"""
    return isinstance(make, type) and issubclass(make, SearchPlayer)


def adviser(ruleset: str, seed: int | str | None = None, *, budget: float = DEFAULT_BUDGET,
            workers: int = 2, pool: SearchPool | None = None) -> SearchPlayer:
    """The player of `ruleset` that gives the hints (Hard: it plays, and it advises);
    `ValueError` for a game without one."""
    player = make_player(ADVISER, seed, budget=budget, workers=workers, ruleset=ruleset,
                         pool=pool)
    if not isinstance(player, SearchPlayer):
        raise ValueError(f"no player gives hints in {ruleset!r}")
    return player
