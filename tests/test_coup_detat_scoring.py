"""RULES.md section 1: the Director's chart, the Coup chart, hidden coups, the Treasury,
rounds and the end of the game. Money is listed [s0, s1, s2, s3]; everyone starts with
10,000 francs. The standard hands (sweep_coup, failed_coup, ...) are described in
coup_detat_kit.py."""

from __future__ import annotations

import pytest
from coup_detat_kit import (
    HandPlan,
    Script,
    director_sweep,
    dominos_last_out,
    dominos_moves,
    failed_coup,
    holders,
    penalty_hand,
    sweep_coup,
    trick_moves,
)

from game.games.coup_detat.rules import events as ev


def director_hand(hands: list[str], center: str, coup_seat: int, director: int,
                  hand_type: str, *tricks: str) -> HandPlan:
    """A Director's hand: the COUP holder declines, the Director names the hand, then the
    tricks are played (each written as its cards in play order)."""
    cards = [hand.split() for hand in hands]
    seat_of = holders(cards, center, coup_seat)
    moves = [{"seat": coup_seat, "decline": True}, {"seat": director, "choose": hand_type}]
    return HandPlan(cards, center, moves + trick_moves(seat_of, *tricks))


# The rotation deal: the lead passes s0 -> s1 -> s2 -> s3 -> s0 on the 7s, and each
# player takes one trick of the first four; s0 takes the last five.
ROTATION = ["7H AS 10S KS QS JS 9S 8S", "7D AH 10H KH QH JH 9H 8H",
            "7C AD 10D KD QD JD 9D 8D", "7S AC 10C KC QC JC 9C COUP"]
ROTATION_TRICKS = (
    "7H QH QD 9C",  # s1 follows with Q♥ and wins; he takes Q♥ Q♦
    "7D AD 8C QS",  # s2 wins with A♦; he takes Q♠ (a Queen and a Spade)
    "7C QC 9S KH",  # s3 wins with Q♣; he takes Q♣, 9♠ and K♥
    "7S AS 8H 8D",  # s0 wins with A♠
    "10S 9H 9D JC", "KS JH JD KC", "JS 10H KD 10C", "8S AH 10D AC",  # s0 leads, all void
)


def rotation(hand_type: str) -> HandPlan:
    # s3 declines COUP and takes the centre 8♣ (he throws it on trick 2).
    return director_hand(ROTATION, "8C", 3, 0, hand_type, *ROTATION_TRICKS)


# The hidden-coup deal: s0 (7♠ and seven Diamonds) leads 7♦; s2 wins it with A♦, then
# leads his Spades: s0 must follow with his single 7♠, and s2 takes all eight tricks.
HIDDEN = ["7S 10D KD QD JD 9D 8D 7D", "AH 10H KH QH JH 9H 8H 7H",
          "AD AS 10S KS QS JS 9S 8S", "COUP AC 10C KC QC JC 9C 8C"]
HIDDEN_TRICKS = ("7D AH AD AC", "AS 10C 7S 10H", "10S KC 10D KH", "KS QC KD QH",
                 "QS JC QD JH", "JS 9C JD 9H", "9S 8C 9D 8H", "8S 7C 8D 7H")


def everything_to_s2(hand_type: str) -> HandPlan:
    return director_hand(HIDDEN, "7C", 3, 0, hand_type, *HIDDEN_TRICKS)


def run(*plans: HandPlan, **options: object) -> dict:
    script = Script()
    for plan in plans:
        script.add(plan)
    result = script.run(**options)
    assert result["ok"], result["error"]
    return result


def events_of(*plans: HandPlan) -> list:
    script = Script()
    for plan in plans:
        script.add(plan)
    return script.match().events


# The Director's chart ----------------------------------------------------------------------


def test_barbu_taker_of_king_of_hearts_pays_director_800() -> None:
    # s3 takes tricks 1-7, K♥ among them; Queens and Spades cost nothing in Barbu.
    result = run(penalty_hand(0, 3, "barbu"))
    assert result["money"] == [10800, 10000, 10000, 9200]


def test_waterloo_each_queen_taken_costs_200() -> None:
    # s1 took Q♥ Q♦ (400), s2 Q♠ (200), s3 Q♣ (200); s0 took no Queen.
    result = run(rotation("waterloo"))
    assert result["money"] == [10800, 9600, 9800, 9800]


def test_siege_each_spade_taken_costs_100() -> None:
    # s2 took Q♠, s3 took 9♠; s1 none; the Director took the six others.
    result = run(rotation("siege"))
    assert result["money"] == [10200, 10000, 9900, 9900]


