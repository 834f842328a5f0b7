"""The strength ladder of the bluffing games: each level against three of the one below in
four-player games, and each level's thinking time.

    python -m benchmarks.coup_ladder [--ruleset coup] [--games 2000] [--budget 0.05]
                                     [--jobs 2] [--json]

For each step (Hard over Medium, Medium over Easy, Easy over random) one player of the
higher level sits with three of the lower level, moving round the table so that he sits in
every chair, for `--games` games. The step holds when his share of the games won has its
whole 95% interval above the even share, 25%. Hard thinks `--budget` seconds a decision in
one process (at the table it thinks 0.8 s in two); the games are shared out among `--jobs`
processes, each playing a slice of the same numbered games. The latency of each level is
taken over every decision it made in the ladder's games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from game.services import simulate
from game.services.tally import LevelTally

STEPS = (("hard", "medium"), ("medium", "easy"), ("easy", "random"))
PLAYERS = 4
EVEN_SHARE = 1 / PLAYERS
SEED = 2026


def step(ruleset: str, hero: str, others: str, games: int, budget: float,
         jobs: int) -> tuple[dict[str, object], dict[str, LevelTally]]:
    """One step of the ladder: its figures, and the tallies of both levels."""
    started = time.perf_counter()
    slices = [(start, min(games, start + -(-games // jobs)) - start)
              for start in range(0, games, -(-games // jobs))]
    with ProcessPoolExecutor(len(slices)) as pool:
        parts = list(pool.map(_slice, *zip(*[(ruleset, hero, others, budget, first, count)
                                             for first, count in slices], strict=True)))
    levels = {level: _merged([part[level] for part in parts]) for level in parts[0]}
    tally = levels[hero]
    rate, margin = tally.mean(), tally.margin()
    figures: dict[str, object] = {
        "step": f"{hero} vs 3 {others}", "games": len(tally.gains_per_hand),
        "win_rate": round(rate, 3), "ci95": [round(rate - margin, 3), round(rate + margin, 3)],
        "holds": rate - margin > EVEN_SHARE, "seconds": round(time.perf_counter() - started, 1)}
    if hero == "hard":
        figures["hard_budget_s"] = budget
    return figures, levels


def _slice(ruleset: str, hero: str, others: str, budget: float, first: int,
           count: int) -> dict[str, LevelTally]:
    summary = simulate.run({"players": PLAYERS}, count, seed=SEED,
                           seats=(hero, *[others] * (PLAYERS - 1)), ruleset=ruleset,
                           budget=budget, workers=1, first_game=first)
    return dict(summary.levels)


def _merged(parts: list[LevelTally]) -> LevelTally:
    whole = LevelTally(digits=parts[0].digits)
    for part in parts:
        whole.gains_per_hand.extend(part.gains_per_hand)
        whole.seconds.extend(part.seconds)
    return whole


def latency(tallies: dict[str, LevelTally]) -> dict[str, dict[str, float]]:
    return {level: {"decisions": len(tally.seconds), "p50_ms": round(tally.latency_ms(0.5), 3),
                    "p95_ms": round(tally.latency_ms(0.95), 3)}
            for level, tally in sorted(tallies.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=("coup", "coup-inquisitor"), default="coup")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--budget", type=float, default=0.05,
                        help="Hard's thinking time a decision, in seconds")
    parser.add_argument("--jobs", type=int, default=2, help="processes sharing the games")
    parser.add_argument("--steps", default="hard,medium,easy",
                        help="the heroes of the steps to run (default: all three)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    arguments = parser.parse_args()
    heroes = arguments.steps.split(",")
    steps, tallies = [], {}
    for hero, others in (pair for pair in STEPS if pair[0] in heroes):
        figures, levels = step(arguments.ruleset, hero, others, arguments.games,
                               arguments.budget, max(1, arguments.jobs))
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
