"""RULES.md section 1, "Settling and borrowing" and its fine points on loans, with the
rulings of docs/RULES_NOTES.md ("Borrowing").

Running a player out of money takes many hands, so these tests play long scenarios built
from the standard hands of coup_detat_kit.py (see its docstring for how each is played and
why it comes out as it does):

- sweep(c, t): c's coup in t succeeds; each other player pays c the Coup chart amount
  (Barbu 600, Waterloo 1000, Siege 1000, Touché 600, Guillotine 1500, Dominos 600),
  starting on c's left; c takes the Treasury and is Director.
- fail(c, t): c's coup fails; he pays 800 to the Treasury.
- pen(p, t): a Director's hand in which p pays the Director Barbu 800, Siege 600,
  Guillotine 2600, Touché 400 (Waterloo 600); nobody else pays.
- last(p): a Director's Dominos in which p is last out and pays the Director 800.

Every figure below is worked out by hand from RULES.md; the comments show the arithmetic.
Money is listed [s0, s1, s2, s3]. Rounds: the first Director is s0, so rounds 2, 3, 4 start
with s1, s2, s3 as Director; at the end of a round the Treasury goes to the Director then
in office.
"""

from __future__ import annotations

from coup_detat_kit import (
    HandPlan,
    Script,
    dominos_last_out,
    failed_coup,
    penalty_hand,
    sweep_coup,
)

from game.games.coup_detat.rules import events as ev

# A step: (kind, seat, hand type); "last" steps are always Dominos.
Step = tuple[str, int, str]


def build(steps: list[Step]) -> Script:
    """Play the steps in order, following who is Director as the rules say."""
    script = Script()
    director, round_director = 0, 0
    for number, (kind, seat, hand_type) in enumerate(steps, start=1):
        plan: HandPlan
        if kind == "sweep":
            plan = sweep_coup(seat, hand_type)
            director = seat
        elif kind == "fail":
            plan = failed_coup(seat, hand_type)
        elif kind == "pen":
            plan = penalty_hand(director, seat, hand_type)
        else:
            assert kind == "last" and hand_type == "dominos"
            plan = dominos_last_out(director, seat)
        script.add(plan)
        if number % 6 == 0:  # a round is over: the next Director is left of its first
            round_director = (round_director + 1) % 4
            director = round_director
    return script


def played(steps: list[Step]) -> dict:
    """The scenario output after the steps; every move must have been accepted."""
    result = build(steps).run()
    assert result["ok"], result["error"]
    return result


def debts(*entries: tuple[int, int, int]) -> list[dict[str, int]]:
    return [{"debtor": d, "lender": lender, "owed": owed} for d, lender, owed in entries]


# Scenario TIE ----------------------------------------------------------------------------
# Round 1 (Director s0):
#  1 sweep(0, waterloo): s1 s2 s3 pay 1000 to s0         [13000, 9000, 9000, 9000]
#  2 sweep(1, siege): s2 s3 s0 pay 1000 to s1            [12000, 12000, 8000, 8000]
#  3 sweep(3, barbu): s0 s1 s2 pay 600 to s3             [11400, 11400, 7400, 9800]  Dir s3
#  4 pen(2, guillotine): s2 pays 2600 to s3             [11400, 11400, 4800, 12400]
#  5 fail(2, touche): s2 pays 800, Treasury 800          [11400, 11400, 4000, 12400]
#  6 last(2): s2 pays 800 to s3                          [11400, 11400, 3200, 13200]
#    round ends: Treasury 800 to s3 (in office)          [11400, 11400, 3200, 14000]
# Round 2 (Director s1, left of s0 who started round 1):
#  7 pen(2, guillotine): s2 pays 2600 to s1              [11400, 14000, 600, 14000]
#  8 pen(2, barbu): s2 owes 800 and has 600: short by 200 -> borrows 1000. The others'
#    cash: s3 14000, s1 14000 (the payee), s0 11400: s3 and s1 tie; the nearest to s2's
#    left is s3. s3 lends 1000 (13000), s2 owes him 1200; s2 pays 800 to s1.
#                                                        [11400, 14800, 800, 13000]
#  9 fail(0, waterloo): s0 pays 800, Treasury 800        [10600, 14800, 800, 13000]
# 10 sweep(2, touche): s3, s0, s1 each pay s2 600; s2 owes s3 1200, so half of each
#    receipt goes to s3 at once: 300, 300, 300 (he still owes 300). Then s2 takes the
#    Treasury, 800: half is 400, but only 300 is owed: 300 repays the debt, which closes.
#    s0 10600-600 = 10000; s1 14800-600 = 14200;
#    s2 800 + 3x600 - 3x300 + 800 - 300 = 2200; s3 13000 - 600 + 3x300 + 300 = 13600.
TIE = [
    ("sweep", 0, "waterloo"), ("sweep", 1, "siege"), ("sweep", 3, "barbu"),
    ("pen", 2, "guillotine"), ("fail", 2, "touche"), ("last", 2, "dominos"),
    ("pen", 2, "guillotine"), ("pen", 2, "barbu"),
    ("fail", 0, "waterloo"), ("sweep", 2, "touche"),
]


