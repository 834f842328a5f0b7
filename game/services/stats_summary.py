"""What the statistics and the history of games add up to: winning streaks, win rates by
game and by the opponents' level, the best results, the results over time; and all of it
as JSON and in words (`coup-detat stats`). Reads only: nothing here writes a file."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.games import GAMES
from game.rules.words import capitalized, joined
from game.services import history, stats
from game.services.history import Finished
from game.system import paths

LEVEL_WORDS = {"random": "Random", "easy": "Easy", "medium": "Medium", "hard": "Hard",
               "bot": "Outside programs", "mixed": "Mixed levels", "people": "People only"}
RUNNING = 10  # games in the running win rate of the results over time
RECENT = 10  # the last games `coup-detat stats` lists


@dataclass(frozen=True)
class Rate:
    """Games won of games played, under a label (a game's title, a level)."""

    key: str
    label: str
    played: int
    won: int

    @property
    def share(self) -> float:
        return self.won / self.played if self.played else 0.0

    def words(self) -> str:
        return f"{self.label} {round(100 * self.share)}% ({self.won} of {self.played})"


@dataclass(frozen=True)
class Streaks:
    current: int  # games won in a row up to the last one (0: the last was lost)
    best: int


@dataclass(frozen=True)
class Summary:
    """The player's statistics and history as read, with what their files' trouble was."""

    statistics: stats.Statistics
    games: tuple[Finished, ...]  # oldest first
    notices: tuple[str, ...] = ()

    def streaks(self) -> Streaks:
        return streaks(self.games)

    def by_game(self) -> list[Rate]:
        return by_game(self.statistics)

    def by_level(self) -> list[Rate]:
        return by_level(self.games)

    def best_results(self) -> list[Finished]:
        return best_results(self.games)


def read(path: Path | None = None) -> Summary:
    """The statistics in `path` (default: the player's) and the history beside it."""
    path = paths.stats_path() if path is None else path
    totals, games = stats.read(path), history.read(history.path_beside(path))
    notices = (totals.notice(path), games.notice(history.path_beside(path)))
    return Summary(totals.statistics, games.games,
                   tuple(notice for notice in notices if notice is not None))


def title_of(ruleset: str) -> str:
    game = GAMES.get(ruleset)
    return game.title if game is not None else ruleset


def streaks(games: Iterable[Finished]) -> Streaks:
    current = best = 0
    for game in games:
        current = current + 1 if game.won else 0
        best = max(best, current)
    return Streaks(current, best)


def by_game(statistics: stats.Statistics) -> list[Rate]:
    """Each game played, the registry's first, from the totals (every game ever played)."""
    order = [*GAMES, *(ruleset for ruleset in statistics.by_ruleset if ruleset not in GAMES)]
    rates = [Rate(ruleset, title_of(ruleset), statistics.get(ruleset).played,
                  statistics.get(ruleset).won) for ruleset in order]
    return [rate for rate in rates if rate.played]


def opponents_level(game: Finished) -> str:
    """The level the persons played against: the computers' if they all had one, "bot"
    for outside programs only, "mixed" for several, "people" for persons only."""
    levels = {player.level if player.kind == "computer" else player.kind
              for player in game.opponents()}
    levels.discard("human")
    if not levels:
        return "people"
    return levels.pop() if len(levels) == 1 else "mixed"


def by_level(games: Iterable[Finished]) -> list[Rate]:
    """Win rates by the opponents' level (`opponents_level`), easiest first."""
    played: dict[str, list[bool]] = {}
    for game in games:
        played.setdefault(opponents_level(game), []).append(game.won)
    order = [*LEVEL_WORDS, *sorted(set(played) - set(LEVEL_WORDS))]
    return [Rate(level, LEVEL_WORDS.get(level, level.capitalize()), len(played[level]),
                 sum(played[level])) for level in order if level in played]


def best_results(games: Iterable[Finished]) -> list[Finished]:
    """Each game's best result in the history (`how_good`; the first of equals), the
    registry's order first."""
    best: dict[str, Finished] = {}
    for game in games:
        held = best.get(game.ruleset)
        if held is None or how_good(game) > how_good(held):
            best[game.ruleset] = game
    order = [*GAMES, *sorted(set(best) - set(GAMES))]
    return [best[ruleset] for ruleset in order if ruleset in best]


def how_good(game: Finished) -> tuple[bool, float, bool, float]:
    """What makes one result better than another of the same game: a win before any loss;
    then the better place, as the share of the other players it is ahead of (2nd of 6
    before 2nd of 3); a place alone before a shared one; then the higher score (the 1966
    game's final worth, the rounds won). A place not known counts as the last."""
    place = known_place(game)
    others = max(1, len(game.players) - 1)
    ahead = (len(game.players) - place) / others if place is not None else float(game.won)
    score = float(game.score) if game.score is not None else -math.inf
    return game.won, ahead, not (game.shared and place is not None), score


def known_place(game: Finished) -> int | None:
    """The game's place as far as its entry can be trusted with it: None when the game
    ranks no places, when the entry was written before the game's places were the rules'
    (`Records.places_since`), and when the place is not one of its result (a win is first,
    a loss never)."""
    entry = GAMES.get(game.ruleset)
    since = entry.records.places_since if entry is not None else 1
    if game.place is None or game.ranking < since or (game.place == 1) != game.won:
        return None
    return game.place


def running_rate(games: Sequence[Finished], window: int = RUNNING) -> list[float]:
    """After each game, the share won of the last `window` games up to it."""
    wins = [int(game.won) for game in games]
    return [sum(wins[max(0, end - window):end + 1]) / (end + 1 - max(0, end - window))
            for end in range(len(wins))]


ENDINGS = {1: "st", 2: "nd", 3: "rd"}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th... 21st."""
    ending = "th" if 10 <= number % 100 <= 20 else ENDINGS.get(number % 10, "th")
    return f"{number}{ending}"


def place_words(game: Finished) -> str:
    """"3rd of 4", "shared 2nd of 4"; "" when no place is known (`known_place`)."""
    place = known_place(game)
    if place is None:
        return ""
    shared = "shared " if game.shared and len(game.players) > 1 else ""
    return f"{shared}{ordinal(place)} of {len(game.players)}"


def outcome_words(game: Finished) -> str:
    """"Won, 1st of 4", "Lost, 3rd of 4", "Lost, shared 2nd of 4", "Won, shared 1st of 3",
    "Lost" (no place known)."""
    return ", ".join(part for part in ("Won" if game.won else "Lost", place_words(game))
                     if part)


def best_words(game: Finished) -> str:
    """A game's best result (`best_results`) in words, under its title: "Coup: Won, 1st of
    4, Rounds won: 1 of 1"; of a game not won in the history, "Coup: not won yet; best 2nd
    of 4, Rounds won: 0 of 1"."""
    if game.won:
        said = [outcome_words(game), game.result]
    else:
        place = place_words(game)
        said = [f"not won yet; best {place}" if place else "not won yet", game.result]
    return f"{title_of(game.ruleset)}: " + ", ".join(part for part in said if part)


def against_words(game: Finished) -> str:
    """Whom the persons played: "against Hard", "against people", "against Easy, Hard";
    a game with friends on other machines names them: "against Zoé and computers (Hard),
    played online"."""
    levels = sorted({LEVEL_WORDS.get(player.level or player.kind, player.kind)
                     for player in game.opponents() if player.kind != "human"})
    if game.online:
        people = [player.name for player in game.opponents() if player.kind == "human"]
        computers = [f"computers ({', '.join(levels)})"] if levels else []
        return f"against {joined([*people, *computers]) or 'nobody'}, played online"
    level = opponents_level(game)
    if level != "mixed":
        return f"against {LEVEL_WORDS.get(level, level).lower()}"
    return "against " + ", ".join(levels)


def opponents_words(game: Finished) -> str:
    """Whom the persons played, in the history's column: "Hard", "People", "Easy, Hard";
    a game played online names the people: "Zoé, Easy"."""
    if not game.online:
        return capitalized(against_words(game).removeprefix("against "))
    levels = sorted({LEVEL_WORDS.get(player.level or player.kind, player.kind)
                     for player in game.opponents() if player.kind != "human"})
    people = [player.name for player in game.opponents() if player.kind == "human"]
    return ", ".join([*people, *levels]) or "-"


def game_line(game: Finished) -> str:
    """One game of the history in a line."""
    when = game.when.strftime("%Y-%m-%d %H:%M")
    parts = [when, title_of(game.ruleset), outcome_words(game), game.result,
             against_words(game)]
    return "  ".join(part for part in parts if part)


# For the command line. --------------------------------------------------------------------------
def to_json(summary: Summary) -> dict[str, object]:
    """Everything, machine-readable: the totals as the file keeps them, the streaks, the
    rates, the best results and the history (newest first)."""
    current = summary.streaks()
    return {
        "totals": summary.statistics.to_json()["rulesets"],
        "streaks": {"current": current.current, "best": current.best},
        "win_rate_by_game": [_rate_json(rate) for rate in summary.by_game()],
        "win_rate_by_opponents_level": [_rate_json(rate) for rate in summary.by_level()],
        "best_results": [game.to_json() for game in summary.best_results()],
        "history": [game.to_json() for game in reversed(summary.games)],
        "history_kept": history.MOST_GAMES,
        "notices": list(summary.notices),
    }


def _rate_json(rate: Rate) -> dict[str, object]:
    return {"key": rate.key, "label": rate.label, "played": rate.played, "won": rate.won}


def text_lines(summary: Summary) -> list[str]:
    """Everything, in words, for the terminal."""
    lines = ["Statistics: games with at least one person at the table; a shared win "
             "counts as won.", ""]
    for game in GAMES.values():
        block = game.records.lines.load()(summary.statistics.get(game.id))
        lines += [line.strip("*") if line.startswith("**") else f"  {line}" for line in block]
        lines.append("")
    current = summary.streaks()
    lines += [f"Winning streak: {current.current} now, best {current.best}"]
    lines += _rates("Win rate by game", summary.by_game())
    lines += _rates("Win rate by opponents' level", summary.by_level())
    best = summary.best_results()
    if best:
        lines += ["Best results in the history:"] + [
            f"  {best_words(game)} ({game.when:%Y-%m-%d})" for game in best]
    games = summary.games
    shown = list(reversed(games[-RECENT:]))
    lines += ["", f"Last games, newest first ({len(shown)} of the {len(games)} in the history, "
              f"which keeps the last {history.MOST_GAMES:,}):" if games else
              "No game in the history yet."]
    lines += [f"  {game_line(game)}" for game in shown]
    return lines


def _rates(heading: str, rates: Sequence[Rate]) -> list[str]:
    if not rates:
        return [f"{heading}: no games yet"]
    return [f"{heading}: " + "; ".join(rate.words() for rate in rates)]
