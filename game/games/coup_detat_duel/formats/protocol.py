"""What an outside program playing a seat is told (docs/BOT_PROTOCOL.md): the deals
as that seat saw them (its twelve cards, then its Bastille draws), every move so far with
the other player's set-aside cards replaced by their number, where the current hand began,
and a summary of its view."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.decisions import SetAside
from game.games.coup_detat_duel.rules.notation import decision_to_json
from game.games.coup_detat_duel.rules.view import DuelView
from game.rules.trick_taking import Trick


def seat_history(match: Match, seat: int) -> dict[str, Any]:
    """`first_dealer`, `deals`, `moves` and `hand_start` for `seat`."""
    deals: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    first_dealer = None
    hand_start = 0
    for number, turn in enumerate(match.turns):
        if turn.seat is not None:
            moves.append(_as_seen(turn.decision, seat))
        for event in match.events_of(number):
            if isinstance(event, ev.PrimeMinisterAppointed):
                first_dealer = event.seat
            elif isinstance(event, ev.Dealt):
                deals.append({"hand": [card.code for card in event.hands[seat]]})
                hand_start = len(moves)
            elif isinstance(event, ev.DrewFromBastille) and event.seat == seat:
                deals[-1]["drawn"] = [card.code for card in event.cards]
            elif isinstance(event, ev.QueenOfHeartsInBastille):
                deals[-1]["abandoned"] = True
    return {"first_dealer": first_dealer, "deals": deals, "moves": moves,
            "hand_start": hand_start}


def _as_seen(decision: Any, seat: int) -> dict[str, Any]:
    """A move as `seat` saw it: the other player's set-aside cards only by their number."""
    entry = decision_to_json(decision)
    if isinstance(decision, SetAside) and decision.seat != seat:
        entry["discard"] = len(decision.cards)
    return entry


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "plays": [[s, c.code] for s, c in trick.plays],
            "led_suit": trick.led_suit.value, "winner": trick.winner}


def view_json(view: DuelView) -> dict[str, Any]:
    """The game's own summary of the position for a seat (a bot may ignore it)."""
    layout = view.dominoes
    return {
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "prime_minister": view.prime_minister,
        "first_prime_minister": view.first_prime_minister,
        "round": view.round_index,
        "rounds": view.rounds,
        "tiebreak": view.tiebreak,
        "points": list(view.points),
        "scoresheet": [{"round": r.round_index, "hand_type": r.hand_type.value,
                        "prime_minister": r.prime_minister, "coup": r.coup, "winner": r.winner}
                       for r in view.scoresheet],
        "hands_played_this_round": [t.value for t in view.played_this_round],
        "hand": [card.code for card in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "set_aside": [card.code for card in view.set_aside],
        "drawn": [card.code for card in view.drawn],
        "set_aside_counts": list(view.set_aside_counts),
        "bastille_size": view.bastille_size,
        "hand_type": view.hand_type.value if view.hand_type else None,
        "coup": view.coup,
        "trick": [[seat, card.code] for seat, card in view.trick],
        "led_suit": view.led_suit.value if view.led_suit else None,
        "tricks": [_trick_json(trick) for trick in view.tricks_done],
        "dominoes": None if layout is None else {
            "laid": [[seat, card.code] for seat, card in layout.laid],
            "joker_suit": layout.joker_suit.value if layout.joker_suit else None,
            "passes": [list(p) for p in layout.passes],
            "runner": layout.runner,
            "out": layout.out,
            "blocked": layout.blocked,
        },
    }
