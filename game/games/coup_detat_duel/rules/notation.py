"""Coup d'État for two: decisions and options as JSON, in the verbs of docs/SCENARIOS.md.

A seat's decision is `{"seat": 1, "discard": ["7S", "8D"]}`; chance's decisions (used in
saves) are `{"cut": [[0, "AS"], [1, "KD"]]}`, `{"appoint": 0}` and
`{"deal": {"hands": [[...12], [...12]], "bastille": [...9]}}`.

The shape of an entry and its two kinds of errors are `game.rules.move_json`'s. Set-aside
cards are kept in the house order, whatever order they are named in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.cards import JOKER, Card
from game.engine.errors import MalformedEntry
from game.games.coup_detat_duel.rules.charts import PLAYERS, HandType
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    AppointPrimeMinister,
    ChooseHandType,
    CutForPrimeMinister,
    Deal,
    Decision,
    KeepQuiet,
    Pass,
    PlayCard,
    SetAside,
    StopRun,
)
from game.games.coup_detat_duel.rules.state import Options
from game.rules import card_play, move_json

RULESET_ID = "coup-detat-duel"

VERBS = move_json.Verbs(
    seat={"coup": str, "no_coup": bool, "choose": str, "discard": list, **card_play.VERBS},
    chance={"cut": list, "appoint": int, "deal": dict},
    extras=card_play.EXTRAS,
)


def parse_options(raw: Mapping[str, object]) -> Options:
    return Options(players=move_json.players_option(raw, PLAYERS, PLAYERS, RULESET_ID))


def options_to_json(options: Options) -> dict[str, object]:
    return {"players": options.players}


# Decisions -> JSON ---------------------------------------------------------------------------


def decision_to_json(decision: Decision) -> dict[str, object]:
    match decision:
        case AnnounceCoup(seat, hand_type):
            return {"seat": seat, "coup": hand_type.value}
        case KeepQuiet(seat):
            return {"seat": seat, "no_coup": True}
        case ChooseHandType(seat, hand_type):
            return {"seat": seat, "choose": hand_type.value}
        case SetAside(seat, cards):
            return {"seat": seat, "discard": [card.code for card in cards]}
        case PlayCard() | Pass() | StopRun():
            return card_play.to_json(decision)
        case CutForPrimeMinister(cuts):
            return {"cut": [[seat, card.code] for seat, card in cuts]}
        case AppointPrimeMinister(prime_minister):
            return {"appoint": prime_minister}
        case Deal(hands, bastille):
            return {"deal": deal_to_json(hands, bastille)}
    raise TypeError(f"not a decision of Coup d'État for two: {decision!r}")


def deal_to_json(hands: Sequence[Sequence[Card]], bastille: Sequence[Card]) -> dict[str, object]:
    return {"hands": [[card.code for card in hand] for hand in hands],
            "bastille": [card.code for card in bastille]}


# JSON -> decisions ---------------------------------------------------------------------------


def check_move_shape(entry: object, *, allow_chance: bool = False) -> str:
    """The entry's verb, once its shape is checked; `MalformedEntry` otherwise."""
    verb = VERBS.check_shape(entry, allow_chance=allow_chance)
    assert isinstance(entry, Mapping)  # as check_shape found it
    if verb == "discard" and not all(isinstance(code, str)
                                     for code in move_json.items(entry[verb], verb)):
        raise MalformedEntry("'discard' must be a list of cards")
    return verb


def decision_from_json(entry: Mapping[str, object], *, allow_chance: bool = True) -> Decision:
    verb = check_move_shape(entry, allow_chance=allow_chance)
    if verb in card_play.VERBS:
        return card_play.from_json(verb, entry, JOKER)
    value = entry[verb]
    match verb:
        case "cut":
            return CutForPrimeMinister(move_json.seat_cards(value, "cut"))
        case "appoint":
            return AppointPrimeMinister(move_json.whole(value, verb))
        case "deal":
            return deal_from_json(value)
    seat = move_json.seat_of(entry)
    match verb:
        case "coup":
            return AnnounceCoup(seat, move_json.hand_type(value, HandType))
        case "no_coup":
            move_json.require_true(verb, value)
            return KeepQuiet(seat)
        case "choose":
            return ChooseHandType(seat, move_json.hand_type(value, HandType))
        case "discard":
            cards = sorted((move_json.card(code) for code in move_json.items(value, verb)),
                           key=lambda card: card.index)
            return SetAside(seat, tuple(cards))
    raise AssertionError(verb)


def deal_from_json(value: object) -> Deal:
    """A deal `{"hands": [[...12], [...12]], "bastille": [...9]}`; `MalformedEntry` if its
    shape is wrong or it names a card that does not exist."""
    deal = move_json.a_mapping(value, "a deal")
    hands, bastille = deal.get("hands"), deal.get("bastille")
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise MalformedEntry("a deal needs 'hands', a list of lists of cards")
    if not isinstance(bastille, list):
        raise MalformedEntry("a deal needs a 'bastille', a list of cards")
    return Deal(
        tuple(tuple(move_json.card_in_deal(code) for code in hand) for hand in hands),
        tuple(move_json.card_in_deal(code) for code in bastille),
    )
