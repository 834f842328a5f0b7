"""Coup d'État for two in the scenario files and the bot protocol."""

from game.formats.support import Formats
from game.games.coup_detat_duel.formats import protocol, scenario

FORMATS = Formats(scenario=scenario, protocol=protocol)
