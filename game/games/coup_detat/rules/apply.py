"""`apply(state, event)`: fold one event into the state. It never validates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.cards import COUP, Card, canonical
from game.engine.values import evolve
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import HandType, deck_for
from game.games.coup_detat.rules.dominos import lay
from game.games.coup_detat.rules.state import (
    Debt,
    DominosPlay,
    HandState,
    Phase,
    State,
    Trick,
    TrickPlay,
    left_of,
)

BOARD_ROWS = {hand_type: row for row, hand_type in enumerate(HandType)}


def apply(state: State, event: ev.Event) -> State:
    return _APPLY[type(event)](state, event)


def _unchanged(state: State, event: Any) -> State:
    """Events that only record a public fact (the effects come in other events)."""
    return state


# The first Director and the deal -----------------------------------------------------------


def _draw_tied(state: State, event: ev.DrawTied) -> State:
    return evolve(state, drawing=event.seats)


def _director_appointed(state: State, event: ev.DirectorAppointed) -> State:
    return evolve(
        state, director=event.seat, round_director=event.seat, drawing=(), phase=Phase.DEAL
    )


def _dealt(state: State, event: ev.Dealt) -> State:
    holder = next((seat for seat, hand in enumerate(event.hands) if COUP in hand), -1)
    hand = HandState(
        hands=tuple(canonical(cards) for cards in event.hands),
        center=event.center,
        coup_holder=holder,
        to_act=holder,
    )
    return evolve(state, hand=hand, phase=Phase.COUP)


def _deal_thrown_in(state: State, event: ev.DealThrownIn) -> State:
    return evolve(state, hand=None, phase=Phase.DEAL)


def _hand_type_named(state: State, hand_type: HandType, coup_player: int | None) -> State:
    """A hand type is named (as a coup or by the Director): its dagger moves, play begins."""
    hand = state.hand
    assert hand is not None
    leader = coup_player if coup_player is not None else state.director
    is_dominos = hand_type is HandType.DOMINOS
    row = BOARD_ROWS[hand_type]
    daggers = state.daggers
    return evolve(
        state,
        phase=Phase.PLAY,
        played_this_round=(*state.played_this_round, hand_type),
        daggers=(*daggers[:row], daggers[row] + 1, *daggers[row + 1 :]),
        hand=evolve(
            hand,
            hand_type=hand_type,
            coup_player=coup_player,
            to_act=leader,
            tricks=None if is_dominos else TrickPlay(),
            dominos=DominosPlay() if is_dominos else None,
        ),
    )


def _coup_attempted(state: State, event: ev.CoupAttempted) -> State:
    return _hand_type_named(state, event.hand_type, event.seat)


def _hand_type_chosen(state: State, event: ev.HandTypeChosen) -> State:
    return _hand_type_named(state, event.hand_type, None)


def _take_center_for_coup(hand: HandState, seat: int, center: Card) -> HandState:
    cards = canonical([*(card for card in hand.hands[seat] if card is not COUP), center])
    return evolve(hand, hands=_with_hand(hand.hands, seat, cards), center_holder=seat)


def _coup_card_exchanged(state: State, event: ev.CoupCardExchanged) -> State:
    assert state.hand is not None
    return evolve(state, hand=_take_center_for_coup(state.hand, event.seat, event.center))


def _coup_declined(state: State, event: ev.CoupDeclined) -> State:
    assert state.hand is not None
    hand = _take_center_for_coup(state.hand, event.seat, event.center)
    return evolve(state, phase=Phase.CHOOSE, hand=evolve(hand, to_act=state.director))


# Play ------------------------------------------------------------------------------------


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], cards, *hands[seat + 1 :])


def _without(hands: tuple[tuple[Card, ...], ...], seat: int, played: Card) -> tuple:
    return _with_hand(hands, seat, tuple(card for card in hands[seat] if card is not played))


def _card_played(state: State, event: ev.CardPlayed) -> State:
    hand = state.hand
    assert hand is not None
    hands = _without(hand.hands, event.seat, event.card)
    if hand.tricks is not None:
        tricks = hand.tricks
        led = tricks.led_suit if tricks.plays else (event.named_suit or event.card.suit)
        new_hand = evolve(
            hand,
            hands=hands,
            to_act=left_of(event.seat, state.players),
            tricks=evolve(tricks, plays=(*tricks.plays, (event.seat, event.card)), led_suit=led),
        )
    else:
        layout = hand.dominos
        assert layout is not None
        position = deck_for(state.players).dominos_position
        new_layout = evolve(
            layout,
            starting_rank=layout.starting_rank or event.card.rank,
            rows=lay(layout.rows, event.card, position),
            laid=(*layout.laid, (event.seat, event.card)),
        )
        to_act = event.seat if layout.runner == event.seat else _next_holder(hands, event.seat)
        new_hand = evolve(hand, hands=hands, to_act=to_act, dominos=new_layout)
    return evolve(state, hand=new_hand)


def _trick_won(state: State, event: ev.TrickWon) -> State:
    hand = state.hand
    assert hand is not None and hand.tricks is not None
    tricks = hand.tricks
    trick = Trick(tricks.plays[0][0], tricks.plays, tricks.led_suit, event.seat)  # type: ignore[arg-type]
    center_won_by = event.seat if event.center is not None else tricks.center_won_by
    new_tricks = TrickPlay(done=(*tricks.done, trick), center_won_by=center_won_by)
    return evolve(state, hand=evolve(hand, tricks=new_tricks, to_act=event.seat))


def _next_holder(hands: tuple[tuple[Card, ...], ...], seat: int) -> int:
    """The next seat to the left that still holds cards (Dominos)."""
    players = len(hands)
    for step in range(1, players + 1):
        other = (seat + step) % players
        if hands[other]:
            return other
    return seat


def _with_layout(state: State, to_act: int | None = None, **changes: Any) -> State:
    hand = state.hand
    assert hand is not None and hand.dominos is not None
    new_hand = evolve(hand, dominos=evolve(hand.dominos, **changes))
    if to_act is not None:
        new_hand = evolve(new_hand, to_act=to_act)
    return evolve(state, hand=new_hand)


def _run_started(state: State, event: ev.RunStarted) -> State:
    return _with_layout(state, to_act=event.seat, runner=event.seat)


def _run_ended(state: State, event: ev.RunEnded) -> State:
    assert state.hand is not None
    return _with_layout(state, to_act=_next_holder(state.hand.hands, event.seat), runner=None)


def _passed(state: State, event: ev.Passed) -> State:
    hand = state.hand
    assert hand is not None and hand.dominos is not None
    passes = (*hand.dominos.passes, (event.seat, len(hand.dominos.laid)))
    return _with_layout(state, to_act=_next_holder(hand.hands, event.seat), passes=passes)


def _went_out(state: State, event: ev.WentOut) -> State:
    assert state.hand is not None and state.hand.dominos is not None
    return _with_layout(state, out=(*state.hand.dominos.out, event.seat))


def _last_out(state: State, event: ev.LastOut) -> State:
    return _with_layout(state, last_out=event.seat)


# Money and office ------------------------------------------------------------------------


def _moved(money: tuple[int, ...], source: int | None, target: int | None, amount: int) -> tuple:
    """Money with `amount` moved from `source` to `target` (None: outside the players)."""
    cash = list(money)
    if source is not None:
        cash[source] -= amount
    if target is not None:
        cash[target] += amount
    return tuple(cash)


def _borrowed(state: State, event: ev.Borrowed) -> State:
    debts = list(state.debts)
    for index, debt in enumerate(debts):
        if debt.debtor == event.debtor and debt.lender == event.lender:
            debts[index] = Debt(debt.debtor, debt.lender, debt.owed + event.owed)
            break
    else:
        debts.append(Debt(event.debtor, event.lender, event.owed))
    money = _moved(state.money, event.lender, event.debtor, event.amount)
    return evolve(state, money=money, debts=tuple(debts))


def _paid(state: State, event: ev.Paid) -> State:
    money = _moved(state.money, event.payer, event.payee, event.amount)
    treasury = state.treasury + (event.amount if event.payee is None else 0)
    return evolve(state, money=money, treasury=treasury)


def _repaid(state: State, event: ev.Repaid) -> State:
    debts = []
    for debt in state.debts:
        if debt.debtor == event.debtor and debt.lender == event.lender:
            debt = Debt(debt.debtor, debt.lender, debt.owed - event.amount)
            if debt.owed == 0:
                continue
        debts.append(debt)
    money = _moved(state.money, event.debtor, event.lender, event.amount)
    return evolve(state, money=money, debts=tuple(debts))


def _treasury_taken(state: State, event: ev.TreasuryTaken) -> State:
    money = _moved(state.money, None, event.seat, event.amount)
    return evolve(state, money=money, treasury=state.treasury - event.amount)


def _director_changed(state: State, event: ev.DirectorChanged) -> State:
    return evolve(state, director=event.seat)


def _hand_ended(state: State, event: ev.HandEnded) -> State:
    return evolve(state, hand=None, phase=Phase.DEAL)


def _round_started(state: State, event: ev.RoundStarted) -> State:
    return evolve(
        state,
        round_index=event.round_index,
        director=event.director,
        round_director=event.director,
        played_this_round=(),
        phase=Phase.DEAL,
    )


def _game_ended(state: State, event: ev.GameEnded) -> State:
    return evolve(state, phase=Phase.OVER, winners=event.winners)


_APPLY: dict[type, Callable[[State, Any], State]] = {
    ev.DrewForDirector: _unchanged,
    ev.DrawTied: _draw_tied,
    ev.DirectorAppointed: _director_appointed,
    ev.Dealt: _dealt,
    ev.DealThrownIn: _deal_thrown_in,
    ev.CoupHolderAnnounced: _unchanged,
    ev.CoupAttempted: _coup_attempted,
    ev.CoupCardExchanged: _coup_card_exchanged,
    ev.CoupDeclined: _coup_declined,
    ev.HandTypeChosen: _hand_type_chosen,
    ev.CardPlayed: _card_played,
    ev.TrickWon: _trick_won,
    ev.RunStarted: _run_started,
    ev.RunEnded: _run_ended,
    ev.Passed: _passed,
    ev.WentOut: _went_out,
    ev.LastOut: _last_out,
    ev.CoupSucceeded: _unchanged,
    ev.CoupFailed: _unchanged,
    ev.HiddenCoup: _unchanged,
    ev.Borrowed: _borrowed,
    ev.Paid: _paid,
    ev.Repaid: _repaid,
    ev.TreasuryTaken: _treasury_taken,
    ev.DirectorChanged: _director_changed,
    ev.HandEnded: _hand_ended,
    ev.RoundEnded: _unchanged,
    ev.RoundStarted: _round_started,
    ev.GameEnded: _game_ended,
}