def test_borrower_pays_only_his_cash_before_running_short() -> None:
    result = played(TIE[:7])
    assert result["money"] == [11400, 14000, 600, 14000]
    assert result["debts"] == []


def test_shortfall_is_borrowed_rounded_up_to_whole_thousands_owing_1200_per_1000() -> None:
    # Short by 200: he borrows 1000 and owes 1200 (step 8 above).
    result = played(TIE[:8])
    assert result["debts"] == debts((2, 3, 1200))
    assert result["money"] == [11400, 14800, 800, 13000]


def test_lender_ties_go_to_the_nearest_on_the_borrowers_left() -> None:
    # s1 (the payee, lowest seat number) and s3 both hold 14000; s3 sits left of s2.
    match = build(TIE[:8]).match()
    loans = [e for e in match.events if isinstance(e, ev.Borrowed)]
    assert [(loan.debtor, loan.lender, loan.amount, loan.owed) for loan in loans] == [
        (2, 3, 1000, 1200)
    ]


def test_worth_counts_debts_against_the_borrower_and_for_the_lender() -> None:
    # s2: 800 - 1200 = -400; s3: 13000 + 1200 = 14200.
    result = played(TIE[:8])
    assert result["worth"] == [11400, 14800, -400, 14200]


def test_half_of_every_receipt_goes_to_the_lender_until_repaid() -> None:
    match = build(TIE).match()
    repaid = [(e.debtor, e.lender, e.amount) for e in match.events if isinstance(e, ev.Repaid)]
    # Three coup payments of 600 (300 each), then the Treasury's 800 (half 400, 300 owed).
    assert repaid == [(2, 3, 300), (2, 3, 300), (2, 3, 300), (2, 3, 300)]


def test_treasury_taken_counts_as_a_receipt_and_a_repaid_debt_closes() -> None:
    result = played(TIE)
    assert result["money"] == [10000, 14200, 2200, 13600]
    assert result["debts"] == []
    assert result["treasury"] == 0


