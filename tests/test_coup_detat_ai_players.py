"""The computer players: always a legal decision; fair play (they see only their seat's
view, so a different hidden deal they cannot tell apart changes nothing); and each level
stronger than the one below, in a short ladder."""

from __future__ import annotations

import random
import statistics

import pytest
from test_coup_detat_ai_knowledge import positions

from game.ai import RandomPlayer
from game.games import get_ruleset
from game.games.coup_detat.ai.easy import EasyPlayer
from game.games.coup_detat.ai.hard import HardPlayer
from game.games.coup_detat.ai.medium import MediumPlayer
from game.games.coup_detat.ai.worlds import resample
from game.services import simulate

RULES = get_ruleset("coup-detat")
LEVELS = {"random": RandomPlayer, "easy": EasyPlayer, "medium": MediumPlayer,
          "hard": lambda seed: HardPlayer(seed, budget=60.0, workers=1, max_worlds=24)}


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize(("players", "short_game", "seed"), [(4, False, 21), (3, True, 22)])
def test_a_player_always_chooses_a_legal_decision(level: str, players: int, short_game: bool,
                                                  seed: int) -> None:
    player = LEVELS[level](seed)
    for state in positions(players, short_game, seed, every=1):
        seat = RULES.pending(state).seat
        if seat is None:
            continue
        legal = RULES.legal(state)
        assert player.decide(RULES.view(state, seat), legal) in legal


def other_hidden_deal(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """The same position with the other seats' hidden cards dealt again among them,
    consistently with everything `seat` has seen."""
    return resample(RULES.view(state, seat), rng)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_redealing_the_hidden_cards_changes_no_decision(level: str) -> None:
    rng = random.Random(5)
    checked = changed_deals = 0
    for players, short_game, seed in [(4, False, 31), (3, False, 32), (4, True, 33)]:
        for state in positions(players, short_game, seed, every=2):
            seat = RULES.pending(state).seat
            if seat is None or state.hand is None:
                continue
            other = other_hidden_deal(state, seat, rng)
            assert RULES.view(other, seat) == RULES.view(state, seat)
            changed_deals += other.hand.hands != state.hand.hands
            legal = RULES.legal(state)
            first = LEVELS[level](seed).decide(RULES.view(state, seat), legal)
            second = LEVELS[level](seed).decide(RULES.view(other, seat), RULES.legal(other))
            assert first == second
            checked += 1
    assert checked > 300 and changed_deals > checked // 2, "the hidden cards really moved"


def mean_gain(hero: str, others: str, players: int, games: int) -> float:
    """`hero`'s mean worth change per hand against `others`, his chair rotating."""
    gains = []
    for game in range(games):
        chair = game % players

        def make(number: int, seat: int, chair: int = chair) -> object:
            return LEVELS[hero if seat == chair else others](f"{number}:{seat}")

        summary = simulate.run({"players": players}, 1, seed=7000 + game, make_player=make)  # type: ignore[arg-type]
        gains.append((summary.worth_by_seat[chair] - 10_000) / summary.hands)
    return statistics.mean(gains)


@pytest.mark.parametrize(("hero", "others", "games"),
                         [("easy", "random", 40), ("medium", "easy", 40), ("hard", "medium", 8)])
def test_each_level_beats_the_one_below(hero: str, others: str, games: int) -> None:
    """The ladder's short version (benchmarks/ladder.py runs it in full): Hard thinks
    about 24 imagined deals a decision here, so the games are the same every run."""
    assert mean_gain(hero, others, 4, games) > 0
