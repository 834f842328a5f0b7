"""`coup-detat simulate`: complete games between computer players, and what happened.

The tally reads only events, the same facts a replay tells, so it measures the rules as
they were played.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai import Player, RandomPlayer
from game.engine.match import Match, seeded_chance
from game.rules import get_ruleset
from game.rules.coup_detat import events as ev
from game.rules.coup_detat.charts import HandType
from game.rules.coup_detat.state import Options


@dataclass
class Summary:
    players: int
    short_game: bool
    games: int = 0
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    hands_by_type: Counter[HandType] = field(default_factory=Counter)
    coups_attempted: Counter[HandType] = field(default_factory=Counter)
    coups_won: Counter[HandType] = field(default_factory=Counter)
    hidden_coups: Counter[HandType] = field(default_factory=Counter)
    loans: int = 0
    francs_lent: int = 0
    redeals: int = 0
    worth_by_seat: list[int] = field(default_factory=list)
    winning_worth: int = 0
    wins_by_seat: Counter[int] = field(default_factory=Counter)

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

    # Reports -------------------------------------------------------------------------------
    def average_worth_by_seat(self) -> list[int]:
        return [round(total / self.games) for total in self.worth_by_seat]

    def to_json(self) -> dict[str, object]:
        types = [t for t in HandType if self.hands_by_type[t]]
        return {
            "players": self.players,
            "short_game": self.short_game,
            "games": self.games,
            "hands": self.hands,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "decisions_per_second": round(self.decisions / self.seconds) if self.seconds else None,
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
        }

    def describe(self) -> str:
        data = self.to_json()
        variant = "short game" if self.short_game else "full game"
        lines = [
            f"{self.games} games, {self.players} players, {variant}: "
            f"{self.hands} hands, {self.decisions} decisions in {self.seconds:.2f} s "
            f"({data['games_per_second']} games/s, {data['decisions_per_second']} decisions/s)",
            "",
            f"{'hand type':<12}{'hands':>8}{'coups':>8}{'won':>8}{'hidden':>8}",
        ]
        for t in HandType:
            if self.hands_by_type[t]:
                lines.append(f"{t.label:<12}{self.hands_by_type[t]:>8}"
                             f"{self.coups_attempted[t]:>8}{self.coups_won[t]:>8}"
                             f"{self.hidden_coups[t]:>8}")
        lines += [
            "",
            f"Loans: {self.loans} ({self.francs_lent:,} francs lent); "
            f"redeals (COUP in the centre): {self.redeals}",
            "Average final worth by seat: "
            + ", ".join(f"seat {seat} {worth:,}"
                        for seat, worth in enumerate(self.average_worth_by_seat())),
            f"Average winning worth: {round(self.winning_worth / self.games):,}",
            "Wins by seat (shared wins count for each): "
            + ", ".join(f"seat {seat} {self.wins_by_seat[seat]}" for seat in range(self.players)),
        ]
        return "\n".join(lines)


PlayerFactory = Callable[[int, int], Player]  # (game number, seat) -> player


def random_players(seed: int) -> PlayerFactory:
    return lambda game, seat: RandomPlayer(f"{seed}:{game}:{seat}")


def run(players: int, games: int, seed: int, short_game: bool = False,
        make_player: PlayerFactory | None = None) -> Summary:
    """Play `games` complete games; the same arguments give the same games."""
    ruleset = get_ruleset("coup-detat")
    options = Options(players=players, short_game=short_game)
    make_player = make_player or random_players(seed)
    summary = Summary(players=players, short_game=short_game)
    started = time.perf_counter()
    for game in range(games):
        seats = [make_player(game, seat) for seat in range(players)]
        match = Match(ruleset, options, chance=seeded_chance(ruleset, f"{seed}:{game}"))
        while not (pending := match.pending).over:
            seat = pending.seat
            assert seat is not None
            match.submit(seats[seat].decide(match.view(seat), match.legal()))
            summary.decisions += 1
        for event in match.events:
            summary.count(event)
        state = match.state
        summary.finish_game([state.worth(seat) for seat in range(players)], state.winners)
    summary.seconds = time.perf_counter() - started
    return summary
