"""`coup-detat simulate`: complete games between computer players, and what happened.

Seats are given by level ("hard", "medium", "easy", "random") or as an outside program
("exec:COMMAND"). They move round the table from game to game, so each sits in each chair
equally often. The games are played with the options given (as JSON, `players`
included: the game's own options, whichever game it is). The tally reads only events, the
same facts a replay tells; each game keeps its own (the `summary` of its records, in its
services/summary.py).

More players than one table seats (six to eight at Coup d'État) play each game at several
tables: a `TablesMatch` drawn from the game's seed, each table's players made for their
seat there (an outside program sees only its own table's game, as in a game of that
table's players); the summary then keeps the standings across the tables.

A run stopped from outside (Ctrl+C, SIGTERM, SIGHUP: `Stopped`, raised by the command's
signal handlers) ends what it started, the outside programs and Hard's worker processes,
before it goes.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from game.ai import Player
from game.ai.bot import DEFAULT_TIME_LIMIT, ExecPlayer
from game.ai.levels import make_player as make_level_player
from game.ai.search import DEFAULT_BUDGET, SearchPlayer, SearchPool
from game.engine import texts
from game.engine.match import Match, seeded_chance
from game.engine.ruleset import Ruleset
from game.engine.tables import TablesMatch
from game.formats.support import final_result, formats_of
from game.games import DEFAULT, get_game, get_ruleset
from game.services.tables import at_several_tables, sizes_for, standings, tables_of
from game.services.tally import EXEC, Tally

PlayerFactory = Callable[[int, int], Player]  # (game number, seat) -> player
BOT_LOG_KEPT = 256_000  # bytes of the outside programs' log a run keeps: its latest lines


class Stopped(BaseException):
    """The run is stopped from outside (Ctrl+C, SIGTERM, SIGHUP): raised in the main thread
    by a signal's handler. A BaseException, as KeyboardInterrupt is, so that no handler of
    errors takes it for one; `run` sets how many games were played before it."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number
        self.games_played: int | None = None  # None: the run was over


def chairs_for(seats: Sequence[str], game: int) -> list[str]:
    """Who sits where in game `game`: the seats move one chair round each game."""
    players = len(seats)
    return [seats[(chair - game) % players] for chair in range(players)]


def summary_for(ruleset_id: str, options: Mapping[str, object],
                seats: tuple[str, ...]) -> Tally:
    """An empty summary of the kind the game's runs need (the game's own tally), for games
    with these options (as JSON), a seat each."""
    summary = get_game(ruleset_id).records.summary
    made = summary.load()(ruleset_id, options, seats)
    if not isinstance(made, Tally):
        raise TypeError(f"{summary.path} made a {type(made).__name__}, not a Tally")
    return made


def run(options: Mapping[str, object], games: int, seed: int,
        seats: Sequence[str] | None = None, *, ruleset: str = DEFAULT,
        make_player: PlayerFactory | None = None, budget: float = DEFAULT_BUDGET,
        workers: int = 2, time_limit: float = DEFAULT_TIME_LIMIT, echo: bool = False,
        first_game: int = 0) -> Tally:
    """Play `games` complete games of `ruleset` with `options` (as JSON: `{"players": 4,
    "short_game": true}`), numbered from `first_game`; the same arguments give the same
    games (outside programs and Hard's time budget aside), so a long run can be shared out
    in slices. The players may be a count the game plays at several tables
    (`game.services.tables`)."""
    rules = get_ruleset(ruleset)
    players = options.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise ValueError("options.players must be a whole number of players, "
                         f"not {texts.quoted(players)}")
    seats = tuple(seats or ["random"] * players)
    if len(seats) != players:
        raise ValueError(f"{players} seats are needed, not {len(seats)}")
    options = dict(options)
    several = at_several_tables(ruleset, players)
    if not several:
        rules.parse_options(options)  # refused here, before any game, if it must be
    summary = summary_for(ruleset, options, seats)
    if several:
        _at_tables(summary, ruleset)

    started = time.perf_counter()
    with SearchPool(workers) as pool:  # the Hard players' processes, for the whole run
        runner = _Runner(rules, options, seed, summary, pool, make_player, budget, workers,
                         time_limit, _BotLog(summary.bot_log, echo))
        try:
            for game in range(first_game, first_game + games):
                chairs = chairs_for(seats, game)
                runner.seated.clear()
                if several:
                    runner.play_tables(game, chairs)
                else:
                    runner.play_table(game, chairs)
        except BaseException as error:  # Stopped, an error: the game under way is left
            runner.abandon()
            if isinstance(error, Stopped):
                error.games_played = summary.games
            raise
    summary.seconds = time.perf_counter() - started
    return summary


