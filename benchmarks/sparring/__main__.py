"""Hard against a sparring partner at equal processor time (measure.py), from the
checkout:

    python -m benchmarks.sparring [--ruleset coup-detat] [--hero hard] [--rival partner]
                                  [--hands 2000] [--budget 0.1] [--players 4] [--jobs 2]
                                  [--json]
    python -m benchmarks.sparring --ruleset coup-detat-duel [--hero hard] [--rival partner]
    python -m benchmarks.sparring --ruleset coup --hero veteran --rival medium --jobs 1

The partner plays the cards by ISMCTS, every seat's moves in its tree, rewarded in francs
(thousands) in the 1966 game and by the hand's point in the game for two. The decisions
before the cards (a coup, naming the hand, the Bastille exchange) it makes by flat Monte
Carlo over the same budget, with Hard's own play-outs.

The table: `--hero` and `--rival` (`partner`, `hard`, `veteran`: the bluffing games'
belief-tracking heuristic player of veteran.py, `veteran-search`: Hard's search with the
Veteran's play-outs, veteran_search.py, or one of Hard's variants, `VARIANTS`),
each one process and the same budget a decision, Medium in the other chairs (1966 and the
bluffing games), chairs rotated; the hero's gain (francs a hand; in the game for two his
share of the points; in the bluffing games his share of the games won) and
the hero's minus the rival's, with 95% intervals over the games, which are independent.
`--rival medium`: the hero alone among Medium. `--duplicate`: each game is played twice on
the same deals, the hero and the rival in each other's chairs, which takes the deals' luck
out of their difference; with `--alone`, once with the hero in each chair. `--games-out
FILE` keeps each game's figures, so that two runs (the same games) can be compared game by
game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.sparring.measure import BLUFFING_ONLY, PLAYERS, POPULATION, VARIANTS, measure
from benchmarks.sparring.partner import BLUFFING, DUEL
from game.games.coup.ai.medium import TEMPERS


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sparring",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=["coup-detat", DUEL, *BLUFFING],
                        default="coup-detat")
    parser.add_argument("--hero", choices=PLAYERS, default="hard")
    parser.add_argument("--rival", choices=list(dict.fromkeys([*PLAYERS, *POPULATION])),
                        default="partner")
    parser.add_argument("--alone", action="store_true",
                        help="the hero among players-1 rivals (always so with a rival "
                             "who does not search)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--players", type=int, default=4, choices=[2, 3, 4, 5, 6],
                        help="five or six: the bluffing games only")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--duplicate", action="store_true",
                        help="each game twice on the same deals, hero and rival swapped "
                             "(alone: once with the hero in each chair)")
    parser.add_argument("--first-game", type=int, default=0,
                        help="number the games from here (a second run of new games)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games-out", help="a file for each game's figures (JSON)")
    arguments = parser.parse_args()
    if arguments.hero == arguments.rival:
        parser.error("the hero and the rival must differ")
    duel = arguments.ruleset == DUEL
    variants = {name for kinds in VARIANTS.values() for name in kinds}
    if {arguments.hero, arguments.rival} & (variants - set(VARIANTS.get(arguments.ruleset, {}))):
        parser.error(f"that variant of Hard is not {arguments.ruleset}'s")
    if arguments.ruleset not in BLUFFING and {arguments.hero, arguments.rival} & set(BLUFFING_ONLY):
        parser.error("the veterans play only the bluffing games")
    if arguments.ruleset not in BLUFFING and arguments.rival in set(TEMPERS) - {"medium"}:
        parser.error("the tempered Medium players are the bluffing games'")
    if arguments.players > 4 and arguments.ruleset not in BLUFFING:
        parser.error("five or six players sit at the bluffing games only")
    players = 2 if duel else arguments.players
    figures = measure(arguments.ruleset, arguments.hero, arguments.rival, players,
                      arguments.hands, arguments.budget, arguments.jobs, arguments.duplicate,
                      arguments.first_game, arguments.alone)
    games = figures.pop("per_game")
    if arguments.games_out is not None:
        Path(arguments.games_out).write_text(json.dumps(games))
    print(json.dumps(figures, indent=None if arguments.json else 2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
