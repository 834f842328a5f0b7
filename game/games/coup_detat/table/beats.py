"""How each event of the 1966 game is shown: how long it takes, what sound it makes, the
francs it moves, where newcomers come from."""

from __future__ import annotations

from game.engine.ruleset import Event
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.view import CoupDetatView
from game.ui.table.arrange import Key, card_key
from game.ui.table.beats import CARD_PLAY_TIMINGS, NO_TIMING, Timing, fade_in
from game.ui.table.layout import TableLayout
from game.ui.table.stage import Placement, Spawn

TIMINGS: dict[type, Timing] = CARD_PLAY_TIMINGS | {
    ev.DrewForDirector: Timing(after=0.9, sound="deal"),
    ev.DirectorAppointed: Timing(after=0.6),
    ev.Dealt: Timing(move=0.35, stagger=0.035, after=0.2, sound="deal"),
    ev.DealThrownIn: Timing(after=1.0),
    ev.CoupHolderAnnounced: Timing(after=0.7),
    ev.CoupAttempted: Timing(move=0.45, after=0.9, sound="fanfare"),
    ev.CoupCardExchanged: Timing(move=0.4, after=0.2),
    ev.CoupDeclined: Timing(move=0.4, after=0.4),
    ev.HandTypeChosen: Timing(move=0.45, after=0.6),
    ev.TrickWon: Timing(move=0.4, hold=0.7, after=0.15, sound="trick"),
    ev.WentOut: Timing(after=0.5),
    ev.LastOut: Timing(after=0.6),
    ev.CoupSucceeded: Timing(after=1.0, sound="fanfare"),
    ev.CoupFailed: Timing(after=0.8),
    ev.HiddenCoup: Timing(after=1.2, sound="fanfare"),
    ev.Borrowed: Timing(move=0.45, after=0.2, sound="pay"),
    ev.Paid: Timing(move=0.45, after=0.15, sound="pay"),
    ev.Repaid: Timing(move=0.4, after=0.15, sound="pay"),
    ev.TreasuryTaken: Timing(move=0.5, after=0.3, sound="pay"),
    ev.DirectorChanged: Timing(after=0.6),
    ev.RoundStarted: Timing(after=0.4),
}

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


def spawner(layout: TableLayout, bottom: int, view: CoupDetatView, event: Event | None) -> Spawn:
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
        return fade_in(target)

    return spawn
