"""The Hard player: a legal decision always, fair sampling, a reasoned hint, two processes."""

from __future__ import annotations

import random

import pytest
from test_coup_detat_ai_knowledge import positions
from test_coup_detat_ai_players import other_hidden_deal

from game.ai.levels import ALL_LEVELS, make_player
from game.ai.search import search
from game.ai.search.estimate import Estimate
from game.ai.search.hidden import sample
from game.games import get_ruleset
from game.games.coup_detat.ai.fastsim import Care, Hand
from game.games.coup_detat.ai.hard import HardPlayer, Playouts, _value_of
from game.games.coup_detat.ai.knowledge import knowledge
from game.games.coup_detat.rules.events import HandEnded
from game.games.coup_detat.rules.state import Phase

RULES = get_ruleset("coup-detat")


def decisions_to_try(count: int, seed: int):  # type: ignore[no-untyped-def]
    found = 0
    for state in positions(4, False, seed, every=3):
        seat = RULES.pending(state).seat
        if seat is not None and len(RULES.legal(state)) > 1:
            yield state, seat
            found += 1
            if found == count:
                return


def test_hard_always_chooses_a_legal_decision() -> None:
    player = HardPlayer(1, budget=0.01, workers=1)
    for state, seat in decisions_to_try(60, 51):
        legal = RULES.legal(state)
        assert player.decide(RULES.view(state, seat), legal) in legal


def test_hard_imagines_the_same_deals_whatever_the_hidden_cards() -> None:
    """Its guesses come from its view alone: redealing the cards it cannot see changes
    neither the deals it imagines nor its estimate."""
    rng = random.Random(2)
    for state, seat in decisions_to_try(25, 52):
        other = other_hidden_deal(state, seat, rng)
        seen, seen_other = RULES.view(state, seat), RULES.view(other, seat)
        assert seen == seen_other
        guesses = [sample(knowledge(seen), random.Random(9)) for _ in range(3)]
        guesses_other = [sample(knowledge(seen_other), random.Random(9)) for _ in range(3)]
        assert guesses == guesses_other
        legal = tuple(RULES.legal(state))
        assert search(Playouts.of(seen), legal, 7, 10.0, max_worlds=20) == \
            search(Playouts.of(seen_other), legal, 7, 10.0, max_worlds=20)


def test_a_hint_says_what_and_why() -> None:
    player = HardPlayer(3, budget=0.05, workers=1)
    state, seat = next(decisions_to_try(1, 53))
    legal = RULES.legal(state)
    decision, reason = player.advise(RULES.view(state, seat), legal)
    assert decision in legal
    assert "deals consistent with what you have seen" in reason and " F" in reason


def test_a_hint_counts_its_deals_with_thousands_separated() -> None:
    player = HardPlayer(3, budget=0.05, workers=1)
    state, _ = next(decisions_to_try(1, 53))
    first, second = RULES.legal(state)[:2]
    found = Estimate((first, second), totals=(-143.0 * 2055, -147.0 * 2055), worlds=2055)
    reason = player.explain(found, [0, 1])
    assert reason.startswith("Over 2,055 deals consistent") and "-143 F" in reason


def test_two_processes_share_the_search() -> None:
    player = HardPlayer(4, budget=0.2, workers=2)
    state, seat = next(decisions_to_try(1, 54))
    found = player.think(RULES.view(state, seat), RULES.legal(state))
    player.close()
    assert found.worlds >= 2 and found.best() in RULES.legal(state)


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_can_be_made(level: str) -> None:
    player = make_player(level, 1, budget=0.01, workers=1)
    state, seat = next(decisions_to_try(1, 55))
    assert player.decide(RULES.view(state, seat), RULES.legal(state)) in RULES.legal(state)


def test_an_unknown_level_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="no level 'grandmaster'"):
        make_player("grandmaster")


@pytest.mark.parametrize("care", list(Care))
def test_a_card_is_valued_in_the_simulator_as_the_engine_then_the_simulator_value_it(
        care: Care) -> None:
    """Once the cards are played, Hard plays each decision in the fast simulator instead
    of the engine: the same francs from the same dice, except where the card ends the
    hand (the simulator then settles it as every play-out does)."""
    compared = 0
    for state in positions(4, False, 55, every=2):
        seat = RULES.pending(state).seat
        if state.phase is not Phase.PLAY or seat is None:
            continue
        policy = Playouts.of(RULES.view(state, seat), care)
        world = Hand.from_state(state)
        for number, decision in enumerate(RULES.legal(state)):
            if any(isinstance(event, HandEnded) for event in RULES.decide(state, decision).events):
                continue
            fast = policy.value(world, decision, random.Random(number))
            assert fast == _value_of(state, decision, seat, random.Random(number), care)
            compared += 1
    assert world == Hand.from_state(state), "each decision is played on a copy"
    assert compared > 100
