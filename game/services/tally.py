"""What a run of simulated games counts whatever the ruleset: games, hands, decisions and
time; for each kind of player (a level, or an outside program) its gain per hand with a 95%
interval, its coups and its thinking time. Each ruleset's summary adds its own counts
(game/services/<game>/summary.py)."""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.match import Match

Z_95 = 1.96
EXEC = "exec:"


@dataclass
class LevelTally:
    """How one kind of player fared, over every chair it sat in."""

    chairs: int = 0
    gains_per_hand: list[float] = field(default_factory=list)  # one per game
    coups_attempted: int = 0
    coups_won: int = 0
    seconds: list[float] = field(default_factory=list)  # each decision's thinking time
    digits: int = 1  # how finely the gain is reported

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

    def to_json(self) -> dict[str, object]:
        mean, margin, digits = self.mean(), self.margin(), self.digits
        return {
            "chairs_per_game": self.chairs,
            "mean_gain_per_hand": round(mean, digits),
            "ci95": [round(mean - margin, digits), round(mean + margin, digits)]
            if margin != math.inf else None,
            "coups_attempted": self.coups_attempted,
            "coups_won": self.coups_won,
            "decisions": len(self.seconds),
            "latency_ms_p50": round(self.latency_ms(0.50), 2),
            "latency_ms_p95": round(self.latency_ms(0.95), 2),
        }


@dataclass
class Tally:
    """The counts every ruleset's summary shares; `record_game` adds a finished game."""

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

    def record_game(self, match: Match, chairs: Sequence[str]) -> None:
        """Count a finished game; `chairs` names the player in each seat."""
        raise NotImplementedError

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

    def speed_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "hands": self.hands,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "decisions_per_second": round(self.decisions / self.seconds) if self.seconds else None,
        }

    def level_lines(self, gain_heading: str, mean_format: str, bound_format: str) -> list[str]:
        """The table of players: gain per hand with its interval, coups, latency. The
        formats are `format` specifications ("+,.1f")."""
        lines = [f"{'player':<10}{gain_heading:>11}{'95% interval':>22}{'coups':>8}"
                 f"{'won':>6}{'p50 ms':>9}{'p95 ms':>9}"]
        for level, tally in self.levels.items():
            mean, margin = tally.mean(), tally.margin()
            interval = "-" if margin == math.inf else \
                f"[{mean - margin:{bound_format}}, {mean + margin:{bound_format}}]"
            lines.append(f"{_short(level):<10}{format(mean, mean_format):>11}{interval:>22}"
                         f"{tally.coups_attempted:>8}{tally.coups_won:>6}"
                         f"{tally.latency_ms(0.5):>9.1f}{tally.latency_ms(0.95):>9.1f}")
        return lines


def _short(level: str) -> str:
    return "bot" if level.startswith(EXEC) else level
