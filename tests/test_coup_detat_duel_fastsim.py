"""The fast simulator of the game for two plays the engine's rules: side by side with the
engine over random games, the same choices at every step and the same winner of each hand."""

from __future__ import annotations

import random

import pytest

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat_duel.ai.fastsim import JOKER_NUMBER, NO_SUIT, NUMBER, DuelHand, move_of
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import HandType
from game.games.coup_detat_duel.rules.state import Phase

RULES = get_ruleset("coup-detat-duel")


def fast_moves(sim: DuelHand) -> set[tuple[int, int]]:
    if sim.hand_type is HandType.DOMINOES:
        naming = sim.start < 0
        return {(c, s) for c in sim.dominoes_choices()
                for s in (range(4) if naming and c == JOKER_NUMBER else [NO_SUIT])}
    leading = not sim.trick
    return {(c, s) for c in sim.legal_cards()
            for s in (sim.joker_suits() if leading and c == JOKER_NUMBER else [NO_SUIT])}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_fast_simulator_plays_the_engines_rules(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(RULES, RULES.parse_options({"players": 2}), chance=seeded_chance(RULES, seed))
    sim: DuelHand | None = None
    hands = 0
    while not match.pending.over:
        state = match.state
        legal = match.legal()
        if state.phase is not Phase.PLAY:
            sim = None
            match.submit(rng.choice(legal))
            continue
        if sim is None:
            sim = DuelHand.from_state(state)
        assert sim.to_act == state.hand.to_act
        engine_moves = {move_of(d) for d in legal}
        assert fast_moves(sim) == engine_moves
        assert fast_moves(DuelHand.from_state(state)) == engine_moves  # loaded mid-hand
        decision = rng.choice(legal)
        events = match.submit(decision)
        sim.apply(move_of(decision))
        won = [e for e in events if isinstance(e, ev.HandWon)]
        if won:
            assert sim.over() and sim.winner() == won[0].seat
            hands += 1
            sim = None
        else:
            assert not sim.over()
            assert sorted(map(sorted, sim.hands)) == sorted(
                sorted(NUMBER[c] for c in cards) for cards in match.state.hand.hands)
    assert hands >= 12


def test_a_playout_ends_with_one_winner() -> None:
    match = Match(RULES, RULES.parse_options({"players": 2}), chance=seeded_chance(RULES, 9))
    rng = random.Random(9)
    while match.state.phase is not Phase.PLAY:
        match.submit(rng.choice(match.legal()))
    sim = DuelHand.from_state(match.state)
    winners = {sim.clone().play_out(random.Random(n)) for n in range(50)}
    assert winners == {0, 1}, "a clone plays on alone, and either may win"
    assert DuelHand.from_state(match.state) == sim