# Scenario BIG ----------------------------------------------------------------------------
# Round 1 (Director s0):
#  1 pen(2, guillotine): s2 pays 2600 to s0              [12600, 10000, 7400, 10000]
#  2 sweep(0, waterloo): s1 s2 s3 pay 1000 to s0         [15600, 9000, 6400, 9000]
#  3 sweep(0, siege): the same                           [18600, 8000, 5400, 8000]
#  4 pen(2, barbu): 800                                  [19400, 8000, 4600, 8000]
#  5 fail(2, touche): 800 to the Treasury                [19400, 8000, 3800, 8000]
#  6 last(2): 800 to s0; round ends, Treasury 800 to s0  [21000, 8000, 3000, 8000]
# Round 2 (Director s1):
#  7 pen(2, guillotine): 2600 to s1                      [21000, 10600, 400, 8000]
#  8 pen(2, touche): 400, exactly his cash: no loan      [21000, 11000, 0, 8000]
#  9 pen(0, barbu): s0 pays 800 to s1                    [20200, 11800, 0, 8000]
# 10 sweep(0, waterloo): s1 pays 1000 (10800; s0 21200). s2 has 0: short by exactly
#    1000, borrows 1000 from the richest other player, s0 (the payee): s0 20200, s2
#    owes 1200; s2 pays 1000 to s0 (21200). s3 pays 1000 (7000; s0 22200).
#                                                        [22200, 10800, 0, 7000]
# 11 sweep(0, siege): s1 pays (9800; s0 23200); s2 borrows 1000 more from s0, now owing
#    2400 in one debt (s0 22200), and pays (s0 23200); s3 pays (6000; s0 24200).
#                                                        [24200, 9800, 0, 6000]
# 12 last(1): s1 pays 800 to s0                          [25000, 9000, 0, 6000]
# Round 3 (Director s2):
# 13 sweep(0, guillotine): s1 pays 1500 (7500; s0 26500). s2 owes 1500, has 0: short by
#    1500 -> borrows 2000 (whole thousands) from s0 (24500) and owes 2400 more: 4800.
#    He pays 1500 (500; s0 26000). s3 pays 1500 (4500; s0 27500).
#                                                        [27500, 7500, 500, 4500]
BIG = [
    ("pen", 2, "guillotine"), ("sweep", 0, "waterloo"), ("sweep", 0, "siege"),
    ("pen", 2, "barbu"), ("fail", 2, "touche"), ("last", 2, "dominos"),
    ("pen", 2, "guillotine"), ("pen", 2, "touche"), ("pen", 0, "barbu"),
    ("sweep", 0, "waterloo"), ("sweep", 0, "siege"), ("last", 1, "dominos"),
    ("sweep", 0, "guillotine"),
]


def test_paying_exactly_all_ones_cash_needs_no_loan() -> None:
    result = played(BIG[:8])
    assert result["money"] == [21000, 11000, 0, 8000]
    assert result["debts"] == []


def test_lender_may_be_the_very_player_being_paid() -> None:
    result = played(BIG[:10])
    assert result["money"] == [22200, 10800, 0, 7000]
    assert result["debts"] == debts((2, 0, 1200))


def test_shortfall_of_exactly_1000_borrows_1000() -> None:
    match = build(BIG[:10]).match()
    loans = [(e.debtor, e.lender, e.amount, e.owed) for e in match.events
             if isinstance(e, ev.Borrowed)]
    assert loans == [(2, 0, 1000, 1200)]


def test_loans_from_the_same_lender_add_up_into_one_debt() -> None:
    result = played(BIG[:11])
    assert result["debts"] == debts((2, 0, 2400))
    assert result["money"] == [24200, 9800, 0, 6000]


def test_shortfall_over_1000_is_rounded_up_to_2000_owing_2400() -> None:
    result = played(BIG)
    assert result["money"] == [27500, 7500, 500, 4500]
    assert result["debts"] == debts((2, 0, 4800))
    # Worth: s0 27500 + 4800 = 32300; s2 500 - 4800 = -4300.
    assert result["worth"] == [32300, 7500, -4300, 4500]


