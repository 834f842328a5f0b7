"""What each game gives the formats that differ by game: the scenario files
(docs/SCENARIOS.md) and the bot protocol (docs/BOT_PROTOCOL.md).

A game's adapters live in its own package here (game/formats/<game>/) and are found through
the registry (`Game.formats`), so the rules never learn that either format exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.engine.match import ChanceSource, Match
from game.engine.ruleset import Decision, Options, State, View
from game.games import get_game


class ScenarioSupport(Protocol):
    """What the scenario format needs that differs by game."""

    def check_move_shape(self, entry: object) -> str:
        """The move's verb; `MalformedEntry` if the move is not of the game's shape."""
        ...

    def parse_deal(self, raw: object, options: Options) -> Decision:
        """One scenario deal as chance's decision; `MalformedEntry` if it is not valid."""
        ...

    def scripted_chance(self, first_dealer: int, deals: Sequence[Decision]) -> ChanceSource:
        """Chance as the scenario fixes it; nothing once its deals run out."""
        ...

    def result_fields(self, state: State) -> dict[str, object]:
        """The game's own fields of the scenario output (and of the bot's last message)."""
        ...


class BotSupport(Protocol):
    """What an outside program playing a seat is told."""

    def seat_history(self, match: Match, seat: int) -> dict[str, Any]:
        """`first_dealer`, `deals` and `moves` as the seat saw them, and `hand_start`."""
        ...

    def view_json(self, view: View) -> dict[str, Any]:
        """The game's own summary of the position for a seat (a bot may ignore it)."""
        ...


@dataclass(frozen=True)
class Formats:
    """One game's adapters, the object its registry entry names (`Game.formats`)."""

    scenario: ScenarioSupport
    protocol: BotSupport


class NoFormats(KeyError):
    """The game has neither scenario files nor the bot protocol."""


def formats_of(game_id: str) -> Formats:
    """The formats of the game with this id; `KeyError` as `game.games.get_game`, and
    `NoFormats` (a KeyError too) for a game that offers neither format."""
    game = get_game(game_id)
    if game.formats is None:
        raise NoFormats(f"{game.title} has no scenario files and no outside players")
    formats: Formats = game.formats.load()
    return formats


def final_result(match: Match) -> dict[str, object]:
    """The last message an outside program gets when its game ends or is left
    (BOT_PROTOCOL.md): whether it is over, who won, and the game's own result fields."""
    state = match.state
    return {"ok": True, "error": None, "awaiting": None, "game_over": match.pending.over,
            "winners": sorted(match.ruleset.winners(state)),
            **formats_of(match.ruleset.id).scenario.result_fields(state)}
