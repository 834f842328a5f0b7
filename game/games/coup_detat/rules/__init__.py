"""Coup d'État (Parker Brothers, 1966) for 3 or 4 players: RULES.md section 1."""

from game.games.coup_detat.rules.ruleset import RULESET, CoupDetat

__all__ = ["RULESET", "CoupDetat"]
