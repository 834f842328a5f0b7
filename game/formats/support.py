"""What each game gives the formats that differ by game: the scenario files
(docs/SCENARIOS.md) and the bot protocol (docs/BOT_PROTOCOL.md).

A game's adapters live in its own package here (game/formats/<game>/) and are found through
the registry (`Game.formats`), so the rules never learn that either format exists.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.match import Match
from game.engine.ruleset import AnyRuleset, Decision
from game.games import get_game
from game.games.plugin import Formats


class NoFormats(KeyError):
    """The game has neither scenario files nor the bot protocol."""


def formats_of(game_id: str) -> Formats:
    """The formats of the game with this id; `KeyError` as `game.games.get_game`, and
    `NoFormats` (a KeyError too) for a game that offers neither format."""
    game = get_game(game_id)
    if game.formats is None:
        raise NoFormats(f"{game.title} has no scenario files and no outside players")
    return game.formats.load()


def final_result(match: Match) -> dict[str, object]:
    """The last message an outside program gets when its game ends or is left
    (BOT_PROTOCOL.md): whether it is over, who won, and the game's own result fields."""
    state = match.state
    return {"ok": True, "error": None, "awaiting": None, "game_over": match.pending.over,
            "winners": sorted(match.ruleset.winners(state)),
            **formats_of(match.ruleset.id).scenario.result_fields(state)}


def legal_named(ruleset: AnyRuleset, decision: Decision, legal: Sequence[Decision],
                *, idle_suit: bool = False) -> Decision | None:
    """The decision of `legal` that `decision` is, as the notation writes them; with
    `idle_suit`, also when it names a suit the legal one does not (a suit named for a card
    that is not a wild card led means nothing: a person's table may say one)."""
    wanted = ruleset.decision_to_json(decision)
    plain = {key: value for key, value in wanted.items() if key != "suit"}
    for candidate in legal:
        entry = ruleset.decision_to_json(candidate)
        if entry == wanted or (idle_suit and entry == plain):
            return candidate
    return None
