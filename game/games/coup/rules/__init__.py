"""The bluffing games on a standard deck: `coup` and `coup-inquisitor`, one set of rules
with two configurations (`charts.COUP`, `charts.INQUISITOR`)."""

from game.games.coup.rules.ruleset import COUP, COUP_INQUISITOR

__all__ = ["COUP", "COUP_INQUISITOR"]
