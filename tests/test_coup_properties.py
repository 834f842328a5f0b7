"""Properties of random complete matches of both bluffing games, checked at every
decision: the 15 cards accounted for, coins never negative, a living player always has a
legal decision, views that never show another player's face-down cards (nor the deck),
undo then redo; and at the end replay and save/load giving the same state. Also: a player
is out only with every life lost, and undo never takes back a look at hidden cards."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from property_kit import check_undo_then_redo_is_identity

from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup.rules.state import State
from game.games.coup.rules.view import CoupView
from game.services.catalogue import CATALOGUE


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


def check_cards_accounted_for(state: State) -> None:
    if not state.hands:
        return
    cards: Counter = Counter(state.deck) + Counter(state.out_of_game)
    for hand, revealed in zip(state.hands, state.revealed, strict=True):
        cards.update(hand)
        cards.update(revealed)
    assert cards == Counter(state.variant.deck)


def check_coins(state: State) -> None:
    assert all(coins >= 0 for coins in state.coins)


def check_views_keep_secrets(state: State, rules: object) -> None:
    for seat in (*range(state.players), None):
        view: CoupView = rules.view(state, seat)  # type: ignore[attr-defined]
        assert view.hand == (state.hands[seat] if seat is not None and state.hands else ())
        assert not hasattr(view, "deck") and not hasattr(view, "hands")
        turn = state.turn
        if view.turn is not None and turn is not None:
            if view.turn.shown is not None:
                assert seat in (turn.actor, turn.target)
            if view.turn.drawn:
                assert seat in (turn.actor, turn.target)
                assert Counter(view.turn.drawn) <= Counter(state.hands[seat])


def check_lives(state: State) -> None:
    """A player is out only once every life is lost: 5 with Five lives, else 2."""
    lives = 5 if state.two_player_rules and state.options.five_lives else 2
    for seat in range(state.players):
        if state.hands and not state.alive(seat):
            assert len(state.revealed[seat]) == lives


def check_replay_and_save(match: Match) -> None:
    rules = match.ruleset
    replayed = Match.replay(rules, match.options, match.decisions)
    assert replayed.state == match.state and replayed.events == match.events
    folded = rules.new_game(match.options)
    for event in match.events:
        folded = rules.apply(folded, event)
    assert folded == match.state
    seats = tuple(saves.Seat(f"P{seat}", "computer", "random") for seat in range(match.players))
    loaded = saves.from_json(json.loads(json.dumps(saves.to_json(match, seats))),
                             catalogue=CATALOGUE)
    assert loaded.match.state == match.state and loaded.seats == seats


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
    step = 0
    while not (pending := match.pending).over:
        state = match.state
        check_cards_accounted_for(state)
        check_coins(state)
        check_views_keep_secrets(state, rules)
        check_lives(state)
        assert pending.seat is not None, "chance must have acted"
        assert state.alive(pending.seat), "only a living player decides"
        legal = list(match.legal())
        assert legal, "a living player always has a legal decision"
        assert all(decision.seat == pending.seat for decision in legal)
        if step % 7 == 3 and match.can_undo(pending.seat):
            check_undo_then_redo_is_identity(match, pending.seat)
        if step == 60:
            check_replay_and_save(match)
        match.submit(rng.choice(legal))
        step += 1
    check_the_end(match.state)
    check_replay_and_save(match)
    assert not match.legal()
    return match


@settings(max_examples=150, deadline=None)
@given(match_specs)
def test_random_complete_matches_keep_every_invariant(spec: MatchSpec) -> None:
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
