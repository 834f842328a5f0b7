"""Building positions for tests: deals written as card codes, moves in the scenario verbs;
what a match is told in (`coup-detat replay`, a seat's narration); a clock a test moves."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.engine import saves
from game.engine.match import Match
from game.formats import scenario
from game.games import get_ruleset
from game.games.coup_detat.formats.scenario import parse_deal, scripted_chance

RULES = get_ruleset("coup-detat")

DealSpec = tuple[Sequence[str], str]  # (one string of codes per seat, the centre card)


def deal_json(hands: Sequence[str], center: str) -> dict[str, Any]:
    return {"hands": [hand.split() for hand in hands], "center": center}


def scenario_data(players: int, deals: Sequence[DealSpec], moves: Sequence[dict[str, Any]],
                  *, first_dealer: int = 0, short_game: bool = False) -> dict[str, Any]:
    return {
        "ruleset": "coup-detat",
        "options": {"players": players, "short_game": short_game},
        "first_dealer": first_dealer,
        "deals": [deal_json(hands, center) for hands, center in deals],
        "moves": list(moves),
    }


def run_scenario(players: int, deals: Sequence[DealSpec], moves: Sequence[dict[str, Any]],
                 **keywords: Any) -> dict[str, Any]:
    """The scenario command's output object (in process), with `exit_status` added."""
    output, status = scenario.run(scenario_data(players, deals, moves, **keywords))
    return {**output, "exit_status": status}


def match_after(players: int, deals: Sequence[DealSpec], moves: Sequence[dict[str, Any]],
                *, first_dealer: int = 0, short_game: bool = False) -> Match:
    """A match with the deals fixed and the moves submitted; raises on an illegal move."""
    options = RULES.parse_options({"players": players, "short_game": short_game})
    parsed = [parse_deal(deal_json(hands, center), options) for hands, center in deals]
    match = Match(RULES, options, chance=scripted_chance(first_dealer, parsed))
    for move in moves:
        match.submit(RULES.decision_from_json(move))
    return match


def told_by_replay(match: Match, names: Sequence[str], folder: Path,
                   capsys: pytest.CaptureFixture[str]) -> str:
    """What `coup-detat replay` prints of `match` saved in `folder` with a person of each
    name at its seats."""
    path = folder / f"{match.ruleset.id}.json"
    saves.write(path, match, tuple(saves.Seat(name, "human") for name in names))
    assert main(["replay", str(path)]) == 0
    return capsys.readouterr().out


def narrated(match: Match, names: Sequence[str], viewer: int) -> str:
    """The whole of `match` as its narrator tells it to the seat `viewer`."""
    rules = match.ruleset
    narrator = rules.narrator(list(names), viewer=viewer)
    state = rules.new_game(match.options)
    lines = []
    for event in match.events:
        state = rules.apply(state, event)
        lines += narrator.lines(event, state)
    return "\n".join(lines)


class FakeClock:
    """A clock that moves only when the test moves it (`now`)."""

    def __init__(self, now: float = 500.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
