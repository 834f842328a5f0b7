"""How each event is shown: how long it takes, what sound it makes, where newcomers come
from, the order of a deal. One event is one beat; the table shows beats one after another."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.engine.ruleset import Event, State
from game.rules.coup_detat import events as ev
from game.rules.coup_detat.view import CoupDetatView
from game.ui.table.arrange import card_key
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement

Key = Hashable


@dataclass(frozen=True)
class Beat:
    event: Event
    state: State  # the state just after the event


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

SETTLING = (ev.CoupSucceeded, ev.CoupFailed, ev.HiddenCoup, ev.Borrowed, ev.Paid, ev.Repaid,
            ev.TreasuryTaken, ev.DirectorChanged, ev.RoundEnded, ev.RoundStarted)
"""The events a hand result tells: the hand's outcome, its payments, the round's end."""


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


def deal_order(viewer: int | None, dealer: int | None, players: int,
               targets: dict[Key, Placement]) -> dict[Key, int]:
    """When each card arrives in a deal: one at a time round the table, from the dealer's
    left, as a dealer deals."""
    dealer = dealer if dealer is not None else 0
    own = [key for key in targets if isinstance(key, tuple) and key[0] == "card"]
    order: dict[Key, int] = {}
    for key in targets:
        if not isinstance(key, tuple):
            continue
        if key[0] == "back":
            seat, index = key[1], key[2]
        elif key in own and viewer is not None:
            seat, index = viewer, own.index(key)
        else:
            continue
        order[key] = index * players + (seat - dealer - 1) % players
    return order


def spawner(layout: TableLayout, bottom: int, view: CoupDetatView, event: Event | None):  # type: ignore[no-untyped-def]
    """Where a card appearing in this beat comes from: the dealer's hand in a deal, the
    player's hand for a card played, the centre for the centre card; else it fades in."""

    def spawn(key: Key, target: Placement) -> Placement:
        if isinstance(event, ev.Dealt) and view.director is not None:
            x, y = layout.place_of(view.director, bottom).hand
            return Placement(float(x), float(y), face_up=False, width=layout.small_card_width,
                             z=target.z)
        if isinstance(event, ev.CardPlayed) and key == card_key(event.card):
            x, y = layout.place_of(event.seat, bottom).hand
            return Placement(float(x), float(y), face_up=event.seat == view.seat, z=target.z,
                             width=target.width or layout.card_width)
        if isinstance(event, ev.CoupDeclined | ev.CoupCardExchanged | ev.TrickWon):
            cx, cy = layout.center_card
            return Placement(cx, cy, face_up=False, width=layout.small_card_width, z=target.z)
        return Placement(target.x, target.y, target.face_up, target.angle, target.z,
                         target.width, opacity=0.0)

    return spawn

