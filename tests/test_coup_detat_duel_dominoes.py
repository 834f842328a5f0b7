"""RULES.md section 2, "Dominoes (two players)" and its fine points: the 1966 layout with the
ordinary order, `JOKER` as a 6 of any suit, Ace on a King, first out, and the blocked
layout (fewer cards wins; equal counts, the player of the first card)."""

from __future__ import annotations

import pytest
from coup_detat_duel_kit import duel_match, exchange, legal_tokens, play, submit

from game.cards import JOKER, Suit
from game.engine.errors import IllegalMove
from game.engine.match import Match
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import JOKER_DOMINOES_PLACE, HandType

# s0 holds JOKER, Hearts and Diamonds; s1 Spades and Clubs. 9♠ and 7♣ lie at the bottom of
# the Bastille, never drawn: the Spades row can never pass the 8.
JOKER_DEAL = ("JOKER AH KH QH JH 10H 9H 8H AD KD QD JD",
              "7S 8S AS KS QS JS 10S AC KC QC JC 10C",
              "7H 10D 9D 8D 7D 9C 8C 7C 9S")


def dominoes(deal: tuple[str, str, str], pm_sets: str, peasant_sets: str, *,
             coup: bool = False, first_dealer: int = 0) -> Match:
    match = duel_match(deal, first_dealer=first_dealer)
    submit(match, {"coup": "dominoes"} if coup else {"choose": "dominoes"})
    exchange(match, pm_sets, peasant_sets)
    return match


def joker_hand(peasant_sets: str = "AC") -> Match:
    """s0: JOKER, A♥..7♥, K♦ Q♦ J♦ (A♦ set aside for 7♥); s1: 7♠ 8♠ A♠..10♠, the Clubs but
    the one he sets aside, and 10♦."""
    return dominoes(JOKER_DEAL, "AD", peasant_sets)


def test_the_first_card_may_be_any_card_and_fixes_the_starting_rank() -> None:
    match = joker_hand()
    assert len(legal_tokens(match)) == 12 + 3  # JOKER first counts once per suit named
    play(match, "10H")
    layout = match.state.hand.dominoes
    assert layout.start == 4 and layout.rows[1] == (4, 4)  # the 10 in A K Q J 10 ...


def test_then_a_card_next_to_a_row_or_the_starting_rank_of_a_new_suit() -> None:
    match = joker_hand()
    play(match, "10H")
    assert legal_tokens(match) == {"10S", "10C", "10D"}
    with pytest.raises(IllegalMove, match="Spades are not started yet: only the 10 can start"):
        play(match, "JS")
    play(match, "10S")
    assert legal_tokens(match) == {"JH", "9H"}
    with pytest.raises(IllegalMove, match="the Hearts row takes only the Jack or the 9 now"):
        play(match, "QH")


def test_a_player_who_can_lay_must_and_one_who_cannot_passes() -> None:
    match = joker_hand()
    play(match, "JOKER:S")
    with pytest.raises(IllegalMove, match="You can lay 7♠, so you must play"):
        play(match, "pass")
    play(match, "7S")
    assert legal_tokens(match) == {"pass"}, "s0 holds no Spade"
    play(match, "pass")
    assert match.pending.seat == 1 and ev.Passed(0) in match.events


def test_joker_laid_first_names_its_suit_and_the_starting_rank_is_the_6() -> None:
    match = joker_hand()
    with pytest.raises(IllegalMove, match="When you lay JOKER first, name the suit"):
        play(match, "JOKER")
    play(match, "JOKER:S")
    layout = match.state.hand.dominoes
    assert layout.start == JOKER_DOMINOES_PLACE and layout.joker_suit is Suit.SPADES
    assert legal_tokens(match) == {"7S"}, "only the 7 of its suit goes next to it"


def test_after_a_joker_first_no_other_suit_can_ever_start() -> None:
    match = joker_hand()
    play(match, "JOKER:S", "7S")
    with pytest.raises(IllegalMove, match="Hearts cannot be started: JOKER, the only 6"):
        play(match, "7H")


