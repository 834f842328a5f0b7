"""Coup d'État decisions and options as JSON, in the verbs of conformance/FORMAT.md.

A seat's decision is `{"seat": 1, "play": "KH"}`; chance's decisions (used in saves) are
`{"draw": [[0, "AS"], [1, "KD"]]}`, `{"appoint": 0}` and
`{"deal": {"hands": [[...], ...], "center": "7D"}}`.

Two kinds of errors: `MalformedEntry` for an entry of the wrong shape (a scenario refuses
the whole file), `IllegalMove` for a well-formed entry naming what does not exist (an
unknown card or hand type: that move alone is refused).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.cards import COUP, Card, Suit, UnknownCard
from game.engine.errors import IllegalMove, MalformedEntry
from game.rules.coup_detat.charts import HandType
from game.rules.coup_detat.decisions import (
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
from game.rules.coup_detat.state import Options

MIN_PLAYERS, MAX_PLAYERS = 3, 4

SEAT_VERBS: dict[str, type] = {
    "coup": str,
    "decline": bool,
    "choose": str,
    "play": str,
    "pass": bool,
    "stop": bool,
}
CHANCE_VERBS: dict[str, type] = {"draw": list, "appoint": int, "deal": dict}
EXTRA_FIELDS = {"play": {"suit": str}}  # fields allowed beside a verb, with their JSON type


def parse_options(raw: Mapping[str, object]) -> Options:
    if not isinstance(raw, Mapping):
        raise MalformedEntry("options must be an object")
    players = raw.get("players")
    if not _is_int(players):
        raise MalformedEntry("options.players must be an integer")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:  # type: ignore[operator]
        raise MalformedEntry(
            f"coup-detat is for {MIN_PLAYERS} or {MAX_PLAYERS} players, not {players}"
        )
    short_game = raw.get("short_game", False)
    if not isinstance(short_game, bool):
        raise MalformedEntry("options.short_game must be true or false")
    return Options(players=players, short_game=short_game)  # type: ignore[arg-type]


def options_to_json(options: Options) -> dict[str, object]:
    return {"players": options.players, "short_game": options.short_game}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Decisions -> JSON ---------------------------------------------------------------------------


def decision_to_json(decision: Decision) -> dict[str, object]:
    match decision:
        case AttemptCoup(seat, hand_type):
            return {"seat": seat, "coup": hand_type.value}
        case DeclineCoup(seat):
            return {"seat": seat, "decline": True}
        case ChooseHandType(seat, hand_type):
            return {"seat": seat, "choose": hand_type.value}
        case PlayCard(seat, card, suit):
            entry: dict[str, object] = {"seat": seat, "play": card.code}
            if suit is not None:
                entry["suit"] = suit.value
            return entry
        case Pass(seat):
            return {"seat": seat, "pass": True}
        case StopRun(seat):
            return {"seat": seat, "stop": True}
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
    if not isinstance(entry, Mapping):
        raise MalformedEntry("a move must be an object")
    verbs = SEAT_VERBS | CHANCE_VERBS if allow_chance else SEAT_VERBS
    if not allow_chance and any(key in CHANCE_VERBS for key in entry):
        raise MalformedEntry(f"a move's verb is one of {', '.join(verbs)}; the deals are "
                             "given under 'deals'")
    present = [key for key in entry if key in verbs]
    if len(present) != 1:
        raise MalformedEntry(
            f"a move needs exactly one verb of {', '.join(verbs)}; found {present or 'none'}"
        )
    verb = present[0]
    if verb in SEAT_VERBS and not _is_int(entry.get("seat")):
        raise MalformedEntry("a move needs an integer 'seat'")
    if verb in CHANCE_VERBS and "seat" in entry:
        raise MalformedEntry(f"'{verb}' is chance's move and has no seat")
    if not _json_type_ok(entry[verb], verbs[verb]):
        raise MalformedEntry(f"'{verb}' must be {_JSON_NAMES[verbs[verb]]}")
    extras = EXTRA_FIELDS.get(verb, {})
    for key, value in entry.items():
        if key in (verb, "seat"):
            continue
        if key not in extras:
            raise MalformedEntry(f"'{key}' does not belong in a '{verb}' move")
        if not _json_type_ok(value, extras[key]):
            raise MalformedEntry(f"'{key}' must be {_JSON_NAMES[extras[key]]}")
    return verb


_JSON_NAMES = {str: "a string", bool: "true or false", int: "an integer", list: "a list",
               dict: "an object"}


def _json_type_ok(value: object, wanted: type) -> bool:
    if wanted is int:
        return _is_int(value)
    return isinstance(value, wanted)


def decision_from_json(entry: Mapping[str, object], *, allow_chance: bool = True) -> Decision:
    verb = check_move_shape(entry, allow_chance=allow_chance)
    value = entry[verb]
    seat = entry.get("seat")
    match verb:
        case "coup":
            return AttemptCoup(seat, _hand_type(value))  # type: ignore[arg-type]
        case "choose":
            return ChooseHandType(seat, _hand_type(value))  # type: ignore[arg-type]
        case "decline":
            _require_true(verb, value)
            return DeclineCoup(seat)  # type: ignore[arg-type]
        case "pass":
            _require_true(verb, value)
            return Pass(seat)  # type: ignore[arg-type]
        case "stop":
            _require_true(verb, value)
            return StopRun(seat)  # type: ignore[arg-type]
        case "play":
            card = _card(value)
            suit = _suit(entry.get("suit")) if card is COUP else None
            return PlayCard(seat, card, suit)  # type: ignore[arg-type]
        case "draw":
            return DrawForDirector(_draws(value))
        case "appoint":
            return AppointDirector(value)  # type: ignore[arg-type]
        case "deal":
            return deal_from_json(value)  # type: ignore[arg-type]
    raise AssertionError(verb)


def _require_true(verb: str, value: object) -> None:
    if value is not True:
        raise IllegalMove(f"'{verb}' can only be true.")


def _hand_type(value: object) -> HandType:
    try:
        return HandType(str(value))
    except ValueError:
        names = ", ".join(t.value for t in HandType)
        raise IllegalMove(f"There is no hand type {value!r}; the hand types are {names}.") from None


def _card(value: object) -> Card:
    try:
        return Card.parse(value)  # type: ignore[arg-type]
    except UnknownCard:
        raise IllegalMove(f"There is no card {value!r}.") from None


def _suit(value: object) -> Suit | None:
    """The suit named for a led COUP; an unknown name is treated as none named."""
    try:
        return Suit(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _draws(value: object) -> tuple[tuple[int, Card], ...]:
    draws = []
    for item in value:  # type: ignore[attr-defined]
        if not (isinstance(item, list) and len(item) == 2 and _is_int(item[0])
                and isinstance(item[1], str)):
            raise MalformedEntry("each draw is [seat, card]")
        draws.append((item[0], _card_in_deal(item[1])))
    return tuple(draws)


def deal_from_json(value: Mapping[str, object]) -> Deal:
    """A deal `{"hands": [[...8 cards], ...], "center": CARD}`; `MalformedEntry` if its
    shape is wrong or it names a card that does not exist."""
    hands, center = value.get("hands"), value.get("center")
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise MalformedEntry("a deal needs 'hands', a list of lists of cards")
    if not isinstance(center, str):
        raise MalformedEntry("a deal needs a 'center' card")
    return Deal(
        tuple(tuple(_card_in_deal(code) for code in hand) for hand in hands),
        _card_in_deal(center),
    )


def _card_in_deal(code: object) -> Card:
    try:
        return Card.parse(code)  # type: ignore[arg-type]
    except UnknownCard:
        raise MalformedEntry(f"there is no card {code!r}") from None
