"""Properties of random complete games of the 1966 game alone (3 and 4 players, full and
short), checked at every decision: the francs accounted for (cash and the Treasury, debts
owed to someone), and at the end the rounds and hands played. What every game keeps (cards
accounted for, views, undo, replay and save) is tests/test_contract.py's."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.rules.charts import STARTING_CASH, deck_for
from game.games.coup_detat.rules.decisions import AttemptCoup, PlayCard
from game.games.coup_detat.rules.state import State

RULES = get_ruleset("coup-detat")


@dataclass(frozen=True)
class GameSpec:
    players: int
    short_game: bool
    seed: int
    policy: str  # "random", or "coups": every holder attempts and everyone helps him


game_specs = st.builds(
    GameSpec,
    players=st.sampled_from([3, 4]),
    short_game=st.booleans(),
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(["random", "coups"]),
)


def choose(state: State, legal: list, rng: random.Random, policy: str) -> object:
    """A legal decision by the given policy. "coups" makes coups (and loans) frequent."""
    if policy == "coups":
        coups = [d for d in legal if isinstance(d, AttemptCoup)]
        if coups:
            return rng.choice(coups)
        hand = state.hand
        plays = [d for d in legal if isinstance(d, PlayCard)]
        if plays and hand is not None and hand.tricks is not None and hand.is_coup:
            strength = deck_for(state.players).trick_strength
            by_strength = sorted(plays, key=lambda d: strength[d.card])
            return by_strength[-1] if hand.coup_player == plays[0].seat else by_strength[0]
    return rng.choice(legal)


def check_francs_conserved(state: State) -> None:
    assert sum(state.money) + state.treasury == STARTING_CASH * state.players
    assert all(cash >= 0 for cash in state.money) and state.treasury >= 0
    pairs = [(debt.debtor, debt.lender) for debt in state.debts]
    assert len(pairs) == len(set(pairs))
    assert all(debt.owed > 0 and debt.debtor != debt.lender for debt in state.debts)
    assert sum(state.all_worth()) == sum(state.money)  # every debt owed is owed to someone


def play_checked(spec: GameSpec) -> Match:
    options = RULES.parse_options({"players": spec.players, "short_game": spec.short_game})
    match = Match(RULES, options, chance=seeded_chance(RULES, spec.seed))
    rng = random.Random(spec.seed)
    while not match.pending.over:
        check_francs_conserved(match.state)
        match.submit(choose(match.state, list(match.legal()), rng, spec.policy))
    check_francs_conserved(match.state)
    return match


@settings(max_examples=40, deadline=None)
@given(game_specs)
def test_random_complete_games_keep_the_francs_and_play_every_round(spec: GameSpec) -> None:
    match = play_checked(spec)
    hands_per_round = 3 if spec.short_game else 6
    assert match.state.winners
    assert len(match.state.played_this_round) == hands_per_round
    assert match.state.round_index == spec.players - 1
