"""The sparring partner (benchmarks/sparring/: an ISMCTS, not shipped): the tree search
finds what a toy game rewards, and the partner makes only legal decisions in every game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from benchmarks.sparring import ismcts
from benchmarks.sparring.measure import play_slice
from benchmarks.sparring.partner import SparringPartner
from benchmarks.sparring.veteran import VeteranPlayer
from benchmarks.sparring.veteran_search import VeteranSearch
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup.ai.search import Knowledge


@dataclass
class Race:
    """A toy of two seats taking turns: each says "high" or "low"; after four moves the
    seat that said "high" more often wins (a tie goes to nobody)."""

    said: list[str] = field(default_factory=list)


class RaceDeals:
    def deal(self, rng: random.Random) -> Race:
        return Race()

    def moves(self, sim: Race) -> list[str]:
        return ["low", "high"]

    def mover(self, sim: Race) -> int:
        return len(sim.said) % 2

    def apply(self, sim: Race, move: object) -> None:
        sim.said.append(str(move))

    def over(self, sim: Race) -> bool:
        return len(sim.said) == 4

    def play_out(self, sim: Race, rng: random.Random) -> list[float]:
        while not self.over(sim):
            self.apply(sim, rng.choice(self.moves(sim)))
        return self.rewards(sim)

    def rewards(self, sim: Race) -> list[float]:
        highs = [sim.said[seat::2].count("high") for seat in (0, 1)]
        return [float(highs[seat] > highs[1 - seat]) for seat in (0, 1)]


def test_the_tree_search_finds_the_move_that_wins_against_a_best_reply() -> None:
    visits = ismcts.search(RaceDeals(), 0.2, random.Random(1), exploration=0.7)
    assert max(visits, key=visits.__getitem__) == "high"
    assert visits["high"] > 3 * visits["low"]


@pytest.mark.parametrize(("ruleset", "players"), [("coup-detat", 4), ("coup-detat", 3),
                                                  ("coup-detat-duel", 2), ("coup", 4),
                                                  ("coup-inquisitor", 3)])
def test_the_partner_makes_only_legal_decisions(ruleset: str, players: int) -> None:
    rules = get_ruleset(ruleset)
    match = Match(rules, rules.parse_options({"players": players}),
                  chance=seeded_chance(rules, 7))
    partners = [SparringPartner(seat, 0.002, ruleset) for seat in range(players)]
    decided = 0
    while not match.pending.over and decided < 60:
        seat = match.pending.seat
        assert seat is not None
        legal = match.legal()
        decision = partners[seat].decide(match.view(seat), legal)
        assert decision in legal
        match.submit(decision)
        decided += 1
    assert decided >= 20, "a round or a game ends only after many decisions"


def test_the_hero_sits_alone_among_three_of_a_temper() -> None:
    """The bluffing games' population: Hard with three honest Medium players, each game one
    of four seats' wins, so the shares of the table add up to one."""
    games = play_slice("coup", "hard", "honest", 4, 0.002, first=0, count=2, duplicate=False,
                   alone=True)
    assert set(games) == {"hard", "honest", "hands"} and len(games["hard"]) == 2
    for hero, others in zip(games["hard"], games["honest"], strict=True):
        assert hero + 3 * others == pytest.approx(1.0)


def test_the_searching_veteran_plays_out_with_the_veteran_and_sits_among_hard() -> None:
    """The second partner: Hard's search, the Veteran's favourite, memory and play-outs;
    a table of Hard and three of it plays whole games, one seat's win each."""
    rules = get_ruleset("coup")
    match = Match(rules, rules.parse_options({"players": 4}), chance=seeded_chance(rules, 3))
    searcher = VeteranSearch(1, budget=0.002, workers=1)
    try:
        assert searcher.policy(Knowledge(match.view(0), {})).rollout is VeteranPlayer
    finally:
        searcher.close()
    games = play_slice("coup", "hard", "veteran-search", 4, 0.002, first=0, count=2,
                       duplicate=False, alone=True)
    for hero, others in zip(games["hard"], games["veteran-search"], strict=True):
        assert hero + 3 * others == pytest.approx(1.0)


def test_a_duplicate_game_alone_seats_the_hero_in_every_chair_on_the_same_deals() -> None:
    games = play_slice("coup", "hard", "honest", 3, 0.002, first=0, count=1, duplicate=True,
                       alone=True)
    assert games["hands"] == [3], "one game played three times, the hero in each chair"
    assert games["hard"][0] + 2 * games["honest"][0] == pytest.approx(1.0)
