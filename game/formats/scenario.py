"""`coup-detat scenario FILE`: play a scenario file through the real engine and report the
result as JSON (docs/SCENARIOS.md).

Exit status 0 when every move applied, 1 when a move was refused (the output says which
and why), 2 when the file is not a valid scenario (`ScenarioError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.match import Match
from game.formats.support import formats_of
from game.games import get_ruleset
from game.games.plugin import ScenarioSupport
from game.system import files


class ScenarioError(Exception):
    """The file is not a valid scenario."""


def load(path: str | Path) -> dict[str, Any]:
    """A scenario file's object; `ScenarioError` if the file cannot be read, is not JSON
    (files.read_json) or not an object."""
    try:
        data = files.read_json(path, what="a scenario")
    except files.Refused as error:
        raise ScenarioError(f"{path} {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    return data


def run(data: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """The scenario's output object and exit status; `ScenarioError` if it is invalid."""
    try:
        ruleset = get_ruleset(data.get("ruleset"))
        support = formats_of(ruleset.id).scenario
    except KeyError as error:
        raise ScenarioError(str(error.args[0])) from None
    try:
        options = ruleset.parse_options(data.get("options", {}))
        players = ruleset.players(options)
        first_dealer = data.get("first_dealer")
        if not (isinstance(first_dealer, int) and not isinstance(first_dealer, bool)
                and 0 <= first_dealer < players):
            raise MalformedEntry(f"first_dealer must be a seat from 0 to {players - 1}")
        deals = _list(data, "deals")
        moves = _list(data, "moves")
        parsed_deals = [
            _at(f"deal {index}", support.parse_deal, raw, options)
            for index, raw in enumerate(deals)
        ]
        for index, move in enumerate(moves):
            _at(f"move {index}", support.check_move_shape, move)
    except MalformedEntry as error:
        raise ScenarioError(str(error)) from None

    match = Match(ruleset, options, chance=support.scripted_chance(first_dealer, parsed_deals))
    refused: dict[str, Any] | None = None
    for index, move in enumerate(moves):
        try:
            if match.pending.seat is None:
                raise IllegalMove(_why_no_move(match))
            match.submit(ruleset.decision_from_json(move))
        except IllegalMove as refusal:
            refused = {"move": index, "message": refusal.message}
            break
    return _report(match, support, refused), 0 if refused is None else 1


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise MalformedEntry(f"'{key}' must be a list")
    return value


def _at(where: str, check: Any, *args: Any) -> Any:
    try:
        return check(*args)
    except MalformedEntry as error:
        raise MalformedEntry(f"{where}: {error}") from None


def _why_no_move(match: Match) -> str:
    if match.pending.over:
        return "The game is over."
    return "Play has stopped: the scenario has no deal left."


def _report(match: Match, support: ScenarioSupport, error: dict[str, Any] | None,
            ) -> dict[str, Any]:
    pending = match.pending
    awaiting = None if pending.seat is None else {"seat": pending.seat, "decision": pending.word}
    return {
        "ok": error is None,
        "error": error,
        "awaiting": awaiting,
        "game_over": pending.over,
        "winners": sorted(match.ruleset.winners(match.state)),
        **support.result_fields(match.state),
    }
