"""Sparring partners for Hard: an information-set Monte Carlo tree search (benchmarks/
ismcts.py) for the 1966 game and for the game for two, each over its game's fast simulator.
Not shipped, not a level: the outside yardstick that says whether Hard is strong, not just
stronger than our own Medium.

    python benchmarks/sparring.py [--ruleset coup-detat] [--hero hard] [--rival partner]
                                  [--hands 2000] [--budget 0.1] [--players 4] [--jobs 2]
                                  [--json]
    python benchmarks/sparring.py --ruleset coup-detat-duel [--hero hard] [--rival partner]

The partner plays the cards by ISMCTS, every seat's moves in its tree, rewarded in francs
(thousands) in the 1966 game and by the hand's point in the game for two. The decisions
before the cards (a coup, naming the hand, the Bastille exchange) it makes by flat Monte
Carlo over the same budget, with Hard's own play-outs.

The table: `--hero` and `--rival` (`partner`, `hard`, or one of Hard's variants in the 1966
game, `VARIANTS`), each one process and the same budget a decision, Medium in the other
chairs (1966 and the bluffing games), chairs rotated; the hero's gain (francs a hand; in the
game for two his share of the points; in the bluffing games his share of the games won) and
the hero's minus the rival's, with 95% intervals over the games, which are independent.
`--rival medium`: the hero alone among Medium. `--duplicate`: each game is played twice on
the same deals, the hero and the rival in each other's chairs, which takes the deals' luck
out of their difference. `--games-out FILE` keeps each game's figures, so that two runs (the
same games) can be compared game by game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence, Set
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ismcts
from game.ai.card_play import NO_SUIT, PASS, STOP
from game.ai.levels import make_player
from game.ai.search.loop import search as flat_search
from game.games.coup.ai import search as bluff_search
from game.games.coup.ai.hard import SEARCHED as BLUFF_SEARCHED
from game.games.coup.ai.hard import HardPlayer as BluffHardPlayer
from game.games.coup.ai.medium import TEMPERS, MediumPlayer
from game.games.coup.ai.worlds import resample as bluff_resample
from game.games.coup.rules.charts import Character
from game.games.coup.rules.decide import decide as bluff_decide
from game.games.coup.rules.decisions import Shuffle
from game.games.coup.rules.state import State as BluffState
from game.games.coup.rules.view import CoupView
from game.games.coup.rules.view import legal as bluff_legal
from game.games.coup.rules.view import view as bluff_view
from game.games.coup_detat.ai import fastsim
from game.games.coup_detat.ai.fastsim import Care
from game.games.coup_detat.ai.hard import HardPlayer
from game.games.coup_detat.ai.hard import Playouts as CoupDetatPlayouts
from game.games.coup_detat.ai.knowledge import Knowledge
from game.games.coup_detat.ai.knowledge import knowledge as coup_detat_knowledge
from game.games.coup_detat.ai.worlds import resample as coup_detat_resample
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.rules.state import Phase
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat_duel.ai import fastsim as duel_fastsim
from game.games.coup_detat_duel.ai.hard import Playouts as DuelPlayouts
from game.games.coup_detat_duel.ai.knowledge import DuelKnowledge
from game.games.coup_detat_duel.ai.knowledge import knowledge as duel_knowledge
from game.games.coup_detat_duel.ai.worlds import resample as duel_resample
from game.games.coup_detat_duel.rules.state import Phase as DuelPhase
from game.games.coup_detat_duel.rules.view import DuelView
from game.services import simulate

DUEL = "coup-detat-duel"
BLUFFING = ("coup", "coup-inquisitor")
EXPLORATION = {"coup-detat": 0.7, DUEL: 0.5, "coup": 0.5, "coup-inquisitor": 0.5}
"""UCB1's constant, on each game's rewards (thousands of francs; a point; a round)"""
FRANCS = 1000.0  # the 1966 game's rewards are in thousands of francs


# The 1966 game -------------------------------------------------------------------------------
@dataclass(frozen=True)
class CoupDetatDeals:
    """The hand's card play in the 1966 game's fast simulator, from one seat's view."""

    seen: CoupDetatView
    known: Knowledge

    def deal(self, rng: random.Random) -> fastsim.Hand:
        return fastsim.Hand.from_state(coup_detat_resample(self.seen, rng, self.known))

    def moves(self, sim: fastsim.Hand) -> list[ismcts.Move]:
        if sim.hand_type is HandType.DOMINOS:
            seat = sim.to_act
            cards = [(card, NO_SUIT) for card in sim.layable_cards(seat)]
            if sim.runner == seat:
                return [*cards, (STOP, NO_SUIT)]
            return cards or [(PASS, NO_SUIT)]
        coup = fastsim.tables(sim.players).coup
        moves: list[ismcts.Move] = []
        for card in sim.legal_cards():
            if card == coup and not sim.trick:
                moves += [(card, suit) for suit in range(4)]
            else:
                moves.append((card, NO_SUIT))
        return moves

    def mover(self, sim: fastsim.Hand) -> int:
        return sim.to_act

    def apply(self, sim: fastsim.Hand, move: Any) -> None:
        sim.apply(move)

    def over(self, sim: fastsim.Hand) -> bool:
        return sim.over()

    def play_out(self, sim: fastsim.Hand, rng: random.Random) -> list[float]:
        return [gain / FRANCS for gain in sim.play_out(rng)]

    def rewards(self, sim: fastsim.Hand) -> list[float]:
        return [gain / FRANCS for gain in sim.payoff()]

    def move_of(self, decision: Any) -> ismcts.Move:
        return fastsim.move_of(decision, self.seen.players)


