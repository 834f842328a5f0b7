"""What a friend's answer to a question may be: a move of the friend's own seat, in the
notation, that is one of the legal moves as the question wrote them. Anything else is
refused in words: the rules' own where they have some ("You must follow Hearts")."""

from __future__ import annotations

from game.engine import texts
from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.match import Match
from game.engine.ruleset import Decision
from game.formats.support import legal_named
from game.net.wire import JsonObject

NOT_NOW = "The rules do not allow that move now."


def decision_named(match: Match, seat: int, move: JsonObject) -> Decision | str:
    """The legal decision `move` names for `seat` in `match`, or why it is none."""
    ruleset = match.ruleset
    if move.get("seat", seat) != seat:
        return "A decision for another seat than yours is refused."
    try:
        decision = ruleset.decision_from_json({**move, "seat": seat})
    except (IllegalMove, MalformedEntry, ValueError, TypeError, KeyError,
            RecursionError) as error:
        return f"Not a move: {texts.brief(error)}"
    if decision.seat != seat:  # chance's (a deal): nobody's to send
        return "Not a move of a seat."
    legal = legal_named(ruleset, decision, match.legal())
    return legal if legal is not None else _why_not(match, decision)


def _why_not(match: Match, decision: Decision) -> str:
    """Why a decision that is not one of the legal moves is refused (the rules' `legal`
    alone say what may be done: a move only their `decide` would take is not one)."""
    try:
        match.ruleset.decide(match.state, decision)
    except IllegalMove as refusal:
        return refusal.message
    return NOT_NOW
