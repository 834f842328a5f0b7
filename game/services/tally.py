"""What a run of simulated games counts whatever the ruleset: games, hands, decisions and
time, wins by seat; for each kind of player (a level, or an outside program) its gain per
hand with a 95% interval and its thinking time. Each game's summary (its
services/summary.py) adds its own counts, those of the whole run and those of each kind of
player it reports (`Tally.level_counts`: the 1966 game's coups attempted and won).

Games of more players than one table seats (six to eight at Coup d'État) are played at
several tables at once; then the tally also keeps each game's standings across the tables
(every player's score, his table, his place) and, for each level, its wins (a win shared
by several counts as a share of one) and its average score."""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from game.engine.match import Match

if TYPE_CHECKING:
    from game.engine.tables import TablesMatch
    from game.services.tables import Standing

Z_95 = 1.96
EXEC = "exec:"
STANDINGS_TOLD = 10  # the most games whose standings `tables_lines` tells one by one


@dataclass(frozen=True)
class LevelCount:
    """A count a game's tally keeps for each kind of player: its name in the summary's JSON,
    and its heading (and the heading's width) in the table of players."""

    key: str  # "coups_attempted"
    heading: str  # "coups"
    width: int


@dataclass
class LevelTally:
    """How one kind of player fared, over every chair it sat in."""

    chairs: int = 0
    gains_per_hand: list[float] = field(default_factory=list)  # one per game
    counts: Counter[str] = field(default_factory=Counter)  # the game's (`Tally.level_counts`)
    seconds: list[float] = field(default_factory=list)  # each decision's thinking time
    digits: int = 1  # how finely the gain is reported
    wins: float = 0.0  # at several tables: games won, a shared win counting its share
    scores: list[int] = field(default_factory=list)  # at several tables: each chair's score

    def mean(self) -> float:
        return statistics.fmean(self.gains_per_hand) if self.gains_per_hand else 0.0

    def margin(self) -> float:
        """Half the width of the 95% confidence interval of the mean."""
        values = self.gains_per_hand
        if len(values) < 2:
            return math.inf
        return Z_95 * statistics.stdev(values) / math.sqrt(len(values))

    def latency_ms(self, share: float) -> float:
        if not self.seconds:
            return 0.0
        ordered = sorted(self.seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    def to_json(self, counts: Sequence[LevelCount] = ()) -> dict[str, object]:
        """The player's results, with the game's `counts` (each, 0 too)."""
        mean, margin, digits = self.mean(), self.margin(), self.digits
        return {
            "chairs_per_game": self.chairs,
            "mean_gain_per_hand": round(mean, digits),
            "ci95": [round(mean - margin, digits), round(mean + margin, digits)]
            if margin != math.inf else None,
            **{count.key: self.counts[count.key] for count in counts},
            "decisions": len(self.seconds),
            "latency_ms_p50": round(self.latency_ms(0.50), 2),
            "latency_ms_p95": round(self.latency_ms(0.95), 2),
        }


@dataclass
class Tally:
    """The counts every ruleset's summary shares; `record_game` adds a finished game."""

    level_counts: ClassVar[tuple[LevelCount, ...]] = ()  # what the game counts by player

    players: int
    seats: tuple[str, ...] = ()
    games: int = 0
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    wins_by_seat: Counter[int] = field(default_factory=Counter)
    levels: dict[str, LevelTally] = field(default_factory=lambda: defaultdict(LevelTally))
    bot_log: list[str] = field(default_factory=list)  # what outside programs said or did
    bot_faults: int = 0
    tables: tuple[int, ...] = ()  # players at each table, if the games are at several
    score_name: str = "score"  # what the standings across tables compare ("worth")
    score_text: Callable[[int], str] = "{:,}".format  # a score in words ("12,300 F")
    standings: list[GameStandings] = field(default_factory=list)  # each game's, if so

    def record_game(self, match: Match, chairs: Sequence[str]) -> None:
        """Count a finished game; `chairs` names the player in each seat."""
        raise NotImplementedError

    def record_tables(self, match: TablesMatch, chairs: Sequence[str],
                      standings: Sequence[Standing]) -> None:
        """Count a finished match at several tables; `chairs` names the player in each of
        the match's seats, `standings` ranks them all across the tables."""
        raise NotImplementedError

    def record_standings(self, chairs: Sequence[str], standings: Sequence[Standing]) -> None:
        """Keep a game's standings across the tables, and each level's wins and scores."""
        self.standings.append(GameStandings(tuple(chairs), tuple(standings)))
        winners = [standing for standing in standings if standing.place == 1]
        for standing in standings:
            level = self.levels[chairs[standing.seat]]
            level.scores.append(standing.score)
            if standing.place == 1:
                level.wins += 1 / len(winners)

    def to_json(self) -> dict[str, object]:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def gains_by_level(self, chairs: Sequence[str], gains: Sequence[float]) -> None:
        """Each level's gain per hand in one game, its chairs averaged."""
        by_level: dict[str, list[float]] = defaultdict(list)
        for chair, level in enumerate(chairs):
            by_level[level].append(gains[chair])
        for level, values in by_level.items():
            tally = self.levels[level]
            tally.chairs = len(values)
            tally.gains_per_hand.append(statistics.fmean(values))

    def levels_json(self) -> dict[str, object]:
        """Each kind of player's results, with the counts the game keeps of each."""
        return {level: tally.to_json(self.level_counts) for level, tally in self.levels.items()}

    def speed_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "hands": self.hands,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "decisions_per_second": round(self.decisions / self.seconds) if self.seconds else None,
        }

    def tables_json(self) -> dict[str, object]:
        """What a run at several tables adds to the summary: the tables' sizes, each level's
        wins (ties share) and average score, and every game's standings ({} at one table)."""
        if not self.tables:
            return {}
        score = self.score_name
        return {
            "tables": list(self.tables),
            "wins_by_level": {level: round(tally.wins, 3) for level, tally in self.levels.items()},
            f"average_final_{score}_by_level": {level: round(statistics.fmean(tally.scores))
                                                for level, tally in self.levels.items()
                                                if tally.scores},
            "standings": [game.to_json(number, score)
                          for number, game in enumerate(self.standings)],
        }

    def tables_lines(self) -> list[str]:
        """The standings across the tables in words: each level's wins and average score,
        then each game's standings (for short runs)."""
        if not self.tables:
            return []
        score = self.score_name
        lines = [f"Across the tables (equal {score} shares a win):",
                 f"{'player':<10}{'wins':>8}{'average ' + score:>16}"]
        lines += [f"{_short(level):<10}{tally.wins:>8.2f}"
                  f"{self.score_text(round(statistics.fmean(tally.scores))):>16}"
                  for level, tally in self.levels.items() if tally.scores]
        if len(self.standings) > STANDINGS_TOLD:
            return [*lines, "(Each game's standings: --json.)"]
        for number, game in enumerate(self.standings):
            lines += ["", *game.lines(number, f"{score} ", self.score_text)]
        return lines

    def level_lines(self, gain_heading: str, mean_format: str, bound_format: str) -> list[str]:
        """The table of players: gain per hand with its interval, the game's counts of
        each, latency. The formats are `format` specifications ("+,.1f")."""
        counts = self.level_counts
        lines = [f"{'player':<10}{gain_heading:>11}{'95% interval':>22}"
                 + "".join(f"{count.heading:>{count.width}}" for count in counts)
                 + f"{'p50 ms':>9}{'p95 ms':>9}"]
        for level, tally in self.levels.items():
            mean, margin = tally.mean(), tally.margin()
            interval = "-" if margin == math.inf else \
                f"[{mean - margin:{bound_format}}, {mean + margin:{bound_format}}]"
            lines.append(f"{_short(level):<10}{format(mean, mean_format):>11}{interval:>22}"
                         + "".join(f"{tally.counts[count.key]:>{count.width}}"
                                   for count in counts)
                         + f"{tally.latency_ms(0.5):>9.1f}{tally.latency_ms(0.95):>9.1f}")
        return lines


@dataclass(frozen=True)
class GameStandings:
    """One game's standings across its tables, and the level in each of its seats."""

    chairs: tuple[str, ...]
    standings: tuple[Standing, ...]

    def winners(self) -> list[int]:
        return sorted(standing.seat for standing in self.standings if standing.place == 1)

    def to_json(self, number: int, score: str) -> dict[str, object]:
        return {"game": number, "winners": self.winners(), "standings": [
            {"place": standing.place, "seat": standing.seat,
             "level": self.chairs[standing.seat], "table": standing.table + 1,
             score: standing.score} for standing in self.standings]}

    def lines(self, number: int, score: str, score_text: Callable[[int], str]) -> list[str]:
        winners = self.winners()
        won = "won by" if len(winners) == 1 else "shared by"
        lines = [f"Game {number + 1}: {won} seat{'s' if len(winners) > 1 else ''} "
                 f"{', '.join(map(str, winners))}"]
        lines += [f"  {standing.place:>2}. seat {standing.seat} "
                  f"({_short(self.chairs[standing.seat])}), table {standing.table + 1}: "
                  f"{score}{score_text(standing.score)}" for standing in self.standings]
        return lines


def _short(level: str) -> str:
    return "bot" if level.startswith(EXEC) else level
