"""What happened in simulated games of Coup d'État for two: hands by type, how often the
Prime Minister made his own hands and the Peasant his coups, Marie redeals, tiebreaks, and
each kind of player's share of the points (its gain per hand: 0.5 is an even game)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.engine.match import Match
from game.games.coup_detat_duel.rules import RULESET
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import PLAYERS, HandType
from game.rules.words import counted
from game.services.tally import LevelCount, LevelTally, Tally

SHARE_DIGITS = 3


def new_summary(ruleset_id: str, options: Mapping[str, object],
                seats: tuple[str, ...]) -> DuelSummary:
    """An empty summary for a run of games, a seat each."""
    return DuelSummary(players=len(seats), seats=seats)


@dataclass
class DuelSummary(Tally):
    level_counts = (LevelCount("coups_attempted", "coups", 8),
                    LevelCount("coups_won", "won", 6))

    levels: dict[str, LevelTally] = field(
        default_factory=lambda: defaultdict(lambda: LevelTally(digits=SHARE_DIGITS)))
    hands_by_type: Counter[HandType] = field(default_factory=Counter)
    coups_attempted: Counter[HandType] = field(default_factory=Counter)
    coups_won: Counter[HandType] = field(default_factory=Counter)
    prime_ministers_won: Counter[HandType] = field(default_factory=Counter)  # his own hands
    marie_redeals: int = 0
    tiebreaks: int = 0
    points_by_seat: list[int] = field(default_factory=lambda: [0] * PLAYERS)

    def record_game(self, match: Match, chairs: Sequence[str]) -> None:
        state = match.state
        for event in match.events:
            self._count(event, chairs)
        points = state.points
        self.games += 1
        self.hands += len(state.results)
        self.tiebreaks += state.tiebreak
        self.points_by_seat = [total + won for total, won in zip(self.points_by_seat, points,
                                                                 strict=True)]
        self.wins_by_seat.update(state.winners)
        self.gains_by_level(chairs, [won / len(state.results) for won in points])

    def _count(self, event: object, chairs: Sequence[str]) -> None:
        match event:
            case ev.CoupAnnounced(seat, hand_type):
                self.coups_attempted[hand_type] += 1
                self.levels[chairs[seat]].counts["coups_attempted"] += 1
            case ev.HandWon(seat, hand_type, coup, goal_met):
                self.hands_by_type[hand_type] += 1
                if coup and goal_met:
                    self.coups_won[hand_type] += 1
                    self.levels[chairs[seat]].counts["coups_won"] += 1
                elif goal_met:
                    self.prime_ministers_won[hand_type] += 1
            case ev.QueenOfHeartsInBastille():
                self.marie_redeals += 1

    def prime_ministers_hands(self, hand_type: HandType) -> int:
        return self.hands_by_type[hand_type] - self.coups_attempted[hand_type]

    # Reports -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        types = [t for t in HandType if self.hands_by_type[t]]
        return {
            "ruleset": RULESET.id,
            "players": self.players,
            "seats": list(self.seats),
            **self.speed_json(),
            "hands_by_type": {t.value: self.hands_by_type[t] for t in types},
            "prime_ministers_hands": {t.value: {"played": self.prime_ministers_hands(t),
                                                "won": self.prime_ministers_won[t]}
                                      for t in types},
            "coups": {t.value: {"attempted": self.coups_attempted[t], "won": self.coups_won[t]}
                      for t in types},
            "marie_redeals": self.marie_redeals,
            "tiebreaks": self.tiebreaks,
            "average_points_by_seat": [round(total / max(1, self.games), 2)
                                       for total in self.points_by_seat],
            "wins_by_seat": [self.wins_by_seat[seat] for seat in range(self.players)],
            "levels": self.levels_json(),
            "bot_faults": self.bot_faults,
        }

    def describe(self) -> str:
        speed = self.speed_json()
        lines = [
            f"{counted(self.games, 'game')} of Coup d'État for two: "
            f"{counted(self.hands, 'hand')}, {counted(self.decisions, 'decision')} in "
            f"{self.seconds:.2f} s ({speed['games_per_second']} games/s, "
            f"{speed['decisions_per_second']} decisions/s)",
            f"Seats (changing chairs each game): {', '.join(self.seats)}",
            "",
            f"{'hand type':<12}{'hands':>7}{'PM':>6}{'PM won':>8}{'coups':>7}{'won':>6}",
        ]
        for t in HandType:
            if self.hands_by_type[t]:
                lines.append(f"{t.label:<12}{self.hands_by_type[t]:>7}"
                             f"{self.prime_ministers_hands(t):>6}"
                             f"{self.prime_ministers_won[t]:>8}{self.coups_attempted[t]:>7}"
                             f"{self.coups_won[t]:>6}")
        wins = ", ".join(str(self.wins_by_seat[seat]) for seat in range(PLAYERS))
        lines += ["", *self.level_lines("points/hand", ".3f", ".3f"), "",
                  f"Marie redeals: {self.marie_redeals}; tiebreaks: {self.tiebreaks}",
                  f"Games won by seat: {wins}"]
        if self.bot_faults:
            lines.append(f"Bot faults: {self.bot_faults} (see above)")
        return "\n".join(lines)
