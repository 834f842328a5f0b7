"""Computer players. A player sees one seat's view and the legal decisions, nothing else."""

from game.ai.player import Player
from game.ai.random_player import RandomPlayer

__all__ = ["Player", "RandomPlayer"]