# Scenario CHAIN --------------------------------------------------------------------------
# Round 1 (Director s0):
#  1 pen(3, guillotine): s3 pays 2600 to s0              [12600, 10000, 10000, 7400]
#  2 sweep(1, waterloo): s2 s3 s0 pay 1000 to s1         [11600, 13000, 9000, 6400] Dir s1
#  3 pen(3, barbu): 800 to s1                            [11600, 13800, 9000, 5600]
#  4 sweep(2, siege): s3 s0 s1 pay 1000 to s2            [10600, 12800, 12000, 4600] Dir s2
#  5 last(3): 800 to s2                                  [10600, 12800, 12800, 3800]
#  6 sweep(0, touche): s1 s2 s3 pay 600 to s0            [12400, 12200, 12200, 3200] Dir s0
# Round 2 (Director s1):
#  7 fail(3, barbu): 800 to the Treasury (800)           [12400, 12200, 12200, 2400]
#  8 pen(3, guillotine): s3 owes s1 2600, has 2400: short 200 -> 1000 from the richest
#    other, s0 (12400; not the payee s1, 12200). s3 owes s0 1200, pays s1.
#                                                        [11400, 14800, 12200, 800]
#  9 sweep(1, waterloo): s2 pays 1000 (11200; s1 15800). s3 has 800: borrows 1000 from
#    the richest other, s1 (15800), the payee: a second debt, s3 owes s1 1200. Borrowed
#    money is no receipt: nothing goes to s0. s3 pays (800; s1 15800). s0 pays (10400;
#    s1 16800). s1 takes the Treasury, 800.            [10400, 17600, 11200, 800]
# 10 sweep(1, siege): s2 pays (10200; s1 18600); s3 borrows 1000 more from s1, owing him
#    2400 in all, and pays (s1 18600); s0 pays (9400; s1 19600).
#                                                        [9400, 19600, 10200, 800]
# 11 fail(0, touche): s0 pays 800, Treasury 800          [8600, 19600, 10200, 800]
# 12 last(0): s0 pays 800 to s1; round ends, Treasury 800 to s1
#                                                        [7800, 21200, 10200, 800]
# Round 3 (Director s2):
# 13 pen(0, guillotine): 2600 to s2                      [5200, 21200, 12800, 800]
# 14 sweep(1, waterloo): s2 pays (11800; s1 22200); s3 borrows 1000 from s1 (owes him
#    3600) and pays; s0 pays (4200).                     [4200, 23200, 11800, 800] Dir s1
# 15 sweep(1, siege): likewise; s3 owes s1 4800          [3200, 25200, 10800, 800]
# 16 pen(0, barbu): 800 to s1                            [2400, 26000, 10800, 800]
# 17 fail(0, touche): 800 to the Treasury                [1600, 26000, 10800, 800]
# 18 last(0): 800 to s1; round ends, Treasury 800 to s1  [800, 27600, 10800, 800]
# Debts now, oldest first: s3 owes s0 1200, s3 owes s1 4800.
# Round 4 (Director s3):
# 19 sweep(3, waterloo): payers s0, s1, s2 (from s3's left), 1000 each.
#    - s0 has 800: borrows 1000 from the richest other, s1 (26600); s0 owes s1 1200.
#      s0 pays 1000 (800). s3 receives 1000: half, 500, to his oldest debt (s0: 1200 ->
#      700). s0 receives 500 and owes s1: half, 250, goes on to s1 (1200 -> 950).
#      s0 800 + 500 - 250 = 1050; s1 26600 + 250 = 26850; s3 800 + 1000 - 500 = 1300.
#    - s1 pays 1000 (25850). s3: 500 to s0 (700 -> 200); s0 passes 250 to s1 (950 -> 700).
#      s0 1300; s1 26100; s3 1800.
#    - s2 pays 1000 (9800). s3's half is 500: 200 clears his debt to s0, the other 300 go
#      to the next oldest debt (s1: 4800 -> 4500). s0 passes on half of his 200: 100
#      (700 -> 600). s0 1400; s1 26100 + 100 + 300 = 26500; s3 1800 + 1000 - 500 = 2300.
#                                                        [1400, 26500, 9800, 2300]
#    Debts: s0 owes s1 600, s3 owes s1 4500.
#    Worth: s0 1400 - 600 = 800; s1 26500 + 600 + 4500 = 31600; s2 9800; s3 2300 - 4500.
CHAIN = [
    ("pen", 3, "guillotine"), ("sweep", 1, "waterloo"), ("pen", 3, "barbu"),
    ("sweep", 2, "siege"), ("last", 3, "dominos"), ("sweep", 0, "touche"),
    ("fail", 3, "barbu"), ("pen", 3, "guillotine"), ("sweep", 1, "waterloo"),
    ("sweep", 1, "siege"), ("fail", 0, "touche"), ("last", 0, "dominos"),
    ("pen", 0, "guillotine"), ("sweep", 1, "waterloo"), ("sweep", 1, "siege"),
    ("pen", 0, "barbu"), ("fail", 0, "touche"), ("last", 0, "dominos"),
    ("sweep", 3, "waterloo"),
]


def test_lender_is_the_richest_other_player_even_when_he_is_not_the_payee() -> None:
    result = played(CHAIN[:8])
    assert result["debts"] == debts((3, 0, 1200))
    assert result["money"] == [11400, 14800, 12200, 800]


