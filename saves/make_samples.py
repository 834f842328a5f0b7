"""Write the sample saved games of this folder (deterministic: run it again, same games).

    python saves/make_samples.py

The samples are games between random players, cut at moments worth loading: a complete
game, a hand in the middle of a coup attempt, a short game under way, a match of seven at
two tables under way. The samples of one table were last written by format version 2;
writing them again gives the same logs under the present version's header.

versions/format-N.json keep a sample of each format version, as that version wrote it: the
older ones (1 and 2, a game of four cut in the middle of a coup) are kept as they were
written then and never written again; this script writes only the sample of the present
version, which since version 3 is a match at two tables (what version 3 added).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.engine.tables import TablesMatch
from game.games import get_game, get_ruleset
from game.games.coup_detat.rules.state import State

HERE = Path(__file__).parent
RULES = get_ruleset("coup-detat")
TABLES = get_game("coup-detat").tables
NAMES = ("Antoine", "Brigitte", "Camille", "Didier", "Émile", "Françoise", "Gaston", "Hélène")
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


def play_tables_until(players: int, short_game: bool, seed: int,
                      stop: Callable[[TablesMatch], bool]) -> TablesMatch:
    """A match at two tables, both played at once: each decision is made at a table drawn
    at random among those still playing."""
    assert TABLES is not None
    match = TablesMatch.new(RULES, {"players": players, "short_game": short_game},
                            TABLES.sizes[players], seed=seed)
    rng = random.Random(seed)
    while not match.over and not stop(match):
        table = rng.choice([game for game in match.matches if not game.pending.over])
        table.submit(rng.choice(table.legal()))
    return match


def mid_coup_trick_hand(state: State, steps: int) -> bool:
    hand = state.hand
    return (steps > 40 and hand is not None and hand.is_coup and hand.tricks is not None
            and len(hand.tricks.done) == 3 and not hand.tricks.plays)


def each_table_past(decisions: int, human_to_act: bool = False) -> Callable[[TablesMatch], bool]:
    """Stop once every table has seen `decisions` decisions (and, if asked, when the
    human seat, seat 0, is to act at his table)."""
    def stop(match: TablesMatch) -> bool:
        if not all(len(game.turns) >= decisions for game in match.matches):
            return False
        table, local = match.split.place(0)
        return not human_to_act or match.matches[table].pending.seat == local
    return stop


def write(name: str, match: Match | TablesMatch, humans: int = 1) -> None:
    seats = tuple(saves.Seat(NAMES[seat], "human") if seat < humans
                  else saves.Seat(NAMES[seat], "computer", LEVELS[seat % len(LEVELS)])
                  for seat in range(match.players))
    data = saves.to_json(match, seats, saved_at=SAVED_AT)
    (HERE / name).write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    games = match.matches if isinstance(match, TablesMatch) else (match,)
    print(f"wrote {name}: {' + '.join(str(len(game.turns)) for game in games)} decisions")


if __name__ == "__main__":
    write(f"versions/format-{saves.VERSION}.json",
          play_tables_until(7, True, 3, each_table_past(60)))
    write("complete-game-4-players.json", play_until(4, False, 1966, lambda s, n: False))
    write("coup-in-progress-4-players.json", play_until(4, False, 7, mid_coup_trick_hand))
    write("short-game-3-players.json",
          play_until(3, True, 12, lambda state, steps: state.round_index == 1 and steps > 120),
          humans=3)
    write("two-tables-7-players.json",
          play_tables_until(7, False, 17, each_table_past(150, human_to_act=True)))
