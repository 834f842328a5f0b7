"""Hard in the bluffing games: the positions it imagines cannot be told from the real one
by its seat, follow the claims it has heard, and its search keeps Medium's choice unless
another is better beyond the noise; its hints give a reason."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from test_coup_ai_players import TABLES, positions

from game.ai.search import PairedEstimate, search
from game.games import get_ruleset
from game.games.coup.ai.cards import VARIANTS
from game.games.coup.ai.hard import HardPlayer, describe
from game.games.coup.ai.search import Knowledge, Playouts, play_out, standing
from game.games.coup.ai.worlds import resample, unseen_pool
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decisions import Allow, Challenge
from game.games.coup.rules.state import Phase, TurnState

SEARCHED = (Phase.ACTION, Phase.CHALLENGE, Phase.BLOCK)


def searched_positions(limit: int):
    """Positions of random games where a seat makes a decision Hard searches."""
    found = 0
    for number, (ruleset_id, players, options) in enumerate(TABLES * 10):
        rules = get_ruleset(ruleset_id)
        for state in positions(ruleset_id, players, options, 700 + number):
            seat = rules.pending(state).seat
            if seat is not None and state.phase in SEARCHED:
                yield rules, state, seat
                found += 1
                if found >= limit:
                    return


def test_an_imagined_position_looks_to_the_seat_exactly_like_the_real_one() -> None:
    rng = random.Random(3)
    checked = differed = 0
    for rules, state, seat in searched_positions(1000):
        seen = rules.view(state, seat)
        position = resample(seen, rng)
        assert rules.view(position, seat) == seen
        assert rules.legal(position) == rules.legal(state)
        assert Counter(c for hand in position.hands for c in hand) + Counter(position.deck) \
            + Counter(position.out_of_game) + Counter(c for cards in position.revealed
                                                       for c in cards) \
            == Counter(state.variant.deck), "the fifteen cards, each once"
        differed += position.hands != state.hands
        checked += 1
    assert checked == 1000 and differed > checked // 3


def test_the_unseen_cards_leave_out_the_hand_and_the_face_up_cards() -> None:
    for rules, state, seat in searched_positions(200):
        seen = rules.view(state, seat)
        pool = unseen_pool(seen, VARIANTS[seen.variant])
        hidden = Counter(c for other, hand in enumerate(state.hands) if other != seat
                         for c in hand) + Counter(state.deck) + Counter(state.out_of_game)
        assert +pool == hidden


def test_a_played_out_round_is_won_lost_or_judged_by_the_standing() -> None:
    rules = get_ruleset("coup")
    for state in positions("coup", 3, {}, 5):
        if state.phase is Phase.ACTION:
            value = play_out(state, 0, random.Random(1), {})
            assert 0.0 <= value <= 1.0
    last = list(positions("coup", 3, {}, 5))[-1]
    assert 0.0 < standing(last, last.living[0]) <= 1.0
    assert rules.pending(last).seat is not None


def test_another_decision_replaces_the_favourite_only_beyond_the_noise() -> None:
    choices = (Allow(0), Challenge(0))
    noisy = PairedEstimate(choices, totals=(5.0, 6.0), worlds=10, pairs=(9.0,))
    assert noisy.best() == Allow(0), "one more win in ten, with differences everywhere"
    clear = PairedEstimate(choices, totals=(5.0, 9.0), worlds=10, pairs=(4.0,))
    assert clear.best() == Challenge(0), "four more wins in ten, and no losses"
    merged = noisy.merged(clear)
    assert isinstance(merged, PairedEstimate)
    assert merged.worlds == 20 and merged.pairs == (13.0,)


def test_the_search_challenges_a_claim_it_can_see_is_false() -> None:
    """Every copy of the claimed Duke is in sight of the asker (two in his hand, one face
    up): each imagined position proves the claim a bluff, and Hard challenges."""
    rules = get_ruleset("coup")
    claimant, asker, third, duke = 0, 1, 2, Character.DUKE
    rest = [c for c in VARIANTS["coup"].deck if c is not duke]
    random.Random(4).shuffle(rest)
    state = rules.new_game(rules.parse_options({"players": 3}))
    state = dataclasses.replace(
        state, phase=Phase.CHALLENGE, to_act=asker,
        hands=((rest[0], rest[1]), (duke, duke), (rest[2],)),
        revealed=((), (), (duke,)), coins=(2, 2, 2), deck=tuple(rest[3:]),
        round_wins=(0, 0, 0),
        turn=TurnState(claimant, Action.TAX, claimant=claimant, claim=duke,
                       askers=(asker, third)))
    seen = rules.view(state, asker)
    allow, challenge = [Allow(asker), Challenge(asker)], list(rules.legal(state))
    assert set(allow) == set(challenge)
    for seed in range(3):
        found = search(Playouts(Knowledge(seen, {})), allow, seed, 60.0, 150)
        assert found.beats_favourite(1), "challenging beats letting it pass beyond the noise"
    assert HardPlayer(2, budget=60.0, workers=1, max_worlds=40).decide(seen, challenge) \
        == Challenge(asker)


def test_a_hint_names_the_decision_and_its_chances() -> None:
    rules = get_ruleset("coup-inquisitor")
    for rules, state, seat in searched_positions(40):
        legal = rules.legal(state)
        if len(legal) < 2:
            continue
        adviser = HardPlayer(1, budget=60.0, workers=1, max_worlds=4)
        decision, reason = adviser.advise(rules.view(state, seat), legal)
        assert decision in legal
        second = next(d for d in legal if d != decision and describe(d, decision)
                      in reason) if len(legal) > 1 else None
        assert "imagined deals" in reason and "%" in reason and second is not None
        return
    pytest.fail("no position with a choice")


def test_a_challenge_or_a_block_is_thought_over_more_briefly_than_a_turn() -> None:
    """Every other player answers a claim in turn: Hard's answer must not keep a full
    table waiting for seconds. A smaller budget than the window's is kept as it is."""
    from game.games.coup.ai.hard import WINDOW_BUDGET

    rules = get_ruleset("coup")
    seen_by_phase = {}
    for rules, state, seat in searched_positions(400):
        seen_by_phase.setdefault(state.phase, rules.view(state, seat))
    assert set(seen_by_phase) == set(SEARCHED)
    hard, quick = HardPlayer(1, budget=0.8, workers=1), HardPlayer(1, budget=0.05, workers=1)
    for phase, seen in seen_by_phase.items():
        known = Knowledge(seen, {})
        window = phase is not Phase.ACTION
        assert hard.budget_for(known) == (WINDOW_BUDGET if window else 0.8)
        assert quick.budget_for(known) == 0.05
