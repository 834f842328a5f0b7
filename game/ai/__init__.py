"""Computer players. A player sees one seat's view and the legal decisions, nothing else."""

from game.ai.random_player import RandomPlayer
from game.engine.player import Player

__all__ = ["Player", "RandomPlayer"]