# The game for two ----------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelDeals:
    """The hand's card play in the game for two's fast simulator, from one seat's view."""

    seen: DuelView
    known: DuelKnowledge

    def deal(self, rng: random.Random) -> duel_fastsim.DuelHand:
        return duel_fastsim.DuelHand.from_state(duel_resample(self.seen, rng, self.known))

    def moves(self, sim: duel_fastsim.DuelHand) -> list[ismcts.Move]:
        joker = duel_fastsim.JOKER_NUMBER
        if sim.hand_type is duel_fastsim.HandType.DOMINOES:
            choices = sim.dominoes_choices()
            if joker in choices and sim.start < 0:
                return [(move, NO_SUIT) for move in choices if move != joker] + \
                    [(joker, suit) for suit in range(4)]
            return [(move, NO_SUIT) for move in choices]
        moves: list[ismcts.Move] = []
        for card in sim.legal_cards():
            if card == joker and not sim.trick:
                moves += [(card, suit) for suit in sim.joker_suits()]
            else:
                moves.append((card, NO_SUIT))
        return moves

    def mover(self, sim: duel_fastsim.DuelHand) -> int:
        return sim.to_act

    def apply(self, sim: duel_fastsim.DuelHand, move: Any) -> None:
        sim.apply(move)

    def over(self, sim: duel_fastsim.DuelHand) -> bool:
        return sim.over()

    def play_out(self, sim: duel_fastsim.DuelHand, rng: random.Random) -> list[float]:
        winner = sim.play_out(rng)
        return [float(seat == winner) for seat in range(2)]

    def rewards(self, sim: duel_fastsim.DuelHand) -> list[float]:
        winner = sim.winner()
        return [float(seat == winner) for seat in range(2)]

    def move_of(self, decision: Any) -> ismcts.Move:
        return duel_fastsim.move_of(decision)


# The bluffing games ---------------------------------------------------------------------------
@dataclass
class BluffPosition:
    """An imagined position of a bluffing game, played on (the engine's states are
    immutable: this holds the current one)."""

    state: BluffState
    start_wins: tuple[int, ...]
    rng: random.Random
    turns: int = 0