def test_borrowed_money_is_not_a_receipt() -> None:
    # s3 borrows from s1 while owing s0: no part of the loan goes to s0.
    result = played(CHAIN[:9])
    assert result["debts"] == debts((3, 0, 1200), (3, 1, 1200))
    assert result["money"] == [10400, 17600, 11200, 800]


def test_several_debts_stand_side_by_side_before_any_receipt() -> None:
    result = played(CHAIN[:18])
    assert result["money"] == [800, 27600, 10800, 800]
    assert result["debts"] == debts((3, 0, 1200), (3, 1, 4800))
    assert result["director"] == 3  # round 4 starts with s3, left of round 3's s2


def test_receipts_repay_the_oldest_debt_first_then_the_next() -> None:
    match = build(CHAIN).match()
    start = max(i for i, e in enumerate(match.events) if isinstance(e, ev.CoupAttempted))
    repaid = [(e.debtor, e.lender, e.amount) for e in match.events[start:]
              if isinstance(e, ev.Repaid) and e.debtor == 3]
    assert repaid == [(3, 0, 500), (3, 0, 500), (3, 0, 200), (3, 1, 300)]


def test_lender_passes_on_half_of_a_repayment_when_he_himself_owes() -> None:
    match = build(CHAIN).match()
    start = max(i for i, e in enumerate(match.events) if isinstance(e, ev.CoupAttempted))
    repaid = [(e.debtor, e.lender, e.amount) for e in match.events[start:]
              if isinstance(e, ev.Repaid)]
    # Each of s0's pass-ons follows at once the repayment he received.
    assert repaid == [(3, 0, 500), (0, 1, 250), (3, 0, 500), (0, 1, 250),
                      (3, 0, 200), (0, 1, 100), (3, 1, 300)]


def test_money_and_debts_after_a_chain_of_repayments() -> None:
    result = played(CHAIN)
    assert result["money"] == [1400, 26500, 9800, 2300]
    assert result["debts"] == debts((0, 1, 600), (3, 1, 4500))


def test_final_worth_is_cash_less_owed_plus_owed_to_him() -> None:
    result = played(CHAIN)
    assert result["worth"] == [800, 31600, 9800, -2200]


def test_penalty_received_by_a_director_in_debt_repays_half() -> None:
    # TIE up to step 8, then (Director s1, round 2):
    #  9' sweep(2, touche): 600 from each of s3, s0, s1; 300 of each to s3, so s2 still
    #     owes 300: s3 13000 - 600 + 900 = 13300; s0 10800; s1 14200;
    #     s2 800 + 1800 - 900 = 1700; s2 is now Director.
    # 10' pen(0, siege): s0 pays the Director s2 600; half, 300, clears his debt to s3.
    #     s0 10200; s2 1700 + 600 - 300 = 2000; s3 13600.
    steps = [*TIE[:8], ("sweep", 2, "touche"), ("pen", 0, "siege")]
    assert played(steps[:9])["debts"] == debts((2, 3, 300))
    result = played(steps)
    assert result["money"] == [10200, 14200, 2000, 13600]
    assert result["debts"] == []


