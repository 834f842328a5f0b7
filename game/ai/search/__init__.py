"""The determinized search every game's Hard player thinks with: worlds drawn from what the
seat knows by the game's own `resample`, every decision tried in each and played out, the
results tallied into estimates whose noise the choice respects, within a time budget, in
worker processes. Nothing here names a game; a game brings its `Policy`.

- estimate.py: what a search found (Estimate, Verdict, the two-standard-error rule)
- loop.py: the search in one process (Policy, search, MAX_WORLDS)
- pool.py: the worker processes (SearchPool)
- player.py: the search player a game's Hard player is made from (SearchPlayer)
- hidden.py: unseen cards shared among the places they can be, for a game's `resample`
"""

from game.ai.search.estimate import Estimate, PairedEstimate, SearchTally, Verdict
from game.ai.search.loop import MAX_WORLDS, Policy, search
from game.ai.search.player import DEFAULT_BUDGET, SearchPlayer, beside, next_best, percent
from game.ai.search.pool import SearchPool

__all__ = ["DEFAULT_BUDGET", "MAX_WORLDS", "Estimate", "PairedEstimate", "Policy",
           "SearchPlayer", "SearchPool", "SearchTally", "Verdict", "beside", "next_best",
           "percent", "search"]
