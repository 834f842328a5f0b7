"""The habits of each temper of Medium in the bluffing games (game/games/coup/ai/medium.py's
TEMPERS), measured: the rates Hard's opponent models use (game/games/coup/ai/habits.py).

    python -m benchmarks.habits [--ruleset coup] [--games 400] [--json]

One player of each temper sits with three plain Medium players in four-player games, moving
round the table. Counted for him alone: how often he challenges a claim he is asked about,
and how many of his claims are bluffs, all of them and those challenged.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from game.games.coup.ai.habits import claimed
from game.games.coup.ai.medium import TEMPERS, MediumPlayer, Temper
from game.games.coup.rules.decisions import Challenge, Decision
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView
from game.services import simulate

SEED = 77
PLAYERS = 4


@dataclass
class Counts:
    asked: int = 0
    challenged: int = 0
    claims: int = 0
    bluffs: int = 0
    tested: int = 0  # his claims challenged
    caught: int = 0  # ... that were bluffs

    def rates(self) -> dict[str, float]:
        return {"challenges": self.challenged / max(1, self.asked),
                "bluffs": self.bluffs / max(1, self.claims),
                "bluffs_when_challenged": self.caught / max(1, self.tested),
                "windows": self.asked, "claims": self.claims, "tested": self.tested}


class Counted(MediumPlayer):
    """A tempered Medium who counts his own challenges and bluffs."""

    def __init__(self, seed: str, temper: Temper, counts: Counts) -> None:
        super().__init__(seed, temper)
        self.counts = counts
        self._bluffed = False

    def decide(self, view: CoupView, legal: Sequence[Decision]) -> Decision:
        decision = super().decide(view, legal)
        counts, turn = self.counts, view.turn
        if view.phase is Phase.CHALLENGE:
            counts.asked += 1
            counts.challenged += isinstance(decision, Challenge)
        elif view.phase is Phase.REVEAL and turn is not None and turn.claimant == view.seat:
            counts.tested += 1
            counts.caught += self._bluffed
        claim = claimed(view, decision)
        if claim is not None:
            counts.claims += 1
            self._bluffed = claim not in view.hand
            counts.bluffs += self._bluffed
        return decision


def measure(ruleset: str, name: str, games: int) -> dict[str, float]:
    counts = Counts()
    seating = (name, *["medium"] * (PLAYERS - 1))

    def player(number: int, seat: int) -> MediumPlayer:
        kind = simulate.chairs_for(seating, number)[seat]
        seed = f"{SEED}:{number}:{seat}"
        return Counted(seed, TEMPERS[name], counts) if kind == name \
            else MediumPlayer(seed)

    simulate.run({"players": PLAYERS}, games, SEED, seats=seating, make_player=player,
                 ruleset=ruleset)
    return counts.rates()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=("coup", "coup-inquisitor"), default="coup")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    report = {name: measure(arguments.ruleset, name, arguments.games) for name in TEMPERS}
    if arguments.json:
        print(json.dumps(report))
        return 0
    for name, rates in report.items():
        print(f"{name:9} challenges {rates['challenges']:.3f} of {rates['windows']} windows; "
              f"bluffs {rates['bluffs']:.3f} of {rates['claims']} claims, "
              f"{rates['bluffs_when_challenged']:.3f} of {rates['tested']} challenged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
