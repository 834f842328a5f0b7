"""Coup and Coup with the Inquisitor in the scenario files and the bot protocol: one bot
protocol for both; the scenario deals are checked against each variant's deck."""

from game.games.coup.formats import protocol
from game.games.coup.formats.scenario import BluffScenario
from game.games.coup.rules.charts import COUP, INQUISITOR
from game.games.plugin import Formats

FORMATS = Formats(scenario=BluffScenario(COUP), protocol=protocol)
INQUISITOR_FORMATS = Formats(scenario=BluffScenario(INQUISITOR), protocol=protocol)