@dataclass(frozen=True)
class BluffDeals:
    """A bluffing game's round on the engine, from one seat's view and the claims it heard;
    a position is judged after `bluff_search.HORIZON` turns as Hard judges it."""

    seen: CoupView
    claims: Mapping[int, Set[Character]]

    def deal(self, rng: random.Random) -> BluffPosition:
        state = bluff_resample(self.seen, rng, self.claims)
        position = BluffPosition(state, state.round_wins, random.Random(rng.randrange(2**62)))
        self._chance(position)
        return position

    def moves(self, sim: BluffPosition) -> list[ismcts.Move]:
        return list(bluff_legal(sim.state))

    def mover(self, sim: BluffPosition) -> int:
        return sim.state.to_act

    def apply(self, sim: BluffPosition, move: Any) -> None:
        sim.state = bluff_decide(sim.state, move).state
        sim.turns += sim.state.turn is None
        self._chance(sim)

    def over(self, sim: BluffPosition) -> bool:
        state = sim.state
        return state.phase in bluff_search.ROUND_OVER or (
            state.turn is None and sim.turns >= bluff_search.HORIZON)

    def play_out(self, sim: BluffPosition, rng: random.Random) -> list[float]:
        """The round played on by Medium players who remember the claims heard."""
        players = [MediumPlayer(rng.randrange(2**32)) for _ in range(sim.state.players)]
        for player in players:
            player.remember(self.claims, sim.state.round_index)
        while not self.over(sim):
            seat = sim.state.to_act
            self.apply(sim, players[seat].decide(bluff_view(sim.state, seat),
                                                 bluff_legal(sim.state)))
        return self.rewards(sim)

    def rewards(self, sim: BluffPosition) -> list[float]:
        state = sim.state
        seats = range(state.players)
        if state.phase in bluff_search.ROUND_OVER:
            return [float(state.round_wins[seat] > sim.start_wins[seat]) for seat in seats]
        return [bluff_search.standing(state, seat) if state.alive(seat) else 0.0
                for seat in seats]

    @staticmethod
    def _chance(sim: BluffPosition) -> None:
        while sim.state.shuffle_due and sim.state.phase not in bluff_search.ROUND_OVER:
            deck = sim.state.deck
            shuffled = Shuffle(tuple(sim.rng.sample(deck, len(deck))))
            sim.state = bluff_decide(sim.state, shuffled).state

    def move_of(self, decision: Any) -> ismcts.Move:
        return decision


class SparringPartner:
    """The ISMCTS player (one process, `budget` seconds a decision) of the 1966 game or of
    the game for two."""

    def __init__(self, seed: int | str, budget: float, ruleset: str) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.ruleset = ruleset
        self.memory = MediumPlayer(seed)  # the claims heard (as Hard hears them)

    def decide(self, seen: Any, legal: Sequence[Any]) -> Any:
        if self.ruleset in BLUFFING:
            self.memory.observe(seen)
        if len(legal) == 1:
            return legal[0]
        if self.ruleset in BLUFFING and seen.phase not in BLUFF_SEARCHED:
            return self.memory.decide(seen, legal)  # which card to lose, keep or show
        deals = self._deals(seen)
        if deals is None:  # before the cards: flat Monte Carlo, as Hard
            playouts = DuelPlayouts.of(seen) if self.ruleset == DUEL \
                else CoupDetatPlayouts.of(seen, Care.NONE)  # random, as its tree's
            return flat_search(playouts, legal, self.rng.randrange(2**62), self.budget).best()
        visits = ismcts.search(deals, self.budget, self.rng, EXPLORATION[self.ruleset])
        return max(legal, key=lambda decision: visits.get(deals.move_of(decision), -1))

    def _deals(self, seen: Any) -> CoupDetatDeals | DuelDeals | BluffDeals | None:
        if self.ruleset in BLUFFING:
            return BluffDeals(seen, self.memory.claims)
        if self.ruleset == DUEL:
            return DuelDeals(seen, duel_knowledge(seen)) if seen.phase is DuelPhase.PLAY \
                else None
        if seen.phase is Phase.PLAY and seen.hand_type is not None:
            return CoupDetatDeals(seen, coup_detat_knowledge(seen))
        return None


class PlainHard(HardPlayer):
    """Hard as it was: random play-outs."""

    care = Care.NONE


class VictimsHard(HardPlayer):
    """Hard whose play-outs have only the Director's victims duck penalties."""

    care = Care.VICTIMS


class MediumMindedHard(BluffHardPlayer):
    """Hard of the bluffing games as it was: every opponent imagined playing like Medium."""

    minds_habits = False


# Measuring ------------------------------------------------------------------------------------
SEED = 1912
VARIANTS: dict[str, dict[str, Any]] = {
    "coup-detat": {"plain": PlainHard, "victims": VictimsHard},
    **{ruleset: {"medium-minded": MediumMindedHard} for ruleset in BLUFFING}}
