"""Properties of random complete games of Coup d'État for two alone, checked at every
decision: points adding up to the hands played; and at the end two rounds and a tiebreak
when needed, round two started by the other player. What every game keeps (cards accounted
for, views, undo, replay and save) is tests/test_contract.py's."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat_duel.rules.charts import HANDS_PER_ROUND, ROUNDS
from game.games.coup_detat_duel.rules.decisions import AnnounceCoup
from game.games.coup_detat_duel.rules.state import State, other

RULES = get_ruleset("coup-detat-duel")


@dataclass(frozen=True)
class GameSpec:
    seed: int
    policy: str  # "random", or "coups": the Peasant announces JOKER whenever he can


game_specs = st.builds(GameSpec, seed=st.integers(0, 2**32),
                       policy=st.sampled_from(["random", "coups"]))


def choose(legal: list, rng: random.Random, policy: str) -> object:
    coups = [d for d in legal if isinstance(d, AnnounceCoup)]
    if policy == "coups" and coups:
        return rng.choice(coups)
    return rng.choice(legal)


def check_points_add_up(state: State) -> None:
    assert sum(state.points) == len(state.results)
    hands_played = state.round_index * HANDS_PER_ROUND + len(state.played_this_round)
    if not state.tiebreak:
        assert len(state.results) == hands_played
    assert len(set(state.played_this_round)) == len(state.played_this_round)


def check_the_end(state: State) -> None:
    points = state.points
    assert len(state.results) == ROUNDS * HANDS_PER_ROUND + state.tiebreak
    assert points[0] != points[1], "the tiebreak always decides"
    assert state.winners == (points.index(max(points)),)
    if state.tiebreak:
        tiebreak = state.results[-1]
        assert tiebreak.hand_type.value == "dominoes" and not tiebreak.coup
        assert tiebreak.prime_minister == state.first_prime_minister
        assert sorted(points) == [HANDS_PER_ROUND, HANDS_PER_ROUND + 1]


def check_round_two_starts_with_the_other_player(match: Match) -> None:
    assert match.state.first_prime_minister is not None
    round_two = [turn.state_before for turn in match.turns
                 if turn.state_before.round_index == 1 and turn.state_before.hand is None]
    assert round_two and round_two[0].prime_minister == other(match.state.first_prime_minister)


def play_checked(spec: GameSpec) -> Match:
    match = Match(RULES, RULES.parse_options({"players": 2}),
                  chance=seeded_chance(RULES, spec.seed))
    rng = random.Random(spec.seed)
    while not match.pending.over:
        check_points_add_up(match.state)
        match.submit(choose(list(match.legal()), rng, spec.policy))
    check_points_add_up(match.state)
    check_the_end(match.state)
    check_round_two_starts_with_the_other_player(match)
    return match


@settings(max_examples=30, deadline=None)
@given(game_specs)
def test_random_complete_games_add_up_and_end_as_the_rules_say(spec: GameSpec) -> None:
    play_checked(spec)
