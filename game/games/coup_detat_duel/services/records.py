"""A finished game for two for the statistics, and its lines on the Statistics screen:
games played and won, coups (JOKER announced) attempted and won. No worth: the game for
two counts points, not francs. The place is by points: a tie is settled by the tiebreak
hand, whose point makes the winner first."""

from __future__ import annotations

from collections.abc import Collection

from game.engine.match import Match
from game.games.coup_detat_duel.rules import RULESET
from game.games.coup_detat_duel.rules.events import CoupAnnounced, HandWon
from game.services.stats import (
    GameRecord,
    RulesetStats,
    best_place,
    count_events,
    finished_humans,
    ranked,
)


def record(match: Match, human_seats: Collection[int]) -> GameRecord:
    """The record of a finished game for two: its coups are the JOKER announcements and
    the coup hands won."""
    humans = finished_humans(match, RULESET.id, "Coup d'État for two", human_seats)
    won_coups = sum(1 for event in match.events if isinstance(event, HandWon)
                    and event.coup and event.goal_met and event.seat in humans)
    won = any(seat in humans for seat in match.state.winners)
    points = match.state.points
    best = max((points[seat] for seat in humans), default=None)
    place, shared = best_place(ranked([(seat in match.state.winners, score)
                                       for seat, score in enumerate(points)]), humans)
    return GameRecord(
        ruleset=RULESET.id,
        human_won=won,
        counts={"coups_attempted": count_events(match, CoupAnnounced, humans),
                "coups_won": won_coups},
        place=place,
        shared=shared,
        score=best,
        result=f"Hands won: {best} of {sum(points)}" if best is not None else "",
    )


def lines(counts: RulesetStats) -> list[str]:
    """The game's statistics in words, under its title."""
    return [f"**{RULESET.title}",
            f"Games played: {counts.played}    won: {counts.won}",
            f"Coups attempted: {counts['coups_attempted']}    won: {counts['coups_won']}"]
