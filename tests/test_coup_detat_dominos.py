"""RULES.md section 1, "Dominos" and its fine points, with the rulings of
docs/RULES_NOTES.md ("Dominos"). s0 is the Director; Dominos order is A K Q J 10 9 8 7."""

from __future__ import annotations

from coup_detat_kit import dominos_moves, holders, sweep_coup
from helpers import match_after, run_scenario

from game.cards import Rank, card
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.decisions import Pass, PlayCard, StopRun


def cards_of(hands: list[str]) -> list[list[str]]:
    return [hand.split() for hand in hands]


def options(match) -> set[str]:
    """The seat to act's legal decisions: card codes, "pass" and "stop"."""
    named = set()
    for decision in match.legal():
        if isinstance(decision, PlayCard):
            named.add(decision.card.code)
        elif isinstance(decision, Pass):
            named.add("pass")
        elif isinstance(decision, StopRun):
            named.add("stop")
    return named


def director_dominos(hands: list[str], center: str, coup_seat: int, sequence: str):
    seat_of = holders(cards_of(hands), center, coup_seat)
    moves = [{"seat": coup_seat, "decline": True}, {"seat": 0, "choose": "dominos"}]
    return [(hands, center)], moves + dominos_moves(seat_of, sequence)


def refused(result: dict, move: int) -> None:
    assert result["exit_status"] == 1
    assert result["error"]["move"] == move


# START: s0 starts with 10♠ (s3 declines COUP and takes the centre 9♥).
START = ["10S AH KH 7H 9C 8C 7C JD", "10H JS 9S 8S 8H QH AD 7S",
         "AS KS QS JH 10D 9D 8D 7D", "COUP AC 10C KC QC JC KD QD"]


def test_first_card_may_be_any_card_and_its_rank_is_the_starting_rank() -> None:
    deals, moves = director_dominos(START, "9H", 3, "")
    assert options(match_after(4, deals, moves)) == set(START[0].split())
    deals, moves = director_dominos(START, "9H", 3, "10S")
    assert match_after(4, deals, moves).state.hand.dominos.starting_rank is Rank.TEN


def test_a_new_suit_may_be_started_only_at_the_starting_rank() -> None:
    deals, moves = director_dominos(START, "9H", 3, "10S QH")
    refused(run_scenario(4, deals, moves), 3)
    deals, moves = director_dominos(START, "9H", 3, "10S 10H")
    assert run_scenario(4, deals, moves)["ok"]


def test_a_started_row_takes_the_next_higher_or_next_lower_card() -> None:
    # After 10♠, s1 may lay J♠ or 9♠ (Dominos order: J above 10, 9 below), or start
    # Hearts with 10♥; not 8♠, not Q♥, not 8♥.
    deals, moves = director_dominos(START, "9H", 3, "10S")
    assert options(match_after(4, deals, moves)) == {"10H", "JS", "9S"}
    deals, moves = director_dominos(START, "9H", 3, "10S 8S")
    refused(run_scenario(4, deals, moves), 3)


def test_pass_is_refused_when_a_card_can_be_laid() -> None:
    deals, moves = director_dominos(START, "9H", 3, "10S P1")
    refused(run_scenario(4, deals, moves), 3)


# PASS: s0 holds all the Spades and starts with 7♠. s1 holds A K Q J of Hearts and of
# Diamonds: he can lay nothing until the Hearts row reaches 10. s3 takes the centre 7♣.
#   R1 7♠ pass 7♥ 7♣ | R2 8♠ pass 7♦ 8♣ | R3 9♠ pass 8♥ 9♣ | R4 10♠ pass 9♥ 10♣
#   R5 J♠ pass 10♥ J♣ | R6 Q♠ J♥ 8♦ Q♣ | R7 K♠ Q♥ 9♦ K♣
#   R8 A♠ (s0's last card: out first) K♥, 10♦ (s2 out), A♣ (s3 out): s1 is last out.
PASS = ["7S 8S 9S 10S JS QS KS AS", "AH KH QH JH AD KD QD JD",
        "10H 9H 8H 7H 10D 9D 8D 7D", "COUP AC KC QC JC 10C 9C 8C"]
