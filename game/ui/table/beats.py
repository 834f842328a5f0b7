"""How each event is shown: how long it takes, what sound it makes, where newcomers come
from. One event is one beat; the table shows beats one after another."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.coup_detat import events as ev


@dataclass(frozen=True)
class Timing:
    move: float = 0.0  # seconds the cards take to move (at normal speed)
    hold: float = 0.0  # seconds to wait before they move (to let a trick be seen)
    after: float = 0.0  # seconds to wait after, before the next beat
    sound: str | None = None
    stagger: float = 0.0  # seconds between successive cards (a deal)


TIMINGS: dict[type, Timing] = {
    ev.DrewForDirector: Timing(after=0.9, sound="deal"),
    ev.DirectorAppointed: Timing(after=0.6),
    ev.Dealt: Timing(move=0.35, stagger=0.035, after=0.2, sound="deal"),
    ev.DealThrownIn: Timing(after=1.0),
    ev.CoupHolderAnnounced: Timing(after=0.7),
    ev.CoupAttempted: Timing(move=0.45, after=0.9, sound="coup"),
    ev.CoupCardExchanged: Timing(move=0.4, after=0.2),
    ev.CoupDeclined: Timing(move=0.4, after=0.4),
    ev.HandTypeChosen: Timing(move=0.45, after=0.6),
    ev.CardPlayed: Timing(move=0.28, after=0.05, sound="card"),
    ev.TrickWon: Timing(move=0.4, hold=0.7, after=0.15, sound="trick"),
    ev.RunStarted: Timing(after=0.5),
    ev.RunEnded: Timing(after=0.2),
    ev.Passed: Timing(after=0.4),
    ev.WentOut: Timing(after=0.5),
    ev.LastOut: Timing(after=0.6),
    ev.CoupSucceeded: Timing(after=1.0, sound="coup"),
    ev.CoupFailed: Timing(after=0.8),
    ev.HiddenCoup: Timing(after=1.2, sound="coup"),
    ev.Borrowed: Timing(move=0.45, after=0.2, sound="pay"),
    ev.Paid: Timing(move=0.45, after=0.15, sound="pay"),
    ev.Repaid: Timing(move=0.4, after=0.15, sound="pay"),
    ev.TreasuryTaken: Timing(move=0.5, after=0.3, sound="pay"),
    ev.DirectorChanged: Timing(after=0.6),
    ev.RoundStarted: Timing(after=0.4),
}
NO_TIMING = Timing()


def timing(event: object) -> Timing:
    return TIMINGS.get(type(event), NO_TIMING)


def money_movement(event: object) -> tuple[int | None, int | None, int] | None:
    """(from seat, to seat, francs) for events that move money; None is the Treasury."""
    match event:
        case ev.Paid(payer, payee, amount, _):
            return payer, payee, amount
        case ev.Borrowed(debtor, lender, amount, _):
            return lender, debtor, amount
        case ev.Repaid(debtor, lender, amount):
            return debtor, lender, amount
        case ev.TreasuryTaken(seat, amount):
            return None, seat, amount
    return None
