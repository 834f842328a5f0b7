"""RULES.md section 1, "Playing tricks (all hands but Dominos)" and its fine points, with
the rulings of docs/RULES_NOTES.md ("Tricks"). Seats are s0..s3; s0 is the Director."""

from __future__ import annotations

from coup_detat_kit import director_sweep, holders, penalty_hand, trick_moves
from helpers import match_after, run_scenario

from game.cards import card
from game.games.coup_detat.rules.decisions import PlayCard


def cards_of(hands: list[str]) -> list[list[str]]:
    return [hand.split() for hand in hands]


def legal_cards(match) -> set[str]:
    return {d.card.code for d in match.legal() if isinstance(d, PlayCard)}


def refused(result: dict, move: int) -> None:
    assert result["exit_status"] == 1
    assert result["error"]["move"] == move


# LEAD: s0 holds Spades, 7♥ and 7♦; s3 declines COUP and takes the centre 7♣.
LEAD = ["AS 10S KS QS JS 9S 7H 7D", "AH 10H KH QH JH 9H 8H 8S",
        "AD 10D KD QD JD 9D 8D 7S", "AC 10C KC QC JC 9C 8C COUP"]


def lead_moves(hand_type: str, *tricks: str) -> list[dict]:
    seat_of = holders(cards_of(LEAD), "7C", 3)
    return [{"seat": 3, "decline": True}, {"seat": 0, "choose": hand_type},
            *trick_moves(seat_of, *tricks)]


# First lead --------------------------------------------------------------------------------


def test_director_leads_the_first_trick_of_his_hand() -> None:
    result = run_scenario(4, [(LEAD, "7C")], lead_moves("waterloo"), first_dealer=0)
    assert result["awaiting"] == {"seat": 0, "decision": "play"}


def test_coup_player_leads_the_first_trick_of_a_coup_hand() -> None:
    result = run_scenario(4, [(LEAD, "7C")], [{"seat": 3, "coup": "waterloo"}])
    assert result["awaiting"] == {"seat": 3, "decision": "play"}


def test_barbu_director_may_not_lead_a_heart_to_the_first_trick() -> None:
    refused(run_scenario(4, [(LEAD, "7C")], lead_moves("barbu", "7H")), 2)
    assert run_scenario(4, [(LEAD, "7C")], lead_moves("barbu", "7D"))["ok"]


def test_siege_director_may_not_lead_a_spade_to_the_first_trick() -> None:
    refused(run_scenario(4, [(LEAD, "7C")], lead_moves("siege", "AS")), 2)
    assert run_scenario(4, [(LEAD, "7C")], lead_moves("siege", "7H"))["ok"]


def test_guillotine_director_may_lead_neither_heart_nor_spade_first() -> None:
    refused(run_scenario(4, [(LEAD, "7C")], lead_moves("guillotine", "7H")), 2)
    refused(run_scenario(4, [(LEAD, "7C")], lead_moves("guillotine", "AS")), 2)
    assert run_scenario(4, [(LEAD, "7C")], lead_moves("guillotine", "7D"))["ok"]


def test_every_card_forbidden_is_judged_on_the_whole_hand() -> None:
    # One Diamond among Spades and a Heart: in Guillotine only 7♦ may be led.
    match = match_after(4, [(LEAD, "7C")], lead_moves("guillotine"))
    assert legal_cards(match) == {"7D"}


def test_director_may_lead_forbidden_suit_when_every_card_is_forbidden() -> None:
    # Guillotine: s0 holds only Spades and Hearts, so any card may be led.
    hands = ["AS 10S KS QS AH 10H KH QH", "JS 9S 8S 7S JH 9H 8H 7H",
             "AD 10D KD QD JD 9D 8D 7D", "AC 10C KC QC JC 9C 8C COUP"]
    moves = [{"seat": 3, "decline": True}, {"seat": 0, "choose": "guillotine"}]
    match = match_after(4, [(hands, "7C")], moves)
    assert legal_cards(match) == set(hands[0].split())
    assert run_scenario(4, [(hands, "7C")], [*moves, {"seat": 0, "play": "QH"}])["ok"]


def test_barbu_director_holding_only_hearts_may_lead_a_heart() -> None:
    plan = director_sweep(1, "barbu")
    match = match_after(4, [plan.deal], plan.moves[:2], first_dealer=1)
    assert legal_cards(match) == set(plan.hands[1])