PASS_PLAY = ("7S P1 7H 7C 8S P1 7D 8C 9S P1 8H 9C 10S P1 9H 10C JS P1 10H JC "
             "QS JH 8D QC KS QH 9D KC AS KH 10D AC")


def test_pass_is_accepted_when_no_card_can_be_laid() -> None:
    deals, moves = director_dominos(PASS, "7C", 3, "7S")
    assert options(match_after(4, deals, moves)) == {"pass"}
    deals, moves = director_dominos(PASS, "7C", 3, "7S P1")
    result = run_scenario(4, deals, moves)
    assert result["ok"] and result["awaiting"] == {"seat": 2, "decision": "play"}


def test_play_is_compulsory_as_soon_as_a_card_can_be_laid() -> None:
    # Round 6: the Hearts row reaches 10♥, so s1 must lay J♥.
    sequence = "7S P1 7H 7C 8S P1 7D 8C 9S P1 8H 9C 10S P1 9H 10C JS P1 10H JC QS"
    deals, moves = director_dominos(PASS, "7C", 3, sequence + " P1")
    refused(run_scenario(4, deals, moves), len(moves) - 1)
    deals, moves = director_dominos(PASS, "7C", 3, sequence)
    assert options(match_after(4, deals, moves)) == {"JH"}


def test_play_goes_on_until_only_one_player_holds_cards() -> None:
    deals, moves = director_dominos(PASS, "7C", 3, PASS_PLAY)
    match = match_after(4, deals, moves)
    out = [(e.seat, e.place) for e in match.events if isinstance(e, ev.WentOut)]
    assert out == [(0, 1), (2, 2), (3, 3)]
    assert [e.seat for e in match.events if isinstance(e, ev.LastOut)] == [1]
    assert match.state.hand is None  # the hand is over, s1's five cards unplayed


def test_last_out_pays_the_director_800() -> None:
    deals, moves = director_dominos(PASS, "7C", 3, PASS_PLAY)
    result = run_scenario(4, deals, moves)
    assert result["money"] == [10800, 9200, 10000, 10000]


def test_ace_laid_on_a_king_as_last_card_just_goes_out() -> None:
    # s0's A♠ on K♠ is his last card: he is out and s1 plays next.
    sequence = PASS_PLAY.rsplit(" KH", 1)[0]
    deals, moves = director_dominos(PASS, "7C", 3, sequence)
    assert match_after(4, deals, moves).pending.seat == 1


# RUN: s0 starts with K♠ and s1 lays A♠ on it (s3 takes the centre 7♥).
RUN = ["KS 10S 9S QH JH 10H 9H 8H", "AS QS JS KH AH 9C 8C 7C",
       "8S 7S KD QD JD 10D 9D 8D", "COUP AD 7D AC KC QC JC 10C"]


def test_ace_on_a_king_lets_the_player_go_on_or_stop() -> None:
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS")
    match = match_after(4, deals, moves)
    assert match.pending.seat == 1
    # Q♠ below the King, K♥ to start Hearts, or stop; no pass.
    assert options(match) == {"QS", "KH", "stop"}


def test_no_pass_during_an_ace_on_king_run() -> None:
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS P1")
    refused(run_scenario(4, deals, moves), 4)


def test_runner_may_stop_right_after_the_ace() -> None:
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS X1")
    assert run_scenario(4, deals, moves)["awaiting"] == {"seat": 2, "decision": "play"}


def test_runner_may_stop_after_any_further_card() -> None:
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS QS X1")
    assert run_scenario(4, deals, moves)["awaiting"] == {"seat": 2, "decision": "play"}


def test_run_goes_on_with_any_card_playable_at_that_moment() -> None:
    # After Q♠ J♠: K♥ starts Hearts, then A♥ on K♥ (within the run).
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS QS JS")
    assert options(match_after(4, deals, moves)) == {"KH", "stop"}
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS QS JS KH")
    assert options(match_after(4, deals, moves)) == {"AH", "stop"}


def test_run_ends_by_itself_when_nothing_is_layable() -> None:
    # After A♥ s1 holds 9♣ 8♣ 7♣ (Clubs not started, K♣ needed): the run is over.
    deals, moves = director_dominos(RUN, "7H", 3, "KS AS QS JS KH AH")
    match = match_after(4, deals, moves)
    assert match.state.hand.dominos.runner is None
    assert match.pending.seat == 2


