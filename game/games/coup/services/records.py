"""A finished bluffing match (either configuration) for the statistics, and its lines on
the Statistics screen: matches and rounds played and won, the challenges the human seats
made (won when the claim failed: a bluff caught) and the influences they lost (what the
games' entries say they keep). No best result.

The persons' place in the match (RULES_NOTES.md, "Places in the statistics"): the match's
winners share the first place; the others follow by their round wins, then by their places
in the rounds added up (in a round the last out is first, the first out last), the lower the
better; players still equal share the place."""

from __future__ import annotations

from collections.abc import Collection

from game.engine.match import Match
from game.games.coup.rules import COUP, COUP_INQUISITOR
from game.games.coup.rules import events as ev
from game.services.stats import (
    GameRecord,
    RulesetStats,
    best_place,
    count_events,
    finished_humans,
    ranked,
)

CONFIGURATIONS = {ruleset.id: ruleset for ruleset in (COUP, COUP_INQUISITOR)}


def record(match: Match, human_seats: Collection[int]) -> GameRecord:
    """The record of a finished bluffing match; `ValueError` if it is not one."""
    ruleset = CONFIGURATIONS.get(match.ruleset.id, COUP)
    humans = finished_humans(match, ruleset.id, ruleset.title, human_seats)
    rounds = [event for event in match.events if isinstance(event, ev.RoundWon)]
    challenges = _challenges(match)
    won = any(seat in humans for seat in match.state.winners)
    round_wins = [sum(1 for event in rounds if event.seat == seat)
                  for seat in range(match.players)]
    best = max((round_wins[seat] for seat in humans), default=None)
    place, shared = best_place(match_places(match), humans)
    return GameRecord(
        ruleset=ruleset.id,
        human_won=won,
        place=place,
        shared=shared,
        score=best,
        result=f"Rounds won: {best} of {len(rounds)}" if best is not None else "",
        counts={
            "rounds_played": len(rounds),
            "rounds_won": sum(1 for event in rounds if event.seat in humans),
            "challenges": sum(1 for challenger, _ in challenges if challenger in humans),
            "challenges_won": sum(1 for challenger, won in challenges
                                  if won and challenger in humans),
            "influences_lost": count_events(match, ev.InfluenceLost, humans),
        },
    )


def round_places(match: Match) -> list[list[int]]:
    """Each round's places, seat by seat, from the log: its winner first, the others in the
    reverse order they went out (the first out last)."""
    rounds: list[list[int]] = []
    out: list[int] = []  # the round's seats in the order they went out
    for event in match.events:
        if isinstance(event, ev.Exiled):
            out.append(event.seat)
        elif isinstance(event, ev.RoundWon):
            rounds.append(_places(match.players, out, event.seat))
            out = []
    return rounds


def _places(players: int, out: list[int], winner: int) -> list[int]:
    places = [2] * players  # a seat neither out nor the winner: none, by the rules
    for order, seat in enumerate(out):
        places[seat] = players - order
    places[winner] = 1
    return places


def match_places(match: Match) -> list[int]:
    """Each seat's place in the finished match (the module's docstring)."""
    rounds, winners = round_places(match), match.state.winners
    standing = [(1,) if seat in winners else
                (0, match.state.round_wins[seat], -sum(places[seat] for places in rounds))
                for seat in range(match.players)]
    return ranked(standing)


def _challenges(match: Match) -> list[tuple[int, bool]]:
    """Each challenge of the match: the challenger, and whether the claim failed."""
    outcomes: list[tuple[int, bool]] = []
    challenger: int | None = None
    for event in match.events:
        if isinstance(event, ev.Challenged):
            challenger = event.seat
        elif isinstance(event, ev.ClaimProven | ev.ClaimFailed) and challenger is not None:
            outcomes.append((challenger, isinstance(event, ev.ClaimFailed)))
            challenger = None
    return outcomes


def coup_lines(counts: RulesetStats) -> list[str]:
    """Coup's statistics in words, under its title."""
    return _lines(COUP.title, counts)


def inquisitor_lines(counts: RulesetStats) -> list[str]:
    """The Inquisitor's statistics in words, under its title."""
    return _lines(COUP_INQUISITOR.title, counts)


def _lines(title: str, counts: RulesetStats) -> list[str]:
    return [f"**{title}",
            f"Matches played: {counts.played}    won: {counts.won}",
            f"Rounds played: {counts['rounds_played']}    won: {counts['rounds_won']}",
            f"Challenges made: {counts['challenges']}    "
            f"bluffs caught: {counts['challenges_won']}",
            f"Influences lost: {counts['influences_lost']}"]