def test_first_lead_limit_is_for_the_first_trick_only() -> None:
    # Barbu. T1: A♠ 8♠ 7♠ A♣, s0 wins; he may then lead 7♥ to trick 2.
    result = run_scenario(4, [(LEAD, "7C")], lead_moves("barbu", "AS 8S 7S AC", "7H"))
    assert result["ok"]
    assert result["awaiting"] == {"seat": 1, "decision": "play"}


def test_coup_player_has_no_first_lead_limit() -> None:
    # s1 attempts a coup in Barbu (then in Guillotine) and leads K♥, though he also
    # holds 7♣, 7♦ and COUP.
    hands = ["AS 10S KS QS JS 9S 8S 7S", "COUP KH QH JH 9H 8H 7C 7D",
             "AH AD 10D KD QD JD 9D 8D", "AC 10C KC QC JC 9C 8C 10H"]
    for hand_type in ("barbu", "guillotine"):
        moves = [{"seat": 1, "coup": hand_type}, {"seat": 1, "play": "KH"}]
        assert run_scenario(4, [(hands, "7H")], moves)["ok"], hand_type


# DIRCOUP: the Director s0 holds COUP, six Spades and 7♦; the centre card is 8♠.
DIRCOUP = ["COUP AS 10S KS QS JS 9S 7D", "AH 10H KH QH JH 9H 8H 7H",
           "AD 10D KD QD JD 9D 8D 7S", "AC 10C KC QC JC 9C 8C 7C"]


def test_director_attempting_a_coup_leads_as_coup_player_without_limits() -> None:
    moves = [{"seat": 0, "coup": "siege"}, {"seat": 0, "play": "AS"}]
    assert run_scenario(4, [(DIRCOUP, "8S")], moves)["ok"]


def test_same_director_declining_may_not_lead_a_spade_in_his_siege() -> None:
    moves = [{"seat": 0, "decline": True}, {"seat": 0, "choose": "siege"},
             {"seat": 0, "play": "AS"}]
    refused(run_scenario(4, [(DIRCOUP, "8S")], moves), 2)


# Following suit and trick order ----------------------------------------------------------

# ORDER (Waterloo, s3 declines and takes 7♣):
#   T1: K♠ (s0), 10♠ (s1), Q♠ (s2), A♥ (s3, void in Spades): 10♠ wins.
#   T2: 9♦ (s1), 10♦ (s2), A♦ (s3), K♦ (s0): A♦ wins.
ORDER = ["KS KD AS JS 7D 8H 9H 10H", "10S 9D 9S 8S QD 7H JH QH",
         "QS 10D 7S JD 8D KH AC 10C", "AH AD COUP KC QC JC 9C 8C"]


def order_moves(*tricks: str) -> list[dict]:
    seat_of = holders(cards_of(ORDER), "7C", 3)
    return [{"seat": 3, "decline": True}, {"seat": 0, "choose": "waterloo"},
            *trick_moves(seat_of, *tricks)]


def test_others_play_in_turn_to_the_left() -> None:
    moves = [*order_moves("KS"), {"seat": 2, "play": "QS"}]
    refused(run_scenario(4, [(ORDER, "7C")], moves), 3)


def test_players_must_follow_the_suit_led_if_they_can() -> None:
    moves = [*order_moves("KS 10S"), {"seat": 2, "play": "AC"}]
    refused(run_scenario(4, [(ORDER, "7C")], moves), 4)
    match = match_after(4, [(ORDER, "7C")], order_moves("KS 10S"))
    assert legal_cards(match) == {"QS", "7S"}


def test_player_void_in_the_suit_led_may_play_any_card() -> None:
    match = match_after(4, [(ORDER, "7C")], order_moves("KS 10S QS"))
    assert legal_cards(match) == {"AH", "AD", "KC", "QC", "JC", "9C", "8C", "7C"}


def test_trick_order_ten_beats_king_and_off_suit_cards_never_win() -> None:
    match = match_after(4, [(ORDER, "7C")], order_moves("KS 10S QS AH"))
    assert match.state.hand.tricks.done[0].winner == 1


def test_trick_order_ace_beats_ten() -> None:
    match = match_after(4, [(ORDER, "7C")], order_moves("KS 10S QS AH", "9D 10D AD KD"))
    assert match.state.hand.tricks.done[1].winner == 3


