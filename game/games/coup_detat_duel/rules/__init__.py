"""Coup d'État for two (Prime Minister and Peasant): RULES.md section 2."""

from game.games.coup_detat_duel.rules.ruleset import RULESET, CoupDetatDuel

__all__ = ["RULESET", "CoupDetatDuel"]
