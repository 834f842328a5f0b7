"""Measuring Hard against the sparring partner, against Medium or against its own
variants, at equal processor time: the games of a run shared among processes, each game's
figures, and the means with their 95% intervals (`python -m benchmarks.sparring`)."""

from __future__ import annotations

import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from benchmarks.sparring.partner import BLUFFING, DUEL, SparringPartner
from benchmarks.sparring.veteran import VeteranPlayer
from benchmarks.sparring.veteran_search import VeteranSearch
from game.ai.levels import make_player
from game.games.coup.ai.hard import HardPlayer as BluffHardPlayer
from game.games.coup.ai.medium import TEMPERS, MediumPlayer
from game.games.coup_detat.ai.fastsim import Care
from game.games.coup_detat.ai.hard import HardPlayer
from game.services import simulate


class PlainHard(HardPlayer):
    """Hard as it was: random play-outs."""

    care = Care.NONE


class VictimsHard(HardPlayer):
    """Hard whose play-outs have only the Director's victims duck penalties."""

    care = Care.VICTIMS


class MediumMindedHard(BluffHardPlayer):
    """Hard of the bluffing games as it was: every opponent imagined playing like Medium."""

    minds_habits = False


SEED = 1912
VARIANTS: dict[str, dict[str, Any]] = {
    "coup-detat": {"plain": PlainHard, "victims": VictimsHard},
    **{ruleset: {"medium-minded": MediumMindedHard} for ruleset in BLUFFING}}
"""Hard's variants measured against the partner and the others, by game"""
HEURISTICS = {"veteran": VeteranPlayer}
"""The sparring package's players of the bluffing games that do not search"""
SEARCHERS = {"veteran-search": VeteranSearch}
"""... and those that search, at the run's budget"""
BLUFFING_ONLY = (*HEURISTICS, *SEARCHERS)
PLAYERS = ("partner", "hard", *BLUFFING_ONLY,
           *(name for kinds in VARIANTS.values() for name in kinds))
POPULATION = ("easy", *TEMPERS, "partner")
"""The bluffing games' opponents Hard must beat alone among three of them: Easy, Medium,
Medium with other habits of bluffing and doubting, and the ISMCTS player"""
HANDS_PER_GAME = {"coup-detat": 6, DUEL: 12, "coup": 1, "coup-inquisitor": 1}
"""A seat's hands in a game (1966: six a Director); a bluffing game counts games."""


def play_slice(ruleset: str, hero: str, rival: str, players: int, budget: float, first: int,
           count: int, duplicate: bool, alone: bool) -> dict[str, list[float]]:
    """Games `first`.. of the run: each game's gain a hand for each kind of player (its
    chairs averaged), and the hands played. `duplicate`: each game is played on the same
    deals in every seating of `seatings` and counts as their mean (the deals' luck cancels
    out)."""
    labels = (hero, *[rival] * (players - 1)) if alone \
        else (hero, rival, *["medium"] * (players - 2))
    seatings = _seatings(labels, hero, rival, alone) if duplicate else [labels]
    per_game: dict[str, list[float]] = {label: [] for label in (*labels, "hands")}
    for game in range(first, first + count):
        gains: dict[str, list[float]] = {label: [] for label in labels}
        hands = 0
        for seating in seatings:
            summary = _one_game(ruleset, seating, players, budget, game)
            for label, tally in summary.levels.items():
                gains[label] += tally.gains_per_hand
            hands += summary.hands
        for label, values in gains.items():
            per_game[label].append(statistics.fmean(values))
        per_game["hands"].append(hands)
    return per_game


def _seatings(labels: tuple[str, ...], hero: str, rival: str,
              alone: bool) -> list[tuple[str, ...]]:
    """A duplicate game's seatings: the hero alone in each chair in turn; else the hero and
    the rival in each other's chairs the second time."""
    if alone:
        return [labels[chair:] + labels[:chair] for chair in range(len(labels))]
    return [labels, tuple({hero: rival, rival: hero}.get(label, label) for label in labels)]


