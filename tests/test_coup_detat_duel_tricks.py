"""RULES.md section 2, "Tricks" and its fine points: the first lead and its limits, following
suit, `JOKER` (any time; highest of the suit led, above the Ace only when led; a named suit
when led), twelve tricks."""

from __future__ import annotations

import pytest
from coup_detat_duel_kit import (
    ALTERNATING,
    ALTERNATING_COUP,
    alternate,
    duel_match,
    exchange,
    legal_tokens,
    play,
    submit,
)

from game.cards import JOKER, Suit, card
from game.engine.errors import IllegalMove
from game.engine.match import Match
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import TRICK_STRENGTH
from game.rules.trick_taking import trick_winner

# Example 003's deal: s1 holds JOKER, Hearts and Diamonds; s0 Spades and Clubs.
VOID = ("AS KS QS JS 10S 9S 8S 7S AC KC QC JC",
        "JOKER AH KH QH JH 10H 9H 8H AD KD QD JD",
        "7H 10D 9D 8D 7D 10C 9C 8C 7C")


def pm_hand(deal: tuple[str, str, str], hand_type: str, pm_sets: str, peasant_sets: str,
            quiet: bool = False) -> Match:
    match = duel_match(deal)
    if quiet:
        submit(match, {"no_coup": True})
    submit(match, {"choose": hand_type})
    exchange(match, pm_sets, peasant_sets)
    return match


# The first lead ----------------------------------------------------------------------------


def test_the_prime_minister_leads_the_first_trick_of_his_hand() -> None:
    match = pm_hand(ALTERNATING, "guillotine", "QH", "QS")
    assert match.pending.seat == 0 and match.pending.word == "play"
    assert any(isinstance(e, ev.ExchangeEnded) and e.leader == 0 for e in match.events)


def test_the_peasant_leads_the_first_trick_of_his_coup() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "guillotine"})
    exchange(match, "QH", "QS")
    assert match.pending.seat == 1


def test_marie_no_heart_may_be_led_to_the_first_trick() -> None:
    match = pm_hand(ALTERNATING, "marie", "7S", "7H")  # s0 draws J♥, s1 J♠
    with pytest.raises(IllegalMove, match="In Marie nobody may lead a Heart to the first"):
        play(match, "AH")
    assert not any(token.endswith("H") for token in legal_tokens(match))
    play(match, "8S")


def test_siege_no_spade_may_be_led_to_the_first_trick() -> None:
    match = pm_hand(ALTERNATING, "siege", "QH", "7H")
    with pytest.raises(IllegalMove, match="In Siege nobody may lead a Spade to the first"):
        play(match, "7S")
    play(match, "7D")


def test_the_first_lead_limits_bind_the_peasant_leading_his_coup() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "marie"})
    exchange(match, "7S", "7C")
    with pytest.raises(IllegalMove, match="nobody may lead a Heart"):
        play(match, "7H")
    assert "JOKER:H" not in legal_tokens(match)
    assert {"JOKER:S", "JOKER:D", "JOKER:C"} <= legal_tokens(match)


def test_the_limits_are_for_the_first_trick_only() -> None:
    match = pm_hand(ALTERNATING, "marie", "7S", "7H")
    play(match, "8S", "AS")  # s1 takes the first trick
    play(match, "8H")  # and may lead a Heart to the second
    assert match.state.hand.tricks.led_suit is Suit.HEARTS


def test_joker_led_to_the_first_trick_may_not_name_the_forbidden_suit() -> None:
    s0, s1, bastille = ALTERNATING
    deal = (s0.replace("QC", "JOKER"), s1, bastille.replace("JOKER", "QC"))
    match = pm_hand(deal, "siege", "QH", "7H")
    with pytest.raises(IllegalMove, match="In Siege JOKER may not stand for a Spade on the "
                                          "first lead"):
        play(match, "JOKER:S")
    play(match, "JOKER:D")
    assert match.state.hand.tricks.led_suit is Suit.DIAMONDS


def test_a_twelve_card_hand_always_holds_a_card_the_first_lead_allows() -> None:
    # Eight cards a suit: the forbidden suit can never fill a hand of twelve, so "every
    # card forbidden" never happens in the game for two.
    match = pm_hand(ALTERNATING, "marie", "7S", "7H")
    assert len(match.state.hand.hands[0]) == 12 > 8
    assert legal_tokens(match) == {"8S", "9S", "7D", "8D", "9D", "AC", "KC", "QC"}


def test_a_led_joker_must_name_its_suit() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "guillotine"})
    exchange(match, "QH", "QS")
    with pytest.raises(IllegalMove, match="When you lead JOKER, name the suit"):
        play(match, "JOKER")


