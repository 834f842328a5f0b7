"""How the review of a game of Coup d'État speaks: values in francs (the hand's francs and
the Directorship's worth, as Hard counts them), and where a player's francs went."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.engine.match import Match
from game.games.coup_detat.ai.hard import describe
from game.games.coup_detat.rules import RULESET
from game.games.coup_detat.rules.charts import STARTING_CASH
from game.games.coup_detat.rules.decisions import AttemptCoup, ChooseHandType, Decision, PlayCard
from game.games.coup_detat.rules.events import (
    Borrowed,
    HandEnded,
    Paid,
    Reason,
    Repaid,
    RoundEnded,
    TreasuryTaken,
    TrickWon,
)
from game.games.coup_detat.rules.state import State
from game.services.review import HAND, NO_BREAK, ROUND, TRICK, Words, hand_moment

MISTAKE = 300  # francs: a decision that cost more is marked


def phrase(decision: Decision, state: State, names: Sequence[str]) -> str:
    """A decision as a gerund: "playing K♥", "laying 9♠" (Dominos), "attempting a coup in
    Barbu"."""
    match decision:
        case PlayCard(_, card, None):
            laying = state.hand is not None and state.hand.dominos is not None
            return f"{'laying' if laying else 'playing'} {card.label}"
        case AttemptCoup():
            return f"attempting {describe(decision)}"
        case ChooseHandType(_, hand_type):
            return f"naming {hand_type.label}"
    return describe(decision)


def moment(state: State) -> str:
    """Where the game stands: "Round 1 of 4, hand 2 of 6, Barbu, trick 3"."""
    return hand_moment(RULESET.progress(state), state.hand)


def ledger(match: Match, seat: int, names: Sequence[str]) -> list[str]:
    """Where `seat`'s francs went over the game, by cause, and his worth at the end."""
    money = _Ledger(seat)
    for event in match.events:
        money.add(event)
    lines = [f"{label}: {_signed(amount)}" for label, amount in money.lines() if amount]
    worth = match.state.worth(seat)
    return [*lines, f"From {_francs(STARTING_CASH)} to a worth of {_francs(worth)} "
                    f"({_signed(worth - STARTING_CASH)})."]


class _Ledger:
    """The francs one seat gained and lost, by cause."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.totals: dict[str, int] = {}

    def add(self, event: object) -> None:
        me = self.seat
        match event:
            case Paid(payer, payee, amount, reason):
                if payer == me:
                    self._count(_PAID[reason], -amount)
                elif payee == me:
                    self._count(_RECEIVED[reason], amount)
            case TreasuryTaken(seat, amount) if seat == me:
                self._count("The Treasury taken", amount)
            case Borrowed(debtor, lender, amount, owed):
                if me in (debtor, lender):
                    self._count("Interest on loans", (owed - amount) * (1 if me == lender else -1))
            case Repaid():
                pass  # a repayment settles a debt already counted in the worth

    def _count(self, label: str, amount: int) -> None:
        self.totals[label] = self.totals.get(label, 0) + amount

    def lines(self) -> list[tuple[str, int]]:
        return [(label, self.totals.get(label, 0)) for label in _ORDER]


_PAID = {Reason.PENALTY: "Penalties paid to the Director",
         Reason.COUP: "Paid to others' coups",
         Reason.HIDDEN_COUP: "Paid to others' hidden coups",
         Reason.FAILED_COUP: "Failed coups"}
_RECEIVED = {Reason.PENALTY: "Penalties collected as Director",
             Reason.COUP: "Coups won",
             Reason.HIDDEN_COUP: "Hidden coups won",
             Reason.FAILED_COUP: "Others' failed coups"}
_ORDER = (*_RECEIVED.values(), *_PAID.values(), "The Treasury taken", "Interest on loans")


def _francs(amount: int) -> str:
    """A sum of francs, its figure kept on the line of its F."""
    return f"{amount:,}{NO_BREAK}F"


def _signed(amount: int) -> str:
    return f"+{_francs(amount)}" if amount > 0 else f"−{_francs(-amount)}" if amount \
        else _francs(0)


def size(cost: float) -> str:
    """A sum of francs, "about" as large: to 10 F, any sum at all at least 10 F."""
    tens = round(cost, -1) or (10 if cost > 0 else 0)
    return _francs(int(tens))


def gain(cost: float) -> str:
    return f"been worth about {size(cost)} more"


def figure(value: float) -> str:
    return _signed(round(value))


def boundary(event: object) -> int:
    """What an event ends: a trick, a hand, a round."""
    return {TrickWon: TRICK, HandEnded: HAND, RoundEnded: ROUND}.get(type(event), 0)


def hands(state: State) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards in hand."""
    return state.hand.hands if state.hand is not None else ((),) * state.players


WORDS = Words(measure="francs", threshold=MISTAKE, figure=figure, size=size, gain=gain,
              phrase=phrase, moment=moment, ledger=ledger,
              ledger_title="Where {name}'s francs went", boundary=boundary, hands=hands,
              steps=("trick", "hand", "round"))
