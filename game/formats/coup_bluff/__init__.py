"""Coup and Coup with the Inquisitor in the scenario files and the bot protocol: one bot
protocol for both; the scenario deals are checked against each variant's deck."""

from game.formats.coup_bluff import protocol
from game.formats.coup_bluff.scenario import BluffScenario
from game.formats.support import Formats
from game.rules.coup_bluff.charts import COUP, INQUISITOR

FORMATS = Formats(scenario=BluffScenario(COUP), protocol=protocol)
INQUISITOR_FORMATS = Formats(scenario=BluffScenario(INQUISITOR), protocol=protocol)