# Scenario AGE ----------------------------------------------------------------------------
# Round 1 (Director s0):
#  1 pen(2, guillotine): 2600 to s0                      [12600, 10000, 7400, 10000]
#  2 sweep(0, waterloo): 1000 each from s1 s2 s3         [15600, 9000, 6400, 9000]
#  3 sweep(1, siege): 1000 each from s2 s3 s0            [14600, 12000, 5400, 8000] Dir s1
#  4 pen(2, barbu): 800 to s1                            [14600, 12800, 4600, 8000]
#  5 fail(2, touche): 800 to the Treasury                [14600, 12800, 3800, 8000]
#  6 last(2): 800 to s1; the Treasury's 800 to s1        [14600, 14400, 3000, 8000]
# Round 2 (Director s1):
#  7 pen(2, guillotine): 2600 to s1                      [14600, 17000, 400, 8000]
#  8 sweep(0, waterloo): s1 pays (16000; s0 15600); s2 (400) borrows 1000 from s1, the
#    richest other (16000), owes him 1200, pays (s0 16600); s3 pays (7000; s0 17600).
#                                                        [17600, 15000, 400, 7000]
#  9 sweep(1, siege): s2 borrows 1000 from s0 (17600), owes him 1200 (a younger debt),
#    pays (s1 16000); s3 pays (6000; s1 17000); s0 pays (15600; s1 18000).
#                                                        [15600, 18000, 400, 6000]
# 10 pen(2, barbu): s2 owes s1 800, has 400: borrows 1000 from s1 (18000), the payee:
#    his debt to s1 becomes 2400 and stays the older one. s1 17000 + 800.
#                                                        [15600, 17800, 600, 6000]
# 11 sweep(2, touche): 600 each from s3, s0, s1; each time half, 300, goes to the oldest
#    debt, s1's (2400 -> 1500). s2 600 + 1800 - 900 = 1500; s1 17800 - 600 + 900 = 18100.
#                                                        [15000, 18100, 1500, 5400]
AGE = [
    ("pen", 2, "guillotine"), ("sweep", 0, "waterloo"), ("sweep", 1, "siege"),
    ("pen", 2, "barbu"), ("fail", 2, "touche"), ("last", 2, "dominos"),
    ("pen", 2, "guillotine"), ("sweep", 0, "waterloo"), ("sweep", 1, "siege"),
    ("pen", 2, "barbu"), ("sweep", 2, "touche"),
]


def test_new_loan_from_an_earlier_lender_adds_to_his_debt_which_keeps_its_age() -> None:
    match = build(AGE).match()
    assert [(d.debtor, d.lender, d.owed) for d in match.state.debts] == [
        (2, 1, 1500), (2, 0, 1200)]
    start = max(i for i, e in enumerate(match.events) if isinstance(e, ev.CoupAttempted))
    repaid = [(e.debtor, e.lender, e.amount) for e in match.events[start:]
              if isinstance(e, ev.Repaid)]
    assert repaid == [(2, 1, 300), (2, 1, 300), (2, 1, 300)]
    assert played(AGE)["money"] == [15000, 18100, 1500, 5400]


# Scenario REOPEN -------------------------------------------------------------------------
# Round 1 (Director s0):
#  1 pen(3, guillotine): 2600 to s0                      [12600, 10000, 10000, 7400]
#  2 sweep(1, waterloo): 1000 each from s2 s3 s0         [11600, 13000, 9000, 6400] Dir s1
#  3 sweep(2, siege): 1000 each from s3 s0 s1            [10600, 12000, 12000, 5400] Dir s2
#  4 pen(3, barbu): 800 to s2                            [10600, 12000, 12800, 4600]
#  5 fail(3, touche): 800 to the Treasury                [10600, 12000, 12800, 3800]
#  6 last(3): 800 to s2; the Treasury's 800 to s2        [10600, 12000, 14400, 3000]
# Round 2 (Director s1):
#  7 pen(3, guillotine): 2600 to s1                      [10600, 14600, 14400, 400]
#  8 fail(3, barbu): s3 has 400, borrows 1000 from s1 (14600; a payment to the Treasury
#    also borrows from the richest player), owes s1 1200; Treasury 800.
#                                                        [10600, 13600, 14400, 600]
#  9 sweep(0, waterloo): s1 pays (12600; s0 11600), s2 pays (13400; s0 12600); s3 has
#    600: borrows 1000 from s2, the richest other (13400 > 12600 = s0 = s1), owes s2 1200,
#    pays (s0 13600). s0 takes the Treasury's 800.     [14400, 12600, 12400, 600]
# 10 fail(3, siege): s3 has 600: borrows 1000 from s0 (14400), owes him 1200; pays 800.
#                                                        [13400, 12600, 12400, 800]
#    Debts, oldest first: s3 owes s1 1200, s2 1200, s0 1200. Treasury 800.
# 11 sweep(3, dominos): 600 from each of s0, s1, s2: 300 of each to s1 (1200 -> 300);
#    then the Treasury's 800: half 400, 300 clears s1's debt, 100 goes to s2 (1100).
#    s3 800 + 1800 - 900 + 800 - 400 = 2100; s1 12600 - 600 + 1200 = 13200; s2 11900.
#                                                        [12800, 13200, 11900, 2100] Dir s3
# 12 fail(3, touche): s3, the Director, pays 800 to the Treasury (1300). The round ends
#    with s3 in office: he takes the Treasury's 800, half of it, 400, to s2 (700).
#                                                        [12800, 13200, 12300, 1700]
# Round 3 (Director s2):
# 13 pen(3, guillotine): s3 owes 2600, has 1700: borrows 1000 from s1 (13200 > s0 12800 >
#    s2 12300): a new debt to s1, the youngest. s3 pays s2 2600.
#                                                        [12800, 12200, 14900, 100]
#    Debts, oldest first: s2 700, s0 1200, s1 1200.
# 14 sweep(3, barbu): 600 from each of s0, s1, s2: 300 to s2 (400), 300 to s2 (100), then
#    100 to s2 (closed) and 200 to s0 (1000). s1's new debt is untouched.
#    s3 100 + 1800 - 900 = 1000; s2 14900 - 600 + 700 = 15000; s0 12800 - 600 + 200.
#                                                        [12400, 11600, 15000, 1000]
REOPEN = [
    ("pen", 3, "guillotine"), ("sweep", 1, "waterloo"), ("sweep", 2, "siege"),
    ("pen", 3, "barbu"), ("fail", 3, "touche"), ("last", 3, "dominos"),
    ("pen", 3, "guillotine"), ("fail", 3, "barbu"), ("sweep", 0, "waterloo"),
    ("fail", 3, "siege"), ("sweep", 3, "dominos"), ("fail", 3, "touche"),
    ("pen", 3, "guillotine"), ("sweep", 3, "barbu"),
]


