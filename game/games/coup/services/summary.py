"""What happened in simulated games of Coup (either configuration): wins per seat, actions
by kind, challenges won and lost, blocks made and how many stood, and each kind of
player's share of the rounds won (its gain per round: 1/players is an even game)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.engine.match import Match
from game.games.coup.rules import COUP
from game.games.coup.rules import events as ev
from game.games.coup.rules.charts import Action
from game.rules.words import counted
from game.services.tally import LevelTally, Tally

SHARE_DIGITS = 3


def new_summary(ruleset_id: str, options: Mapping[str, object],
                seats: tuple[str, ...]) -> CoupSummary:
    """An empty summary for a run of games of either configuration, a seat each."""
    return CoupSummary(players=len(seats), seats=seats, ruleset_id=ruleset_id)


@dataclass
class CoupSummary(Tally):
    ruleset_id: str = COUP.id
    levels: dict[str, LevelTally] = field(
        default_factory=lambda: defaultdict(lambda: LevelTally(digits=SHARE_DIGITS)))
    actions: Counter[Action] = field(default_factory=Counter)
    challenges: int = 0
    challenges_won: int = 0  # the claim was a bluff
    blocks: int = 0
    blocks_stood: int = 0
    rounds_won_by_seat: Counter[int] = field(default_factory=Counter)

    def record_game(self, match: Match, chairs: Sequence[str]) -> None:
        for event in match.events:
            self._count(event)
        wins = match.state.round_wins
        rounds = sum(wins)
        self.games += 1
        self.hands += rounds
        self.rounds_won_by_seat.update({seat: won for seat, won in enumerate(wins)})
        self.wins_by_seat.update(match.state.winners)
        self.gains_by_level(chairs, [won / max(1, rounds) for won in wins])

    def _count(self, event: object) -> None:
        match event:
            case ev.ActionDeclared(action=action):
                self.actions[action] += 1
            case ev.Challenged():
                self.challenges += 1
            case ev.ClaimFailed():
                self.challenges_won += 1
            case ev.Blocked():
                self.blocks += 1
            case ev.ActionBlocked():
                self.blocks_stood += 1

    # Reports -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset_id,
            "players": self.players,
            "seats": list(self.seats),
            **self.speed_json(),
            "actions": {a.value: self.actions[a] for a in Action if self.actions[a]},
            "challenges": {"made": self.challenges, "won": self.challenges_won,
                           "lost": self.challenges - self.challenges_won},
            "blocks": {"made": self.blocks, "stood": self.blocks_stood},
            "rounds_won_by_seat": [self.rounds_won_by_seat[s] for s in range(self.players)],
            "wins_by_seat": [self.wins_by_seat[s] for s in range(self.players)],
            "levels": self.levels_json(),
            "bot_faults": self.bot_faults,
        }

    def describe(self) -> str:
        speed = self.speed_json()
        actions = ", ".join(f"{a.label} {self.actions[a]}" for a in Action if self.actions[a])
        wins = ", ".join(str(self.wins_by_seat[s]) for s in range(self.players))
        lines = [
            f"{counted(self.games, 'game')} of {self.ruleset_id}, {self.players} players: "
            f"{counted(self.hands, 'round')}, {counted(self.decisions, 'decision')} in "
            f"{self.seconds:.2f} s "
            f"({speed['games_per_second']} games/s, {speed['decisions_per_second']} "
            "decisions/s)",
            f"Seats (changing chairs each game): {', '.join(self.seats)}",
            "",
            f"Actions: {actions}",
            f"Challenges: {self.challenges} (won {self.challenges_won}, lost "
            f"{self.challenges - self.challenges_won}); blocks: {self.blocks} "
            f"({self.blocks_stood} stood)",
            "",
            *self.level_lines("rounds won", ".3f", ".3f"),
            "",
            f"Games won by seat: {wins}",
        ]
        if self.bot_faults:
            lines.append(f"Bot faults: {self.bot_faults} (see above)")
        return "\n".join(lines)
