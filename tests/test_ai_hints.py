"""A hint never contradicts itself: the advice is shown beside the next best decision in the
words of the comparison the search made. Better beyond the search's noise: "the next best,
9♥, +650 F"; within it: "9♥ is about as good (+790 F)"; the same result in every deal:
"9♥ does exactly as well". Never "the next best" with a better figure than the advice."""

from __future__ import annotations

import random

from test_coup_ai_hard import searched_positions

from game.ai.search import Estimate, PairedEstimate, Verdict, beside
from game.cards import Card
from game.games.coup.ai.hard import HardPlayer as BluffHardPlayer
from game.games.coup.rules.charts import Action
from game.games.coup.rules.decisions import TakeAction
from game.games.coup_detat.ai.hard import HardPlayer
from game.games.coup_detat.rules.decisions import PlayCard
from game.games.coup_detat_duel.ai.hard import DuelHardPlayer
from game.games.coup_detat_duel.rules.decisions import PlayCard as DuelPlayCard

TEN, NINE = Card.parse("10S"), Card.parse("9H")
TAX, INCOME = TakeAction(0, Action.TAX), TakeAction(0, Action.INCOME)


def two(first: object, second: object, totals: tuple[float, float], squares: float,
        worlds: int = 10) -> Estimate:
    """Two decisions over `worlds` deals, `squares` the sum of their squared differences."""
    return Estimate((first, second), totals, worlds, (squares,))


# The wording ---------------------------------------------------------------------------------


def test_beside_the_advice_the_next_best_is_worded_by_the_verdict() -> None:
    assert beside("9♥", "+650 F", Verdict.BETTER) == "the next best, 9♥, +650 F"
    assert beside("9♥", "+790 F", Verdict.CLOSE) == \
        "9♥ is about as good (+790 F): the difference is within the search's noise"
    assert beside("9♥", "+800 F", Verdict.SAME) == "9♥ does exactly as well in every deal"
    assert beside("9♥", "24%", Verdict.CLOSE, higher=True) == \
        "9♥ came out a little higher (24%), but not by more than the search's noise, so it " \
        "keeps to its usual play"


def test_a_difference_beyond_the_noise_is_better_and_one_within_it_is_close() -> None:
    clear = two(TEN, NINE, (9.0, 5.0), squares=4.0)  # four more in ten, no deal worse
    assert clear.verdict(0, 1) is Verdict.BETTER
    noisy = two(TEN, NINE, (6.0, 5.0), squares=9.0)  # one more in ten, differences everywhere
    assert noisy.verdict(0, 1) is Verdict.CLOSE
    same = two(TEN, NINE, (8.0, 8.0), squares=0.0)
    assert same.verdict(0, 1) is Verdict.SAME


def test_the_pairs_are_found_in_combinations_order() -> None:
    found = Estimate(("a", "b", "c"), (3.0, 2.0, 1.0), 4, (0.0, 4.0, 16.0))  # ab, ac, bc
    assert found.verdict(0, 1) is Verdict.SAME and found.verdict(1, 0) is Verdict.SAME
    assert found.verdict(0, 2) is not Verdict.SAME and found.verdict(2, 1) is not Verdict.SAME


# Each game's hint ----------------------------------------------------------------------------


def test_the_1966_hint_says_the_same_figure_is_just_as_good() -> None:
    """It said "10♠ +800 F; next best 9♥ +800 F"."""
    found = two(PlayCard(0, TEN), PlayCard(0, NINE), (8000.0, 8000.0), squares=0.0)
    reason = HardPlayer(1).explain(found, found.ranking())
    assert reason.endswith("it comes to +800 F on average; 9♥ does exactly as well in every "
                           "deal.")


def test_the_1966_hint_says_a_close_second_is_about_as_good() -> None:
    found = two(PlayCard(0, TEN), PlayCard(0, NINE), (8000.0, 7900.0), squares=9e6)
    reason = HardPlayer(1).explain(found, found.ranking())
    assert "+800 F on average; 9♥ is about as good (+790 F)" in reason


def test_the_1966_hint_names_the_next_best_when_the_advice_is_clearly_better() -> None:
    found = two(PlayCard(0, TEN), PlayCard(0, NINE), (8000.0, 1000.0), squares=5e6)
    reason = HardPlayer(1).explain(found, found.ranking())
    assert "+800 F on average; the next best, 9♥, +100 F." in reason


def test_the_hint_of_the_game_for_two_says_a_close_second_is_about_as_good() -> None:
    found = two(DuelPlayCard(0, TEN), DuelPlayCard(0, NINE), (6.0, 5.0), squares=9.0)
    reason = DuelHardPlayer(1).explain(found, found.ranking())
    assert "wins the hand 60% of the time; 9♥ is about as good (50%)" in reason


def test_the_bluffing_hint_never_calls_a_better_figure_the_next_best() -> None:
    """It said "Tax … wins 16%; income, 17%": the favourite stays unless beaten beyond
    the noise, so its average may be the lower one."""
    found = PairedEstimate((TAX, INCOME), (16.0, 17.0), 100, (33.0,))
    assert found.ranking() == [0, 1], "tax, the favourite, is kept"
    reason = BluffHardPlayer(1).explain(found, found.ranking())
    assert "wins the round 16% of the time; income came out a little higher (17%), but not " \
        "by more than the search's noise, so it keeps to its usual play" in reason


def test_no_hint_shows_a_next_best_with_a_better_figure_than_the_advice() -> None:
    rng = random.Random(4)
    for _ in range(500):
        worlds = rng.randrange(2, 60)
        totals = (rng.uniform(0, worlds), rng.uniform(0, worlds))
        pairs = (rng.uniform(0, worlds),)
        found = PairedEstimate((TAX, INCOME), totals, worlds, pairs)
        ranking = found.ranking()
        reason = BluffHardPlayer(1).explain(found, ranking)
        if found.average(ranking[0]) < found.average(ranking[1]):
            assert "the next best" not in reason and "came out a little higher" in reason, \
                reason


def test_a_real_favourite_averaging_less_says_the_other_came_out_higher() -> None:
    rules, state, seat = next(searched_positions(1))
    legal = rules.legal(state)
    adviser = BluffHardPlayer(1, budget=60.0, workers=1, max_worlds=30)
    found = adviser.think(rules.view(state, seat), legal)
    ranking = found.ranking()
    assert found.average(ranking[0]) < found.average(ranking[1]), "the case of the issue"
    reason = adviser.explain(found, ranking)
    assert "came out a little higher" in reason and "the next best" not in reason