def test_after_the_first_trick_a_led_joker_may_name_any_suit() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "marie"})
    exchange(match, "7S", "7C")
    play(match, "8C", "QC")  # s0 takes the first trick
    play(match, "7D", "KD")  # s1 takes the second, and leads
    play(match, "JOKER:H")
    assert match.state.hand.tricks.led_suit is Suit.HEARTS


# Following -----------------------------------------------------------------------------------


def test_a_player_must_follow_suit_if_able() -> None:
    match = pm_hand(ALTERNATING, "guillotine", "QH", "QS")
    play(match, "7S")
    with pytest.raises(IllegalMove, match="You must follow suit: play a Spade"):
        play(match, "AD")
    assert legal_tokens(match) == {"AS", "KS", "JS"}


def test_a_player_void_in_the_suit_led_may_play_any_card() -> None:
    match = pm_hand(VOID, "guillotine", "7S", "JD", quiet=True)  # draws 7♥ and 10♦
    play(match, "AS")
    assert legal_tokens(match) == {c.code for c in match.state.hand.hands[1]}


def test_joker_may_be_played_at_any_time_even_able_to_follow() -> None:
    match = pm_hand(ALTERNATING_COUP, "guillotine", "QH", "QS", quiet=True)
    play(match, "7S")
    assert "JOKER" in legal_tokens(match)
    play(match, "JOKER")
    assert match.state.hand.tricks.done[-1].winner == 1


def test_holding_joker_is_not_holding_the_suit_led() -> None:
    match = pm_hand(VOID, "guillotine", "7S", "JD", quiet=True)
    play(match, "AC")  # s1 holds no Club, only JOKER: he may play anything
    assert len(legal_tokens(match)) == 12


def test_a_suit_named_for_a_joker_that_is_not_led_means_nothing() -> None:
    match = pm_hand(ALTERNATING_COUP, "guillotine", "QH", "QS", quiet=True)
    play(match, "7S", "JOKER:H")
    trick = match.state.hand.tricks.done[-1]
    assert trick.led_suit is Suit.SPADES and trick.winner == 1


# Who wins ------------------------------------------------------------------------------------


def test_the_higher_card_of_the_suit_led_wins_ace_high() -> None:
    match = pm_hand(ALTERNATING, "guillotine", "QH", "QS")
    play(match, "7S", "JS")
    assert match.state.hand.tricks.done[-1].winner == 1
    play(match, "7H", "AH")
    assert match.state.hand.tricks.done[-1].winner == 0, "Ace over King, Queen, Jack"


def test_a_card_of_another_suit_never_wins() -> None:
    match = pm_hand(VOID, "guillotine", "7S", "JD", quiet=True)
    play(match, "8S", "AH")
    assert match.state.hand.tricks.done[-1].winner == 0


def test_a_joker_following_is_highest_of_the_suit_led_but_below_the_ace() -> None:
    match = pm_hand(VOID, "guillotine", "7S", "JD", quiet=True)
    play(match, "AS", "JOKER")
    assert match.state.hand.tricks.done[-1].winner == 0, "the Ace led beats JOKER"
    match = pm_hand(VOID, "guillotine", "7S", "JD", quiet=True)
    play(match, "KS", "JOKER")
    assert match.state.hand.tricks.done[-1].winner == 1, "JOKER beats the King led"


def test_a_led_joker_is_above_the_ace_of_its_suit() -> None:
    match = pm_hand(VOID, "guillotine", "7S", "JD", quiet=True)  # s0 drew 7♥
    play(match, "7H", "8H")  # s1 takes the lead
    play(match, "JOKER:S", "AS")
    assert match.state.hand.tricks.done[-1].winner == 1


def test_the_shared_trick_rule_reads_as_the_duels() -> None:
    joker, ace, king = JOKER, card("AS"), card("KS")
    assert trick_winner(((0, joker), (1, ace)), Suit.SPADES, TRICK_STRENGTH) == 0
    assert trick_winner(((0, ace), (1, joker)), Suit.SPADES, TRICK_STRENGTH) == 0
    assert trick_winner(((0, king), (1, joker)), Suit.SPADES, TRICK_STRENGTH) == 1
    assert trick_winner(((0, card("7S")), (1, card("AH"))), Suit.SPADES, TRICK_STRENGTH) == 0


def test_the_winner_of_a_trick_leads_the_next() -> None:
    match = pm_hand(ALTERNATING, "guillotine", "QH", "QS")
    play(match, "7S", "AS")
    assert match.pending.seat == 1


def test_twelve_tricks_are_played() -> None:
    match = pm_hand(ALTERNATING, "guillotine", "QH", "QS")
    alternate(match)
    tricks = [e for e in match.events if isinstance(e, ev.TrickWon)]
    assert [e.number for e in tricks] == list(range(1, 13))
    assert any(isinstance(e, ev.HandEnded) for e in match.events)
    assert match.state.hand is None
