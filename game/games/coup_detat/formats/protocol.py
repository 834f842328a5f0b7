"""What an outside program playing a seat is told (docs/BOT_PROTOCOL.md): the deals
as that seat saw them, every move so far, where the current hand began, and a summary of
its view. Only what the seat may know: its own hands, the centre card once it has seen it,
and the moves, which in Coup d'État are all public."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.notation import decision_to_json
from game.games.coup_detat.rules.view import CoupDetatView


def seat_history(match: Match, seat: int) -> dict[str, Any]:
    """`first_dealer`, `deals`, `moves` and `hand_start` for `seat`."""
    deals: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    first_dealer = None
    hand_start = 0
    for number, turn in enumerate(match.turns):
        if turn.seat is not None:
            moves.append(decision_to_json(turn.decision))
        for event in match.events_of(number):
            if isinstance(event, ev.DirectorAppointed):
                first_dealer = event.seat
            elif isinstance(event, ev.Dealt):
                deals.append({"hand": [card.code for card in event.hands[seat]]})
                hand_start = len(moves)
            elif isinstance(event, ev.DealThrownIn):
                deals[-1]["abandoned"] = True
            elif isinstance(event, ev.CoupDeclined | ev.CoupCardExchanged) and event.seat == seat:
                deals[-1]["center"] = event.center.code  # he took it into his hand
            elif isinstance(event, ev.TrickWon) and event.center is not None:
                deals[-1]["center"] = event.center.code  # turned up with the first trick
    return {"first_dealer": first_dealer, "deals": deals, "moves": moves,
            "hand_start": hand_start}


def view_json(view: CoupDetatView) -> dict[str, Any]:
    """The game's own summary of the position for a seat (a bot may ignore it)."""
    layout = view.dominos
    return {
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "director": view.director,
        "round": view.round_index,
        "rounds": view.rounds,
        "hands_played_this_round": [t.value for t in view.played_this_round],
        "money": list(view.money),
        "worth": list(view.worth),
        "treasury": view.treasury,
        "debts": [{"debtor": d.debtor, "lender": d.lender, "owed": d.owed} for d in view.debts],
        "hand": [card.code for card in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "coup_holder": view.coup_holder,
        "coup_player": view.coup_player,
        "hand_type": view.hand_type.value if view.hand_type else None,
        "center": view.center.code if view.center else None,
        "trick": [[seat, card.code] for seat, card in view.trick],
        "led_suit": view.led_suit.value if view.led_suit else None,
        "tricks": [{"leader": t.leader, "plays": [[s, c.code] for s, c in t.plays],
                    "winner": t.winner} for t in view.tricks_done],
        "dominos": None if layout is None else {
            "starting_rank": layout.starting_rank.value if layout.starting_rank else None,
            "laid": [[seat, card.code] for seat, card in layout.laid],
            "out": list(layout.out),
            "runner": layout.runner,
        },
    }