def test_a_payment_to_the_treasury_borrows_from_the_richest_player() -> None:
    result = played(REOPEN[:8])
    assert result["debts"] == debts((3, 1, 1200))
    assert result["money"] == [10600, 13600, 14400, 600]
    assert result["treasury"] == 800


def test_treasury_taken_at_the_end_of_a_round_counts_as_a_receipt() -> None:
    result = played(REOPEN[:12])
    assert result["money"] == [12800, 13200, 12300, 1700]
    assert result["debts"] == debts((3, 0, 1200), (3, 2, 700))
    assert result["director"] == 2


def test_repaid_debt_closes_and_a_later_loan_from_that_lender_is_the_youngest() -> None:
    match = build(REOPEN).match()
    start = max(i for i, e in enumerate(match.events) if isinstance(e, ev.CoupAttempted))
    repaid = [(e.debtor, e.lender, e.amount) for e in match.events[start:]
              if isinstance(e, ev.Repaid)]
    assert repaid == [(3, 2, 300), (3, 2, 300), (3, 2, 100), (3, 0, 200)]
    assert [(d.debtor, d.lender, d.owed) for d in match.state.debts] == [
        (3, 0, 1000), (3, 1, 1200)]
    assert played(REOPEN)["money"] == [12400, 11600, 15000, 1000]


