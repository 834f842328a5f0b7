"""The engine: decisions to events, the fold, undo and redo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import RULES, match_after

from game.engine.errors import IllegalMove
from game.engine.match import Match, seeded_chance
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.decisions import DeclineCoup, PlayCard

EXAMPLES = Path(__file__).parent / "conformance" / "coup-detat"

# Example 001's deal: s3 holds COUP; s0 is Director.
HANDS_001 = ("AD 10D KD QD JD 9D 8D 7C", "AH 10H KH QH JH 9H 8H 7H",
             "AC 10C KC QC JC 9C 8C 7S", "AS 10S KS QS JS 9S 8S COUP")
DEAL_001 = (HANDS_001, "7D")
OPENING = [{"seat": 3, "decline": True}, {"seat": 0, "choose": "barbu"},
           {"seat": 0, "play": "7C"}, {"seat": 1, "play": "KH"}]


def test_state_is_the_fold_of_the_events() -> None:
    match = match_after(4, [DEAL_001], OPENING)
    state = RULES.new_game(match.options)
    for event in match.events:
        state = RULES.apply(state, event)
    assert state == match.state


def test_a_refused_decision_changes_nothing() -> None:
    match = match_after(4, [DEAL_001], OPENING)
    before = (match.state, list(match.events), len(match.turns))
    with pytest.raises(IllegalMove, match="follow suit"):
        match.submit(PlayCard(2, RULES.decision_from_json({"seat": 2, "play": "7S"}).card))
    assert (match.state, match.events, len(match.turns)) == before


def test_undo_goes_back_before_the_seats_previous_decision() -> None:
    match = match_after(4, [DEAL_001], OPENING)
    seat_0_played = match.turns[-2]  # 7C; seat 1's KH came after it
    assert seat_0_played.decision == RULES.decision_from_json(OPENING[2])
    assert match.undo(0)
    assert match.state is seat_0_played.state_before
    assert match.turns[-1].decision == RULES.decision_from_json(OPENING[1])
    assert match.pending.seat == 0


def test_undo_never_goes_past_a_deal() -> None:
    match = match_after(4, [DEAL_001], [{"seat": 3, "coup": "dominos"}])
    assert not match.can_undo(0), "seat 0 has made no decision since the deal"
    assert match.undo(3)
    assert not match.undo(3), "the deal is a wall"
    assert match.turns[-1].seat is None  # the deal is still there
    assert match.pending.word == "coup"


def test_declining_the_coup_cannot_be_undone_once_the_centre_card_is_seen() -> None:
    """Declining puts the centre card in the decliner's hand: taking the decline back
    would let him choose his coup knowing it."""
    match = match_after(4, [DEAL_001], OPENING[:2])
    assert not match.can_undo(3)
    assert not match.undo(3)
    assert match.undo(0), "the Director may still take back the hand he named"
    assert match.pending.word == "choose"


def test_undo_cannot_reach_into_a_previous_hand() -> None:
    options = RULES.parse_options({"players": 4})
    match = Match(RULES, options, chance=seeded_chance(RULES, 3))
    first_hand_seat = match.pending.seat
    while not any(isinstance(e, ev.HandEnded) for e in match.events):
        match.submit(match.legal()[0])
    assert match.turns[-1].seat is None, "the next hand is dealt at once"
    for seat in range(4):
        assert not match.can_undo(seat)
    assert first_hand_seat is not None


def test_redo_restores_what_undo_took_back() -> None:
    match = match_after(4, [DEAL_001], OPENING)
    after = (match.state, list(match.events), list(match.turns))
    match.undo(0)
    assert match.redo(0)
    assert (match.state, match.events, match.turns) == after
    assert not match.redo(0)


def test_a_new_decision_clears_redo() -> None:
    match = match_after(4, [DEAL_001], OPENING)
    match.undo(0)
    match.submit(match.legal()[0])
    assert not match.can_redo(0)


def test_redo_belongs_to_the_seat_that_undid() -> None:
    match = match_after(4, [DEAL_001], OPENING)
    match.undo(0)
    assert not match.redo(1)
    assert match.redo(0)


class CountingRules:
    """The coup-detat rules, counting how often the rules are asked to work."""

    def __init__(self) -> None:
        self.calls = 0

    def __getattr__(self, name: str) -> object:
        attribute = getattr(RULES, name)
        if name in ("decide", "apply", "new_game"):
            def counted(*args: object) -> object:
                self.calls += 1
                return attribute(*args)
            return counted
        return attribute


def test_undo_and_redo_use_snapshots_not_a_replay() -> None:
    rules = CountingRules()
    match = Match(rules, RULES.parse_options({"players": 4}),  # type: ignore[arg-type]
                  chance=seeded_chance(RULES, 11))
    while len(match.turns) < 60:
        match.submit(match.legal()[0])
    seat = match.pending.seat
    calls = rules.calls
    assert match.undo(seat) and match.redo(seat)
    assert rules.calls == calls


def test_chance_acts_by_itself_until_a_seat_must_decide() -> None:
    match = Match(RULES, RULES.parse_options({"players": 3}), chance=seeded_chance(RULES, 5))
    assert match.pending.seat is not None
    assert match.turns[0].seat is None  # the draw for Director
    assert match.state.director is not None


def test_the_same_seed_deals_the_same_game() -> None:
    options = RULES.parse_options({"players": 4})
    first = Match(RULES, options, chance=seeded_chance(RULES, 42))
    second = Match(RULES, options, chance=seeded_chance(RULES, 42))
    assert first.events == second.events


def test_a_scenario_match_stops_when_the_deals_run_out() -> None:
    moves = json.loads((EXAMPLES / "001.json").read_text())["moves"]
    match = match_after(4, [DEAL_001], moves)
    assert match.stalled and match.pending.word == "deal"
    with pytest.raises(IllegalMove, match="deal"):
        match.submit(DeclineCoup(3))