def test_winner_of_a_trick_leads_the_next() -> None:
    moves = order_moves("KS 10S QS AH", "9D 10D AD KD")
    result = run_scenario(4, [(ORDER, "7C")], moves)
    assert result["awaiting"] == {"seat": 3, "decision": "play"}
    refused(run_scenario(4, [(ORDER, "7C")], [*moves, {"seat": 0, "play": "AS"}]), 10)


# COUP as a wild card ---------------------------------------------------------------------

# WILD: s1 attempts a coup (Touché) holding COUP, five Hearts, 7♣ and 7♦; centre 7♥.
#   T1: 7♣ (s1), 8♦ (s2, void), A♣ (s3), 7♠ (s0, void): s3 wins, with the centre card.
WILD = ["AS 10S KS QS JS 9S 8S 7S", "COUP KH QH JH 9H 8H 7C 7D",
        "AH AD 10D KD QD JD 9D 8D", "AC 10C KC QC JC 9C 8C 10H"]


def wild_moves(*tricks: str) -> list[dict]:
    seat_of = holders(cards_of(WILD), "7H", None)
    return [{"seat": 1, "coup": "touche"}, *trick_moves(seat_of, "7C 8D AC 7S", *tricks)]


def test_coup_may_be_played_even_by_a_player_able_to_follow_suit() -> None:
    # T2: s3 leads 10♥, s0 throws A♠; s1 holds Hearts: he may play a Heart or COUP, not 7♦.
    match = match_after(4, [(WILD, "7H")], wild_moves("10H AS"))
    assert legal_cards(match) == {"KH", "QH", "JH", "9H", "8H", "COUP"}
    assert run_scenario(4, [(WILD, "7H")], wild_moves("10H AS COUP"))["ok"]


def test_holding_coup_is_not_holding_the_suit_led() -> None:
    # T2: s3 leads K♣; s1, void in Clubs but holding COUP, may play anything.
    match = match_after(4, [(WILD, "7H")], wild_moves("KC 8S"))
    assert legal_cards(match) == {"KH", "QH", "JH", "9H", "8H", "7D", "COUP"}


def test_coup_wins_unless_ace_of_led_suit_played_before_it() -> None:
    # T2: 10♥ (s3), A♠ (s0: an Ace, but not of the suit led), COUP (s1), A♥ (s2, after
    # COUP): COUP wins.
    match = match_after(4, [(WILD, "7H")], wild_moves("10H AS COUP AH"))
    assert match.state.hand.tricks.done[1].winner == 1


# WILD2: as WILD, but s0 holds A♥ (and s2 the 8♠): the Ace comes before COUP.
WILD2 = ["AH AS 10S KS QS JS 9S 7S", "COUP KH QH JH 9H 8H 7H 7C",
         "8S AD 10D KD QD JD 9D 8D", "AC 10C KC QC JC 9C 8C 10H"]


def test_ace_of_led_suit_played_before_coup_wins_the_trick() -> None:
    # T1: 7♣ 8♦ A♣ 7♠ (s3 wins). T2: 10♥ (s3), A♥ (s0), COUP (s1), 8♠ (s2): A♥ wins.
    seat_of = holders(cards_of(WILD2), "7D", None)
    moves = [{"seat": 1, "coup": "touche"},
             *trick_moves(seat_of, "7C 8D AC 7S", "10H AH COUP 8S")]
    match = match_after(4, [(WILD2, "7D")], moves)
    assert match.state.hand.tricks.done[1].winner == 0


def test_led_coup_needs_a_named_suit() -> None:
    moves = [{"seat": 1, "coup": "touche"}, {"seat": 1, "play": "COUP"}]
    refused(run_scenario(4, [(WILD2, "7D")], moves), 1)


def test_led_coup_may_name_any_suit_which_becomes_the_suit_led() -> None:
    # s1 holds no Spade but leads COUP as a Spade: s2 must follow with his 8♠.
    moves = [{"seat": 1, "coup": "touche"}, {"seat": 1, "play": "COUP", "suit": "S"}]
    match = match_after(4, [(WILD2, "7D")], moves)
    assert legal_cards(match) == {"8S"}


