"""Coup d'État for two in the scenario files and the bot protocol."""

from game.formats.coup_detat_duel import protocol, scenario
from game.formats.support import Formats

FORMATS = Formats(scenario=scenario, protocol=protocol)
