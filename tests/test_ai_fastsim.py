"""The fast simulator plays the engine's rules: from positions of real games, the two play
the same moves side by side, agreeing on every legal move, whose turn it is, and at the
end on the coup, the hidden coup and every penalty."""

from __future__ import annotations

import random

import pytest
from test_ai_knowledge import positions

from game.ai.card_play import NO_SUIT, PASS, STOP
from game.ai.coup_detat.fastsim import Hand, tables
from game.games import get_ruleset
from game.rules.coup_detat import events as ev
from game.rules.coup_detat.decisions import Pass, PlayCard, StopRun
from game.rules.coup_detat.state import SUIT_INDEX, Phase, State

RULES = get_ruleset("coup-detat")


def fast_legal(sim: Hand) -> set[int]:
    if sim.hand_type.value != "dominos":
        return set(sim.legal_cards())
    moves = set(sim.layable_cards(sim.to_act))
    if sim.runner == sim.to_act:
        moves.add(STOP)
    elif not moves:
        moves.add(PASS)
    return moves


def engine_legal(state: State) -> set[int]:
    numbers = tables(state.players).number
    moves = set()
    for decision in RULES.legal(state):
        if isinstance(decision, PlayCard):
            moves.add(numbers[decision.card])
        elif isinstance(decision, Pass):
            moves.add(PASS)
        elif isinstance(decision, StopRun):
            moves.add(STOP)
    return moves


def play_side_by_side(state: State, rng: random.Random) -> None:
    sim = Hand.from_state(state)
    numbers = tables(state.players).number
    while True:
        assert sim.to_act == state.hand.to_act
        assert fast_legal(sim) == engine_legal(state)
        decision = rng.choice(RULES.legal(state))
        decided = RULES.decide(state, decision)
        if isinstance(decision, PlayCard) and sim.hand_type.value != "dominos":
            suit = SUIT_INDEX[decision.suit] if decision.suit else NO_SUIT
            sim.play(numbers[decision.card], suit)
        else:
            sim.dominos_step(numbers[decision.card] if isinstance(decision, PlayCard)
                             else PASS if isinstance(decision, Pass) else STOP)
        if any(isinstance(event, ev.HandEnded) for event in decided.events):
            compare_outcomes(sim, decided.events)
            return
        state = decided.state


def compare_outcomes(sim: Hand, events: list) -> None:  # type: ignore[type-arg]
    succeeded, hidden, penalties = sim.outcome()
    if any(isinstance(e, ev.CoupSucceeded) for e in events):
        assert succeeded is True
    elif any(isinstance(e, ev.CoupFailed) for e in events):
        assert succeeded is False
    else:
        assert succeeded is None
    hidden_events = [e.seat for e in events if isinstance(e, ev.HiddenCoup)]
    assert hidden == (hidden_events[0] if hidden_events else None)
    paid = [0] * sim.players
    for event in events:
        if isinstance(event, ev.Paid) and event.reason is ev.Reason.PENALTY:
            paid[event.payer] += event.amount
    assert penalties == paid


@pytest.mark.parametrize(("players", "short_game", "seed"),
                         [(4, False, 41), (3, False, 42), (4, True, 43), (3, True, 44),
                          (4, False, 45)])
def test_the_fast_simulator_plays_the_engines_rules(players: int, short_game: bool,
                                                    seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in positions(players, short_game, seed, every=4):
        if state.phase is Phase.PLAY:
            play_side_by_side(state, rng)
            checked += 1
    assert checked > 40


def test_a_playouts_gains_balance_but_for_the_treasury_a_coup_takes() -> None:
    rng = random.Random(3)
    checked = 0
    for state in positions(4, False, 46, every=7):
        if state.phase is not Phase.PLAY:
            continue
        sim = Hand.from_state(state)
        gains = sim.play_out(rng)
        succeeded, hidden, _ = sim.outcome()
        coup_won = succeeded is True or hidden is not None
        assert sum(gains) == pytest.approx(state.treasury if coup_won else 0)
        checked += 1
    assert checked > 20


def director_hands(seed: int) -> list[State]:
    """Positions at the first card of Director's hands of tricks (no coup)."""
    found = []
    for state in positions(4, False, seed, every=1):
        hand = state.hand
        if (state.phase is Phase.PLAY and hand is not None and hand.coup_player is None
                and hand.tricks is not None and not hand.tricks.done
                and not hand.tricks.plays and hand.hand_type.value != "dominos"):
            found.append(state)
    return found


@pytest.mark.parametrize("careful", [1, 2])
def test_careful_playouts_finish_the_hand_with_the_gains_balanced(careful: int) -> None:
    rng = random.Random(careful)
    checked = 0
    for state in positions(4, False, 47, every=5):
        if state.phase is not Phase.PLAY:
            continue
        sim = Hand.from_state(state)
        gains = sim.play_out(rng, careful)
        assert all(not cards for cards in sim.hands) or sim.hand_type.value == "dominos"
        succeeded, hidden, _ = sim.outcome()
        coup_won = succeeded is True or hidden is not None
        assert sum(gains) == pytest.approx(state.treasury if coup_won else 0)
        checked += 1
    assert checked > 20


def test_careful_victims_pay_less_than_at_random_unless_the_director_ducks_too() -> None:
    """Penalties are the cards taken: when the victims duck, the Director (at random) takes
    more of them; when he ducks too (2), the victims are left with them."""
    rng = random.Random(5)
    states = director_hands(48) + director_hands(49)
    assert len(states) >= 4
    paid = {0: 0.0, 1: 0.0, 2: 0.0}
    for state in states:
        for careful in paid:
            for _ in range(200):
                sim = Hand.from_state(state)
                sim.play_out(rng, careful)
                paid[careful] += sum(sim.outcome()[2])
    assert paid[1] < 0.9 * paid[0] and paid[2] > paid[1]


def test_the_office_changing_hands_is_worth_its_value_for_each_hand_left() -> None:
    rng = random.Random(6)
    for state in positions(4, False, 50, every=1):
        hand = state.hand
        if state.phase is not Phase.PLAY or hand is None or hand.coup_player is None:
            continue
        for _ in range(200):
            cheap, dear = Hand.from_state(state), Hand.from_state(state)
            dear.office_value = cheap.office_value + 1000
            seed = rng.random()
            gains = [cheap.play_out(random.Random(seed)), dear.play_out(random.Random(seed))]
            if cheap.outcome()[0]:  # the coup succeeded: its player is Director now
                extra = 1000 * (cheap.hands_left - 1)
                seat = cheap.coup_player
                assert gains[1][seat] - gains[0][seat] == extra
                assert gains[1][cheap.director] - gains[0][cheap.director] == -extra
                return
    pytest.fail("no coup succeeded in the play-outs")
