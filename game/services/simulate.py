"""`coup-detat simulate`: complete games between computer players, and what happened.

Seats are given by level ("hard", "medium", "easy", "random") or as an outside program
("exec:COMMAND"). They move round the table from game to game, so each sits in each chair
equally often. The tally reads only events, the same facts a replay tells: `Summary` for
coup-detat, `DuelSummary` (game/services/duel_summary.py) for the game for two, `CoupSummary`
(game/services/coup_summary.py) for the bluffing games.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai import Player
from game.ai.bot import DEFAULT_TIME_LIMIT, ExecPlayer
from game.ai.hard import DEFAULT_BUDGET
from game.ai.levels import make_player as make_level_player
from game.engine.match import Match, seeded_chance
from game.engine.ruleset import Ruleset
from game.rules import get_ruleset
from game.rules.coup_detat import events as ev
from game.rules.coup_detat.charts import STARTING_CASH, HandType
from game.services.coup_summary import CoupSummary
from game.services.duel_summary import DuelSummary
from game.services.tally import EXEC, Tally


@dataclass
class Summary(Tally):
    """What happened in games of coup-detat."""

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
        hands = sum(1 for event in match.events if isinstance(event, ev.HandEnded))
        self.finish_game([state.worth(seat) for seat in range(self.players)], state.winners)
        self.tally_levels(chairs, match, hands)

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

    def tally_levels(self, chairs: Sequence[str], match: Match, hands: int) -> None:
        """Each level's gain per hand in this game (its chairs averaged), and its coups."""
        state = match.state
        self.gains_by_level(chairs, [(state.worth(seat) - STARTING_CASH) / max(1, hands)
                                     for seat in range(len(chairs))])
        for event in match.events:
            if isinstance(event, ev.CoupAttempted):
                self.levels[chairs[event.seat]].coups_attempted += 1
            elif isinstance(event, ev.CoupSucceeded):
                self.levels[chairs[event.seat]].coups_won += 1

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
            "levels": {level: tally.to_json() for level, tally in self.levels.items()},
            "bot_faults": self.bot_faults,
        }

    def describe(self) -> str:
        data = self.to_json()
        variant = "short game" if self.short_game else "full game"
        lines = [
            f"{self.games} games, {self.players} players, {variant}: "
            f"{self.hands} hands, {self.decisions} decisions in {self.seconds:.2f} s "
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
        return "\n".join(lines)


PlayerFactory = Callable[[int, int], Player]  # (game number, seat) -> player


def chairs_for(seats: Sequence[str], game: int) -> list[str]:
    """Who sits where in game `game`: the seats move one chair round each game."""
    players = len(seats)
    return [seats[(chair - game) % players] for chair in range(players)]


def summary_for(ruleset_id: str, players: int, short_game: bool,
                seats: tuple[str, ...]) -> Tally:
    """An empty summary of the kind the ruleset's games need."""
    if ruleset_id == DuelSummary.ruleset_id:
        return DuelSummary(players=players, seats=seats)
    if ruleset_id in CoupSummary.ruleset_ids:
        return CoupSummary(players=players, seats=seats, ruleset_id=ruleset_id)
    return Summary(players=players, short_game=short_game, seats=seats)


def run(players: int, games: int, seed: int, short_game: bool = False,
        seats: Sequence[str] | None = None, *, ruleset: str = "coup-detat",
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
    for game in range(first_game, first_game + games):
        chairs = chairs_for(seats, game)
        match = Match(rules, options, chance=seeded_chance(rules, f"{seed}:{game}"))
        table = [make_player(game, chair) if make_player else
                 _player(level, f"{seed}:{game}:{chair}", chair, match, budget, workers,
                         time_limit, log)
                 for chair, level in enumerate(chairs)]
        _play(match, table, chairs, summary)
        summary.record_game(match, chairs)
        summary.bot_faults += _farewell(table, match)
    summary.seconds = time.perf_counter() - started
    return summary


def _player(level: str, seed: str, chair: int, match: Match, budget: float, workers: int,
            time_limit: float, log: Callable[[str], None]) -> Player:
    if level.startswith(EXEC):
        rules: Ruleset = match.ruleset
        return ExecPlayer(level.removeprefix(EXEC), seat=chair, ruleset=rules,
                          options=match.options,
                          history=lambda: rules.protocol.seat_history(match, chair),
                          time_limit=time_limit, log=log, seed=seed)
    return make_level_player(level, seed, budget=budget, workers=workers,
                             ruleset=match.ruleset.id)


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
    """Tell the outside programs how the game ended; how many faults they made."""
    state = match.state
    result = {"ok": True, "error": None, "awaiting": None, "game_over": True,
              "winners": sorted(match.ruleset.winners(state)),
              **match.ruleset.scenario.result_fields(state)}
    faults = 0
    for player in table:
        if isinstance(player, ExecPlayer):
            player.finish(result)
            faults += player.faults
    return faults
