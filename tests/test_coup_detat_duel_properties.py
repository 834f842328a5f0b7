"""Properties of random complete games of Coup d'État for two, checked at every decision:
the 33 cards accounted for, points adding up to the hands played, a legal decision always
available, views that never show the other player's hand, his set-aside cards or the
Bastille, undo then redo; and at the end replay and save/load giving the same state."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from property_kit import cards_seen, check_undo_then_redo_is_identity

from game.cards import Card
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat_duel.rules.charts import DECK, HANDS_PER_ROUND, ROUNDS
from game.games.coup_detat_duel.rules.decisions import AnnounceCoup
from game.games.coup_detat_duel.rules.state import HandState, State, other
from game.services.catalogue import CATALOGUE

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


# The checks --------------------------------------------------------------------------------


def cards_of_the_hand(hand: HandState) -> Counter[Card]:
    """Every card wherever it is: hands, set aside, Bastille, tricks, layout."""
    cards: Counter[Card] = Counter(hand.bastille)
    for held, aside in zip(hand.hands, hand.set_aside, strict=True):
        cards.update(held)
        cards.update(aside)
    if hand.tricks is not None:
        cards.update(card for trick in hand.tricks.done for _, card in trick.plays)
        cards.update(card for _, card in hand.tricks.plays)
    if hand.dominoes is not None:
        cards.update(card for _, card in hand.dominoes.laid)
    return cards


def check_cards_accounted_for(state: State) -> None:
    if state.hand is not None:
        assert cards_of_the_hand(state.hand) == Counter(DECK)


def check_points_add_up(state: State) -> None:
    assert sum(state.points) == len(state.results)
    hands_played = state.round_index * HANDS_PER_ROUND + len(state.played_this_round)
    if not state.tiebreak:
        assert len(state.results) == hands_played
    assert len(set(state.played_this_round)) == len(state.played_this_round)


def check_views_keep_secrets(state: State) -> None:
    hand = state.hand
    if hand is None:
        return
    for seat in (0, 1, None):
        seen = set(cards_seen(RULES.view(state, seat)))
        hidden = set(hand.bastille)
        for owner in (0, 1):
            if owner != seat:
                hidden |= {*hand.hands[owner], *hand.set_aside[owner]}
        assert not seen & hidden, f"seat {seat} sees {seen & hidden}"


def check_replay_and_save(match: Match) -> None:
    replayed = Match.replay(RULES, match.options, match.decisions)
    assert replayed.state == match.state and replayed.events == match.events
    folded = RULES.new_game(match.options)
    for event in match.events:
        folded = RULES.apply(folded, event)
    assert folded == match.state
    seats = (saves.Seat("Ada", "human"), saves.Seat("Bob", "computer", "random"))
    loaded = saves.from_json(json.loads(json.dumps(saves.to_json(match, seats))),
                             catalogue=CATALOGUE)
    assert loaded.match.state == match.state and loaded.seats == seats


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


# The games ---------------------------------------------------------------------------------


def play_checked(spec: GameSpec) -> Match:
    match = Match(RULES, RULES.parse_options({"players": 2}),
                  chance=seeded_chance(RULES, spec.seed))
    rng = random.Random(spec.seed)
    step = 0
    while not (pending := match.pending).over:
        state = match.state
        check_cards_accounted_for(state)
        check_points_add_up(state)
        check_views_keep_secrets(state)
        assert pending.seat is not None, "chance must have acted"
        legal = list(match.legal())
        assert legal, "a state that is not final has a legal decision"
        assert all(decision.seat == pending.seat for decision in legal)
        if step % 17 == 5 and match.can_undo(pending.seat):
            check_undo_then_redo_is_identity(match, pending.seat)
        if step == 150:
            check_replay_and_save(match)
        match.submit(choose(legal, rng, spec.policy))
        step += 1
    check_the_end(match.state)
    check_round_two_starts_with_the_other_player(match)
    check_replay_and_save(match)
    assert not match.legal()
    return match


@settings(max_examples=30, deadline=None)
@given(game_specs)
def test_random_complete_games_keep_every_invariant(spec: GameSpec) -> None:
    play_checked(spec)
