"""`apply(state, event)`: fold one event into the state. It never validates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.values import evolve
from game.games.coup.rules import events as ev
from game.games.coup.rules.state import (
    Heard,
    Phase,
    Said,
    State,
    TurnState,
    replaced,
    without,
)


def apply(state: State, event: ev.Event) -> State:
    return _APPLY[type(event)](state, event)


def _turn(state: State, **changes: Any) -> State:
    return evolve(state, turn=evolve(state.current_turn(), **changes))


def _hand(state: State, seat: int, hand: tuple) -> State:
    return evolve(state, hands=replaced(state.hands, seat, hand))


def _coins(state: State, seat: int, change: int) -> State:
    return evolve(state, coins=replaced(state.coins, seat, state.coins[seat] + change))


def _to_deck(state: State, seat: int, hand: tuple, cards: tuple) -> State:
    """The seat keeps `hand`; `cards` go to the bottom of the deck, to be shuffled."""
    return evolve(_hand(state, seat, hand), deck=state.deck + cards, shuffle_due=True)


def _draw(state: State, seat: int, cards: tuple) -> State:
    return evolve(_hand(state, seat, state.hands[seat] + cards),
                  deck=state.deck[len(cards):])


def _starter(state: State, event: ev.StarterChosen) -> State:
    return evolve(state, starter=event.seat, phase=Phase.DEAL,
                  round_wins=(0,) * state.players)


def _dealt(state: State, event: ev.Dealt) -> State:
    return evolve(state, round_index=event.round_index, starter=event.starter,
                  hands=event.hands, revealed=((),) * state.players, coins=event.coins,
                  deck=event.deck, out_of_game=event.out_of_game, phase=Phase.ACTION,
                  to_act=event.starter, turn=None, shuffle_due=False, heard=())


def _sets_dealt(state: State, event: ev.SetsDealt) -> State:
    return evolve(state, round_index=event.round_index, starter=event.starter,
                  hands=event.sets, revealed=((),) * state.players, coins=(0,) * state.players,
                  deck=event.third_set, out_of_game=(), phase=Phase.PICK,
                  to_act=event.starter, turn=None, shuffle_due=False, heard=())


def _kept_one(state: State, event: ev.KeptOne) -> State:
    return evolve(_hand(state, event.seat, (event.kept,)),
                  out_of_game=state.out_of_game + event.discarded,
                  to_act=(event.seat + 1) % state.players)


def _shuffled(state: State, event: ev.Shuffled) -> State:
    shuffled = evolve(state, deck=event.deck, shuffle_due=False)
    return shuffled if state.turn is None else _turn(shuffled, replacing=None)


def _declared(state: State, event: ev.ActionDeclared) -> State:
    turn = TurnState(event.seat, event.action, event.target, event.called)
    return evolve(_coins(state, event.seat, -event.cost), turn=turn)


def _window(state: State, event: ev.ChallengeWindowOpened) -> State:
    opened = _turn(state, claimant=event.claimant, claim=event.claim, askers=event.askers)
    return evolve(opened, phase=Phase.CHALLENGE, to_act=event.askers[0],
                  heard=state.hearing(Heard(event.claimant, Said.CLAIMED, event.claim)))


def _block_window(state: State, event: ev.BlockWindowOpened) -> State:
    return evolve(_turn(state, askers=event.askers), phase=Phase.BLOCK,
                  to_act=event.askers[0])


def _allowed(state: State, event: ev.Allowed) -> State:
    turn = state.current_turn()
    askers = turn.askers[1:]
    answer = Heard(event.seat, Said.LET_PASS, turn.claim) if state.phase is Phase.CHALLENGE \
        else Heard(event.seat, Said.NOT_BLOCKED, action=turn.action)
    return evolve(_turn(state, askers=askers), to_act=askers[0] if askers else state.to_act,
                  heard=state.hearing(answer))


def _challenged(state: State, event: ev.Challenged) -> State:
    return evolve(_turn(state, challenger=event.seat, askers=()), phase=Phase.REVEAL,
                  to_act=event.claimant,
                  heard=state.hearing(Heard(event.seat, Said.CHALLENGED, event.claim)))


def _blocked(state: State, event: ev.Blocked) -> State:
    return _turn(state, blocker=event.seat, block_claim=event.character, askers=())


def _proven(state: State, event: ev.ClaimProven) -> State:
    seat = event.seat
    proven = evolve(state, heard=state.hearing(Heard(seat, Said.PROVEN, event.character)))
    return _to_deck(proven, seat, without(state.hands[seat], event.character),
                    (event.character,))


def _caught(state: State, event: ev.ClaimFailed) -> State:
    return evolve(state, heard=state.hearing(Heard(event.seat, Said.CAUGHT, event.claim)))


def _must_lose(state: State, event: ev.MustLose) -> State:
    return evolve(_turn(state, after=event.then), phase=Phase.LOSE, to_act=event.seat)


def _lost(state: State, event: ev.InfluenceLost) -> State:
    seat = event.seat
    return evolve(_hand(state, seat, without(state.hands[seat], event.character)),
                  revealed=replaced(state.revealed, seat,
                                    state.revealed[seat] + (event.character,)))


def _drew(state: State, event: ev.Drew) -> State:
    return _draw(state, event.seat, event.cards)


def _replacement_due(state: State, event: ev.ReplacementDue) -> State:
    return _turn(state, replacing=event.seat, after=event.then)


def _failed(state: State, event: ev.ActionFailed) -> State:
    return _coins(state, event.seat, event.refund)


def _taken(state: State, event: ev.CoinsTaken) -> State:
    return _coins(state, event.seat, event.amount)


def _stole(state: State, event: ev.Stole) -> State:
    return _coins(_coins(state, event.target, -event.amount), event.seat, event.amount)


def _missed(state: State, event: ev.CalledCoupMissed) -> State:
    return evolve(_turn(_draw(state, event.target, event.drawn), drawn=event.drawn),
                  phase=Phase.RETURN, to_act=event.target)


def _drew_to_choose(state: State, event: ev.DrewToChoose) -> State:
    phase = Phase.KEEP if state.variant.exchange_draw > 1 else Phase.SWAP
    return evolve(_turn(_draw(state, event.seat, event.cards), drawn=event.cards),
                  phase=phase, to_act=event.seat)


def _returned(state: State, event: ev.CardsReturned) -> State:
    exchanged = evolve(state, heard=state.hearing(Heard(event.seat, Said.EXCHANGED)))
    return _to_deck(exchanged, event.seat, event.kept, event.cards)


def _examine(state: State, event: ev.ExamineDue) -> State:
    return evolve(state, phase=Phase.SHOW, to_act=event.target)


def _shown(state: State, event: ev.Shown) -> State:
    return evolve(_turn(state, shown=event.character), phase=Phase.FORCE_DRAW,
                  to_act=event.to)


def _forced(state: State, event: ev.ForcedDraw) -> State:
    seat = event.seat
    exchanged = evolve(state, heard=state.hearing(Heard(seat, Said.EXCHANGED)))
    return _to_deck(exchanged, seat, without(state.hands[seat], event.character),
                    (event.character,))


def _turn_ended(state: State, event: ev.TurnEnded) -> State:
    return evolve(state, turn=None, phase=Phase.ACTION, to_act=event.next_seat)


def _round_won(state: State, event: ev.RoundWon) -> State:
    wins = replaced(state.round_wins, event.seat, state.round_wins[event.seat] + 1)
    return evolve(state, round_wins=wins, turn=None, phase=Phase.DEAL, shuffle_due=False)


def _match_won(state: State, event: ev.MatchWon) -> State:
    return evolve(state, phase=Phase.OVER, winners=event.winners)


def _nothing(state: State, event: object) -> State:
    return state


_APPLY: dict[type, Callable[[State, Any], State]] = {
    ev.StarterChosen: _starter,
    ev.Dealt: _dealt,
    ev.SetsDealt: _sets_dealt,
    ev.KeptOne: _kept_one,
    ev.Shuffled: _shuffled,
    ev.ActionDeclared: _declared,
    ev.ChallengeWindowOpened: _window,
    ev.BlockWindowOpened: _block_window,
    ev.Allowed: _allowed,
    ev.Challenged: _challenged,
    ev.Blocked: _blocked,
    ev.ClaimProven: _proven,
    ev.ClaimFailed: _caught,
    ev.MustLose: _must_lose,
    ev.InfluenceLost: _lost,
    ev.Exiled: _nothing,
    ev.Drew: _drew,
    ev.ReplacementDue: _replacement_due,
    ev.ActionFailed: _failed,
    ev.ActionBlocked: _nothing,
    ev.CoinsTaken: _taken,
    ev.Stole: _stole,
    ev.CalledCoupHit: _nothing,
    ev.CalledCoupMissed: _missed,
    ev.DrewToChoose: _drew_to_choose,
    ev.CardsReturned: _returned,
    ev.ExamineDue: _examine,
    ev.Shown: _shown,
    ev.ForcedDraw: _forced,
    ev.NoForcedDraw: _nothing,
    ev.TurnEnded: _turn_ended,
    ev.RoundWon: _round_won,
    ev.MatchWon: _match_won,
}
