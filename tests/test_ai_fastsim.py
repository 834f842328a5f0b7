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
