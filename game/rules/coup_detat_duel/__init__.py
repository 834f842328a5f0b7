"""Coup d'État for two (Prime Minister and Peasant): RULES.md section 2."""

from game.rules.coup_detat_duel.ruleset import RULESET, CoupDetatDuel

__all__ = ["RULESET", "CoupDetatDuel"]
