"""RULES.md section 2, "Goals": both charts line by line with their tie rules, the one point
of each hand, and what a coup's success or failure does to the office."""

from __future__ import annotations

import pytest
from coup_detat_duel_kit import (
    ALTERNATING,
    ALTERNATING_COUP,
    alternate,
    duel_match,
    exchange,
    play,
    submit,
)

from game.cards import JOKER, Suit, card
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import HandType
from game.games.coup_detat_duel.rules.scoring import (
    Takings,
    coup_succeeds,
    prime_minister_succeeds,
    takings,
)
from game.games.coup_detat_duel.rules.state import HandState, TrickPlay
from game.rules.trick_taking import Trick

T = HandType

# (hand type, what the PM took, what the Peasant took, does the PM succeed in his hand?)
PRIME_MINISTERS_CHART = [
    (T.MARIE, Takings(), Takings(queen_of_hearts=True), True),
    (T.MARIE, Takings(queen_of_hearts=True), Takings(), False),
    (T.SIEGE, Takings(spades=3), Takings(spades=5), True),
    (T.SIEGE, Takings(spades=4), Takings(spades=4), True),  # ties: PM succeeds
    (T.SIEGE, Takings(spades=5), Takings(spades=3), False),
    (T.WATERLOO, Takings(jacks=0), Takings(jacks=4), True),
    (T.WATERLOO, Takings(jacks=1), Takings(jacks=2), True),
    (T.WATERLOO, Takings(jacks=2), Takings(jacks=1), False),
    (T.GUILLOTINE, Takings(tricks=6), Takings(tricks=6), True),  # 6-6: PM succeeds
    (T.GUILLOTINE, Takings(tricks=5), Takings(tricks=7), True),
    (T.GUILLOTINE, Takings(tricks=7), Takings(tricks=5), False),
    (T.TOUCHE, Takings(first_trick=True), Takings(last_trick=True), True),
    (T.TOUCHE, Takings(last_trick=True), Takings(first_trick=True), True),
    (T.TOUCHE, Takings(first_trick=True, last_trick=True), Takings(), False),
    (T.DOMINOES, Takings(won_dominoes=True), Takings(), True),
    (T.DOMINOES, Takings(), Takings(won_dominoes=True), False),
]

# (hand type, what the Peasant took, what the PM took, does the Peasant's coup succeed?)
COUP_CHART = [
    (T.MARIE, Takings(queen_of_hearts=True), Takings(), True),
    (T.MARIE, Takings(), Takings(queen_of_hearts=True), False),
    (T.SIEGE, Takings(spades=5), Takings(spades=3), True),
    (T.SIEGE, Takings(spades=4), Takings(spades=4), False),  # ties: the coup fails
    (T.WATERLOO, Takings(jacks=3), Takings(jacks=1), True),
    (T.WATERLOO, Takings(jacks=4), Takings(), True),
    (T.WATERLOO, Takings(jacks=2), Takings(jacks=2), False),
    (T.GUILLOTINE, Takings(tricks=7), Takings(tricks=5), True),
    (T.GUILLOTINE, Takings(tricks=6), Takings(tricks=6), False),  # 6-6: the coup fails
    (T.TOUCHE, Takings(first_trick=True, last_trick=True), Takings(), True),
    (T.TOUCHE, Takings(first_trick=True), Takings(last_trick=True), False),
    (T.DOMINOES, Takings(won_dominoes=True), Takings(), True),
    (T.DOMINOES, Takings(), Takings(won_dominoes=True), False),
]


@pytest.mark.parametrize(("hand_type", "pm", "peasant", "succeeds"), PRIME_MINISTERS_CHART)
def test_the_prime_ministers_chart(hand_type: HandType, pm: Takings, peasant: Takings,
                                   succeeds: bool) -> None:
    assert prime_minister_succeeds(hand_type, pm, peasant) is succeeds


@pytest.mark.parametrize(("hand_type", "peasant", "pm", "succeeds"), COUP_CHART)
def test_the_coup_chart(hand_type: HandType, peasant: Takings, pm: Takings,
                        succeeds: bool) -> None:
    assert coup_succeeds(hand_type, peasant, pm) is succeeds


