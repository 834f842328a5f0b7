"""`coup-detat simulate`: complete games between computer players, and what happened.

Seats are given by level ("hard", "medium", "easy", "random") or as an outside program
("exec:COMMAND"). They move round the table from game to game, so each sits in each chair
equally often. The tally reads only events, the same facts a replay tells; each game keeps
its own (the `summary` of its records, in game/services/<game>/summary.py).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

from game.ai import Player
from game.ai.bot import DEFAULT_TIME_LIMIT, ExecPlayer
from game.ai.levels import make_player as make_level_player
from game.ai.search import DEFAULT_BUDGET, SearchPlayer, SearchPool
from game.engine.match import Match, seeded_chance
from game.engine.ruleset import Ruleset
from game.formats.support import final_result, formats_of
from game.games import DEFAULT, get_game, get_ruleset
from game.services.tally import EXEC, Tally

PlayerFactory = Callable[[int, int], Player]  # (game number, seat) -> player


def chairs_for(seats: Sequence[str], game: int) -> list[str]:
    """Who sits where in game `game`: the seats move one chair round each game."""
    players = len(seats)
    return [seats[(chair - game) % players] for chair in range(players)]


def summary_for(ruleset_id: str, players: int, short_game: bool,
                seats: tuple[str, ...]) -> Tally:
    """An empty summary of the kind the game's runs need (the game's own tally)."""
    new_summary = get_game(ruleset_id).records.summary.load()
    return new_summary(ruleset_id, players, short_game, seats)  # type: ignore[no-any-return]


def run(players: int, games: int, seed: int, short_game: bool = False,
        seats: Sequence[str] | None = None, *, ruleset: str = DEFAULT,
        make_player: PlayerFactory | None = None, budget: float = DEFAULT_BUDGET,
        workers: int = 2, time_limit: float = DEFAULT_TIME_LIMIT, echo: bool = False,
        first_game: int = 0) -> Tally:
    """Play `games` complete games of `ruleset`, numbered from `first_game`; the same
    arguments give the same games (outside programs and Hard's time budget aside), so a
    long run can be shared out in slices."""
    rules = get_ruleset(ruleset)
    seats = tuple(seats or ["random"] * players)
    if len(seats) != players:
        raise ValueError(f"{players} seats are needed, not {len(seats)}")
    options = rules.parse_options({"players": players, "short_game": short_game})
    summary = summary_for(ruleset, players, short_game, seats)

    def log(line: str) -> None:
        summary.bot_log.append(line)
        if echo:
            print(line, file=sys.stderr)

    started = time.perf_counter()
    with SearchPool(workers) as pool:  # the Hard players' processes, for the whole run
        for game in range(first_game, first_game + games):
            chairs = chairs_for(seats, game)
            match = Match(rules, options, chance=seeded_chance(rules, f"{seed}:{game}"))
            table = [make_player(game, chair) if make_player else
                     _player(level, f"{seed}:{game}:{chair}", chair, match, budget, workers,
                             pool, time_limit, log)
                     for chair, level in enumerate(chairs)]
            _play(match, table, chairs, summary)
            summary.record_game(match, chairs)
            summary.bot_faults += _farewell(table, match)
    summary.seconds = time.perf_counter() - started
    return summary


def _player(level: str, seed: str, chair: int, match: Match, budget: float, workers: int,
            pool: SearchPool, time_limit: float, log: Callable[[str], None]) -> Player:
    if level.startswith(EXEC):
        rules: Ruleset = match.ruleset
        return ExecPlayer(level.removeprefix(EXEC), seat=chair, ruleset=rules,
                          options=match.options,
                          history=lambda: formats_of(rules.id).protocol.seat_history(match, chair),
                          time_limit=time_limit, log=log, seed=seed)
    return make_level_player(level, seed, budget=budget, workers=workers,
                             ruleset=match.ruleset.id, pool=pool)


def _play(match: Match, table: Sequence[Player], chairs: Sequence[str],
          summary: Tally) -> None:
    while not (pending := match.pending).over:
        seat = pending.seat
        assert seat is not None
        view, legal = match.view(seat), match.legal()
        thinking = time.perf_counter()
        decision = table[seat].decide(view, legal)
        summary.levels[chairs[seat]].seconds.append(time.perf_counter() - thinking)
        match.submit(decision)
        summary.decisions += 1


def _farewell(table: Sequence[Player], match: Match) -> int:
    """Tell the outside programs how the game ended and let the search players go (one
    without the run's pool ends its own processes); how many faults the programs made."""
    faults = 0
    for player in table:
        if isinstance(player, ExecPlayer):
            player.finish(final_result(match))
            faults += player.faults
        elif isinstance(player, SearchPlayer):
            player.close()
    return faults
