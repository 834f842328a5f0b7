"""RULES.md section 2, "Game" and the fine points on the office and the tiebreak: two rounds
of six hands, round 2's first PM, the tiebreak hand of Dominoes; and what the program adds
around the rules: views, undo, saves, the scenario command."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from coup_detat_duel_kit import (
    ALTERNATING,
    ALTERNATING_COUP,
    RULES,
    deal_json,
    duel_match,
    exchange,
    run_duel,
    scenario_data,
    submit,
)

from game.cards import JOKER
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games.coup_detat_duel.formats.scenario import parse_deal
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.decisions import Deal, Decision
from game.games.coup_detat_duel.rules.state import State
from game.services.catalogue import CATALOGUE


def random_game(seed: int, chance: Callable[[State], Decision | None] | None = None,
                until: Callable[[Match], bool] = lambda match: match.pending.over) -> Match:
    match = Match(RULES, RULES.parse_options({"players": 2}),
                  chance=chance or seeded_chance(RULES, seed))
    rng = random.Random(seed)
    while not until(match):
        match.submit(rng.choice(list(match.legal())))
    return match


def first_game(condition: Callable[[Match], bool], **keywords: object) -> Match:
    """The first of the seeded random games that meets `condition`."""
    for seed in range(500):
        match = random_game(seed, **keywords)  # type: ignore[arg-type]
        if condition(match):
            return match
    raise AssertionError("no such game among 500")


def events_of(match: Match, kind: type) -> list:
    return [event for event in match.events if isinstance(event, kind)]


# Rounds --------------------------------------------------------------------------------------


def test_a_round_is_six_hands_one_of_each_type_and_a_game_two_rounds() -> None:
    match = random_game(1)
    by_round: dict[int, list] = {}
    for result in match.state.results[:12]:
        by_round.setdefault(result.round_index, []).append(result.hand_type)
    assert sorted(by_round) == [0, 1]
    for types in by_round.values():
        assert len(types) == 6 and len(set(types)) == 6
    assert events_of(match, ev.RoundEnded)[:2] == [ev.RoundEnded(0), ev.RoundEnded(1)]


def test_round_two_starts_with_the_other_player_whoever_was_pm_at_the_end_of_round_one() -> None:
    def coup_made_the_first_pm_peasant_at_the_end_of_round_one(match: Match) -> bool:
        ended = match.events.index(ev.RoundEnded(0))
        changes = [e for e in match.events[:ended] if isinstance(e, ev.PrimeMinisterChanged)]
        return bool(changes) and changes[-1].seat != match.state.first_prime_minister

    for condition in (coup_made_the_first_pm_peasant_at_the_end_of_round_one,
                      lambda match: not events_of(match, ev.PrimeMinisterChanged)):
        match = first_game(condition)
        first = match.state.first_prime_minister
        assert ev.RoundStarted(1, 1 - first) in match.events


def test_most_points_wins_after_two_rounds() -> None:
    match = first_game(lambda match: not match.state.tiebreak)
    points = match.state.points
    assert sum(points) == 12 and points[0] != points[1]
    assert match.state.winners == (points.index(max(points)),)
    assert events_of(match, ev.GameEnded) == [ev.GameEnded(match.state.winners)]


# The tiebreak --------------------------------------------------------------------------------


def tiebreak_chance(seed: int) -> Callable[[State], Decision | None]:
    """Random chance, except that the tiebreak deal gives the Peasant JOKER."""
    random_chance = seeded_chance(RULES, seed)

    def chance(state: State) -> Decision | None:
        decision = random_chance(state)
        if state.tiebreak and isinstance(decision, Deal):
            hands = list(decision.hands)
            peasant = state.peasant
            assert peasant is not None
            if JOKER not in hands[peasant]:
                pool = [*hands[0], *hands[1], *decision.bastille]
                pool.remove(JOKER)
                hands[peasant] = (JOKER, *pool[:11])
                hands[1 - peasant] = tuple(pool[11:23])
                return Deal(tuple(hands), tuple(pool[23:]))
        return decision

    return chance


def test_equal_points_after_two_rounds_go_to_a_tiebreak_with_round_ones_first_pm() -> None:
    match = first_game(lambda match: match.state.tiebreak)
    first = match.state.first_prime_minister
    ended = match.events.index(ev.RoundEnded(1))
    assert match.events[ended + 1] == ev.TiebreakStarted(first)
    state_at_tie = next(turn.state_before for turn in match.turns
                        if turn.state_before.tiebreak)
    assert state_at_tie.points == (6, 6) and state_at_tie.prime_minister == first


def test_the_tiebreak_is_a_pms_dominoes_with_the_exchange_and_no_coup() -> None:
    def tiebreak_reached(match: Match) -> bool:
        return (match.state.tiebreak and match.state.hand is not None) or match.pending.over

    for seed in range(500):
        match = random_game(seed, chance=tiebreak_chance(seed), until=tiebreak_reached)
        if match.state.tiebreak:
            break
    else:
        raise AssertionError("no tied game among 500")
    state = match.state
    assert JOKER in state.hand.hands[state.peasant], "the Peasant holds JOKER..."
    assert match.pending.word == "discard" and match.pending.seat == state.prime_minister, \
        "...and is not asked: the PM does not choose either; the exchange comes at once"
    assert state.hand.hand_type.value == "dominoes" and not state.hand.coup
    rng = random.Random(seed)
    while not match.pending.over:
        match.submit(rng.choice(list(match.legal())))
    final = match.state
    assert len(final.results) == 13 and sorted(final.points) == [6, 7]
    assert final.results[-1].winner == final.winners[0]
    assert RULES.progress(final) == "Game over"


def test_progress_says_where_the_game_is() -> None:
    match = duel_match(ALTERNATING)
    assert RULES.progress(match.state) == "Round 1 of 2, hand 1 of 6"
    assert RULES.progress(RULES.new_game(RULES.parse_options({"players": 2}))) == \
        "Cutting for Prime Minister"


# Views, undo, saves --------------------------------------------------------------------------


def test_a_player_sees_his_own_set_aside_cards_and_draws_but_not_the_others() -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "guillotine"})
    exchange(match, "QH 7S", "QS")
    mine, theirs, spectator = (match.view(0), match.view(1), match.view(None))
    assert {c.code for c in mine.set_aside} == {"QH", "7S"}
    assert {c.code for c in mine.drawn} == {"JH", "JS"}
    assert [c.code for c in theirs.set_aside] == ["QS"]
    assert mine.set_aside_counts == theirs.set_aside_counts == (2, 1)
    assert spectator.hand == () and spectator.set_aside == () and spectator.drawn == ()
    assert mine.bastille_size == 6


def test_undo_never_goes_back_past_a_bastille_draw() -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "guillotine"})
    submit(match, {"discard": ["QH"]})
    assert not match.can_undo(0), "the PM has seen J♥: he cannot take his set-aside back"
    submit(match, {"discard": ["QS"]})
    submit(match, {"play": "7S"})
    assert match.can_undo(0) and not match.can_undo(1)
    submit(match, {"play": "AS"})
    assert match.undo(1) and match.pending.seat == 1
    assert match.undo(0) and match.pending.seat == 0
    assert not match.can_undo(0)


def test_choosing_the_hand_may_be_taken_back_before_the_exchange() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "touche"})
    assert match.undo(1) and match.pending.word == "coup"


def test_a_duel_save_loads_and_replays_to_the_same_state(tmp_path) -> None:
    match = random_game(5)
    path = tmp_path / "duel.json"
    seats = (saves.Seat("Ada", "human"), saves.Seat("Bob", "computer", "random"))
    saves.write(path, match, seats)
    data = json.loads(path.read_text())
    assert data["ruleset"] == "coup-detat-duel" and data["options"] == {"players": 2}
    assert {"cut", "deal"} <= {key for entry in data["log"] for key in entry}
    loaded = saves.read(path, catalogue=CATALOGUE)
    assert loaded.match.state == match.state and loaded.seats == seats


def test_a_save_that_breaks_a_rule_is_refused_with_the_entry() -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "marie"})
    seats = (saves.Seat("Ada", "human"), saves.Seat("Bob", "human"))
    data = saves.to_json(match, seats)
    data["log"].append({"seat": 0, "discard": ["QH"]})
    with pytest.raises(saves.SaveError, match="log entry 3: In Marie nobody may set aside"):
        saves.from_json(data, catalogue=CATALOGUE)


# The scenario command ------------------------------------------------------------------------


def test_scenario_output_has_points_and_prime_minister() -> None:
    result = run_duel([ALTERNATING], [{"seat": 0, "choose": "siege"}])
    assert result["ok"] and result["awaiting"] == {"seat": 0, "decision": "discard"}
    assert result["points"] == [0, 0] and result["prime_minister"] == 0


@pytest.mark.parametrize("change", [
    lambda data: data["options"].update(players=3),
    lambda data: data["deals"][0].pop("bastille"),
    lambda data: data["moves"].append({"seat": 0, "discard": "QH"}),
    lambda data: data["moves"].append({"seat": 0, "discard": [7]}),
    lambda data: data["moves"].append({"seat": 0, "play": "7S", "target": 1}),
    lambda data: data["moves"].append({"seat": 0, "decline": True}),
])
def test_malformed_duel_scenarios_are_not_valid(change: Callable[[dict], object]) -> None:
    from game.formats.scenario import ScenarioError, run

    data = scenario_data([ALTERNATING], [{"seat": 0, "choose": "siege"}])
    change(data)
    with pytest.raises(ScenarioError):
        run(data)


def test_unknown_cards_and_hand_types_are_refused_moves() -> None:
    result = run_duel([ALTERNATING], [{"seat": 0, "choose": "barbu"}])
    assert result["exit_status"] == 1 and "no hand type 'barbu'" in result["error"]["message"]
    result = run_duel([ALTERNATING], [{"seat": 0, "choose": "siege"},
                                      {"seat": 0, "discard": ["ZZ"]}])
    assert result["exit_status"] == 1 and result["error"]["move"] == 1


def test_scenario_deals_are_checked_even_when_unused() -> None:
    options = RULES.parse_options({"players": 2, "unknown": True})
    deal = parse_deal(deal_json(ALTERNATING), options)
    assert len(deal.bastille) == 9
    assert run_duel([ALTERNATING, ALTERNATING], [])["ok"]


def test_a_move_after_play_stopped_for_want_of_a_deal_is_refused() -> None:
    result = run_duel([], [{"seat": 0, "choose": "siege"}])
    assert result["exit_status"] == 1 and "no deal left" in result["error"]["message"]
