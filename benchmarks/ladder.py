"""The strength ladder: each level against the one below, and each level's thinking time.

    python -m benchmarks.ladder [--hands 2000] [--budget 0.1] [--players 3 4] [--json]
    python -m benchmarks.ladder --ruleset coup-detat-duel [--hands 2000] [--budget 0.05]
    python -m benchmarks.ladder --sparring ...   (and Hard against the ISMCTS partner)

For each number of players and each step (Hard over Medium, Medium over Easy, Easy over
random), one player of the higher level sits with the others of the lower level, moving
round the table so that he sits in every chair, for at least `--hands` hands. The step
holds when his mean gain per hand has its whole 95% confidence interval above zero.

Hard plays the ladder with `--budget` seconds a decision (default 0.1: the full ladder then
takes about 50 minutes on 2 cores; Hard's default in the game is 0.8 s and only stronger).
The latency run plays one game per player count with every level at the table and Hard at
its default budget, and reports each level's p50 and p95 thinking time.

The game for two (`--ruleset coup-detat-duel`) measures each step by the higher level's
share of the points per hand (0.5 is an even game): the step holds when the whole 95%
interval is above 0.5. Its latency run plays Hard against Medium, then Easy against random.

With `--sparring`, each player count also has the sparring step (benchmarks/sparring/):
Hard against an ISMCTS player at equal processor time (both one process, the same budget a
decision), duplicate (each game twice on the same deals, the two in each other's chairs),
with Medium in the other chairs; it holds when Hard's advantage is clear of zero.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from benchmarks.sparring.measure import ladder_step as sparring_step
from game.ai.search import DEFAULT_BUDGET
from game.services import simulate

STEPS = (("hard", "medium"), ("medium", "easy"), ("easy", "random"))
GOALS_MS = {"hard": 1000.0, "medium": 50.0, "easy": 5.0}  # p95 latency goals


DUEL = "coup-detat-duel"
DUEL_HANDS_PER_GAME = 12  # two rounds of six (a tiebreak adds one)


def ladder_step(players: int, hero: str, others: str, hands: int, budget: float,
                seed: int, ruleset: str = "coup-detat") -> dict[str, object]:
    duel = ruleset == DUEL
    games = math.ceil(hands / (DUEL_HANDS_PER_GAME if duel else 6 * players))
    started = time.perf_counter()
    summary = simulate.run({"players": players}, games, seed,
                           seats=[hero] + [others] * (players - 1), budget=budget,
                           ruleset=ruleset)
    tally = summary.levels[hero]
    digits, even = (3, 0.5) if duel else (1, 0.0)  # a share of the points, or francs
    low = tally.mean() - tally.margin()
    return {"players": players, "step": f"{hero} > {others}", "games": games,
            "hands": summary.hands, "mean_gain_per_hand": round(tally.mean(), digits),
            "ci95": [round(low, digits), round(tally.mean() + tally.margin(), digits)],
            "holds": low > even, "minutes": round((time.perf_counter() - started) / 60, 1)}


def latency(players: int, seed: int, ruleset: str = "coup-detat") -> dict[str, dict[str, float]]:
    tables = [["hard", "medium"], ["easy", "random"]] if ruleset == DUEL else \
        [["hard", "medium", "easy", "random"][:players]]
    figures = {}
    for levels in tables:
        summary = simulate.run({"players": players}, 1, seed, seats=levels, budget=DEFAULT_BUDGET,
                               ruleset=ruleset)
        figures.update({level: {"p50_ms": round(tally.latency_ms(0.5), 2),
                                "p95_ms": round(tally.latency_ms(0.95), 2),
                                "decisions": len(tally.seconds)}
                        for level, tally in summary.levels.items()})
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--budget", type=float, default=0.1, help="Hard's seconds a decision")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--seed", type=int, default=1966)
    parser.add_argument("--ruleset", default="coup-detat", choices=["coup-detat", DUEL])
    parser.add_argument("--sparring", action="store_true",
                        help="also Hard against the ISMCTS partner (benchmarks/sparring/)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.ruleset == DUEL:
        args.players = [2]
    steps, latencies = [], {}
    for players in args.players:
        for hero, others in STEPS:
            step = ladder_step(players, hero, others, args.hands, args.budget, args.seed,
                               args.ruleset)
            steps.append(step)
            if not args.json:
                duel = args.ruleset == DUEL
                unit, form = ("of the points", ".3f") if duel else ("F/hand", "+.1f")
                print(f"{players} players, {step['step']:<16} {step['hands']:>5} hands: "
                      f"{step['mean_gain_per_hand']:>8{form}} {unit}, 95% "
                      f"[{step['ci95'][0]:{form}}, {step['ci95'][1]:{form}}] "  # type: ignore[index]
                      f"{'holds' if step['holds'] else 'DOES NOT HOLD'} "
                      f"({step['minutes']} min)", flush=True)
        if args.sparring:
            sparred = sparring_step(args.ruleset, players, args.hands, args.budget)
            steps.append(sparred)
            if not args.json:
                print(f"{players} players, hard > partner: {json.dumps(sparred)}", flush=True)
        latencies[players] = latency(players, args.seed, args.ruleset)
        if not args.json:
            for level, figures in latencies[players].items():
                goal = GOALS_MS.get(level)
                verdict = "" if goal is None else (" ok" if figures["p95_ms"] <= goal
                                                   else f" OVER the {goal:g} ms goal")
                print(f"{players} players, {level:<7} latency p50 {figures['p50_ms']:8.2f} ms, "
                      f"p95 {figures['p95_ms']:8.2f} ms{verdict}", flush=True)
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, "hard_budget": args.budget, "steps": steps,
                          "latency": latencies}, indent=2))
    return 0 if all(step["holds"] for step in steps) else 1


if __name__ == "__main__":
    sys.exit(main())
