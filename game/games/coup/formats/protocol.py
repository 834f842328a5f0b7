"""What an outside program playing a seat of Coup is told (docs/BOT_PROTOCOL.md):
the deals as it saw them (its two cards, then every card it drew), every move with what it
could not see replaced (a `keep` or `return` by the number of cards, a `swap` by "?", a
`show` by "?" unless it showed or was shown the card), where the round began, and a
summary of its view."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.games.coup.rules import events as ev
from game.games.coup.rules.decisions import Keep, ReturnCards, Show, Swap
from game.games.coup.rules.notation import decision_to_json
from game.games.coup.rules.view import CoupView, TurnView

HIDDEN = "?"


def seat_history(match: Match, seat: int) -> dict[str, Any]:
    """`first_dealer`, `deals`, `moves` and `hand_start` for `seat`."""
    deals: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    first_dealer = None
    hand_start = 0
    examiner = None
    sets_start: int | None = None  # where the alternative deal's choices began
    for number, turn in enumerate(match.turns):
        if turn.seat is not None:
            moves.append(_as_seen(turn.decision, seat, examiner))
        for event in match.events_of(number):
            match event:
                case ev.StarterChosen(starter):
                    first_dealer = starter
                case ev.SetsDealt():
                    sets_start = len(moves)
                case ev.Dealt(hands=hands):
                    deals.append({"hand": [c.value for c in hands[seat]]})
                    hand_start = len(moves) if sets_start is None else sets_start
                    sets_start = None
                case ev.ActionDeclared(seat=actor):
                    examiner = actor
                case _ if deals and (drawn := _drawn_by(event, seat)):
                    deals[-1].setdefault("drawn", []).extend(c.value for c in drawn)
    return {"first_dealer": first_dealer, "deals": deals, "moves": moves,
            "hand_start": hand_start}


def _drawn_by(event: object, seat: int) -> tuple:
    match event:
        case ev.Drew(drawer, cards) | ev.DrewToChoose(drawer, cards) if drawer == seat:
            return cards
        case ev.CalledCoupMissed(target, _, drawn) if target == seat:
            return drawn
    return ()


def _as_seen(decision: Any, seat: int, examiner: int | None) -> dict[str, Any]:
    entry = decision_to_json(decision)
    if decision.seat == seat:
        return entry
    if isinstance(decision, Keep | ReturnCards):
        verb = "keep" if isinstance(decision, Keep) else "return"
        entry[verb] = len(decision.cards)
    elif isinstance(decision, Swap):
        entry["swap"] = HIDDEN
    elif isinstance(decision, Show) and seat != examiner:
        entry["show"] = HIDDEN
    return entry


def _turn_json(turn: TurnView | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    def name(character: Any) -> Any:
        return None if character is None else character.value
    return {"actor": turn.actor, "action": turn.action.value, "target": turn.target,
            "called": name(turn.called), "claimant": turn.claimant, "claim": name(turn.claim),
            "challenger": turn.challenger, "blocker": turn.blocker,
            "block_claim": name(turn.block_claim), "drawn": [c.value for c in turn.drawn],
            "shown": name(turn.shown)}


def view_json(view: CoupView) -> dict[str, Any]:
    """The game's own summary of the position for a seat (a bot may ignore it)."""
    return {
        "seat": view.seat,
        "ruleset": view.variant,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "round": view.round_index,
        "rounds": view.rounds,
        "starter": view.starter,
        "hand": [c.value for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "revealed": [[c.value for c in cards] for cards in view.revealed],
        "coins": list(view.coins),
        "deck_size": view.deck_size,
        "alive": list(view.alive),
        "turn": _turn_json(view.turn),
        "round_wins": list(view.round_wins),
        "calls_the_coup": view.calls_the_coup,
    }
