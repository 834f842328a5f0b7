"""A finished game of Coup d'État for the statistics, and its lines on the Statistics
screen: games played and won, the best final worth, coups attempted and won (what the
game's entry says it keeps). The place is by final worth: equal worth shares the place, and
the win (RULES_NOTES.md, "Places in the statistics")."""

from __future__ import annotations

from collections.abc import Collection

from game.engine.match import Match
from game.games.coup_detat.rules import RULESET
from game.games.coup_detat.rules.events import CoupAttempted, CoupSucceeded
from game.games.coup_detat.rules.narration import francs
from game.games.coup_detat.rules.state import State
from game.services.stats import (
    GameRecord,
    RulesetStats,
    best_place,
    count_events,
    finished_humans,
    ranked,
)


def record(match: Match, human_seats: Collection[int]) -> GameRecord:
    """The record of a finished Coup d'État match; `ValueError` if it is not one."""
    humans = finished_humans(match, RULESET.id, RULESET.title, human_seats)
    state = match.state
    won = any(seat in humans for seat in state.winners)
    worths = [state.worth(seat) for seat in range(state.players)]
    best = max((worths[seat] for seat in humans), default=None)
    place, shared = best_place(ranked([(seat in state.winners, worth)
                                       for seat, worth in enumerate(worths)]), humans)
    return GameRecord(
        ruleset=RULESET.id,
        human_won=won,
        best=best,
        counts={"coups_attempted": count_events(match, CoupAttempted, humans),
                "coups_won": count_events(match, CoupSucceeded, humans)},
        place=place,
        shared=shared,
        score=best,
        result=f"Final worth: {francs(best)}" if best is not None else "",
    )


def lines(counts: RulesetStats) -> list[str]:
    """The game's statistics in words, under its title."""
    best = francs(counts.best) if counts.best is not None else "-"
    return [f"**{RULESET.title}",
            f"Games played: {counts.played}    won: {counts.won}",
            f"Best final worth: {best}",
            f"Coups attempted: {counts['coups_attempted']}    won: {counts['coups_won']}"]


def final_worth(state: State, seat: int) -> int:
    """What two tables compare (RULES.md, "Two tables"): a player's final worth at his own."""
    return state.worth(seat)