def test_led_coup_wins_even_over_the_ace_of_its_suit_played_after_it() -> None:
    # COUP (as Spades), 8♠ (s2), A♣ (s3, void), A♠ (s0 must follow Spades; A♥ refused).
    moves = [{"seat": 1, "coup": "touche"}, {"seat": 1, "play": "COUP", "suit": "S"},
             {"seat": 2, "play": "8S"}, {"seat": 3, "play": "AC"}]
    refused(run_scenario(4, [(WILD2, "7D")], [*moves, {"seat": 0, "play": "AH"}]), 4)
    match = match_after(4, [(WILD2, "7D")], [*moves, {"seat": 0, "play": "AS"}])
    assert match.state.hand.tricks.done[0].winner == 1
    assert match.pending.seat == 1


# The centre card ---------------------------------------------------------------------------


def test_centre_card_goes_to_the_first_trick_winner_in_a_coup_hand() -> None:
    before = match_after(4, [(WILD, "7H")], wild_moves()[:-1])
    assert before.state.hand.tricks.center_won_by is None
    assert before.view(0).center is None
    after = match_after(4, [(WILD, "7H")], wild_moves())
    assert after.state.hand.tricks.center_won_by == 3
    # Turned face up: everyone now knows it.
    assert all(after.view(seat).center is card("7H") for seat in range(4))


def test_centre_card_counts_as_taken_with_the_first_trick() -> None:
    """s0 attempts a Siege coup; the centre card is 7♠. T1: 7♦ (s0), A♥, A♦ (s2 wins and
    takes 7♠ with the trick), A♣. T2: s2 leads 8♠, s0 wins with A♠ and takes every later
    trick (his Spades, then COUP named as a Spade). s0 has seven Spades, not all eight:
    the coup fails (800 to the Treasury), and s2 pays nothing for his Spade."""
    hands = ["COUP AS 10S KS QS JS 9S 7D", "AH 10H KH QH JH 9H 8H 7H",
             "AD 10D KD QD JD 9D 8D 8S", "AC 10C KC QC JC 9C 8C 7C"]
    seat_of = holders(cards_of(hands), "7S", None)
    moves = [{"seat": 0, "coup": "siege"}, *trick_moves(
        seat_of, "7D AH AD AC", "8S 10C AS 10H", "10S KH 10D KC", "KS QH KD QC",
        "QS JH QD JC", "JS 9H JD 9C", "9S 8H 9D 8C", "COUP:S 7H 8D 7C")]
    result = run_scenario(4, [(hands, "7S")], moves)
    assert result["ok"]
    assert result["money"] == [9200, 10000, 10000, 10000]
    assert result["treasury"] == 800
    assert result["director"] == 0


# Eight tricks ------------------------------------------------------------------------------


def test_all_eight_tricks_are_played_after_the_outcome_is_known() -> None:
    # A Director's Barbu: s2 has taken K♥ by trick 3, yet trick 8 is still played.
    plan = penalty_hand(0, 2, "barbu")
    seven = plan.moves[:-4]
    match = match_after(4, [plan.deal], seven)
    assert len(match.state.hand.tricks.done) == 7
    assert match.state.money == (10000, 10000, 10000, 10000)
    assert match.pending.seat == 2
    done = run_scenario(4, [plan.deal], plan.moves)
    assert done["money"] == [10800, 10000, 9200, 10000]


def test_three_players_play_eight_tricks_of_three_cards() -> None:
    """3 players (no 7s or 8s). s0 leads A♣ and 10♣ (followed), then his Spades; he takes
    all eight tricks; then the hand is over and the next deal is awaited."""
    hands = ["AS 10S KS QS JS 9S AC 10C", "AH 10H KH QH JH 9H KC QC",
             "AD 10D KD QD JD 9D JC COUP"]
    seat_of = holders(cards_of(hands), "9C", 2)
    tricks = ["AC KC JC", "10C QC 9C", "AS AH AD", "10S 10H 10D", "KS KH KD", "QS QH QD",
              "JS JH JD", "9S 9H 9D"]
    moves = [{"seat": 2, "decline": True}, {"seat": 0, "choose": "waterloo"},
             *trick_moves(seat_of, *tricks)]
    seven = match_after(3, [(hands, "9C")], moves[:-3])
    assert len(seven.state.hand.tricks.done) == 7
    assert all(len(trick.plays) == 3 for trick in seven.state.hand.tricks.done)
    result = run_scenario(3, [(hands, "9C")], moves)
    assert result["ok"] and result["awaiting"] is None