class _BotLog:
    """What the outside programs said or did in a run, as its summary keeps it: the latest
    lines, at most BOT_LOG_KEPT bytes of them (each program is heard within bounds in each
    game, but a run's games have no bound), after a line telling how many were left out.
    With `echo`, each line is also written to standard error as it comes; neither holds
    a character that does not print (`texts.escaped`), whoever made the line."""

    def __init__(self, lines: list[str], echo: bool) -> None:
        self.lines = lines
        self.echo = echo
        self.size = 0  # bytes of the lines kept
        self.left_out = 0
        self._lock = threading.Lock()  # each program's remarks come on a thread of their own

    def __call__(self, line: str) -> None:
        line = texts.escaped(line)  # the bots' words never reach the terminal raw
        if self.echo:
            print(line, file=sys.stderr)
        with self._lock:
            self.lines.append(line)
            self.size += len(line.encode("utf-8"))
            while self.size > BOT_LOG_KEPT and len(self.lines) > 2:
                oldest = 1 if self.left_out else 0  # the first line tells what is left out
                self.size -= len(self.lines.pop(oldest).encode("utf-8"))
                self.left_out += 1
                notice = f"({self.left_out:,} earlier lines of the bots' log are not kept)"
                if oldest:
                    self.lines[0] = notice
                else:
                    self.lines.insert(0, notice)


def _at_tables(summary: Tally, ruleset_id: str) -> None:
    """Make `summary` one of games at several tables: their sizes, what they compare."""
    tables = tables_of(ruleset_id)
    assert tables is not None
    summary.tables = sizes_for(ruleset_id, summary.players)
    summary.score_name = tables.score_name
    summary.score_text = tables.score_text.load()


@dataclass
class _Runner:
    """What every game of a run shares: the rules, the seed, the summary, how players are
    made."""

    rules: Ruleset
    options: Mapping[str, object]  # the game's, as JSON (players included)
    seed: int
    summary: Tally
    pool: SearchPool
    make_player: PlayerFactory | None
    budget: float
    workers: int
    time_limit: float
    log: Callable[[str], None]
    seated: list[Player] = field(default_factory=list)  # the players of the game under way

    def play_table(self, game: int, chairs: Sequence[str]) -> None:
        """A game at one table, played out and counted."""
        match = Match(self.rules, self.rules.parse_options(self.options),
                      chance=seeded_chance(self.rules, f"{self.seed}:{game}"))
        table = [self.player(game, chair, chair, match, level)
                 for chair, level in enumerate(chairs)]
        _play(match, table, chairs, self.summary)
        self.summary.record_game(match, chairs)
        self.summary.bot_faults += _farewell(table, match)

    def play_tables(self, game: int, chairs: Sequence[str]) -> None:
        """A game at several tables (`chairs`: the level in each of the match's seats),
        each table played out in turn, then counted with the standings across them."""
        tables = TablesMatch.new(self.rules, self.options, self.summary.tables,
                                 seed=f"{self.seed}:{game}")
        for seats, match in zip(tables.split.tables, tables.matches, strict=True):
            local_chairs = [chairs[seat] for seat in seats]
            table = [self.player(game, seat, local, match, chairs[seat])
                     for local, seat in enumerate(seats)]
            _play(match, table, local_chairs, self.summary)
            self.summary.bot_faults += _farewell(table, match)
        self.summary.record_tables(tables, chairs, standings(tables))

    def player(self, game: int, seat: int, local: int, match: Match, level: str) -> Player:
        """The player of the match's `seat`, who sits at seat `local` of `match` (the same
        seat at one table)."""
        if self.make_player is not None:
            made = self.make_player(game, seat)
        else:
            made = _player(level, f"{self.seed}:{game}:{seat}", local, match, self.budget,
                           self.workers, self.pool, self.time_limit, self.log)
        self.seated.append(made)
        return made

    def abandon(self) -> None:
        """The run is stopped in the middle of a game: end its outside programs now, and
        let its search players go."""
        for player in self.seated:
            if isinstance(player, ExecPlayer):
                player.abandon()
            elif isinstance(player, SearchPlayer):
                player.close()


def _player(level: str, seed: str, chair: int, match: Match, budget: float, workers: int,
            pool: SearchPool, time_limit: float, log: Callable[[str], None]) -> Player:
    """A player of `level` for seat `chair` of `match` (an outside program is told that
    game's options and history only)."""
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