# Scenario GAME: a whole game (4 rounds) won on worth, not on cash ------------------------
# Round 1 (Director s0):
#  1 pen(3, guillotine): 2600 to s0                      [12600, 10000, 10000, 7400]
#  2 sweep(1, waterloo): 1000 each from s2 s3 s0         [11600, 13000, 9000, 6400] Dir s1
#  3 sweep(2, siege): 1000 each from s3 s0 s1            [10600, 12000, 12000, 5400] Dir s2
#  4 fail(3, barbu), 5 fail(3, touche): Treasury 1600    [10600, 12000, 12000, 3800]
#  6 last(3): 800 to s2; the Treasury's 1600 to s2       [10600, 12000, 14400, 3000]
# Round 2 (Director s1):
#  7 pen(3, guillotine): 2600 to s1                      [10600, 14600, 14400, 400]
#  8 pen(3, barbu): s3 borrows 1000 from s1 (richest), owes him 1200, pays 800.
#                                                        [10600, 14400, 14400, 600]
#  9-11 fail(0, waterloo), fail(0, siege), fail(0, touche): Treasury 2400
#                                                        [8200, 14400, 14400, 600]
# 12 sweep(0, dominos): 600 each from s1, s2 and s3 (exactly his cash: no loan); s0
#    takes the Treasury's 2400.                          [12400, 13800, 13800, 0]
# Round 3 (Director s2):
# 13 sweep(0, barbu): s1 and s2 pay 600 (13200 each; s0 13600); s3 has 0: borrows 1000
#    from s0 (13600), owes him 1200, pays.               [13200, 13200, 13200, 400] Dir s0
# 14 pen(3, waterloo): s3 owes 600, has 400. s0, s1, s2 all hold 13200: the nearest on
#    s3's left is s0, the payee: s3's debt to s0 becomes 2400.
#                                                        [12800, 13200, 13200, 800]
# 15 fail(3, siege): 800, all his cash; Treasury 800     [12800, 13200, 13200, 0]
# 16 pen(3, touche): s3 owes 400: s1 and s2 tie at 13200; s1 is nearer his left: s3 owes
#    s1 2400. s0 receives 400.                           [13200, 12200, 13200, 600]
# 17 fail(1, guillotine): Treasury 1600                  [13200, 11400, 13200, 600]
# 18 sweep(3, dominos): 600 from each of s0, s1, s2: 300 of each to s1 (2400 -> 1500);
#    then the Treasury's 1600: 800 to s1 (700 left).
#    s3 600 + 1800 - 900 + 1600 - 800 = 2300; s1 11400 - 600 + 1700 = 12500.
#                                                        [12600, 12500, 12600, 2300]
# Round 4 (Director s3, who held it anyway):
# 19 pen(1, barbu): 800 to s3, 400 of it to s1 (300 left)
#                                                        [12600, 12100, 12600, 2700]
# 20 pen(1, waterloo): 600 to s3, 300 of it to s1 (debt closed)
#                                                        [12600, 11800, 12600, 3000]
# 21-23 fail(1, siege), fail(1, touche), fail(1, guillotine): Treasury 2400
#                                                        [12600, 9400, 12600, 3000]
# 24 sweep(1, dominos): 600 from each of s2, s3, s0, and the Treasury's 2400.
#                                                        [12000, 13600, 12000, 2400]
# The game ends. s3 still owes s0 2400. Worth: s0 12000 + 2400 = 14400, s1 13600,
# s2 12000, s3 2400 - 2400 = 0. s1 has the most cash, s0 the highest worth: s0 wins.
GAME = [
    ("pen", 3, "guillotine"), ("sweep", 1, "waterloo"), ("sweep", 2, "siege"),
    ("fail", 3, "barbu"), ("fail", 3, "touche"), ("last", 3, "dominos"),
    ("pen", 3, "guillotine"), ("pen", 3, "barbu"), ("fail", 0, "waterloo"),
    ("fail", 0, "siege"), ("fail", 0, "touche"), ("sweep", 0, "dominos"),
    ("sweep", 0, "barbu"), ("pen", 3, "waterloo"), ("fail", 3, "siege"),
    ("pen", 3, "touche"), ("fail", 1, "guillotine"), ("sweep", 3, "dominos"),
    ("pen", 1, "barbu"), ("pen", 1, "waterloo"), ("fail", 1, "siege"),
    ("fail", 1, "touche"), ("fail", 1, "guillotine"), ("sweep", 1, "dominos"),
]


def test_loan_ties_among_three_go_to_the_nearest_even_when_he_is_the_payee() -> None:
    result = played(GAME[:14])
    assert result["money"] == [12800, 13200, 13200, 800]
    assert result["debts"] == debts((3, 0, 2400), (3, 1, 1200))


def test_loan_tie_between_two_goes_to_the_nearer_on_the_left() -> None:
    result = played(GAME[:16])
    assert result["money"] == [13200, 12200, 13200, 600]
    assert result["debts"] == debts((3, 0, 2400), (3, 1, 2400))


def test_winners_are_decided_by_final_worth_not_by_cash() -> None:
    result = played(GAME)
    assert result["game_over"] is True
    assert result["money"] == [12000, 13600, 12000, 2400]
    assert result["debts"] == debts((3, 0, 2400))
    assert result["worth"] == [14400, 13600, 12000, 0]
    assert result["winners"] == [0]
