"""Coup d'État decisions and options as JSON, in the verbs of docs/SCENARIOS.md.

A seat's decision is `{"seat": 1, "play": "KH"}`; chance's decisions (used in saves) are
`{"draw": [[0, "AS"], [1, "KD"]]}`, `{"appoint": 0}` and
`{"deal": {"hands": [[...], ...], "center": "7D"}}`.

The shape of an entry and its two kinds of errors are `game.rules.move_json`'s.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.cards import COUP, Card
from game.engine.errors import MalformedEntry
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.rules.decisions import (
    AppointDirector,
    AttemptCoup,
    ChooseHandType,
    Deal,
    Decision,
    DeclineCoup,
    DrawForDirector,
    Pass,
    PlayCard,
    StopRun,
)
from game.games.coup_detat.rules.state import Options
from game.rules import card_play, move_json

MIN_PLAYERS, MAX_PLAYERS = 3, 4

VERBS = move_json.Verbs(
    seat={"coup": str, "decline": bool, "choose": str, **card_play.VERBS},
    chance={"draw": list, "appoint": int, "deal": dict},
    extras=card_play.EXTRAS,
)


def parse_options(raw: Mapping[str, object]) -> Options:
    players = move_json.players_option(raw, MIN_PLAYERS, MAX_PLAYERS, "coup-detat")
    short_game = raw.get("short_game", False)
    if not isinstance(short_game, bool):
        raise MalformedEntry("options.short_game must be true or false")
    return Options(players=players, short_game=short_game)


def options_to_json(options: Options) -> dict[str, object]:
    return {"players": options.players, "short_game": options.short_game}


# Decisions -> JSON ---------------------------------------------------------------------------


def decision_to_json(decision: Decision) -> dict[str, object]:
    match decision:
        case AttemptCoup(seat, hand_type):
            return {"seat": seat, "coup": hand_type.value}
        case DeclineCoup(seat):
            return {"seat": seat, "decline": True}
        case ChooseHandType(seat, hand_type):
            return {"seat": seat, "choose": hand_type.value}
        case PlayCard() | Pass() | StopRun():
            return card_play.to_json(decision)
        case DrawForDirector(draws):
            return {"draw": [[seat, card.code] for seat, card in draws]}
        case AppointDirector(director):
            return {"appoint": director}
        case Deal(hands, center):
            return {"deal": deal_to_json(hands, center)}
    raise TypeError(f"not a Coup d'État decision: {decision!r}")


def deal_to_json(hands: tuple[tuple[Card, ...], ...], center: Card) -> dict[str, object]:
    return {"hands": [[card.code for card in hand] for hand in hands], "center": center.code}


# JSON -> decisions ---------------------------------------------------------------------------


def check_move_shape(entry: object, *, allow_chance: bool = False) -> str:
    """The entry's verb, once its shape is checked; `MalformedEntry` otherwise."""
    return VERBS.check_shape(entry, allow_chance=allow_chance)


def decision_from_json(entry: Mapping[str, object], *, allow_chance: bool = True) -> Decision:
    verb = check_move_shape(entry, allow_chance=allow_chance)
    if verb in card_play.VERBS:
        return card_play.from_json(verb, entry, COUP)
    value = entry[verb]
    match verb:
        case "draw":
            return DrawForDirector(move_json.seat_cards(value, "draw"))
        case "appoint":
            return AppointDirector(move_json.whole(value, verb))
        case "deal":
            return deal_from_json(value)
    seat = move_json.seat_of(entry)
    match verb:
        case "coup":
            return AttemptCoup(seat, move_json.hand_type(value, HandType))
        case "choose":
            return ChooseHandType(seat, move_json.hand_type(value, HandType))
        case "decline":
            move_json.require_true(verb, value)
            return DeclineCoup(seat)
    raise AssertionError(verb)


def deal_from_json(value: object) -> Deal:
    """A deal `{"hands": [[...8 cards], ...], "center": CARD}`; `MalformedEntry` if its
    shape is wrong or it names a card that does not exist."""
    deal = move_json.a_mapping(value, "a deal")
    hands, center = deal.get("hands"), deal.get("center")
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise MalformedEntry("a deal needs 'hands', a list of lists of cards")
    if not isinstance(center, str):
        raise MalformedEntry("a deal needs a 'center' card")
    return Deal(
        tuple(tuple(move_json.card_in_deal(code) for code in hand) for hand in hands),
        move_json.card_in_deal(center),
    )