def test_touche_taking_the_first_trick_costs_400() -> None:
    # s1 took trick 1; the Director took trick 8.
    result = run(rotation("touche"))
    assert result["money"] == [10400, 9600, 10000, 10000]


def test_touche_first_and_last_trick_cost_400_each_and_are_no_coup() -> None:
    """s2 takes trick 1 (9♦ on 7♦) and trick 8 (A♦ on 8♦); s0 the six between."""
    plan = director_hand(
        ["7D 8D AS 10S KS QS JS 9S", "AH 10H KH QH JH 9H 8H 7H",
         "AD 10D KD QD JD 9D 8S 7S", "COUP AC 10C KC QC JC 9C 8C"], "7C", 3, 0, "touche",
        "7D AH 9D AC", "7S 10C AS 10H", "10S KH 8S KC", "KS QH 10D QC", "QS JH KD JC",
        "JS 9H QD 9C", "9S 8H JD 8C", "8D 7H AD 7C",
    )
    result = run(plan)
    assert result["money"] == [10800, 10000, 9200, 10000]
    assert result["director"] == 0


def test_guillotine_charges_everything_together_and_queen_of_spades_costs_300() -> None:
    # s1: first trick 400 + Q♥ Q♦ 400 = 800.
    # s2: Q♠ = 200 (Queen) + 100 (Spade) = 300.
    # s3: K♥ 800 + Q♣ 200 + 9♠ 100 = 1100.   s0 collects 2200.
    result = run(rotation("guillotine"))
    assert result["money"] == [12200, 9200, 9700, 8900]


def test_dominos_last_out_pays_director_800() -> None:
    result = run(dominos_last_out(0, 2))
    assert result["money"] == [10800, 10000, 9200, 10000]


def test_director_pays_nothing_for_what_he_takes() -> None:
    # s1 is Director with all the Hearts and takes every trick of his Guillotine: K♥,
    # all Queens, all Spades, first and last trick.
    result = run(director_sweep(1, "guillotine"), first_dealer=1)
    assert result["money"] == [10000, 10000, 10000, 10000]
    assert result["director"] == 1


def test_penalties_are_paid_payer_by_payer_from_the_directors_left() -> None:
    # The rotation deal turned two seats: s2 is Director (he holds what s0 held), s1 holds
    # COUP. s3 takes the first trick and two Queens (800), s0 Q♠ (300), s1 K♥ Q♣ 9♠ (1100):
    # they pay in that order, from s2's left.
    hands = [ROTATION[2], ROTATION[3], ROTATION[0], ROTATION[1]]
    plan = director_hand(hands, "8C", 1, 2, "guillotine", *ROTATION_TRICKS)
    script = Script().add(plan)
    result = script.run(first_dealer=2)
    assert result["money"] == [9700, 8900, 12200, 9200]
    paid = [(e.payer, e.payee, e.amount) for e in script.match(first_dealer=2).events
            if isinstance(e, ev.Paid)]
    assert paid == [(3, 2, 800), (0, 2, 300), (1, 2, 1100)]


def test_a_player_who_owes_nothing_makes_no_payment() -> None:
    # Siege on the rotation deal: s1 took no Spade.
    paid = [(e.payer, e.payee, e.amount) for e in events_of(rotation("siege"))
            if isinstance(e, ev.Paid)]
    assert paid == [(2, 0, 100), (3, 0, 100)]


# The Coup chart ----------------------------------------------------------------------------

COUP_AMOUNTS = [("barbu", 600), ("waterloo", 1000), ("siege", 1000), ("touche", 600),
                ("guillotine", 1500), ("dominos", 600)]


@pytest.mark.parametrize(("hand_type", "amount"), COUP_AMOUNTS)
def test_successful_coup_collects_chart_amount_from_each_other_player(
    hand_type: str, amount: int
) -> None:
    # s1 takes everything (or goes out first in Dominos).
    result = run(sweep_coup(1, hand_type))
    others = 10000 - amount
    assert result["money"] == [others, 10000 + 3 * amount, others, others]
    assert result["director"] == 1


@pytest.mark.parametrize("hand_type", ["barbu", "waterloo", "siege", "touche", "guillotine"])
def test_failed_coup_pays_800_to_treasury_and_directorship_is_unchanged(
    hand_type: str,
) -> None:
    # s1 takes no trick; s2 takes all eight but pays no penalty (a coup hand).
    result = run(failed_coup(1, hand_type))
    assert result["money"] == [10000, 9200, 10000, 10000]
    assert result["treasury"] == 800
    assert result["director"] == 0


