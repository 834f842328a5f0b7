"""Hard's beliefs about each opponent's habits in the bluffing games
(game/games/coup/ai/habits.py): what it sees him do moves the weights the right way, and the
search imagines him with the habit drawn; the tempered Medium players keep their habits."""

from __future__ import annotations

import dataclasses
import random

import pytest
from test_coup_ai_players import positions

from game.games import get_ruleset
from game.games.coup.ai.belief import NO_BELIEF
from game.games.coup.ai.cards import VARIANTS
from game.games.coup.ai.habits import HABITS, Beliefs, Habits, claimed
from game.games.coup.ai.medium import TEMPERS, MediumPlayer
from game.games.coup.ai.search import Knowledge, Playouts
from game.games.coup.ai.worlds import resample
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decisions import Allow, Block, Challenge, TakeAction
from game.games.coup.rules.state import Heard, Phase, Said, State, TurnState
from game.games.coup.rules.view import CoupView

RULES = get_ruleset("coup")
HARD = 0
DUKE = Character.DUKE
NAMES = [habit.name for habit in HABITS]


def table(**changes: object) -> State:
    """Four players, two cards each (no Duke in seat 0's hand), 2 coins each."""
    rest = [c for c in VARIANTS["coup"].deck if c is not DUKE]
    state = RULES.new_game(RULES.parse_options({"players": 4}))
    base = dataclasses.replace(
        state, phase=Phase.ACTION, to_act=HARD,
        hands=((rest[0], rest[1]), (rest[2], rest[3]), (rest[4], DUKE), (rest[5], DUKE)),
        revealed=((), (), (), ()), coins=(2, 2, 2, 2), deck=(*rest[6:], DUKE),
        round_wins=(0, 0, 0, 0))
    return dataclasses.replace(base, **changes)


def seen(state: State, seat: int = HARD) -> CoupView:
    return RULES.view(state, seat)


def weight(habits: Habits, seat: int, *names: str) -> float:
    weights = habits.beliefs(HARD).weights[seat]
    return sum(weights[NAMES.index(name)] for name in names)


def prior(*names: str) -> float:
    return sum(habit.prior for habit in HABITS if habit.name in names)


def claim(claimant: int, *answers: tuple[int, Said], outcome: Said | None = None,
          character: Character = DUKE) -> tuple[Heard, ...]:
    """The record of a claim: who let it pass or challenged it, and what came of it."""
    heard = (Heard(claimant, Said.CLAIMED, character),
             *(Heard(seat, said, character) for seat, said in answers))
    return heard if outcome is None else (*heard, Heard(claimant, outcome, character))


def test_an_opponent_who_keeps_challenging_claims_is_believed_a_challenger() -> None:
    habits = Habits()
    once = claim(HARD, (1, Said.LET_PASS), (2, Said.CHALLENGED), outcome=Said.PROVEN)
    habits.observe(seen(table(heard=once * 3)))
    assert weight(habits, 2, "wary", "reckless") > 0.9
    assert weight(habits, 1, "wary", "reckless") < prior("wary", "reckless"), \
        "seat 1 was asked first, and let the claims pass"
    assert 3 not in habits.beliefs(HARD).weights, "seat 3 was never asked"


def test_claims_that_pass_make_a_challenger_less_likely() -> None:
    habits = Habits()
    passed = claim(HARD, (1, Said.LET_PASS), (2, Said.LET_PASS), (3, Said.LET_PASS))
    habits.observe(seen(table(heard=passed * 4)))
    for seat in (1, 2, 3):
        assert weight(habits, seat, "wary", "reckless") < prior("wary", "reckless") * 0.7


@pytest.mark.parametrize("bluffed", [True, False])
def test_a_challenged_claim_tells_whether_the_claimant_bluffs(bluffed: bool) -> None:
    habits = Habits()
    record = claim(1, (2, Said.LET_PASS), (3, Said.LET_PASS), (HARD, Said.CHALLENGED),
                   outcome=Said.CAUGHT if bluffed else Said.PROVEN)
    habits.observe(seen(table(heard=record)))
    honest = weight(habits, 1, "honest")
    if bluffed:
        assert honest < prior("honest") / 10, "a bluff caught: hardly an honest player"
        assert weight(habits, 1, "bold", "reckless") > prior("bold", "reckless")
    else:
        assert honest > prior("honest")


