"""Francs changing hands: payments, loans and their repayment, the Treasury.

Each function adds the events of one money movement to a chronicle, reading its state to
see who has what at that moment (a loan comes from the richest player *then*).
"""

from __future__ import annotations

from game.engine.chronicle import Chronicle
from game.games.coup_detat.rules.charts import LOAN_OWED_PER_UNIT, LOAN_UNIT
from game.games.coup_detat.rules.events import Borrowed, Event, Paid, Reason, Repaid, TreasuryTaken
from game.games.coup_detat.rules.state import State, seats_from_left_of

Ledger = Chronicle[State, Event]


def pay(ledger: Ledger, payer: int, payee: int | None, amount: int, reason: Reason) -> None:
    """`payer` pays `amount` to `payee` (None: the Treasury), borrowing first if short."""
    cash = ledger.state.money[payer]
    if cash < amount:
        borrow(ledger, payer, amount - cash)
    ledger.add(Paid(payer, payee, amount, reason))
    if payee is not None:
        receive(ledger, payee, amount)


def borrow(ledger: Ledger, debtor: int, shortfall: int) -> None:
    """Borrow the shortfall, rounded up to whole thousands, from the richest other player
    (ties: the nearest to the debtor's left); owe 1200 for each 1000."""
    units = -(-shortfall // LOAN_UNIT)
    lender = richest_other(ledger.state.money, debtor)
    ledger.add(Borrowed(debtor, lender, units * LOAN_UNIT, units * LOAN_OWED_PER_UNIT))


def richest_other(money: tuple[int, ...], seat: int) -> int:
    candidates = seats_from_left_of(seat, len(money))
    return max(candidates, key=lambda other: (money[other], -candidates.index(other)))


def receive(ledger: Ledger, seat: int, amount: int) -> None:
    """A receipt: while `seat` owes money, half of it (rounded down) goes at once to his
    lenders, oldest debt first. A lender repaid this way receives too."""
    repayment = amount // 2
    while repayment > 0:
        debt = next((debt for debt in ledger.state.debts if debt.debtor == seat), None)
        if debt is None:
            return
        part = min(repayment, debt.owed)
        ledger.add(Repaid(seat, debt.lender, part))
        repayment -= part
        receive(ledger, debt.lender, part)


def take_treasury(ledger: Ledger, seat: int) -> None:
    amount = ledger.state.treasury
    if amount:
        ledger.add(TreasuryTaken(seat, amount))
        receive(ledger, seat, amount)
