"""What one seat may know, and the legal decisions of the seat to act.

A view holds the seat's own face-down cards (and a card shown to it by an examined
player) and the public facts: coins, face-up cards, how many face-down cards each player
and the deck hold, the turn's claims and answers, the round wins. Never another player's
face-down cards nor the deck's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from game.engine.ruleset import GAME_OVER, Pending
from game.games.coup.rules.charts import MUST_COUP_AT, Action, Character
from game.games.coup.rules.decisions import (
    Allow,
    Block,
    Challenge,
    Decision,
    ForceDraw,
    Keep,
    Lose,
    ReturnCards,
    Reveal,
    Show,
    Swap,
    TakeAction,
)
from game.games.coup.rules.state import Heard, Options, Phase, State, TurnState

_CHANCE = (Phase.START, Phase.DEAL)
_WORDS = {Phase.PICK: "keep"}  # the decision words (FORMAT.md) that are not a phase's value


def pending(state: State) -> Pending:
    if state.phase is Phase.OVER:
        return GAME_OVER
    if state.shuffle_due:
        return Pending(None, Phase.SHUFFLE_DUE.value)
    if state.phase in _CHANCE:
        return Pending(None, state.phase.value)
    return Pending(state.to_act, _WORDS.get(state.phase, state.phase.value))


def legal(state: State) -> list[Decision]:
    """Every decision the seat to act may make now (empty at chance or game over)."""
    if pending(state).seat is None:
        return []
    seat, hand, turn = state.to_act, state.hands[state.to_act], state.turn
    distinct = tuple(dict.fromkeys(hand))
    match state.phase:
        case Phase.ACTION:
            return actions(state, seat)
        case Phase.CHALLENGE:
            return [Challenge(seat), Allow(seat)]
        case Phase.BLOCK:
            assert turn is not None
            return [*(Block(seat, c) for c in state.variant.rule(turn.action).blockers),
                    Allow(seat)]
        case Phase.REVEAL:
            return _reveals(state, seat, distinct)
        case Phase.LOSE:
            return [Lose(seat, c) for c in distinct]
        case Phase.PICK:
            return [Keep(seat, (c,)) for c in distinct]
        case Phase.KEEP:
            assert turn is not None
            return [Keep(seat, cards) for cards in
                    _arrangements(hand, len(hand) - len(turn.drawn))]
        case Phase.SWAP:
            assert turn is not None
            own = hand[:len(hand) - len(turn.drawn)]
            return [Swap(seat, None), *(Swap(seat, c) for c in dict.fromkeys(own))]
        case Phase.SHOW:
            return [Show(seat, c) for c in distinct]
        case Phase.FORCE_DRAW:
            return [ForceDraw(seat, True), ForceDraw(seat, False)]
        case Phase.RETURN:
            assert turn is not None
            return [ReturnCards(seat, cards) for cards in _arrangements(hand, len(turn.drawn))]
    return []


def actions(state: State, seat: int) -> list[Decision]:
    """The actions open to the seat: only coups at 10 coins or more."""
    coins = state.coins[seat]
    targets = state.from_left_of(seat)
    calls: tuple[Character | None, ...] = state.variant.characters \
        if state.calls_the_coup else (None,)
    chosen: list[Decision] = []
    for action, rule in state.variant.actions.items():
        if rule.cost > coins or (coins >= MUST_COUP_AT and action is not Action.COUP):
            continue
        if not rule.targeted:
            chosen.append(TakeAction(seat, action))
            continue
        for target in targets:
            named = calls if action is Action.COUP else (None,)
            chosen.extend(TakeAction(seat, action, target, called) for called in named)
    return chosen


def _reveals(state: State, seat: int, distinct: tuple[Character, ...]) -> list[Decision]:
    if state.variant.reveal_any_card:
        return [Reveal(seat, c) for c in distinct]
    turn = state.current_turn()
    proof: list[Decision] = [Reveal(seat, c) for c in distinct if c is turn.claim]
    return [*proof, *(Lose(seat, c) for c in distinct)]


def _arrangements(cards: tuple[Character, ...], size: int) -> list[tuple[Character, ...]]:
    """Every distinct ordered choice of `size` of `cards`."""
    return list(dict.fromkeys(permutations(cards, size)))


# The view ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnView:
    """The turn under way, as everyone sees it (the shown card only for its two players)."""

    actor: int
    action: Action
    target: int | None
    called: Character | None
    claimant: int | None
    claim: Character | None
    challenger: int | None
    blocker: int | None
    block_claim: Character | None
    drawn: tuple[Character, ...]  # the seat's own drawn cards (empty for the others)
    shown: Character | None


@dataclass(frozen=True)
class CoupView:
    seat: int | None
    variant: str
    phase: Phase
    to_act: int | None
    round_index: int
    rounds: int
    starter: int
    hand: tuple[Character, ...]  # the seat's own face-down cards
    hand_sizes: tuple[int, ...]
    revealed: tuple[tuple[Character, ...], ...]
    coins: tuple[int, ...]
    deck_size: int
    out_of_game_size: int
    alive: tuple[bool, ...]
    turn: TurnView | None
    round_wins: tuple[int, ...]
    winners: tuple[int, ...]
    calls_the_coup: bool
    options: Options  # the match's options: public
    heard: tuple[Heard, ...] = ()  # the round's public record of claims and answers

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def dealt(self) -> bool:
        """Have the first round's cards and coins been dealt (before, no seat has any)?"""
        return bool(self.coins)


def view(state: State, seat: int | None) -> CoupView:
    players = range(state.players)
    dealt = bool(state.hands)
    return CoupView(
        seat=seat,
        variant=state.variant.id,
        phase=state.phase,
        to_act=pending(state).seat,
        round_index=state.round_index,
        rounds=state.options.rounds,
        starter=state.starter,
        hand=state.hands[seat] if dealt and seat is not None else (),
        hand_sizes=tuple(len(state.hands[s]) if dealt else 0 for s in players),
        revealed=state.revealed,
        coins=state.coins,
        deck_size=len(state.deck),
        out_of_game_size=len(state.out_of_game),
        alive=tuple(state.alive(s) for s in players),
        turn=None if state.turn is None else _turn_view(state.turn, seat),
        round_wins=state.round_wins,
        winners=state.winners,
        calls_the_coup=state.calls_the_coup,
        options=state.options,
        heard=state.heard,
    )


def _turn_view(turn: TurnState, seat: int | None) -> TurnView:
    sees_shown = seat is not None and seat in (turn.actor, turn.target)
    owns_drawn = seat is not None and seat == drawer(turn)
    return TurnView(turn.actor, turn.action, turn.target, turn.called, turn.claimant,
                    turn.claim, turn.challenger, turn.blocker, turn.block_claim,
                    turn.drawn if owns_drawn else (), turn.shown if sees_shown else None)


def drawer(turn: TurnState) -> int:
    """Who drew `turn.drawn`: the target of a missed called Coup, else the actor."""
    return turn.target if turn.action is Action.COUP and turn.target is not None \
        else turn.actor
