"""High card's records: a finished game for the statistics, its lines on the Statistics
screen, its tally of simulated games, its rules page."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from fifth_game.rules import RULESET
from game.engine.match import Match
from game.services.rules_sections import Paragraph, Section
from game.services.stats import GameRecord, RulesetStats, finished_humans
from game.services.tally import Tally


def record(match: Match, human_seats: Collection[int]) -> GameRecord:
    humans = finished_humans(match, RULESET.id, RULESET.title, human_seats)
    return GameRecord(ruleset=RULESET.id,
                      human_won=any(seat in humans for seat in RULESET.winners(match.state)))


def lines(counts: RulesetStats) -> list[str]:
    return [f"**{RULESET.title}", f"Games played: {counts.played}    won: {counts.won}"]


@dataclass
class Summary(Tally):
    def record_game(self, match: Match, chairs: Sequence[str]) -> None:
        self.games += 1
        self.hands += 1
        self.wins_by_seat.update(RULESET.winners(match.state))
        self.gains_by_level(chairs, [float(seat in RULESET.winners(match.state))
                                     for seat in range(self.players)])

    def to_json(self) -> dict[str, object]:
        return {"ruleset": RULESET.id, "players": self.players, **self.speed_json()}

    def describe(self) -> str:
        return f"{self.games} games of {RULESET.title}"


def new_summary(ruleset_id: str, options: Mapping[str, object],
                seats: tuple[str, ...]) -> Summary:
    return Summary(players=len(seats), seats=seats)


def rules_page() -> Section:
    return Section(RULESET.id, RULESET.title, RULESET.title, (
        Paragraph("The game.", "Each player gets one card face down, then stands or folds; "
                               "the highest card standing wins."),))
