"""Hard's belief over the cards it cannot see in the bluffing games
(game/games/coup/ai/belief.py): the rules keep a public record of the round, and the deals
Hard imagines follow it. A claim nobody challenged makes its character likelier in the
claimant's hand; a claim challenged and proven sends the card back to the deck, so the
belief falls back to what the unseen cards alone say; a claim caught makes it unlikely."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.games import get_ruleset
from game.games.coup.ai.belief import LIMIT, NO_BELIEF, Evidence, belief
from game.games.coup.ai.worlds import BLUFF_LIKELIHOOD, resample
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decide import decide
from game.games.coup.rules.decisions import (
    Allow,
    Challenge,
    Decision,
    Lose,
    Reveal,
    Shuffle,
    TakeAction,
)
from game.games.coup.rules.state import Heard, Phase, Said, State

RULES = get_ruleset("coup")
HARD, CLAIMANT, DOUBTER, OTHER = 0, 1, 2, 3
DUKE, CAPTAIN, CONTESSA = Character.DUKE, Character.CAPTAIN, Character.CONTESSA
ASSASSIN, AMBASSADOR = Character.ASSASSIN, Character.AMBASSADOR
TRIALS = 4000


def table(claimant_hand: tuple[Character, ...]) -> State:
    """Four players, the claimant (seat 1) to act; Hard (seat 0) holds no Duke."""
    deck = [DUKE] * 3 + [CAPTAIN] * 3 + [CONTESSA] * 3 + [ASSASSIN] * 3 + [AMBASSADOR] * 3
    for character in claimant_hand:
        deck.remove(character)
    hands = [(CAPTAIN, CONTESSA), claimant_hand, (ASSASSIN, AMBASSADOR), (CAPTAIN, ASSASSIN)]
    for seat in (HARD, DOUBTER, OTHER):
        for character in hands[seat]:
            deck.remove(character)
    state = RULES.new_game(RULES.parse_options({"players": 4}))
    return dataclasses.replace(state, phase=Phase.ACTION, to_act=CLAIMANT, hands=tuple(hands),
                               revealed=((),) * 4, coins=(2,) * 4, deck=tuple(deck),
                               round_wins=(0,) * 4)


def played(state: State, *decisions: Decision) -> State:
    """The state after each decision (each legal), the deck shuffled whenever due."""
    rng = random.Random(5)
    for decision in decisions:
        assert decision in RULES.legal(state), decision
        state = decide(state, decision).state
        while state.shuffle_due:
            deck = Shuffle(tuple(rng.sample(state.deck, len(state.deck))))
            state = decide(state, deck).state
    return state


def holding_duke(state: State, evidence: object = None) -> float:
    """How often Hard imagines the claimant holding a Duke."""
    view = RULES.view(state, HARD)
    rng = random.Random(11)
    found = [resample(view, rng, evidence=evidence)  # type: ignore[arg-type]
             for _ in range(TRIALS)]
    return sum(DUKE in position.hands[CLAIMANT] for position in found) / TRIALS


TAX = TakeAction(CLAIMANT, Action.TAX)


def test_a_claim_nobody_challenged_makes_its_character_likelier() -> None:
    after = played(table((DUKE, CAPTAIN)), TAX, Allow(DOUBTER), Allow(OTHER), Allow(HARD))
    assert after.heard == (Heard(CLAIMANT, Said.CLAIMED, DUKE),
                           *(Heard(seat, Said.LET_PASS, DUKE) for seat in (DOUBTER, OTHER,
                                                                           HARD)))
    blind = holding_duke(after, NO_BELIEF)
    believed = holding_duke(after)
    assert believed > blind + 0.2
    # Bayes: a claim without the card is BLUFF_LIKELIHOOD times as likely as with it
    expected = blind / (blind + (1 - blind) * BLUFF_LIKELIHOOD)
    assert believed == pytest.approx(expected, abs=0.06)


def test_a_claim_challenged_and_proven_leaves_the_belief_where_the_cards_put_it() -> None:
    after = played(table((DUKE, CAPTAIN)), TAX, Challenge(DOUBTER), Reveal(CLAIMANT, DUKE),
                   Lose(DOUBTER, ASSASSIN))
    assert [entry.said for entry in after.heard] == [Said.CLAIMED, Said.CHALLENGED,
                                                     Said.PROVEN]
    assert after.phase is Phase.ACTION, "the tax was taken, the turn is over"
    blind = holding_duke(after, NO_BELIEF)
    assert holding_duke(after) == pytest.approx(blind, abs=0.03), \
        "the Duke shown went back to the deck: the new card is anyone's guess"
    unchallenged = played(table((DUKE, CAPTAIN)), TAX, Allow(DOUBTER), Allow(OTHER),
                          Allow(HARD))
    assert holding_duke(after) < holding_duke(unchallenged) - 0.2


def test_a_claim_caught_makes_its_character_unlikely() -> None:
    after = played(table((CAPTAIN, AMBASSADOR)), TAX, Challenge(DOUBTER),
                   Lose(CLAIMANT, AMBASSADOR))
    assert after.heard[-1] == Heard(CLAIMANT, Said.CAUGHT, DUKE)
    assert holding_duke(after) < holding_duke(after, NO_BELIEF) / 4


def test_an_action_not_blocked_makes_its_blockers_less_likely() -> None:
    steal = TakeAction(CLAIMANT, Action.STEAL, DOUBTER)
    after = played(table((CAPTAIN, AMBASSADOR)), steal, Allow(DOUBTER), Allow(OTHER),
                   Allow(HARD), Allow(DOUBTER))
    assert after.heard[-1] == Heard(DOUBTER, Said.NOT_BLOCKED, action=Action.STEAL)
    said = belief(RULES.view(after, HARD))[DOUBTER]
    assert said[CAPTAIN].odds(BLUFF_LIKELIHOOD) < 1 and said[AMBASSADOR].odds(0.35) < 1


def test_an_exchange_weakens_what_was_said_of_the_hand() -> None:
    claim = (Heard(CLAIMANT, Said.CLAIMED, DUKE),)
    view = RULES.view(dataclasses.replace(table((DUKE, CAPTAIN)), heard=claim), HARD)
    exchanged = dataclasses.replace(view, heard=(*claim, Heard(CLAIMANT, Said.EXCHANGED)))
    before = belief(view)[CLAIMANT][DUKE].odds(BLUFF_LIKELIHOOD)
    after = belief(exchanged)[CLAIMANT][DUKE].odds(BLUFF_LIKELIHOOD)
    assert 1 < after < before


def test_hard_reads_no_record_of_its_own_and_no_ratio_beyond_the_limit() -> None:
    heard = (Heard(HARD, Said.CLAIMED, DUKE),
             *(Heard(CLAIMANT, Said.CHALLENGED, CAPTAIN) for _ in range(20)))
    view = RULES.view(dataclasses.replace(table((DUKE, CAPTAIN)), heard=heard), HARD)
    found = belief(view)
    assert HARD not in found
    assert found[CLAIMANT][CAPTAIN].odds(1.0) == LIMIT
    assert Evidence(claimed=1.0).odds(1 / (2 * LIMIT)) == LIMIT
