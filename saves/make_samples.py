"""Write the sample saved games of this folder (deterministic: run it again, same files).

    python saves/make_samples.py

The samples are games between random players, cut at moments worth loading: a complete
game, a hand in the middle of a coup attempt, a short game under way.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.rules import get_ruleset
from game.rules.coup_detat.state import State

HERE = Path(__file__).parent
RULES = get_ruleset("coup-detat")
NAMES = ("Antoine", "Brigitte", "Camille", "Didier")
LEVELS = ("easy", "medium", "hard", "medium")
SAVED_AT = "2026-11-22T06:53:59+00:00"


def play_until(players: int, short_game: bool, seed: int,
               stop: Callable[[State, int], bool]) -> Match:
    options = RULES.parse_options({"players": players, "short_game": short_game})
    match = Match(RULES, options, chance=seeded_chance(RULES, seed))
    rng = random.Random(seed)
    steps = 0
    while not match.pending.over and not stop(match.state, steps):
        match.submit(rng.choice(match.legal()))
        steps += 1
    return match


def mid_coup_trick_hand(state: State, steps: int) -> bool:
    hand = state.hand
    return (steps > 40 and hand is not None and hand.is_coup and hand.tricks is not None
            and len(hand.tricks.done) == 3 and not hand.tricks.plays)


def write(name: str, match: Match, humans: int = 1) -> None:
    seats = tuple(saves.Seat(NAMES[seat], "human") if seat < humans
                  else saves.Seat(NAMES[seat], "computer", LEVELS[seat])
                  for seat in range(match.players))
    data = saves.to_json(match, seats, saved_at=SAVED_AT)
    (HERE / name).write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    print(f"wrote {name}: {len(match.turns)} decisions")


if __name__ == "__main__":
    # versions/format-N.json keep a sample of each older format, as that version wrote it.
    write(f"versions/format-{saves.VERSION}.json",
          play_until(4, False, 7, mid_coup_trick_hand))
    write("complete-game-4-players.json", play_until(4, False, 1966, lambda s, n: False))
    write("coup-in-progress-4-players.json", play_until(4, False, 7, mid_coup_trick_hand))
    write("short-game-3-players.json",
          play_until(3, True, 12, lambda state, steps: state.round_index == 1 and steps > 120),
          humans=3)
