"""Properties of random matches at two tables (six to eight players, full and short),
checked at every decision of either table: each table keeps its own cards and francs (money
never crosses between tables); and, in the middle and at the end, each table's decisions
replay to the same game and a save loads back to the same match."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from test_contract import check_cards_accounted_for
from test_coup_detat_properties import check_francs_conserved, choose

from game.engine import saves
from game.engine.match import Match
from game.engine.tables import TablesMatch
from game.games import get_game
from game.services.catalogue import CATALOGUE
from game.services.tables import sizes_for, standings, winners

GAME = get_game("coup-detat")
RULES = GAME.ruleset


@dataclass(frozen=True)
class MatchSpec:
    players: int
    short_game: bool
    seed: int
    policy: str  # as in test_coup_detat_properties: "random", or "coups" (coups and loans frequent)
    save_at: int  # the decision, counted over both tables, after which a save is checked


match_specs = st.builds(
    MatchSpec,
    players=st.sampled_from([6, 7, 8]),
    short_game=st.booleans(),
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(["random", "coups"]),
    save_at=st.integers(0, 600),
)


def check_replay(match: TablesMatch) -> None:
    """Each table's decisions, replayed alone, give the same game."""
    for game in match.matches:
        replayed = Match.replay(RULES, game.options, game.decisions)
        assert replayed.state == game.state
        assert replayed.events == game.events


def check_save_and_load(match: TablesMatch) -> None:
    seats = tuple(saves.Seat(f"Player {seat}") for seat in range(match.players))
    loaded = saves.from_json(json.loads(saves.dumps(match, seats)), catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedTables)
    assert loaded.seats == seats and loaded.over == match.over
    again = loaded.tables
    assert again.split == match.split and again.options == match.options
    assert [game.options for game in again.matches] == [game.options for game in match.matches]
    assert [game.state for game in again.matches] == [game.state for game in match.matches]
    assert standings(again) == standings(match)


def play_checked(spec: MatchSpec) -> TablesMatch:
    match = TablesMatch.new(RULES, {"players": spec.players, "short_game": spec.short_game},
                            sizes_for(RULES.id, spec.players), seed=spec.seed)
    rng = random.Random(spec.seed)
    step = 0
    while not match.over:
        game = rng.choice([game for game in match.matches if not game.pending.over])
        others = [other.state for other in match.matches if other is not game]
        game.submit(choose(game.state, list(game.legal()), rng, spec.policy))
        check_cards_accounted_for(GAME, game.state)
        check_francs_conserved(game.state)
        assert [other.state for other in match.matches if other is not game] == others
        if step == spec.save_at:
            check_replay(match)
            check_save_and_load(match)
        step += 1
    check_replay(match)
    check_save_and_load(match)
    return match


@settings(max_examples=30, deadline=None)
@given(match_specs)
def test_random_matches_at_two_tables_keep_every_invariant(spec: MatchSpec) -> None:
    match = play_checked(spec)
    hands = 3 if spec.short_game else 6
    for game in match.matches:
        assert game.state.winners and not game.legal()
        assert game.state.round_index == game.players - 1
        assert len(game.state.played_this_round) == hands
    best = max(standing.score for standing in standings(match))
    assert winners(match) and all(standing.score == best for standing in standings(match)
                                  if standing.seat in winners(match))
