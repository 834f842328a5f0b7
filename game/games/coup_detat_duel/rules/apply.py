"""`apply(state, event)`: fold one event into the state. It never validates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.cards import JOKER, Card, canonical
from game.engine.values import evolve
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import ROUNDS, HandType
from game.games.coup_detat_duel.rules.dominoes import with_card_laid
from game.games.coup_detat_duel.rules.state import (
    DominoesPlay,
    HandResult,
    HandState,
    Phase,
    State,
    TrickPlay,
    other,
)
from game.rules.trick_taking import Trick


def apply(state: State, event: ev.Event) -> State:
    return _APPLY[type(event)](state, event)


def _unchanged(state: State, event: Any) -> State:
    """Events that only record a public fact (the effects come in other events)."""
    return state


def _hand(state: State) -> HandState:
    assert state.hand is not None
    return state.hand


def _with_hand(state: State, **changes: Any) -> State:
    return evolve(state, hand=evolve(_hand(state), **changes))


def _per_seat(values: tuple, seat: int, value: object) -> tuple:
    return (*values[:seat], value, *values[seat + 1 :])


# The first Prime Minister and the deal ---------------------------------------------------


def _appointed(state: State, event: ev.PrimeMinisterAppointed) -> State:
    return evolve(state, prime_minister=event.seat, first_prime_minister=event.seat,
                  phase=Phase.DEAL)


def _dealt(state: State, event: ev.Dealt) -> State:
    """The hand begins: the tiebreak is always Dominoes; otherwise the Peasant holding JOKER
    is asked about it, or the Prime Minister names the hand."""
    pm, peasant = state.prime_minister, state.peasant
    assert pm is not None and peasant is not None
    hand = HandState(hands=tuple(canonical(cards) for cards in event.hands),
                     bastille=event.bastille, to_act=pm)
    if state.tiebreak:
        hand, phase = evolve(hand, hand_type=HandType.DOMINOES), Phase.EXCHANGE
    elif JOKER in event.hands[peasant]:
        hand, phase = evolve(hand, to_act=peasant), Phase.COUP
    else:
        phase = Phase.CHOOSE
    return evolve(state, hand=hand, phase=phase)


def _coup_announced(state: State, event: ev.CoupAnnounced) -> State:
    state = _with_hand(state, hand_type=event.hand_type, coup=True, to_act=state.prime_minister)
    return evolve(state, phase=Phase.EXCHANGE)


def _no_coup(state: State, event: ev.NoCoup) -> State:
    return evolve(_with_hand(state, to_act=state.prime_minister), phase=Phase.CHOOSE)


def _hand_type_chosen(state: State, event: ev.HandTypeChosen) -> State:
    return evolve(_with_hand(state, hand_type=event.hand_type), phase=Phase.EXCHANGE)


# The Bastille exchange -------------------------------------------------------------------


def _set_aside(state: State, event: ev.SetAside) -> State:
    hand = _hand(state)
    kept = tuple(card for card in hand.hands[event.seat] if card not in event.cards)
    return _with_hand(state, hands=_per_seat(hand.hands, event.seat, kept),
                      set_aside=_per_seat(hand.set_aside, event.seat, event.cards))


def _drew(state: State, event: ev.DrewFromBastille) -> State:
    hand = _hand(state)
    held = canonical([*hand.hands[event.seat], *event.cards])
    return _with_hand(state, hands=_per_seat(hand.hands, event.seat, held),
                      drawn=_per_seat(hand.drawn, event.seat, event.cards),
                      bastille=hand.bastille[len(event.cards):], to_act=other(event.seat))


def _thrown_in(state: State, event: ev.QueenOfHeartsInBastille) -> State:
    return evolve(state, hand=None, phase=Phase.DEAL)


def _exchange_ended(state: State, event: ev.ExchangeEnded) -> State:
    dominoes = _hand(state).hand_type is HandType.DOMINOES
    state = _with_hand(state, to_act=event.leader,
                       tricks=None if dominoes else TrickPlay(),
                       dominoes=DominoesPlay() if dominoes else None)
    return evolve(state, phase=Phase.PLAY)


# Play --------------------------------------------------------------------------------------


def _without(hands: tuple[tuple[Card, ...], ...], seat: int, played: Card) -> tuple:
    return _per_seat(hands, seat, tuple(card for card in hands[seat] if card is not played))


def _card_played(state: State, event: ev.CardPlayed) -> State:
    hand = _hand(state)
    hands = _without(hand.hands, event.seat, event.card)
    if hand.tricks is not None:
        tricks = hand.tricks
        led = tricks.led_suit if tricks.plays else (event.named_suit or event.card.suit)
        return _with_hand(state, hands=hands, to_act=other(event.seat), tricks=evolve(
            tricks, plays=(*tricks.plays, (event.seat, event.card)), led_suit=led))
    layout = hand.dominoes
    assert layout is not None
    running = layout.runner == event.seat
    return _with_hand(state, hands=hands,
                      to_act=event.seat if running else other(event.seat),
                      dominoes=with_card_laid(layout, event.seat, event.card, event.named_suit))


def _trick_won(state: State, event: ev.TrickWon) -> State:
    tricks = _hand(state).tricks
    assert tricks is not None and tricks.led_suit is not None
    trick = Trick(tricks.plays[0][0], tricks.plays, tricks.led_suit, event.seat)
    return _with_hand(state, tricks=TrickPlay(done=(*tricks.done, trick)), to_act=event.seat)


def _with_layout(state: State, to_act: int | None = None, **changes: Any) -> State:
    hand = _hand(state)
    assert hand.dominoes is not None
    return _with_hand(state, dominoes=evolve(hand.dominoes, **changes),
                      to_act=hand.to_act if to_act is None else to_act)


def _run_started(state: State, event: ev.RunStarted) -> State:
    return _with_layout(state, to_act=event.seat, runner=event.seat)


def _run_ended(state: State, event: ev.RunEnded) -> State:
    return _with_layout(state, to_act=other(event.seat), runner=None)


def _passed(state: State, event: ev.Passed) -> State:
    layout = _hand(state).dominoes
    assert layout is not None
    return _with_layout(state, to_act=other(event.seat),
                        passes=(*layout.passes, (event.seat, len(layout.laid))))


def _went_out(state: State, event: ev.WentOut) -> State:
    return _with_layout(state, out=event.seat)


def _blocked(state: State, event: ev.LayoutBlocked) -> State:
    return _with_layout(state, blocked=True)


# The point, the office, the rounds ---------------------------------------------------------


def _hand_won(state: State, event: ev.HandWon) -> State:
    assert state.prime_minister is not None
    result = HandResult(state.round_index, event.hand_type, state.prime_minister, event.coup,
                        event.seat)
    return evolve(state, results=(*state.results, result))


def _prime_minister_changed(state: State, event: ev.PrimeMinisterChanged) -> State:
    return evolve(state, prime_minister=event.seat)


def _hand_ended(state: State, event: ev.HandEnded) -> State:
    return evolve(state, hand=None, phase=Phase.DEAL)


def _round_started(state: State, event: ev.RoundStarted) -> State:
    return evolve(state, round_index=event.round_index, prime_minister=event.prime_minister,
                  phase=Phase.DEAL)


def _tiebreak_started(state: State, event: ev.TiebreakStarted) -> State:
    return evolve(state, round_index=ROUNDS, tiebreak=True,
                  prime_minister=event.prime_minister, phase=Phase.DEAL)


def _game_ended(state: State, event: ev.GameEnded) -> State:
    return evolve(state, phase=Phase.OVER, winners=event.winners)


_APPLY: dict[type, Callable[[State, Any], State]] = {
    ev.Cut: _unchanged,
    ev.CutTied: _unchanged,
    ev.PrimeMinisterAppointed: _appointed,
    ev.Dealt: _dealt,
    ev.CoupAnnounced: _coup_announced,
    ev.NoCoup: _no_coup,
    ev.HandTypeChosen: _hand_type_chosen,
    ev.SetAside: _set_aside,
    ev.DrewFromBastille: _drew,
    ev.QueenOfHeartsInBastille: _thrown_in,
    ev.ExchangeEnded: _exchange_ended,
    ev.CardPlayed: _card_played,
    ev.TrickWon: _trick_won,
    ev.RunStarted: _run_started,
    ev.RunEnded: _run_ended,
    ev.Passed: _passed,
    ev.WentOut: _went_out,
    ev.LayoutBlocked: _blocked,
    ev.HandWon: _hand_won,
    ev.PrimeMinisterChanged: _prime_minister_changed,
    ev.HandEnded: _hand_ended,
    ev.RoundEnded: _unchanged,
    ev.RoundStarted: _round_started,
    ev.TiebreakStarted: _tiebreak_started,
    ev.GameEnded: _game_ended,
}
