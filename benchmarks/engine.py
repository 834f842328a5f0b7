"""Engine benchmark: decisions per second, loading a saved game, one undo.

    python -m benchmarks.engine [--games 40] [--json]

Measured in one run:
- random complete hands per second and decisions per second through the engine
  (`Match.legal` + `Match.submit`, random choices, chance dealt by the engine), the median
  of three runs;
- loading and replaying `saves/complete-game-4-players.json` (a full 4-player game),
  median of repeated loads;
- one undo (and its redo) at many points of a full game, median and worst;
- the autosave of that game, written at every decision: the snapshot taken on the window's
  thread (`saves.snapshot`), and its text made on the writer's, medians.

Goals (issue 2): >= 20,000 decisions/s; a full game loaded in < 100 ms; undo < 16 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.rules import events as ev
from game.services.catalogue import CATALOGUE

RULES = get_ruleset("coup-detat")
FULL_GAME = Path(__file__).resolve().parent.parent / "saves" / "complete-game-4-players.json"


def random_games(games: int, repeats: int = 3) -> dict[str, float]:
    """The median of `repeats` runs, so a moment of load on the machine does not decide."""
    runs = sorted((_random_games(games) for _ in range(repeats)),
                  key=lambda run: run["decisions_per_second"])
    return runs[len(runs) // 2]


def _random_games(games: int) -> dict[str, float]:
    decisions = hands = 0
    started = time.perf_counter()
    for game in range(games):
        players = 4 if game % 2 == 0 else 3
        options = RULES.parse_options({"players": players})
        match = Match(RULES, options, chance=seeded_chance(RULES, game))
        rng = random.Random(game)
        while not match.pending.over:
            match.submit(rng.choice(match.legal()))
            decisions += 1
        hands += sum(1 for event in match.events if isinstance(event, ev.HandEnded))
    seconds = time.perf_counter() - started
    return {"games": games, "hands": hands, "decisions": decisions,
            "hands_per_second": hands / seconds, "decisions_per_second": decisions / seconds}


def load_full_game(repeats: int = 15) -> dict[str, float]:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        game = saves.read(FULL_GAME, catalogue=CATALOGUE)
        times.append(time.perf_counter() - started)
    return {"decisions": len(game.match.turns), "median_ms": statistics.median(times) * 1000,
            "worst_ms": max(times) * 1000}


def undo_times(samples: int = 60) -> dict[str, float]:
    match = saves.read(FULL_GAME, catalogue=CATALOGUE).match
    candidates = [turn for turn in match.turns if turn.seat is not None]
    rng = random.Random(1)
    times = []
    for turn in rng.sample(candidates, samples):
        # Rebuild the match up to just after that decision, then time undo + redo there.
        cut = match.turns.index(turn) + 1
        probe = Match.replay(RULES, match.options, [t.decision for t in match.turns[:cut]])
        started = time.perf_counter()
        assert probe.undo(turn.seat)
        undone = time.perf_counter() - started
        probe.redo(turn.seat)
        times.append(undone)
    return {"samples": len(times), "median_ms": statistics.median(times) * 1000,
            "worst_ms": max(times) * 1000}


def autosave_times(repeats: int = 200) -> dict[str, float]:
    """The autosave's two halves for the full game: what the window's thread spends at
    every decision (the snapshot) and what the writer's thread then spends (the text)."""
    saved = saves.read(FULL_GAME, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame)
    taking, making = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        snapshot = saves.snapshot(saved.match, saved.seats)
        taken = time.perf_counter()
        snapshot()
        taking.append(taken - started)
        making.append(time.perf_counter() - taken)
    return {"decisions": len(saved.match.turns),
            "snapshot_median_ms": statistics.median(taking) * 1000,
            "text_median_ms": statistics.median(making) * 1000}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {"random_games": random_games(args.games), "load_full_game": load_full_game(),
               "undo": undo_times(), "autosave": autosave_times()}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    play, load, undo = results["random_games"], results["load_full_game"], results["undo"]
    print(f"random games: {play['games']} games, {play['hands']} hands, "
          f"{play['decisions']} decisions")
    print(f"  {play['hands_per_second']:,.0f} hands/s, "
          f"{play['decisions_per_second']:,.0f} decisions/s (goal >= 20,000)")
    print(f"load + replay a full 4-player game ({load['decisions']} decisions): "
          f"median {load['median_ms']:.1f} ms, worst {load['worst_ms']:.1f} ms (goal < 100)")
    print(f"one undo: median {undo['median_ms'] * 1000:.1f} µs, worst "
          f"{undo['worst_ms'] * 1000:.1f} µs over {undo['samples']} points (goal < 16 ms)")
    kept = results["autosave"]
    print(f"the autosave of that game: snapshot on the window's thread "
          f"{kept['snapshot_median_ms'] * 1000:.0f} µs, its text on the writer's "
          f"{kept['text_median_ms']:.2f} ms (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
