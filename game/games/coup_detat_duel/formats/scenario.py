"""What the scenario format (docs/SCENARIOS.md) needs from coup-detat-duel: the deals a
scenario fixes, the chance they stand for, and the fields its output adds."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.match import ChanceSource
from game.games.coup_detat_duel.rules.decide import check_deal
from game.games.coup_detat_duel.rules.decisions import AppointPrimeMinister, Deal, Decision
from game.games.coup_detat_duel.rules.notation import check_move_shape, deal_from_json
from game.games.coup_detat_duel.rules.state import Options, Phase, State

__all__ = ["check_move_shape", "parse_deal", "result_fields", "scripted_chance"]


def parse_deal(raw: object, options: Options) -> Deal:
    """One scenario deal, checked to be exactly the pack; `MalformedEntry` otherwise."""
    if not isinstance(raw, dict):
        raise MalformedEntry("a deal must be an object with 'hands' and 'bastille'")
    deal = deal_from_json(raw)
    try:
        check_deal(deal)
    except IllegalMove as refusal:
        raise MalformedEntry(refusal.message) from None
    return deal


def scripted_chance(first_dealer: int, deals: Sequence[Deal]) -> ChanceSource[State, Decision]:
    """Chance as the scenario fixes it: the first Prime Minister without a cut, then the
    deals in order; nothing once they run out (play stops there)."""
    remaining = list(deals)

    def next_outcome(state: State) -> Decision | None:
        if state.phase is Phase.CUT:
            return AppointPrimeMinister(first_dealer)
        if state.phase is Phase.DEAL and remaining:
            return remaining.pop(0)
        return None

    return next_outcome


def result_fields(state: State) -> dict[str, object]:
    return {"points": list(state.points), "prime_minister": state.prime_minister}
