"""Coup d'État in the scenario files and the bot protocol."""

from game.formats.support import Formats
from game.games.coup_detat.formats import protocol, scenario

FORMATS = Formats(scenario=scenario, protocol=protocol)
