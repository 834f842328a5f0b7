"""Information-set Monte Carlo tree search (single observer, after Cowling, Powley and
Whitehouse 2012), over a game's fast simulator (adapters.py): the search of the sparring
partner. Not shipped.

Each iteration imagines a deal the seat cannot tell from the real one, walks down one tree
of the moves of every seat, choosing at each node by UCB1 among the moves legal in that
deal (a move's availability counts how often it could have been chosen: the subset-armed
bandit of ISMCTS), adds one node, plays the rest out at random, and credits each node with
the reward of the seat that moved there. The move tried most at the root is played.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

Move = Hashable


class Simulated(Protocol):
    """A game's part: one imagined deal in its fast simulator, and how to play in it."""

    def deal(self, rng: random.Random) -> Any:
        """A deal the seat cannot tell from the real one, in the simulator."""

    def moves(self, sim: Any) -> Sequence[Move]:
        """The moves of the seat to act."""

    def mover(self, sim: Any) -> int:
        """The seat to act."""

    def apply(self, sim: Any, move: Move) -> None: ...

    def over(self, sim: Any) -> bool: ...

    def play_out(self, sim: Any, rng: random.Random) -> Sequence[float]:
        """Play to the end at random; each seat's reward."""

    def rewards(self, sim: Any) -> Sequence[float]:
        """Each seat's reward in a finished deal."""


class Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


def search(game: Simulated, budget: float, rng: random.Random, exploration: float,
           least: int = 8) -> dict[Move, int]:
    """The visits of each move at the root after `budget` seconds (at least `least`
    iterations)."""
    root = Node()
    deadline = time.perf_counter() + budget
    iterations = 0
    while iterations < least or time.perf_counter() < deadline:
        iterations += 1
        _iterate(game, root, rng, exploration)
    return {move: child.visits for move, child in root.children.items()}


def _iterate(game: Simulated, root: Node, rng: random.Random, exploration: float) -> None:
    sim = game.deal(rng)
    node, path = root, []
    expanded = False
    while not game.over(sim):
        moves = game.moves(sim)
        mover = game.mover(sim)
        children = node.children
        untried = [move for move in moves if move not in children]
        for move in moves:
            child = children.get(move)
            if child is not None:
                child.available += 1
        if untried:
            move = untried[int(rng.random() * len(untried))]
            node = children[move] = Node()
            game.apply(sim, move)
            path.append((node, mover))
            expanded = True
            break
        log, sqrt = math.log, math.sqrt
        move = max(moves, key=lambda m: children[m].reward / children[m].visits
                   + exploration * sqrt(log(children[m].available) / children[m].visits))
        node = children[move]
        game.apply(sim, move)
        path.append((node, mover))
    rewards = game.play_out(sim, rng) if expanded and not game.over(sim) else game.rewards(sim)
    for child, mover in path:
        child.visits += 1
        child.reward += rewards[mover]
