"""A sparring partner for Hard in the 1966 game: an information-set Monte Carlo tree search
(single-observer ISMCTS, after Cowling, Powley and Whitehouse 2012), not shipped, not a
level: the outside yardstick that says whether Hard is strong, not just stronger than our
own Medium.

    python benchmarks/sparring.py [--hero hard] [--rival partner] [--hands 2000]
                                  [--budget 0.1] [--players 4] [--jobs 2] [--json]

How it plays a card: for `budget` seconds, again and again, it imagines a deal it cannot
tell from the real one (the same `resample` Hard uses: every void and pass respected),
then walks down one tree of the hand's moves, every seat's, choosing at each node by UCB1
among the moves legal in that deal (a move's availability counts how often it could have
been chosen: ISMCTS's subset-armed bandit), adds one new node, plays the rest of the hand
out at random with the fast simulator, and credits each node with the francs the seat that
moved there won. It plays the move tried most. The decisions before the cards (attempting
a coup, naming the hand) it makes by flat Monte Carlo over the same budget, as Hard does.

The table: `--hero` and `--rival` (each `partner`, `hard`, or `careful`: Hard with careful
play-outs), each one process and the same budget a decision, Medium in the other chairs,
chairs rotated; the hero's francs a hand minus the rival's, with its 95% interval (over
games, which are independent). `--rival medium`: the hero alone among Medium.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.card_play import NO_SUIT, PASS, STOP
from game.ai.coup_detat.fastsim import Hand, tables
from game.ai.coup_detat.hard import HardPlayer, Playouts
from game.ai.coup_detat.knowledge import knowledge
from game.ai.coup_detat.worlds import resample
from game.ai.levels import make_player
from game.ai.search.loop import search
from game.cards import COUP
from game.rules.card_play import Pass, PlayCard, StopRun
from game.rules.coup_detat.charts import HandType
from game.rules.coup_detat.state import SUIT_INDEX, Phase
from game.rules.coup_detat.view import CoupDetatView
from game.services import simulate

EXPLORATION = 0.7  # UCB1's constant, on rewards in thousands of francs
SCALE = 1000.0
Move = tuple[int, int]  # (card number or PASS/STOP, suit named for COUP led or NO_SUIT)


class Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def moves_of(hand: Hand) -> list[Move]:
    """The moves of the seat to act in the simulated hand."""
    if hand.hand_type is HandType.DOMINOS:
        seat = hand.to_act
        cards = [(card, NO_SUIT) for card in hand.layable_cards(seat)]
        if hand.runner == seat:
            return [*cards, (STOP, NO_SUIT)]
        return cards or [(PASS, NO_SUIT)]
    coup = tables(hand.players).coup
    moves: list[Move] = []
    for card in hand.legal_cards():
        if card == coup and not hand.trick:
            moves += [(card, suit) for suit in range(4)]
        else:
            moves.append((card, NO_SUIT))
    return moves


def apply(hand: Hand, move: Move) -> None:
    if hand.hand_type is HandType.DOMINOS:
        hand.dominos_step(move[0])
    else:
        hand.play(*move)


def finished(hand: Hand) -> bool:
    if hand.hand_type is HandType.DOMINOS:
        return hand.holders() <= 1
    return hand.tricks_done >= tables(hand.players).tricks


def play_out(hand: Hand, rng: random.Random) -> list[float]:
    if hand.hand_type is HandType.DOMINOS:
        hand._dominos_out(rng.random)
    else:
        hand._tricks_out(rng.random)
    return hand.payoff()


def ismcts(seen: CoupDetatView, budget: float, rng: random.Random,
           max_iterations: int = 1_000_000) -> dict[Move, int]:
    """The visits of each root move after `budget` seconds of search."""
    known = knowledge(seen)
    root = Node()
    deadline = time.perf_counter() + budget
    iterations = 0
    while iterations < max_iterations and (iterations < 8 or time.perf_counter() < deadline):
        iterations += 1
        hand = Hand.from_state(resample(seen, rng, known))
        node, path = root, []
        while not finished(hand):
            moves = moves_of(hand)
            untried = [move for move in moves if move not in node.children]
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            mover = hand.to_act
            if untried:
                move = untried[int(rng.random() * len(untried))]
                child = node.children[move] = Node()
                child.available = 1
                apply(hand, move)
                path.append((child, mover))
                break
            log_of = math.log
            move = max(moves, key=lambda m: _ucb(node.children[m], log_of))
            node = node.children[move]
            apply(hand, move)
            path.append((node, mover))
        gains = play_out(hand, rng) if not finished(hand) else hand.payoff()
        for child, mover in path:
            child.visits += 1
            child.reward += gains[mover] / SCALE
    return {move: child.visits for move, child in root.children.items()}


def _ucb(node: Node, log_of: Any) -> float:
    return node.reward / node.visits + EXPLORATION * math.sqrt(log_of(node.available)
                                                               / node.visits)


class SparringPartner:
    """The ISMCTS player of the 1966 game (one process, `budget` seconds a decision)."""

    def __init__(self, seed: int | str, budget: float) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def decide(self, seen: CoupDetatView, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        if seen.phase is Phase.PLAY and seen.hand_type is not None:
            visits = ismcts(seen, self.budget, self.rng)
            return max(legal, key=lambda decision: visits.get(_move(decision, seen), -1))
        found = search(Playouts.of(seen), legal, self.rng.randrange(2**62), self.budget)
        return found.best()


def _move(decision: Any, seen: CoupDetatView) -> Move:
    if isinstance(decision, Pass):
        return PASS, NO_SUIT
    if isinstance(decision, StopRun):
        return STOP, NO_SUIT
    assert isinstance(decision, PlayCard)
    number = tables(seen.players).number[decision.card]
    suit = SUIT_INDEX[decision.suit] if decision.card == COUP and decision.suit else NO_SUIT
    return number, suit


class CarefulHard(HardPlayer):
    """Hard whose play-outs have the Director's victims duck penalties."""

    careful_playouts = True