def test_failed_dominos_coup_pays_800_and_nobody_pays_the_last_out_penalty() -> None:
    """s1 attempts a Dominos coup and swaps COUP for the centre 7♣. He starts with K♥;
    s3 lays A♥ on it and runs K♣ A♣ Q♣ J♣ 10♣ 9♣ 8♣: s3 is first out. s0 K♠; s1 Q♥;
    s2 runs A♦ Q♦..7♦; s0 runs A♠ Q♠..7♠: s1 is left holding cards, last out."""
    hands = [["AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S"],
             ["COUP", "KH", "QH", "JH", "10H", "9H", "8H", "7H"],
             ["AD", "10D", "KD", "QD", "JD", "9D", "8D", "7D"],
             ["AH", "AC", "10C", "KC", "QC", "JC", "9C", "8C"]]
    seat_of = holders(hands, "7C", 1)
    laid = dominos_moves(seat_of, "KH KD AH KC AC QC JC 10C 9C 8C KS QH "
                                  "AD QD JD 10D 9D 8D 7D AS QS JS 10S 9S 8S 7S")
    moves = [{"seat": 1, "coup": "dominos"}, *laid]
    result = run(HandPlan(hands, "7C", moves))
    assert result["money"] == [10000, 9200, 10000, 10000]
    assert result["treasury"] == 800
    assert result["director"] == 0


def test_successful_coup_takes_the_treasury_and_the_directorship() -> None:
    # s3's failed coup: 800 to the Treasury. s2's Waterloo coup: 1000 from each of s3, s0,
    # s1, then the Treasury's 800: s2 10000 + 3000 + 800.
    result = run(failed_coup(3, "barbu"), sweep_coup(2, "waterloo"))
    assert result["money"] == [9000, 9000, 13800, 8200]
    assert result["treasury"] == 0
    assert result["director"] == 2


def test_director_may_attempt_a_coup_and_stays_director() -> None:
    result = run(sweep_coup(0, "siege"))
    assert result["money"] == [13000, 9000, 9000, 9000]
    assert result["director"] == 0


def test_coup_is_settled_by_payments_from_his_left_then_the_treasury() -> None:
    events = events_of(failed_coup(3, "barbu"), sweep_coup(2, "waterloo"))
    start = max(i for i, e in enumerate(events) if isinstance(e, ev.CoupAttempted))
    money = [(type(e).__name__, getattr(e, "payer", getattr(e, "seat", None)))
             for e in events[start:] if isinstance(e, ev.Paid | ev.TreasuryTaken)]
    assert money == [("Paid", 3), ("Paid", 0), ("Paid", 1), ("TreasuryTaken", 2)]


def test_failed_coup_is_one_payment_of_800_to_the_treasury() -> None:
    events = events_of(failed_coup(2, "guillotine"))
    paid = [(e.payer, e.payee, e.amount) for e in events if isinstance(e, ev.Paid)]
    assert paid == [(2, None, 800)]


# Hidden coups ------------------------------------------------------------------------------

HIDDEN_AMOUNTS = [("waterloo", 1000), ("siege", 1000), ("guillotine", 1500)]


@pytest.mark.parametrize(("hand_type", "amount"), HIDDEN_AMOUNTS)
def test_hidden_coup_pays_coup_amount_treasury_and_directorship(
    hand_type: str, amount: int
) -> None:
    # s1's failed Barbu coup puts 800 in the Treasury. Then, in s0's hand, s2 takes
    # everything: no penalty; each other player pays him the coup amount; he takes the
    # Treasury and becomes Director.
    result = run(failed_coup(1, "barbu"), everything_to_s2(hand_type))
    assert result["money"] == [10000 - amount, 9200 - amount, 10800 + 3 * amount,
                               10000 - amount]
    assert result["treasury"] == 0
    assert result["director"] == 2


def test_hidden_coup_is_settled_like_a_coup_from_the_winners_left() -> None:
    events = events_of(failed_coup(1, "barbu"), everything_to_s2("siege"))
    start = max(i for i, e in enumerate(events) if isinstance(e, ev.HandTypeChosen))
    money = [(type(e).__name__, getattr(e, "payer", getattr(e, "seat", None)))
             for e in events[start:] if isinstance(e, ev.Paid | ev.TreasuryTaken)]
    assert money == [("Paid", 3), ("Paid", 0), ("Paid", 1), ("TreasuryTaken", 2)]
    assert [e.seat for e in events if isinstance(e, ev.HiddenCoup)] == [2]


