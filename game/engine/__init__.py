"""The rules-agnostic engine: decisions become events, the state is their fold."""

from game.engine.errors import IllegalMove, MalformedEntry, SaveError
from game.engine.match import Match, seeded_chance
from game.engine.ruleset import Pending, Ruleset

__all__ = ["IllegalMove", "MalformedEntry", "Match", "Pending", "Ruleset", "SaveError",
           "seeded_chance"]
