"""Coup d'État for two in the scenario files and the bot protocol."""

from game.games.coup_detat_duel.formats import protocol, scenario
from game.games.plugin import Formats

FORMATS = Formats(scenario=scenario, protocol=protocol)
