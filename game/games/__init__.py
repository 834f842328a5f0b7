"""The games the program knows, each registered once, in the order menus list them.

A game is a plug-in: its own packages (rules, computer players, formats, records, the
table's kit) and one `Game` entry (game/games/plugin.py) in its module here. Adding a game
is writing those and one line below; nothing else in the program names a game's id.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.engine.ruleset import Ruleset
from game.engine.texts import quoted
from game.games import coup, coup_detat, coup_detat_duel
from game.games.plugin import Game

GAMES: Mapping[str, Game] = {game.id: game for game in (
    coup_detat.GAME,
    coup_detat_duel.GAME,
    coup.GAME,
    coup.INQUISITOR,
)}


class _RulesOfGames(Mapping[str, Ruleset]):
    """The rules of each game of GAMES, read from it when asked: a game registered there
    (one line, or one `setitem` in a test) is known here too."""

    def __getitem__(self, game_id: str) -> Ruleset:
        return GAMES[game_id].ruleset

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


RULESETS: Mapping[str, Ruleset] = _RulesOfGames()
"""The rules of each game, by id: what the engine is handed to read a save."""

DEFAULT = next(iter(GAMES))  # the game New game and the commands offer first


def get_game(game_id: object) -> Game:
    """The game with this id; `KeyError` with a readable message if there is none."""
    if isinstance(game_id, str) and game_id in GAMES:
        return GAMES[game_id]
    raise KeyError(f"unknown ruleset {quoted(game_id)} (known: {', '.join(GAMES)})")


def get_ruleset(ruleset_id: object) -> Ruleset:
    """The rules of the game with this id; `KeyError` as `get_game`."""
    return get_game(ruleset_id).ruleset


def table_games() -> tuple[Game, ...]:
    """The games the window can seat, in menu order."""
    return tuple(game for game in GAMES.values() if game.kit is not None)
