"""Coup d'État in the scenario files and the bot protocol."""

from game.games.coup_detat.formats import protocol, scenario
from game.games.plugin import Formats

FORMATS = Formats(scenario=scenario, protocol=protocol)