def hand_with_tricks(*tricks: tuple[str, str, Suit, int]) -> HandState:
    done = tuple(Trick(0, ((0, card(a)), (1, card(b))), suit, winner)
                 for a, b, suit, winner in tricks)
    return HandState(hands=((), ()), bastille=(), to_act=0, hand_type=T.SIEGE,
                     tricks=TrickPlay(done=done))


def test_joker_is_never_a_spade_a_jack_or_a_queen() -> None:
    records = takings(hand_with_tricks(("JOKER", "7S", Suit.SPADES, 0),
                                       ("JS", "QH", Suit.SPADES, 1)))
    assert records[0] == Takings(spades=1, tricks=1, first_trick=True)
    assert records[1] == Takings(queen_of_hearts=True, spades=1, jacks=1, tricks=1,
                                 last_trick=True)
    assert JOKER.suit is None and JOKER.rank is None


# Whole hands -----------------------------------------------------------------------------------


def points_after_alternating_hand(hand_type: str, coup: bool) -> tuple[list, object]:
    match = duel_match(ALTERNATING_COUP if coup else ALTERNATING)
    submit(match, {"coup": hand_type} if coup else {"choose": hand_type})
    exchange(match, "QH", "QS")
    alternate(match, first=1 if coup else 0, joker_for="QD" if coup else None)
    return list(match.state.points), match


def test_pm_guillotine_six_six_is_the_prime_ministers_point() -> None:
    points, match = points_after_alternating_hand("guillotine", coup=False)
    assert points == [1, 0]
    assert ev.HandWon(0, T.GUILLOTINE, False, True) in match.events


def test_coup_guillotine_six_six_fails_and_the_pm_scores_and_stays() -> None:
    points, match = points_after_alternating_hand("guillotine", coup=True)
    assert points == [1, 0] and match.state.prime_minister == 0
    assert ev.HandWon(0, T.GUILLOTINE, True, False) in match.events
    assert not any(isinstance(e, ev.PrimeMinisterChanged) for e in match.events)


def test_pm_touche_split_first_and_last_is_the_prime_ministers_point() -> None:
    points, _ = points_after_alternating_hand("touche", coup=False)
    assert points == [1, 0]  # s1 took the first trick, s0 the last


def test_pm_waterloo_taking_one_jack_is_the_prime_ministers_point() -> None:
    points, _ = points_after_alternating_hand("waterloo", coup=False)
    assert points == [1, 0]  # s0 takes only his own J♥ (with which he takes 9♥)


def test_a_failed_coup_is_the_prime_ministers_point_and_he_stays() -> None:
    points, match = points_after_alternating_hand("touche", coup=True)
    assert points == [1, 0] and match.state.prime_minister == 0  # s0 took the first trick


def test_a_successful_coup_scores_for_the_peasant_who_becomes_prime_minister() -> None:
    s0 = "AH KH QH JH 10H 9H 8H 7H AC KC QC JC"  # example 002's deal
    s1 = "JOKER AS KS QS JS 10S 9S 8S AD KD QD JD"
    match = duel_match((s0, s1, "7S 10D 9D 8D 7D 10C 9C 8C 7C"), ALTERNATING)
    submit(match, {"coup": "touche"})
    exchange(match, "7H", "JD")
    play(match, "AS", "7S", "KS", "8H", "QS", "9H", "JS", "10H", "10S", "JH", "9S", "QH",
         "8S", "KH", "AD", "JC", "KD", "QC", "QD", "KC", "10D", "AC", "JOKER:H", "AH")
    assert match.state.points == (0, 1) and match.state.prime_minister == 1
    ended = next(i for i, e in enumerate(match.events) if isinstance(e, ev.HandEnded))
    assert match.events[ended - 2 : ended + 1] == [
        ev.HandWon(1, T.TOUCHE, True, True), ev.PrimeMinisterChanged(1),
        ev.HandEnded(T.TOUCHE)]
    assert match.pending.seat == 1 and match.pending.word == "choose", \
        "s1 is now PM and names the next hand (s0, the Peasant, holds no JOKER)"


def test_each_hand_gives_exactly_one_point() -> None:
    for coup in (False, True):
        points, match = points_after_alternating_hand("guillotine", coup)
        assert sum(points) == 1 and len(match.state.results) == 1
