"""`host --option NAME=VALUE`: each option New game offers for a game, as the game declares
it (its `Setup`: the toggles, said yes or no, and a match's rounds), checked against the
number of players and then by the game's own rules (`parse_options`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.errors import MalformedEntry
from game.engine.texts import quoted
from game.games import get_ruleset
from game.games.plugin import Game

YES = ("yes", "on", "true")
NO = ("no", "off", "false")
ROUNDS = "rounds"  # the name of a match's rounds in the options JSON (Setup.options)


def option_help(games: Iterable[Game]) -> str:
    """--option's help: every game's options, by name, with the games that have each."""
    having: dict[str, list[str]] = {}
    for game in games:
        for name in [*(option_words(game, toggle.key) for toggle in game.setup.toggles),
                     *([option_words(game, ROUNDS)] if game.setup.rounds else [])]:
            having.setdefault(name, []).append(game.id)
    each = "; ".join(f"{name} ({', '.join(ids)})" for name, ids in having.items())
    return (f"an option of the game's, as New game offers it (given again for another): "
            f"{each}. An option for two players only is refused at more")


def option_words(game: Game, key: str) -> str:
    """An option as --option takes it: "five_lives=yes|no", "rounds=1|3|5"."""
    if key == ROUNDS:
        return f"{ROUNDS}={'|'.join(str(count) for count in game.setup.rounds)}"
    return f"{key}=yes|no"


def given_options(given: Sequence[str], game: Game, players: int
                  ) -> dict[str, object] | str:
    """The options (as JSON) that each --option given sets, for `players`; or why one is
    refused, in a sentence."""
    chosen: dict[str, object] = {}
    for text in given:
        name, equals, value = text.partition("=")
        key, value = name.strip().replace("-", "_"), value.strip().lower()
        if not equals or not key:
            return f"--option takes NAME=VALUE, such as rounds=3, not {quoted(text, 40)}"
        known = _value(game, players, key, value)
        if isinstance(known, str):
            return known
        chosen[key] = known[0]
    return chosen


def _value(game: Game, players: int, key: str, value: str) -> tuple[object] | str:
    """The value of option `key` given as `value`, or why it is refused."""
    offered = [toggle.key for toggle in game.setup.offered(players)]
    if key in offered:
        if value not in YES + NO:
            return f"--option {key} is yes or no, not {quoted(value, 20)}"
        return (value in YES,)
    if key == ROUNDS and game.setup.rounds:
        counts = [str(count) for count in game.setup.rounds]
        if value not in counts:
            return (f"--option {ROUNDS} is a match of {', '.join(counts[:-1])} or "
                    f"{counts[-1]} rounds at {game.id}, not {quoted(value, 20)}")
        return (int(value),)
    names = [option_words(game, name) for name in offered]
    names += [option_words(game, ROUNDS)] if game.setup.rounds else []
    theirs = f"its options are {', '.join(names)}" if names else "it has none"
    return f"--option {key} is not an option of {game.id} for {players} players: {theirs}"


def checked(options: dict[str, object], game: Game) -> dict[str, object] | str:
    """`options` as the game's own rules take them, or what they say is wrong (at the
    most a table seats: a match at two tables seats fewer at each)."""
    ruleset = get_ruleset(game.id)
    players = options.get("players")
    at_one = min(players, ruleset.max_players) if isinstance(players, int) else players
    try:
        ruleset.parse_options({**options, "players": at_one})
    except MalformedEntry as error:
        return f"the options are not {game.id}'s: {error}"
    return options