"""Hard's variants measured against the partner and the others, by game"""
PLAYERS = ("partner", "hard", *(name for kinds in VARIANTS.values() for name in kinds))
POPULATION = ("easy", *TEMPERS, "partner")
"""The bluffing games' opponents Hard must beat alone among three of them: Easy, Medium,
Medium with other habits of bluffing and doubting, and the ISMCTS player"""
HANDS_PER_GAME = {"coup-detat": 6, DUEL: 12, "coup": 1, "coup-inquisitor": 1}
"""A seat's hands in a game (1966: six a Director); a bluffing game counts games."""


def _slice(ruleset: str, hero: str, rival: str, players: int, budget: float, first: int,
           count: int, duplicate: bool, alone: bool) -> dict[str, list[float]]:
    """Games `first`.. of the run: each game's gain a hand for each kind of player (its
    chairs averaged), and the hands played. `duplicate`: each game is played twice on the
    same deals, the hero and the rival in each other's chairs the second time, and counts
    as the mean of the two (the deals' luck cancels out of the difference)."""
    labels = (hero, *[rival] * (players - 1)) if alone \
        else (hero, rival, *["medium"] * (players - 2))
    swapped = tuple({hero: rival, rival: hero}.get(label, label) for label in labels)
    seatings = [labels, swapped] if duplicate and not alone else [labels]
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


def _one_game(ruleset: str, seating: tuple[str, ...], players: int, budget: float,
              game: int) -> Any:
    """Game number `game` (its deals are the game number's), `seating` rotated by it."""
    made: list[Any] = []

    def player(number: int, seat: int) -> Any:
        kind = simulate.chairs_for(seating, number)[seat]
        seed = f"{SEED}:{number}:{seat}"
        if kind == "partner":
            found: Any = SparringPartner(seed, budget, ruleset)
        elif kind in VARIANTS.get(ruleset, {}):
            found = VARIANTS[ruleset][kind](seed, budget=budget, workers=1)
        elif kind in TEMPERS and ruleset in BLUFFING:
            found = MediumPlayer(seed, TEMPERS[kind])
        else:
            found = make_player(kind, seed, budget=budget, workers=1, ruleset=ruleset)
        made.append(found)
        return found

    summary = simulate.run(players, 1, SEED, seats=seating, make_player=player,
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
    games = math.ceil(hands / (HANDS_PER_GAME[ruleset] * seats * (2 if duplicate else 1)))
    size = -(-games // jobs)
    slices = [(first_game + start, min(games, start + size) - start)
              for start in range(0, games, size)]
    started = time.perf_counter()
    with ProcessPoolExecutor(len(slices)) as pool:
        parts = list(pool.map(_slice, *zip(*[(ruleset, hero, rival, players, budget, first,
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
    """The ladder's sparring step (benchmarks/ladder.py --sparring): Hard against the
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=["coup-detat", DUEL, *BLUFFING],
                        default="coup-detat")
    parser.add_argument("--hero", choices=PLAYERS, default="hard")
    parser.add_argument("--rival", choices=list(dict.fromkeys([*PLAYERS, *POPULATION])),
                        default="partner")
    parser.add_argument("--alone", action="store_true",
                        help="the hero among players-1 rivals (always so with a rival "
                             "who does not search)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--duplicate", action="store_true",
                        help="each game twice on the same deals, hero and rival swapped")
    parser.add_argument("--first-game", type=int, default=0,
                        help="number the games from here (a second run of new games)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games-out", help="a file for each game's figures (JSON)")
    arguments = parser.parse_args()
    if arguments.hero == arguments.rival:
        parser.error("the hero and the rival must differ")
    duel = arguments.ruleset == DUEL
    variants = {name for kinds in VARIANTS.values() for name in kinds}
    if {arguments.hero, arguments.rival} & (variants - set(VARIANTS.get(arguments.ruleset, {}))):
        parser.error(f"that variant of Hard is not {arguments.ruleset}'s")
    if arguments.ruleset not in BLUFFING and arguments.rival in set(TEMPERS) - {"medium"}:
        parser.error("the tempered Medium players are the bluffing games'")
    players = 2 if duel else arguments.players
    figures = measure(arguments.ruleset, arguments.hero, arguments.rival, players,
                      arguments.hands, arguments.budget, arguments.jobs, arguments.duplicate,
                      arguments.first_game, arguments.alone)
    games = figures.pop("per_game")
    if arguments.games_out is not None:
        Path(arguments.games_out).write_text(json.dumps(games))
    print(json.dumps(figures, indent=None if arguments.json else 2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