def test_joker_laid_later_goes_below_a_7_and_needs_no_suit() -> None:
    match = joker_hand()
    play(match, "7H")
    assert "JOKER" not in legal_tokens(match)  # s1 has no JOKER; s1 lays 7♠
    play(match, "7S")
    assert "JOKER" in legal_tokens(match) and "JOKER:S" not in legal_tokens(match)
    play(match, "JOKER:D")  # a suit named here means nothing
    assert match.state.hand.dominoes.laid[-1] == (0, JOKER)
    assert match.state.hand.dominoes.joker_suit is None
    assert match.state.hand.dominoes.rows[0] == (7, 7), "the rows are as they were"


def test_joker_cannot_be_laid_where_no_7_is() -> None:
    match = joker_hand()
    play(match, "8H", "8S")
    with pytest.raises(IllegalMove, match="JOKER is a 6: it can only be laid below a 7"):
        play(match, "JOKER")


# Ace on a King ---------------------------------------------------------------------------------


def test_an_ace_on_a_king_lets_its_player_go_on_until_he_stops() -> None:
    match = joker_hand()
    play(match, "KH", "KS", "AH")
    assert ev.RunStarted(0) in match.events and match.pending.seat == 0
    assert "stop" in legal_tokens(match) and "pass" not in legal_tokens(match)
    with pytest.raises(IllegalMove, match=r"During an Ace-on-King run .* no pass"):
        play(match, "pass")
    play(match, "QH", "JH")
    assert match.pending.seat == 0
    play(match, "stop")
    assert match.pending.seat == 1 and ev.RunEnded(0, stopped=True) in match.events


def test_a_run_ends_by_itself_when_nothing_more_can_be_laid() -> None:
    match = joker_hand()
    play(match, "KH", "KS", "QH", "AS", "QS", "JS", "10S", "KC", "QC", "JC", "10C")
    assert ev.RunEnded(1, stopped=False) in match.events and match.pending.seat == 0
    assert len(match.state.hand.hands[1]) == 3, "7♠ 8♠ 10♦: none can be laid (9♠ is out)"


# The end of the hand -------------------------------------------------------------------------


def test_the_hand_ends_as_soon_as_neither_player_can_lay_fewer_cards_wins() -> None:
    match = joker_hand()
    play(match, "JOKER:S", "7S", "pass", "8S")  # 9♠ is out of play
    blocked = next(e for e in match.events if isinstance(e, ev.LayoutBlocked))
    assert blocked == ev.LayoutBlocked((11, 10), 1)
    assert ev.HandWon(1, HandType.DOMINOES, False, False) in match.events, \
        "the PM is not the winner: he is counted as last out"
    assert match.state.points == (0, 1)


def test_a_blocked_layout_with_equal_counts_goes_to_the_player_of_the_first_card() -> None:
    match = joker_hand(peasant_sets="8S")  # nothing goes above the 7♠ now
    play(match, "JOKER:S", "7S")
    assert ev.LayoutBlocked((11, 11), 0) in match.events
    assert match.state.points == (1, 0)


def test_in_a_coup_the_peasant_played_the_first_card_and_wins_equal_counts() -> None:
    s0, s1, bastille = JOKER_DEAL
    match = dominoes((s1, s0, bastille), "8S", "AD", coup=True, first_dealer=0)
    assert match.pending.seat == 1, "the Peasant lays the first card of his coup"
    play(match, "JOKER:S", "7S")
    assert ev.LayoutBlocked((11, 11), 1) in match.events
    assert ev.HandWon(1, HandType.DOMINOES, True, True) in match.events
    assert match.state.prime_minister == 1


# s0: Hearts 7..K and Diamonds 7..J after the exchange; s1: Spades 7..K, Clubs 7..10, Q♦.
RACE = ("AH KH QH JH 10H 9H 8H 7H 10D 9D 8D 7D",
        "AS KS QS JS 10S 9S 8S 7S 10C 9C 8C 7C",
        "JD QD KD AD JC QC KC AC JOKER")


def test_the_first_player_out_of_cards_wins_and_the_other_is_last_out() -> None:
    match = dominoes(RACE, "AH", "AS")  # s0 draws J♦, s1 Q♦
    play(match, "7H", "7S", "7D", "7C", "8H", "8S", "8D", "8C", "9H", "9S", "9D", "9C",
         "10H", "10S", "10D", "10C", "JH", "JS", "JD", "QD", "QH", "QS", "KH")
    assert ev.WentOut(0) in match.events
    assert ev.HandWon(0, HandType.DOMINOES, False, True) in match.events
    assert not any(isinstance(e, ev.LayoutBlocked) for e in match.events)