def test_ace_as_first_card_or_starting_a_suit_gives_no_run() -> None:
    hands = ["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H",
             "AD 10D KD QD JD 9D 8D 7D", "AC 10C KC QC JC 9C 8C COUP"]
    deals, moves = director_dominos(hands, "7C", 3, "AS")
    assert match_after(4, deals, moves).pending.seat == 1
    deals, moves = director_dominos(hands, "7C", 3, "AS AH")
    assert match_after(4, deals, moves).pending.seat == 2


def test_runner_laying_his_last_card_is_out_and_play_passes_on() -> None:
    """Whole suits: K♠ K♥ K♦ K♣; s0 A♠ on K♠ and runs Q♠..7♠: he is out at once."""
    hands = ["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H",
             "AD 10D KD QD JD 9D 8D 7D", "AC 10C KC QC JC 9C 8C COUP"]
    deals, moves = director_dominos(hands, "7C", 3, "KS KH KD KC AS QS JS 10S 9S 8S 7S")
    match = match_after(4, deals, moves)
    assert [(e.seat, e.place) for e in match.events if isinstance(e, ev.WentOut)] == [(0, 1)]
    assert match.pending.seat == 1


# Coup Dominos --------------------------------------------------------------------------------


def suit_of(suit: str) -> list[str]:
    return [rank + suit for rank in ("A", "K", "Q", "J", "10", "9", "8", "7")]


def test_coup_player_replaces_coup_with_the_centre_card_and_starts() -> None:
    plan = sweep_coup(2, "dominos")  # s2: A♦..8♦ and COUP; the centre is 7♦
    match = match_after(4, [plan.deal], plan.moves[:1])
    assert set(match.state.hand.hands[2]) == {card(c) for c in suit_of("D")}
    assert match.pending.seat == 2


def test_coup_dominos_goes_on_after_the_coup_player_is_out() -> None:
    # Everyone lays his own suit upwards from the 7: s2 (first) is out with his 8th card,
    # the 30th move; s3 then plays on, and the hand ends when s0 and s3 are out too.
    plan = sweep_coup(2, "dominos")
    match = match_after(4, [plan.deal], plan.moves[:30])
    assert [e.seat for e in match.events if isinstance(e, ev.WentOut)] == [2]
    assert match.pending.seat == 3
    full = match_after(4, [plan.deal], plan.moves)
    assert [e.seat for e in full.events if isinstance(e, ev.WentOut)] == [2, 3, 0]
    assert [e.seat for e in full.events if isinstance(e, ev.LastOut)] == [1]


# Three players: the ladder is A K Q J 10 9 ----------------------------------------------------

# s2 declines COUP and takes the centre A♥. s0 starts with 9♠; each follows up his row:
#   9♠ 9♦ 9♣ 10♠ 10♦ 10♣ J♠ J♦ J♣ Q♠ Q♦ Q♣ K♠ K♦ K♣,
#   s0 A♠ on K♠, runs 9♥ (new suit at the 9) and 10♥: out first;
#   s1 A♦ on K♦, runs J♥ Q♥: out; s2 is last out with A♣ K♥ A♥.
THREE = ["9S 10S JS QS KS AS 9H 10H", "9D 10D JD QD KD AD JH QH",
         "COUP 9C 10C JC QC KC AC KH"]
THREE_PLAY = "9S 9D 9C 10S 10D 10C JS JD JC QS QD QC KS KD KC AS 9H 10H AD JH QH"


def three_player(sequence: str):
    seat_of = holders(cards_of(THREE), "AH", 2)
    moves = [{"seat": 2, "decline": True}, {"seat": 0, "choose": "dominos"}]
    return [(THREE, "AH")], moves + dominos_moves(seat_of, sequence)


def test_three_player_row_started_at_nine_grows_only_upwards() -> None:
    deals, moves = three_player("9S 9D 9C")
    assert options(match_after(3, deals, moves)) == {"10S", "9H"}


def test_three_player_dominos_to_the_last_out() -> None:
    deals, moves = three_player(THREE_PLAY)
    result = run_scenario(3, deals, moves)
    assert result["ok"]
    assert result["money"] == [10800, 10000, 9200]