def test_the_record_is_read_once_and_each_round_from_its_start() -> None:
    habits = Habits()
    record = claim(1, (2, Said.LET_PASS))
    habits.observe(seen(table(heard=record)))
    learnt = habits.beliefs(HARD).weights
    assert set(learnt) == {2}, "only seat 2 answered a claim"
    habits.observe(seen(table(heard=record)))
    assert habits.beliefs(HARD).weights == learnt, "a record seen twice teaches nothing new"
    habits.observe(seen(table(heard=record, round_index=1)))
    assert weight(habits, 2, "trusting") > learnt[2][NAMES.index("trusting")], \
        "the next round's record is new"


def test_the_search_imagines_each_opponent_with_the_habit_drawn() -> None:
    honest = tuple(float(name == "honest") for name in NAMES)
    bold = tuple(float(name == "bold") for name in NAMES)
    beliefs = Beliefs({1: honest, 2: bold})
    window = table(phase=Phase.CHALLENGE, to_act=HARD, heard=claim(1), turn=TurnState(
        1, Action.TAX, claimant=1, claim=DUKE, askers=(HARD,)))
    playouts = Playouts(Knowledge(seen(window), {1: frozenset({DUKE})}, beliefs))
    rng = random.Random(2)
    worlds = [playouts.imagine(rng) for _ in range(400)]
    assert all(tempers == {1: TEMPERS["honest"], 2: TEMPERS["bold"]}
               for _, _, tempers in worlds)
    held = sum(DUKE in position.hands[1] for position, _, _ in worlds) / len(worlds)
    medium = Playouts(Knowledge(seen(window), {1: frozenset({DUKE})}))
    held_by_medium = sum(DUKE in position.hands[1] for position, _, _ in
                         (medium.imagine(rng) for _ in range(400))) / 400
    assert held > held_by_medium + 0.15, "an honest player's claim is believed more"


def test_an_honest_players_claims_weigh_the_deals_as_his_habit_says() -> None:
    view = seen(table(heard=claim(1)))
    rng = random.Random(4)
    trials = 2000

    def holding(bluffing: dict[int, float]) -> float:
        return sum(DUKE in resample(view, rng, bluffing).hands[1]
                   for _ in range(trials)) / trials

    blind = sum(DUKE in resample(view, rng, evidence=NO_BELIEF).hands[1]
                for _ in range(trials)) / trials
    for likelihood in (0.03, 0.8):
        expected = blind / (blind + (1 - blind) * likelihood)
        assert holding({1: likelihood}) == pytest.approx(expected, abs=0.05)


def temper_decisions(name: str, games: int) -> tuple[int, int, int, int]:
    """Over positions of random games: the tempered player's bluffed actions and actions,
    and his challenges of claims he could not disprove, and such windows."""
    player = MediumPlayer(1, TEMPERS[name])
    bluffs = actions = challenges = windows = 0
    for number in range(games):
        for state in positions("coup", 4, {}, 900 + number):
            seat = RULES.pending(state).seat
            if seat is None or state.phase not in (Phase.ACTION, Phase.CHALLENGE):
                continue
            view = seen(state, seat)
            decision = player.decide(view, RULES.legal(state))
            if state.phase is Phase.ACTION:
                claim = state.variant.rule(decision.action).claim
                actions += 1
                bluffs += claim is not None and claim not in view.hand
            else:
                windows += 1
                challenges += isinstance(decision, Challenge)
    return bluffs, actions, challenges, windows


def test_each_temper_keeps_its_habits() -> None:
    counts = {name: temper_decisions(name, 30) for name in TEMPERS}
    assert counts["honest"][0] == 0 and counts["honest"][1] > 100
    assert counts["trusting"][2] < counts["medium"][2] < counts["wary"][2]
    assert counts["bold"][0] > 1.5 * counts["medium"][0]


def test_a_turns_action_or_a_block_names_the_character_it_claims() -> None:
    view = seen(table())
    assert claimed(view, TakeAction(HARD, Action.TAX)) is DUKE
    assert claimed(view, Block(HARD, Character.CONTESSA)) is Character.CONTESSA
    assert claimed(view, TakeAction(HARD, Action.INCOME)) is None
    assert claimed(view, Allow(HARD)) is None