def _one_game(ruleset: str, seating: tuple[str, ...], players: int, budget: float,
              game: int) -> Any:
    """Game number `game` (its deals are the game number's), `seating` rotated by it."""
    made: list[Any] = []

    def player(number: int, seat: int) -> Any:
        kind = simulate.chairs_for(seating, number)[seat]
        seed = f"{SEED}:{number}:{seat}"
        if kind == "partner":
            found: Any = SparringPartner(seed, budget, ruleset)
        elif kind in HEURISTICS:
            found = HEURISTICS[kind](seed)
        elif kind in SEARCHERS:
            found = SEARCHERS[kind](seed, budget=budget, workers=1)
        elif kind in VARIANTS.get(ruleset, {}):
            found = VARIANTS[ruleset][kind](seed, budget=budget, workers=1)
        elif kind in TEMPERS and ruleset in BLUFFING:
            found = MediumPlayer(seed, TEMPERS[kind])
        else:
            found = make_player(kind, seed, budget=budget, workers=1, ruleset=ruleset)
        made.append(found)
        return found

    summary = simulate.run({"players": players}, 1, SEED, seats=seating, make_player=player,
                           budget=budget, workers=1, first_game=game, ruleset=ruleset)
    for found in made:
        close = getattr(found, "close", None)
        if close is not None:
            close()
    return summary


def measure(ruleset: str, hero: str, rival: str, players: int, hands: int, budget: float,
            jobs: int, duplicate: bool = False, first_game: int = 0,
            alone: bool = False) -> dict[str, object]:
    """The run's figures (`first_game`: the games are numbered from it, so that a second
    run of new games can add to a first; `alone`: the hero among players-1 rivals, as he
    always is among Medium)."""
    alone = alone or rival not in PLAYERS
    seats = 1 if ruleset == DUEL or ruleset in BLUFFING else players
    plays = (players if alone else 2) if duplicate else 1  # a game's seatings
    games = math.ceil(hands / (HANDS_PER_GAME[ruleset] * seats * plays))
    size = -(-games // jobs)
    slices = [(first_game + start, min(games, start + size) - start)
              for start in range(0, games, size)]
    started = time.perf_counter()
    with ProcessPoolExecutor(len(slices)) as pool:
        parts = list(pool.map(play_slice, *zip(*[(ruleset, hero, rival, players, budget, first,
                                              count, duplicate, alone)
                                             for first, count in slices], strict=True)))
    per_game = {label: [value for part in parts for value in part[label]] for label in parts[0]}
    figures: dict[str, object] = {"ruleset": ruleset, "hero": hero, "rival": rival,
                                  "players": players, "games": games, "budget_s": budget,
                                  "duplicate": duplicate, "alone": alone,
                                  "minutes": round((time.perf_counter() - started) / 60, 1)}
    digits = 1 if ruleset == "coup-detat" else 3
    for label, values in per_game.items():
        if label != "hands":
            figures[label] = _mean_and_interval(values, digits)
    if not alone and ruleset != DUEL:
        differences = [mine - theirs for mine, theirs
                       in zip(per_game[hero], per_game[rival], strict=True)]
        figures[f"{hero}_minus_{rival}"] = _mean_and_interval(differences, digits)
    figures["hands"] = int(sum(per_game["hands"]))
    figures["per_game"] = per_game  # for paired comparisons: the same games, deal by deal
    return figures


def ladder_step(ruleset: str, players: int, hands: int, budget: float) -> dict[str, object]:
    """The ladder's sparring step (python -m benchmarks.ladder --sparring): Hard against the
    partner, duplicate, each one process and `budget` seconds a decision. It holds when
    Hard's advantage (1966: francs a hand over the partner's; the game for two: its share
    of the points over an even share) has its whole 95% interval above zero."""
    figures = measure(ruleset, "hard", "partner", players, hands, budget, jobs=2,
                      duplicate=True)
    figures.pop("per_game")
    if ruleset == DUEL:
        share = figures["hard"]
        low = share["ci95"][0] - 0.5  # type: ignore[index]
    else:
        advantage = figures["hard_minus_partner"]
        low = advantage["ci95"][0]  # type: ignore[index]
    figures["step"] = "hard > partner"
    figures["holds"] = low > 0
    return figures


def _mean_and_interval(values: list[float], digits: int) -> dict[str, object]:
    mean = statistics.fmean(values)
    margin = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 \
        else math.inf
    return {"per_hand": round(mean, digits), "ci95": [round(mean - margin, digits),
                                                       round(mean + margin, digits)]}
