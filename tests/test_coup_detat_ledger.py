"""Borrowing and repayment from arbitrary positions.

Loans are rare in whole random games, so these properties drive the ledger directly: any
spread of cash, open debts, and a run of payments of the sizes the charts make. The engine
must agree with a small independent model of RULES.md's "Settling and borrowing", written
here as plainly as possible, and conserve every franc.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.chronicle import Chronicle
from game.games.coup_detat.rules import ledger
from game.games.coup_detat.rules.apply import apply
from game.games.coup_detat.rules.events import Borrowed, Reason
from game.games.coup_detat.rules.state import Debt, Options, Phase, State

CHART_AMOUNTS = [100, 200, 300, 400, 600, 800, 1000, 1200, 1500, 1600, 2400, 3200]
MAX_TREASURY = 4800  # six failed coups in a round, the most it can hold


@dataclass
class Model:
    """RULES.md's borrowing, literally: a list of [debtor, lender, owed], oldest first."""

    cash: list[int]
    treasury: int
    debts: list[list[int]] = field(default_factory=list)

    def pay(self, payer: int, payee: int | None, amount: int) -> None:
        if self.cash[payer] < amount:
            loan = -(-(amount - self.cash[payer]) // 1000) * 1000
            others = [(payer + step) % len(self.cash) for step in range(1, len(self.cash))]
            richest = max(self.cash[other] for other in others)
            lender = next(other for other in others if self.cash[other] == richest)
            self.cash[lender] -= loan
            self.cash[payer] += loan
            for debt in self.debts:
                if debt[0] == payer and debt[1] == lender:
                    debt[2] += loan // 1000 * 1200
                    break
            else:
                self.debts.append([payer, lender, loan // 1000 * 1200])
        self.cash[payer] -= amount
        if payee is None:
            self.treasury += amount
        else:
            self.cash[payee] += amount
            self.receive(payee, amount)

    def receive(self, seat: int, amount: int) -> None:
        half = amount // 2
        while half:
            debt = next((d for d in self.debts if d[0] == seat), None)
            if debt is None:
                return
            part = min(half, debt[2])
            debt[2] -= part
            if debt[2] == 0:
                self.debts.remove(debt)
            self.cash[seat] -= part
            self.cash[debt[1]] += part
            half -= part
            self.receive(debt[1], part)


@st.composite
def positions(draw: st.DrawFn) -> tuple[State, list[tuple[int, int | None, int]]]:
    players = draw(st.sampled_from([3, 4]))
    treasury = draw(st.integers(0, MAX_TREASURY // 100)) * 100
    total = 10_000 * players - treasury
    cuts = sorted(draw(st.lists(st.integers(0, total // 100), min_size=players - 1,
                                max_size=players - 1)))
    bounds = [0, *(cut * 100 for cut in cuts), total]
    money = tuple(bounds[i + 1] - bounds[i] for i in range(players))
    debts = []
    for debtor in range(players):
        for lender in range(players):
            if debtor != lender and draw(st.integers(0, 5)) == 0:
                debts.append(Debt(debtor, lender, draw(st.integers(1, 60)) * 100))
    draw(st.randoms()).shuffle(debts)  # any age order
    payments = draw(st.lists(
        st.tuples(st.integers(0, players - 1), st.integers(-1, players - 1),
                  st.sampled_from(CHART_AMOUNTS)),
        min_size=1, max_size=30,
    ))
    state = State(options=Options(players), phase=Phase.PLAY, money=money, treasury=treasury,
                  debts=tuple(debts))
    return state, [(payer, None if payee < 0 else payee, amount)
                   for payer, payee, amount in payments if payer != payee]


@settings(max_examples=300, deadline=None)
@given(positions())
def test_payments_borrow_and_repay_as_the_rules_say(case: tuple[State, list]) -> None:
    state, payments = case
    model = Model(list(state.money), state.treasury,
                  [[d.debtor, d.lender, d.owed] for d in state.debts])
    total = sum(state.money) + state.treasury
    for payer, payee, amount in payments:
        if payee is None and state.treasury + amount > MAX_TREASURY:
            continue  # the Treasury never holds more than a round's failed coups
        chronicle = Chronicle(state, apply)
        ledger.pay(chronicle, payer, payee, amount, Reason.PENALTY)
        state = chronicle.state
        model.pay(payer, payee, amount)
        assert list(state.money) == model.cash
        assert state.treasury == model.treasury
        assert [[d.debtor, d.lender, d.owed] for d in state.debts] == model.debts
        assert sum(state.money) + state.treasury == total, "francs are conserved"
        assert all(cash >= 0 for cash in state.money), "the richest can always lend"
        loans = [e for e in chronicle.events if isinstance(e, Borrowed)]
        assert all(loan.amount % 1000 == 0 and loan.owed == loan.amount * 6 // 5
                   for loan in loans)


def test_a_repaid_lender_who_owes_passes_half_on() -> None:
    """Seat 1 owes seat 2; seat 0 owes seat 1. Seat 0 receives 1000: half (500) goes to
    seat 1, who passes half of that (250) on to seat 2 at once."""
    state = State(options=Options(3), phase=Phase.PLAY, money=(5000, 5000, 20000),
                  debts=(Debt(0, 1, 1200), Debt(1, 2, 2400)))
    chronicle = Chronicle(state, apply)
    ledger.receive(chronicle, 0, 1000)
    # receive() moves only repayments: the receipt itself is the caller's Paid event.
    assert chronicle.state.money == (5000 - 500, 5000 + 500 - 250, 20000 + 250)
    assert chronicle.state.debts == (Debt(0, 1, 700), Debt(1, 2, 2150))


def test_half_of_a_receipt_is_rounded_down_to_whole_francs() -> None:
    """A chain of debts 0 -> 1 -> 2 -> 3. Seat 0 receives 700: 350 goes to seat 1, who
    passes 175 to seat 2, who passes half of 175, rounded down, 87, to seat 3."""
    state = State(options=Options(4), phase=Phase.PLAY, money=(5000, 5000, 5000, 25000),
                  debts=(Debt(0, 1, 1200), Debt(1, 2, 1200), Debt(2, 3, 1200)))
    chronicle = Chronicle(state, apply)
    ledger.receive(chronicle, 0, 700)
    assert chronicle.state.money == (5000 - 350, 5000 + 350 - 175, 5000 + 175 - 87, 25000 + 87)
    assert chronicle.state.debts == (Debt(0, 1, 850), Debt(1, 2, 1025), Debt(2, 3, 1113))
