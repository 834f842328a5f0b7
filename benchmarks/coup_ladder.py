"""The strength ladder of the bluffing games: each level against three of the one below in
four-player games, and each level's thinking time.

    python benchmarks/coup_ladder.py [--ruleset coup] [--games 2000] [--json]

For each step (Medium over Easy, Easy over random) one player of the higher level sits with
three of the lower level, moving round the table so that he sits in every chair, for
`--games` games. The step holds when his share of the games won has its whole 95%
interval above the even share, 25%. Hard is Medium for now (game/ai/bluff/hard.py), so the
ladder has no Hard-over-Medium step: it would measure Medium against itself. The latency
of each level is taken over every decision it made in the ladder's games.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import simulate
from game.tally import LevelTally

STEPS = (("medium", "easy"), ("easy", "random"))
PLAYERS = 4
EVEN_SHARE = 1 / PLAYERS
SEED = 2026


def step(ruleset: str, hero: str, others: str, games: int) -> tuple[dict[str, object],
                                                                      dict[str, LevelTally]]:
    """One step of the ladder: its figures, and the tallies of both levels."""
    summary = simulate.run(PLAYERS, games, seed=SEED, seats=(hero, *[others] * (PLAYERS - 1)),
                           ruleset=ruleset)
    tally = summary.levels[hero]
    rate, margin = tally.mean(), tally.margin()
    figures: dict[str, object] = {
        "step": f"{hero} vs 3 {others}", "games": games, "win_rate": round(rate, 3),
        "ci95": [round(rate - margin, 3), round(rate + margin, 3)],
        "holds": rate - margin > EVEN_SHARE, "seconds": round(summary.seconds, 1)}
    return figures, dict(summary.levels)


def latency(tallies: dict[str, LevelTally]) -> dict[str, dict[str, float]]:
    return {level: {"decisions": len(tally.seconds), "p50_ms": round(tally.latency_ms(0.5), 3),
                    "p95_ms": round(tally.latency_ms(0.95), 3)}
            for level, tally in sorted(tallies.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=("coup", "coup-inquisitor"), default="coup")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    arguments = parser.parse_args()
    steps, tallies = [], {}
    for hero, others in STEPS:
        figures, levels = step(arguments.ruleset, hero, others, arguments.games)
        steps.append(figures)
        tallies.update({level: levels[level] for level in levels if level not in tallies})
    report = {"ruleset": arguments.ruleset, "steps": steps, "latency": latency(tallies)}
    if arguments.json:
        print(json.dumps(report, indent=2))
    else:
        for figures in steps:
            print(f"{figures['step']}: {figures['win_rate']:.3f} (95% {figures['ci95']}) "
                  f"over {figures['games']} games; holds: {figures['holds']}")
        for level, times in report["latency"].items():  # type: ignore[attr-defined]
            print(f"{level}: p50 {times['p50_ms']} ms, p95 {times['p95_ms']} ms "
                  f"over {times['decisions']} decisions")
    return 0 if all(figures["holds"] for figures in steps) else 1


if __name__ == "__main__":
    sys.exit(main())