# 3 players (no 7s or 8s): s1 takes all eight tricks of s0's hand. s0 leads 9♦ (he may
# not lead his 9♠ in Siege or Guillotine), s1 wins it with A♦, then leads A♠ (s0 must
# follow with 9♠), 10♠ K♠ Q♠ J♠, then A♣ and 10♣, which s2 (J♣ 9♣) and s0 (K♣ Q♣) follow.
THREE = ["9S 10D KD QD JD 9D KC QC", "AD AS 10S KS QS JS AC 10C",
         "AH 10H KH QH JH 9H JC COUP"]
THREE_TRICKS = ("9D AD AH", "AS 10H 9S", "10S KH 10D", "KS QH KD", "QS JH QD",
                "JS 9H JD", "AC JC KC", "10C 9C QC")


@pytest.mark.parametrize(("hand_type", "amount"), [("siege", 1000), ("guillotine", 1500)])
def test_three_player_hidden_coup_is_paid_by_both_other_players(
    hand_type: str, amount: int
) -> None:
    # All six Spades of the 25-card pack (and in Guillotine everything else too).
    plan = director_hand(THREE, "9C", 2, 0, hand_type, *THREE_TRICKS)
    result = Script(players=3).add(plan).run()
    assert result["ok"], result["error"]
    assert result["money"] == [10000 - amount, 10000 + 2 * amount, 10000 - amount]
    assert result["director"] == 1


def test_no_hidden_coup_in_barbu() -> None:
    # s2 takes everything, K♥ included: in Barbu that is only the 800 penalty.
    result = run(everything_to_s2("barbu"))
    assert result["money"] == [10800, 10000, 9200, 10000]
    assert result["director"] == 0


def test_no_hidden_coup_in_touche() -> None:
    result = run(everything_to_s2("touche"))
    assert result["money"] == [10800, 10000, 9200, 10000]
    assert result["director"] == 0


def test_no_hidden_coup_in_dominos() -> None:
    """s0 starts with K♠, everyone starts his suit with his King; s0 lays Q♠ instead of his
    Ace; s1 lays A♥ on K♥ and runs out first, then s2 and s3 run out. The Director is last
    out (he pays nothing) and s1, first out, gains nothing."""
    hands = [["AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S"],
             ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H"],
             ["AD", "10D", "KD", "QD", "JD", "9D", "8D", "7D"],
             ["AC", "10C", "KC", "QC", "JC", "9C", "8C", "COUP"]]
    seat_of = holders(hands, "7C", 3)
    moves = [{"seat": 3, "decline": True}, {"seat": 0, "choose": "dominos"}]
    moves += dominos_moves(seat_of, "KS KH KD KC QS AH QH JH 10H 9H 8H 7H "
                                    "AD QD JD 10D 9D 8D 7D AC QC JC 10C 9C 8C 7C")
    result = run(HandPlan(hands, "7C", moves))
    assert result["money"] == [10000, 10000, 10000, 10000]
    assert result["director"] == 0


def test_hidden_coup_is_never_the_directors() -> None:
    # s0 takes all the Queens of his own Waterloo: nothing happens.
    result = run(director_sweep(0, "waterloo"))
    assert result["money"] == [10000, 10000, 10000, 10000]
    events = events_of(director_sweep(0, "waterloo"))
    assert not any(isinstance(e, ev.HiddenCoup | ev.DirectorChanged) for e in events)


# The Treasury and rounds ---------------------------------------------------------------------


def test_treasury_goes_to_the_director_in_office_when_the_round_ends() -> None:
    # s2's Barbu coup (600 from s3, s0, s1; s2 Director), s3's failed Waterloo coup (800 to
    # the Treasury), three hands s2 takes entirely, then s2's Dominos with s1 last out
    # (800). The round ends with s2 in office: he gets the Treasury's 800, not s0.
    result = run(sweep_coup(2, "barbu"), failed_coup(3, "waterloo"),
                 director_sweep(2, "siege"), director_sweep(2, "touche"),
                 director_sweep(2, "guillotine"), dominos_last_out(2, 1))
    assert result["money"] == [9400, 8600, 13400, 8600]
    assert result["treasury"] == 0


