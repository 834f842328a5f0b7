"""Properties of random complete matches of both bluffing games alone, checked at every
decision: coins never negative, a player out only with every life lost, only a living player
deciding, a view showing its seat its own face-down cards and the cards it drew; and at the
end the round wins. Also: undo never takes back a look at hidden cards. What every game
keeps (cards accounted for, views keeping secrets, undo, replay and save) is
tests/test_contract.py's."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup.rules.state import State
from game.games.coup.rules.view import CoupView


@dataclass(frozen=True)
class MatchSpec:
    ruleset: str
    players: int
    seed: int
    rounds: int
    alternative_deal: bool
    call_the_coup: bool
    five_lives: bool


match_specs = st.builds(
    MatchSpec, ruleset=st.sampled_from(["coup", "coup-inquisitor"]),
    players=st.integers(2, 6), seed=st.integers(0, 2**32), rounds=st.integers(1, 3),
    alternative_deal=st.booleans(), call_the_coup=st.booleans(), five_lives=st.booleans())


# The checks --------------------------------------------------------------------------------


def check_coins(state: State) -> None:
    assert all(coins >= 0 for coins in state.coins)


def check_views_show_their_own_cards(state: State, rules: object) -> None:
    for seat in range(state.players):
        view: CoupView = rules.view(state, seat)  # type: ignore[attr-defined]
        assert view.hand == (state.hands[seat] if state.hands else ())
        if view.turn is not None and view.turn.drawn:
            assert Counter(view.turn.drawn) <= Counter(state.hands[seat])


def check_lives(state: State) -> None:
    """A player is out only once every life is lost: 5 with Five lives, else 2."""
    lives = 5 if state.two_player_rules and state.options.five_lives else 2
    for seat in range(state.players):
        if state.hands and not state.alive(seat):
            assert len(state.revealed[seat]) == lives


def check_the_end(state: State) -> None:
    assert sum(state.round_wins) == state.options.rounds
    most = max(state.round_wins)
    assert state.winners == tuple(s for s, w in enumerate(state.round_wins) if w == most)
    assert len(state.living) == 1


# The games ---------------------------------------------------------------------------------


def play_checked(spec: MatchSpec) -> Match:
    rules = get_ruleset(spec.ruleset)
    options = rules.parse_options({
        "players": spec.players, "rounds": spec.rounds,
        "alternative_deal": spec.alternative_deal, "call_the_coup": spec.call_the_coup,
        "five_lives": spec.five_lives})
    match = Match(rules, options, chance=seeded_chance(rules, spec.seed))
    rng = random.Random(spec.seed)
    while not (pending := match.pending).over:
        state = match.state
        check_coins(state)
        check_views_show_their_own_cards(state, rules)
        check_lives(state)
        assert pending.seat is not None and state.alive(pending.seat), \
            "only a living player decides"
        match.submit(rng.choice(list(match.legal())))
    check_the_end(match.state)
    return match


@settings(max_examples=150, deadline=None)
@given(match_specs)
def test_random_complete_matches_keep_coins_and_lives_and_end_as_the_rules_say(
        spec: MatchSpec) -> None:
    play_checked(spec)


def test_undo_never_goes_back_past_a_look_at_hidden_cards() -> None:
    rules = get_ruleset("coup")
    for seed in range(30):
        match = Match(rules, rules.parse_options({"players": 3}),
                      chance=seeded_chance(rules, seed))
        rng = random.Random(seed)
        while not match.pending.over:
            seat = match.pending.seat
            assert seat is not None
            point = match.undo_point(seat)
            if point is not None:
                later = range(point, len(match.turns))
                assert not any(rules.reveals(e) for i in later for e in match.events_of(i))
            match.submit(rng.choice(list(match.legal())))