# Measuring ------------------------------------------------------------------------------------
SEED = 1912
PLAYERS = ("partner", "hard", "careful")


def _slice(hero: str, rival: str, players: int, budget: float, first: int, count: int) \
        -> dict[str, list[float]]:
    """Games `first`.. of the run: each game's francs a hand for each kind of player (its
    chairs averaged), and the hands played."""
    labels = (hero, *["medium"] * (players - 1)) if rival == "medium" \
        else (hero, rival, *["medium"] * (players - 2))
    made: dict[tuple[int, int], Any] = {}

    def player(game: int, seat: int) -> Any:
        kind = simulate.chairs_for(labels, game)[seat]
        seed = f"{SEED}:{game}:{seat}"
        if kind == "partner":
            found: Any = SparringPartner(seed, budget)
        elif kind == "careful":
            found = CarefulHard(seed, budget=budget, workers=1)
        else:
            found = make_player(kind, seed, budget=budget, workers=1)
        made[game, seat] = found
        return found

    per_game: dict[str, list[float]] = {label: [] for label in (*labels, "hands")}
    for game in range(first, first + count):
        summary = simulate.run(players, 1, SEED, seats=labels, make_player=player,
                               budget=budget, workers=1, first_game=game)
        for label, tally in summary.levels.items():
            per_game[label] += tally.gains_per_hand
        per_game["hands"].append(summary.hands)
        for found in made.values():
            close = getattr(found, "close", None)
            if close is not None:
                close()
        made.clear()
    return per_game


def measure(hero: str, rival: str, players: int, hands: int, budget: float, jobs: int) \
        -> dict[str, object]:
    games = math.ceil(hands / (6 * players))
    size = -(-games // jobs)
    slices = [(start, min(games, start + size) - start) for start in range(0, games, size)]
    started = time.perf_counter()
    with ProcessPoolExecutor(len(slices)) as pool:
        parts = list(pool.map(_slice, *zip(*[(hero, rival, players, budget, first, count)
                                             for first, count in slices], strict=True)))
    per_game = {label: [value for part in parts for value in part[label]] for label in parts[0]}
    figures: dict[str, object] = {"hero": hero, "rival": rival, "players": players,
                                  "games": games, "budget_s": budget,
                                  "minutes": round((time.perf_counter() - started) / 60, 1)}
    for label, values in per_game.items():
        if label != "hands":
            figures[label] = _mean_and_interval(values)
    if rival != "medium":
        differences = [mine - theirs for mine, theirs
                       in zip(per_game[hero], per_game[rival], strict=True)]
        figures[f"{hero}_minus_{rival}"] = _mean_and_interval(differences)
    figures["hands"] = int(sum(per_game["hands"]))
    return figures


def _mean_and_interval(values: list[float]) -> dict[str, object]:
    mean = statistics.fmean(values)
    margin = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 \
        else math.inf
    return {"per_hand": round(mean, 1), "ci95": [round(mean - margin, 1),
                                                  round(mean + margin, 1)]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", choices=PLAYERS, default="hard")
    parser.add_argument("--rival", choices=[*PLAYERS, "medium"], default="partner")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--players", type=int, default=4, choices=[3, 4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    if arguments.hero == arguments.rival:
        parser.error("the hero and the rival must differ")
    figures = measure(arguments.hero, arguments.rival, arguments.players, arguments.hands,
                      arguments.budget, arguments.jobs)
    print(json.dumps(figures, indent=None if arguments.json else 2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