def test_next_round_director_is_left_of_the_rounds_starting_director() -> None:
    # Same round: s0 started it, s2 held the office at its end. Round 2 is s1's, at once.
    result = run(sweep_coup(2, "barbu"), failed_coup(3, "waterloo"),
                 director_sweep(2, "siege"), director_sweep(2, "touche"),
                 director_sweep(2, "guillotine"), dominos_last_out(2, 1))
    assert result["director"] == 1


def test_coup_in_the_rounds_last_hand_takes_the_treasury_before_the_round_ends() -> None:
    # s3's failed coup: Treasury 800. Four hands s0 takes entirely. Last hand: s2's Dominos
    # coup, 600 from s3, s0, s1 and the Treasury: s2 10000 + 1800 + 800 = 12600.
    result = run(failed_coup(3, "barbu"), director_sweep(0, "waterloo"),
                 director_sweep(0, "siege"), director_sweep(0, "touche"),
                 director_sweep(0, "guillotine"), sweep_coup(2, "dominos"))
    assert result["money"] == [9400, 9400, 12600, 8600]
    assert result["treasury"] == 0
    assert result["director"] == 1


def four_player_game(last_hand: bool = True) -> Script:
    """Four rounds of hands the Director takes entirely, each ending with a Dominos:
    round 1 (s0): s3 last out pays s0 800; round 2 (s1): s2 pays s1; round 3 (s2): s3 pays
    s2; round 4 (s3): s0 first fails a Barbu coup (800 to the Treasury), and in the
    Dominos s2 pays s3. The Treasury's 800 goes to s3 at the end.
    s0 10000 + 800 - 800 = 10000; s1 10000 + 800 = 10800;
    s2 10000 - 800 + 800 - 800 = 9200; s3 10000 - 800 - 800 + 800 + 800 = 10000."""
    script = Script()
    for director, last in ((0, 3), (1, 2), (2, 3)):
        for hand_type in ("barbu", "waterloo", "siege", "touche", "guillotine"):
            script.add(director_sweep(director, hand_type))
        script.add(dominos_last_out(director, last))
    script.add(failed_coup(0, "barbu"))
    for hand_type in ("waterloo", "siege", "touche", "guillotine"):
        script.add(director_sweep(3, hand_type))
    if last_hand:
        script.add(dominos_last_out(3, 2))
    return script


def test_game_lasts_as_many_rounds_as_players_four() -> None:
    before = four_player_game(last_hand=False).run()
    assert before["ok"] and before["game_over"] is False
    result = four_player_game().run()
    assert result["ok"] and result["game_over"] is True
    assert result["awaiting"] is None


def test_winner_has_the_highest_final_worth() -> None:
    result = four_player_game().run()
    assert result["money"] == [10000, 10800, 9200, 10000]
    assert result["winners"] == [1]


def test_treasury_goes_to_the_director_after_the_last_round_and_he_stays_director() -> None:
    result = four_player_game().run()
    assert result["treasury"] == 0
    assert result["director"] == 3


def three_player_sweep(director: int, hand_type: str) -> HandPlan:
    """3 players: the Director holds A♠..9♠ and A♣ 10♣; the next seat the Hearts and K♣ Q♣;
    the third the Diamonds, J♣ and COUP (declined, he takes the centre 9♣). The Director
    leads A♣ and 10♣ (both followed, both winning: 10 beats K in trick order), then his
    Spades, to which nobody can follow: he takes all eight tricks."""
    d1, d2 = (director + 1) % 3, (director + 2) % 3
    hands = ["", "", ""]
    hands[director] = "AS 10S KS QS JS 9S AC 10C"
    hands[d1] = "AH 10H KH QH JH 9H KC QC"
    hands[d2] = "AD 10D KD QD JD 9D JC COUP"
    return director_hand(
        hands, "9C", d2, director, hand_type,
        "AC KC JC", "10C QC 9C", "AS AH AD", "10S 10H 10D", "KS KH KD", "QS QH QD",
        "JS JH JD", "9S 9H 9D",
    )


def test_short_three_player_game_lasts_three_rounds_and_equal_worth_shares_the_win() -> None:
    script = Script(players=3)
    for director in (0, 1, 2):
        for hand_type in ("waterloo", "siege", "guillotine"):
            script.add(three_player_sweep(director, hand_type))
    result = script.run(short_game=True)
    assert result["ok"] and result["game_over"] is True
    assert result["money"] == [10000, 10000, 10000]
    assert result["winners"] == [0, 1, 2]
    assert result["director"] == 2
    script.deals.pop()
    del script.moves[-26:]  # the last hand: decline, choose and 24 cards
    assert script.run(short_game=True)["game_over"] is False
