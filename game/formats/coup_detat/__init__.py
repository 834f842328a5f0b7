"""Coup d'État in the scenario files and the bot protocol."""

from game.formats.coup_detat import protocol, scenario
from game.formats.support import Formats

FORMATS = Formats(scenario=scenario, protocol=protocol)
