"""Hard in the bluffing games is, for now, the Medium player under another name.

There was no time yet to build the search it should be (hidden cards sampled consistently
with the view, each decision played out in the imagined deals, bluffing when it pays), so
Hard = Medium: the level exists so that every level can be chosen at the table, and it
plays exactly as Medium does. The benchmark (benchmarks/coup_ladder.py) measures Medium.
"""

from __future__ import annotations

from game.ai.bluff.medium import MediumPlayer


class HardPlayer(MediumPlayer):
    """Medium's decisions, word for word (see the module's docstring)."""
