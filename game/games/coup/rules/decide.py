"""`decide(state, decision)`: check a decision against the rules of Coup and chronicle its
events, every automatic consequence included (a window opening, a replacement drawn, a
refund, the turn passing, a round won).

A turn runs: action -> challenge of the action's claim -> block -> challenge of the block
-> resolution (RULES.md 3). Each loss of influence or replacement draw waits for a seat
(the loser chooses) or for chance (the deck is shuffled before a draw); `Next` says where
the turn goes on afterwards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from game.engine.chronicle import Chronicle
from game.engine.errors import IllegalMove, quoted
from game.games.coup.rules import dealing
from game.games.coup.rules import events as ev
from game.games.coup.rules.apply import apply
from game.games.coup.rules.charts import (
    CALLED_COUP_MISS_DRAW,
    MUST_COUP_AT,
    STEAL_MOST,
    Action,
    BlockedBy,
    Character,
)
from game.games.coup.rules.decisions import (
    Allow,
    Block,
    Challenge,
    ChooseStarter,
    Deal,
    DealSets,
    Decision,
    ForceDraw,
    Keep,
    Lose,
    ReturnCards,
    Reveal,
    Show,
    Shuffle,
    Swap,
    TakeAction,
)
from game.games.coup.rules.state import Next, Phase, State, TurnState, without
from game.rules.words import joined

Events = Chronicle[State, ev.Event]


def decide(state: State, decision: Decision) -> Events:
    handler = _HANDLERS.get(type(decision))
    if handler is None:
        raise IllegalMove(f"{decision!r} is not a decision of {state.variant.title}.")
    _check_turn(state, decision)
    events: Events = Chronicle(state, apply)
    handler(events, decision)
    return events


# Whose turn --------------------------------------------------------------------------------


def awaited(state: State) -> str:
    """What the game waits for, in words."""
    if state.phase is Phase.OVER:
        return "the game is over"
    if state.shuffle_due:
        return "the deck must be shuffled first"
    if state.phase is Phase.START:
        return "the starting player must be chosen first"
    if state.phase is Phase.DEAL:
        return "the cards must be dealt first"
    return f"seat {state.to_act} must answer ({state.phase.value})"


def _check_turn(state: State, decision: Decision) -> None:
    if state.phase is Phase.OVER:
        raise IllegalMove("The game is over.")
    phases = _PHASES[type(decision)]
    seat = decision.seat
    if seat is None:
        due = Phase.SHUFFLE_DUE if state.shuffle_due else state.phase
        if due not in phases:
            raise IllegalMove(f"Not now: {awaited(state)}.")
        return
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalMove(f"There is no seat {quoted(seat)} in a {state.players}-player game.")
    if state.shuffle_due or state.phase not in phases or state.to_act != seat:
        raise IllegalMove(f"Not now: {awaited(state)}.")


def _turn(events: Events) -> TurnState:
    return events.state.current_turn()


def _holding(state: State, seat: int, character: Character) -> None:
    if character not in state.hands[seat]:
        raise IllegalMove(f"You have no face-down {character.label}.")


# Chance ------------------------------------------------------------------------------------


def _shuffle(events: Events, shuffle: Shuffle) -> None:
    state = events.state
    if Counter(shuffle.deck) != Counter(state.deck):
        raise IllegalMove("A shuffle must keep the cards of the deck.")
    replacing = state.turn.replacing if state.turn else None
    events.add(ev.Shuffled(shuffle.deck))
    if replacing is not None:
        dealing.draw(events, replacing, 1)
        _continue(events, _turn(events).after or Next.END_TURN)


# The action --------------------------------------------------------------------------------


def _take_action(events: Events, decision: TakeAction) -> None:
    state, seat = events.state, decision.seat
    rule = state.variant.actions.get(decision.action)
    if rule is None:
        raise IllegalMove(f"There is no {decision.action.label} in {state.variant.title}.")
    coins = state.coins[seat]
    if coins >= MUST_COUP_AT and decision.action is not Action.COUP:
        raise IllegalMove(f"with {coins} coins you must coup")
    if coins < rule.cost:
        raise IllegalMove(f"{decision.action.label.capitalize()} costs {rule.cost} coins; "
                          f"you have {coins}.")
    target = _checked_target(state, decision) if rule.targeted else None
    called = _checked_call(state, decision)
    events.add(ev.ActionDeclared(seat, decision.action, target, called, rule.cost))
    if rule.claim is not None:
        _open_challenge(events, seat, rule.claim)
    else:
        _block_step(events)


def _checked_target(state: State, decision: TakeAction) -> int:
    target = decision.target
    if target is None:
        raise IllegalMove(f"Name the player to {decision.action.label}.")
    if not 0 <= target < state.players or target == decision.seat or not state.alive(target):
        raise IllegalMove(f"Seat {quoted(target)} is not another player still in the game.")
    return target


def _checked_call(state: State, decision: TakeAction) -> Character | None:
    if decision.action is not Action.COUP or not state.calls_the_coup:
        return None
    if decision.called not in state.variant.characters:
        names = ", ".join(state.variant.characters)
        raise IllegalMove(f"Call the Coup: name a character ({names}).")
    return decision.called


def _open_challenge(events: Events, claimant: int, claim: Character) -> None:
    askers = events.state.from_left_of(claimant)
    events.add(ev.ChallengeWindowOpened(claimant, claim, askers))


def _block_step(events: Events) -> None:
    state, turn = events.state, _turn(events)
    rule = state.variant.rule(turn.action)
    askers: tuple[int, ...] = ()
    if rule.blocked_by is BlockedBy.ANYONE:
        askers = state.from_left_of(turn.actor)
    elif rule.blocked_by is BlockedBy.TARGET and turn.target is not None \
            and state.alive(turn.target):
        askers = (turn.target,)
    if askers:
        events.add(ev.BlockWindowOpened(askers))
    else:
        _resolve(events)


# Windows -----------------------------------------------------------------------------------


def _is_block_claim(turn: TurnState) -> bool:
    return turn.blocker is not None


def _allow(events: Events, decision: Allow) -> None:
    phase = events.state.phase
    events.add(ev.Allowed(decision.seat))
    turn = _turn(events)
    if turn.askers:
        return
    if phase is Phase.BLOCK:
        _resolve(events)
    elif _is_block_claim(turn):
        _continue(events, Next.ACTION_BLOCKED)
    else:
        _block_step(events)


def _challenge(events: Events, decision: Challenge) -> None:
    turn = _turn(events)
    assert turn.claimant is not None and turn.claim is not None
    events.add(ev.Challenged(decision.seat, turn.claimant, turn.claim))


def _block(events: Events, decision: Block) -> None:
    turn = _turn(events)
    blockers = events.state.variant.rule(turn.action).blockers
    if decision.character not in blockers:
        names = joined([c.label for c in blockers]).replace(" and ", " or ")
        raise IllegalMove(f"To block {turn.action.label} claim {names}.")
    events.add(ev.Blocked(decision.seat, decision.character))
    _open_challenge(events, decision.seat, decision.character)


# Challenges and losses ---------------------------------------------------------------------


def _failed_claim_next(turn: TurnState) -> Next:
    """A failed block lets the action go ahead; a failed action does nothing."""
    return Next.RESOLVE if _is_block_claim(turn) else Next.ACTION_FAILED


def _reveal(events: Events, decision: Reveal) -> None:
    state, turn, seat, shown = events.state, _turn(events), decision.seat, decision.character
    _holding(state, seat, shown)
    if shown is turn.claim:
        events.add(ev.ClaimProven(seat, shown))
        events.add(ev.ReplacementDue(seat, Next.CHALLENGER_LOSES))
    elif state.variant.reveal_any_card:
        _claim_failed(events, seat, shown)
    else:
        assert turn.claim is not None
        raise IllegalMove(f"To prove the claim show the {turn.claim.label}, or concede by "
                          "losing a card.")


def _claim_failed(events: Events, seat: int, lost: Character) -> None:
    turn = _turn(events)
    assert turn.claim is not None
    events.add(ev.ClaimFailed(seat, turn.claim))
    lose_influence(events, seat, lost, _failed_claim_next(turn))


def _lose(events: Events, decision: Lose) -> None:
    state = events.state
    _holding(state, decision.seat, decision.character)
    if state.phase is Phase.LOSE:
        lose_influence(events, decision.seat, decision.character,
                       _turn(events).after or Next.END_TURN)
    elif state.variant.reveal_any_card:
        raise IllegalMove("Challenged, you reveal one of your face-down cards.")
    else:
        _claim_failed(events, decision.seat, decision.character)


def lose_influence(events: Events, seat: int, lost: Character, then: Next) -> None:
    """The card turns face up (with Five lives a replacement may follow); the round ends
    at once if only one player keeps influence, else the turn goes on with `then`."""
    events.add(ev.InfluenceLost(seat, lost))
    if events.state.replaces_lost_card(seat):
        dealing.draw(events, seat, 1)
    if not events.state.alive(seat):
        events.add(ev.Exiled(seat))
    if len(events.state.living) == 1:
        _end_round(events)
    else:
        _continue(events, then)


def _continue(events: Events, then: Next) -> None:
    turn = _turn(events)
    match then:
        case Next.BLOCK_STEP:
            _block_step(events)
        case Next.RESOLVE:
            _resolve(events)
        case Next.ACTION_FAILED:
            events.add(ev.ActionFailed(turn.actor, events.state.variant.rule(turn.action).cost))
            _end_turn(events)
        case Next.ACTION_BLOCKED:
            events.add(ev.ActionBlocked(turn.actor))
            _end_turn(events)
        case Next.CHALLENGER_LOSES:
            assert turn.challenger is not None
            after = Next.ACTION_BLOCKED if _is_block_claim(turn) else Next.BLOCK_STEP
            events.add(ev.MustLose(turn.challenger, after))
        case Next.END_TURN:
            _end_turn(events)


# Resolution --------------------------------------------------------------------------------


def _resolve(events: Events) -> None:
    state, turn = events.state, _turn(events)
    action, target = turn.action, turn.target
    rule = state.variant.rule(action)
    if rule.gain:
        events.add(ev.CoinsTaken(turn.actor, rule.gain))
    elif action is Action.STEAL:
        assert target is not None
        events.add(ev.Stole(turn.actor, target, min(STEAL_MOST, state.coins[target])))
    elif action is Action.COUP:
        _resolve_coup(events)
        return
    elif action is Action.EXCHANGE:
        events.add(ev.DrewToChoose(turn.actor, state.deck[:state.variant.exchange_draw]))
        return
    elif target is not None and state.alive(target):  # an assassination or examination
        events.add(ev.MustLose(target, Next.END_TURN) if action is Action.ASSASSINATE
                   else ev.ExamineDue(target))
        return
    _end_turn(events)


def _resolve_coup(events: Events) -> None:
    state, turn = events.state, _turn(events)
    target, called = turn.target, turn.called
    assert target is not None
    if called is None:
        events.add(ev.MustLose(target, Next.END_TURN))
    elif called in state.hands[target]:
        events.add(ev.CalledCoupHit(target, called))
        lose_influence(events, target, called, Next.END_TURN)
    else:
        events.add(ev.CalledCoupMissed(target, state.hands[target],
                                       state.deck[:CALLED_COUP_MISS_DRAW]))


def _keep(events: Events, decision: Keep) -> None:
    if events.state.phase is Phase.PICK:
        dealing.pick(events, decision.seat, decision.cards)
        return
    state, turn, seat = events.state, _turn(events), decision.seat
    hand = state.hands[seat]
    count = len(hand) - len(turn.drawn)
    if len(decision.cards) != count or Counter(decision.cards) - Counter(hand):
        raise IllegalMove(f"Keep {count} of your face-down and drawn cards.")
    events.add(ev.CardsReturned(seat, without(hand, *decision.cards), decision.cards))
    _end_turn(events)


def _swap(events: Events, decision: Swap) -> None:
    state, turn, seat = events.state, _turn(events), decision.seat
    hand, drawn = state.hands[seat], turn.drawn
    own = hand[:len(hand) - len(drawn)]
    given = decision.character
    if given is None:
        events.add(ev.CardsReturned(seat, drawn, own))
    elif given not in own or not drawn:
        raise IllegalMove(f"You have no face-down {given.label} to give back.")
    else:
        events.add(ev.CardsReturned(seat, (given,), without(own, given) + drawn))
    _end_turn(events)


def _show(events: Events, decision: Show) -> None:
    _holding(events.state, decision.seat, decision.character)
    events.add(ev.Shown(decision.seat, decision.character, _turn(events).actor))


def _force_draw(events: Events, decision: ForceDraw) -> None:
    turn = _turn(events)
    if not decision.force:
        events.add(ev.NoForcedDraw(decision.seat))
        _end_turn(events)
        return
    assert turn.target is not None and turn.shown is not None
    events.add(ev.ForcedDraw(turn.target, turn.shown))
    events.add(ev.ReplacementDue(turn.target, Next.END_TURN))


def _return(events: Events, decision: ReturnCards) -> None:
    state, turn, seat = events.state, _turn(events), decision.seat
    hand = state.hands[seat]
    count = len(turn.drawn)
    if len(decision.cards) != count or Counter(decision.cards) - Counter(hand):
        raise IllegalMove(f"Send back {count} of your face-down cards.")
    events.add(ev.CardsReturned(seat, decision.cards, without(hand, *decision.cards)))
    _end_turn(events)


# The turn and the round end ----------------------------------------------------------------


def _end_turn(events: Events) -> None:
    actor = _turn(events).actor
    events.add(ev.TurnEnded(events.state.from_left_of(actor)[0]))


def _end_round(events: Events) -> None:
    state = events.state
    events.add(ev.RoundWon(state.living[0], state.round_index))
    state = events.state
    if sum(state.round_wins) < state.options.rounds:
        return
    most = max(state.round_wins)
    events.add(ev.MatchWon(tuple(seat for seat, wins in enumerate(state.round_wins)
                                 if wins == most)))


_HANDLERS: dict[type, Callable[[Events, Any], None]] = {
    ChooseStarter: dealing.choose_starter,
    Deal: dealing.deal,
    DealSets: dealing.deal_sets,
    Shuffle: _shuffle,
    TakeAction: _take_action,
    Challenge: _challenge,
    Allow: _allow,
    Block: _block,
    Reveal: _reveal,
    Lose: _lose,
    Keep: _keep,
    Swap: _swap,
    Show: _show,
    ForceDraw: _force_draw,
    ReturnCards: _return,
}

_PHASES: dict[type, tuple[Phase, ...]] = {
    ChooseStarter: (Phase.START,),
    Deal: (Phase.DEAL,),
    DealSets: (Phase.DEAL,),
    Shuffle: (Phase.SHUFFLE_DUE,),
    TakeAction: (Phase.ACTION,),
    Challenge: (Phase.CHALLENGE,),
    Allow: (Phase.CHALLENGE, Phase.BLOCK),
    Block: (Phase.BLOCK,),
    Reveal: (Phase.REVEAL,),
    Lose: (Phase.REVEAL, Phase.LOSE),
    Keep: (Phase.KEEP, Phase.PICK),
    Swap: (Phase.SWAP,),
    Show: (Phase.SHOW,),
    ForceDraw: (Phase.FORCE_DRAW,),
    ReturnCards: (Phase.RETURN,),
}
