"""What happened in simulated games of Coup d'État (1966): hands by type, coups attempted,
won and hidden, loans, redeals, each seat's average worth and each kind of player's gain
per hand. Six to eight play at two tables: then every table's hands count, and the
standings compare every player's final worth across the tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine.match import Match
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import STARTING_CASH, HandType
from game.rules.words import counted
from game.services.tally import LevelCount, Tally

if TYPE_CHECKING:
    from game.engine.tables import TablesMatch
    from game.services.tables import Standing


def new_summary(ruleset_id: str, options: Mapping[str, object],
                seats: tuple[str, ...]) -> Summary:
    """An empty summary for a run of games with these options (as JSON), a seat each."""
    return Summary(players=len(seats), short_game=options.get("short_game") is True,
                   seats=seats)


@dataclass
class Summary(Tally):
    """What happened in games of coup-detat."""

    level_counts = (LevelCount("coups_attempted", "coups", 8),
                    LevelCount("coups_won", "won", 6))

    short_game: bool = False
    hands_by_type: Counter[HandType] = field(default_factory=Counter)
    coups_attempted: Counter[HandType] = field(default_factory=Counter)
    coups_won: Counter[HandType] = field(default_factory=Counter)
    hidden_coups: Counter[HandType] = field(default_factory=Counter)
    loans: int = 0
    francs_lent: int = 0
    redeals: int = 0
    worth_by_seat: list[int] = field(default_factory=list)
    winning_worth: int = 0

    def record_game(self, match: Match, chairs: Sequence[str]) -> None:
        for event in match.events:
            self.count(event)
        state = match.state
        self.finish_game([state.worth(seat) for seat in range(self.players)], state.winners)
        self.gains_by_level(chairs, _gains(match))
        self.count_coups(chairs, match)

    def record_tables(self, match: TablesMatch, chairs: Sequence[str],
                      standings: Sequence[Standing]) -> None:
        gains = [0.0] * self.players
        for seats, table in zip(match.split.tables, match.matches, strict=True):
            for event in table.events:
                self.count(event)
            for local, gain in enumerate(_gains(table)):
                gains[seats[local]] = gain
            self.count_coups([chairs[seat] for seat in seats], table)
        worth = [0] * self.players
        for standing in standings:
            worth[standing.seat] = standing.score
        self.finish_game(worth, [standing.seat for standing in standings if standing.place == 1])
        self.gains_by_level(chairs, gains)
        self.record_standings(chairs, standings)

    def count(self, event: ev.Event) -> None:
        match event:
            case ev.HandTypeChosen(_, hand_type):
                self.hands_by_type[hand_type] += 1
                self.hands += 1
            case ev.CoupAttempted(_, hand_type):
                self.hands_by_type[hand_type] += 1
                self.coups_attempted[hand_type] += 1
                self.hands += 1
            case ev.CoupSucceeded(_, hand_type):
                self.coups_won[hand_type] += 1
            case ev.HiddenCoup(_, hand_type):
                self.hidden_coups[hand_type] += 1
            case ev.Borrowed(amount=amount):
                self.loans += 1
                self.francs_lent += amount
            case ev.DealThrownIn():
                self.redeals += 1

    def finish_game(self, worth: Sequence[int], winners: Sequence[int]) -> None:
        self.games += 1
        if not self.worth_by_seat:
            self.worth_by_seat = [0] * len(worth)
        for seat, value in enumerate(worth):
            self.worth_by_seat[seat] += value
        self.winning_worth += max(worth)
        self.wins_by_seat.update(winners)

    def count_coups(self, chairs: Sequence[str], match: Match) -> None:
        """Each level's coups in this game (`chairs`: the level in each of its seats)."""
        for event in match.events:
            if isinstance(event, ev.CoupAttempted):
                self.levels[chairs[event.seat]].counts["coups_attempted"] += 1
            elif isinstance(event, ev.CoupSucceeded):
                self.levels[chairs[event.seat]].counts["coups_won"] += 1

    # Reports -------------------------------------------------------------------------------
    def average_worth_by_seat(self) -> list[int]:
        return [round(total / self.games) for total in self.worth_by_seat]

    def to_json(self) -> dict[str, object]:
        types = [t for t in HandType if self.hands_by_type[t]]
        return {
            "players": self.players,
            "short_game": self.short_game,
            "seats": list(self.seats),
            **self.speed_json(),
            "hands_by_type": {t.value: self.hands_by_type[t] for t in types},
            "coups": {t.value: {"attempted": self.coups_attempted[t], "won": self.coups_won[t]}
                      for t in types},
            "hidden_coups": {t.value: self.hidden_coups[t] for t in types
                             if self.hidden_coups[t]},
            "loans": self.loans,
            "francs_lent": self.francs_lent,
            "redeals": self.redeals,
            "average_final_worth_by_seat": self.average_worth_by_seat(),
            "average_winning_worth": round(self.winning_worth / self.games),
            "wins_by_seat": [self.wins_by_seat[seat] for seat in range(self.players)],
            "levels": self.levels_json(),
            "bot_faults": self.bot_faults,
            **self.tables_json(),
        }

    def describe(self) -> str:
        data = self.to_json()
        variant = "short game" if self.short_game else "full game"
        tables = f" at tables of {' + '.join(map(str, self.tables))}" if self.tables else ""
        lines = [
            f"{counted(self.games, 'game')}, {self.players} players{tables}, {variant}: "
            f"{counted(self.hands, 'hand')}, {counted(self.decisions, 'decision')} in "
            f"{self.seconds:.2f} s "
            f"({data['games_per_second']} games/s, {data['decisions_per_second']} decisions/s)",
            f"Seats (moving round the table each game): {', '.join(self.seats)}",
            "",
            f"{'hand type':<12}{'hands':>8}{'coups':>8}{'won':>8}{'hidden':>8}",
        ]
        for t in HandType:
            if self.hands_by_type[t]:
                lines.append(f"{t.label:<12}{self.hands_by_type[t]:>8}"
                             f"{self.coups_attempted[t]:>8}{self.coups_won[t]:>8}"
                             f"{self.hidden_coups[t]:>8}")
        lines += ["", *self.level_lines("F per hand", "+,.1f", "+,.0f")]
        lines += [
            "",
            f"Loans: {self.loans} ({self.francs_lent:,} francs lent); "
            f"redeals (COUP in the centre): {self.redeals}",
            f"Average winning worth: {round(self.winning_worth / self.games):,}",
        ]
        if self.bot_faults:
            lines.append(f"Bot faults: {self.bot_faults} (see above)")
        if self.tables:
            lines += ["", *self.tables_lines()]
        return "\n".join(lines)


def _gains(match: Match) -> list[float]:
    """Each seat's gain per hand in a finished game: his final worth less his starting
    cash, over the hands played."""
    hands = sum(1 for event in match.events if isinstance(event, ev.HandEnded))
    state = match.state
    return [(state.worth(seat) - STARTING_CASH) / max(1, hands)
            for seat in range(match.players)]
