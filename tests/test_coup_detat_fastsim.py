"""The fast simulator plays the engine's rules: from positions of real games, the two play
the same moves side by side, agreeing on every legal move, whose turn it is, and at the
end on the coup, the hidden coup and every penalty."""

from __future__ import annotations

import random

import pytest
from test_coup_detat_ai_knowledge import positions

from game.ai.card_play import NO_SUIT, PASS, STOP
from game.cards import Card
from game.games import get_ruleset
from game.games.coup_detat.ai.fastsim import Care, Hand
from game.games.coup_detat.ai.fastsim_tables import tables
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.decisions import Pass, PlayCard, StopRun
from game.games.coup_detat.rules.state import SUIT_INDEX, Phase, State

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


def played_card_by_card(sim: Hand, rng: random.Random, care: Care) -> list[float]:
    """`play_out` as the plain steps would play it: legal_cards, then play, with the same
    draws, for the play-out's inner loop to be held to."""
    draw = rng.random
    choose = (None if care is Care.NONE or (care is Care.VICTIMS and sim.coup_player >= 0)
              else sim._pursuing_player(draw) if sim.coup_player >= 0
              else sim._cautious_player(draw, everyone=care is Care.EVERYONE))
    coup = tables(sim.players).coup
    while sim.tricks_done < tables(sim.players).tricks:
        cards = sim.legal_cards()
        chosen = choose(cards) if choose else None
        card = cards[int(draw() * len(cards))] if chosen is None else chosen
        sim.play(card, int(draw() * 4) if card == coup and not sim.trick else NO_SUIT)
    return sim.payoff()


@pytest.mark.parametrize("care", list(Care))
def test_the_playouts_inner_loop_plays_as_the_plain_steps_do(care: Care) -> None:
    checked = 0
    for state in [*positions(4, False, 52, every=2), *positions(3, True, 53, every=2)]:
        if state.phase is not Phase.PLAY or state.hand.hand_type.value == "dominos":
            continue
        fast, plain = Hand.from_state(state), Hand.from_state(state)
        assert fast.play_out(random.Random(checked), care) == played_card_by_card(
            plain, random.Random(checked), care)
        assert fast == plain
        checked += 1
    assert checked > 40


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


@pytest.mark.parametrize("care", [Care.VICTIMS, Care.EVERYONE])
def test_mindful_playouts_finish_the_hand_with_the_gains_balanced(care: Care) -> None:
    rng = random.Random(care)
    checked = 0
    for state in positions(4, False, 47, every=5):
        if state.phase is not Phase.PLAY:
            continue
        sim = Hand.from_state(state)
        gains = sim.play_out(rng, care)
        assert all(not cards for cards in sim.hands) or sim.hand_type.value == "dominos"
        succeeded, hidden, _ = sim.outcome()
        coup_won = succeeded is True or hidden is not None
        assert sum(gains) == pytest.approx(state.treasury if coup_won else 0)
        checked += 1
    assert checked > 20


def test_mindful_victims_pay_less_than_at_random_unless_the_director_ducks_too() -> None:
    """Penalties are the cards taken: when the victims duck, the Director (at random) takes
    more of them; when he ducks too, the victims are left with them."""
    rng = random.Random(5)
    states = director_hands(48) + director_hands(49)
    assert len(states) >= 4
    paid = dict.fromkeys(Care, 0.0)
    for state in states:
        for care in Care:
            for _ in range(200):
                sim = Hand.from_state(state)
                sim.play_out(rng, care)
                paid[care] += sum(sim.outcome()[2])
    assert paid[Care.VICTIMS] < 0.9 * paid[Care.NONE]
    assert paid[Care.EVERYONE] > paid[Care.VICTIMS]


def a_coup_hand() -> Hand:
    """A coup hand of tricks at its first card, in the simulator."""
    for state in positions(4, False, 51, every=1):
        hand = state.hand
        if (state.phase is Phase.PLAY and hand is not None and hand.coup_player is not None
                and hand.tricks is not None and not hand.tricks.done
                and not hand.tricks.plays):
            return Hand.from_state(state)
    raise AssertionError("no coup in the game")


def deal_for_a_coup(coup_player: int, to_act: int) -> Hand:
    sim = a_coup_hand()
    number = tables(4).number
    sim.coup_player, sim.to_act = coup_player, to_act
    sim.hands = [[number[Card.parse(card)] for card in cards.split()] for cards in
                 ("AS 9S 7H", "KS JS 8H", "10S 8S 9H", "QS 7S 10H")]
    return sim


def lay_trick(sim: Hand, leader: int, cards: str) -> None:
    """The trick so far: `cards` played from `leader` on."""
    played = [Card.parse(card) for card in cards.split()]
    sim.trick = [tables(sim.players).number[card] for card in played]
    sim.leader, sim.led = leader, SUIT_INDEX[played[0].suit]


def test_a_coups_player_leads_his_strongest_card_and_takes_tricks_cheaply() -> None:
    t, number = tables(4), tables(4).number
    sim = deal_for_a_coup(coup_player=0, to_act=0)
    assert sim._pursuing(sim.legal_cards(), t) == number[Card.parse("AS")]
    sim = deal_for_a_coup(coup_player=1, to_act=1)
    lay_trick(sim, leader=0, cards="9S")
    assert sim._pursuing(sim.legal_cards(), t) == number[Card.parse("JS")]


def test_the_others_take_the_trick_from_the_coups_player_or_play_low() -> None:
    t, number = tables(4), tables(4).number
    sim = deal_for_a_coup(coup_player=0, to_act=2)
    lay_trick(sim, leader=0, cards="9S JS")
    assert sim._pursuing(sim.legal_cards(), t) == number[Card.parse("8S")], \
        "another is winning the trick: nothing to stop, the weakest goes"
    lay_trick(sim, leader=0, cards="KS JS")
    assert sim._pursuing(sim.legal_cards(), t) == number[Card.parse("10S")], \
        "the coup's player is winning: the 10 (above the King) takes it from him"
