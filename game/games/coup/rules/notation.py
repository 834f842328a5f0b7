"""Coup's decisions and options as JSON, in the verbs of docs/SCENARIOS.md.

A seat's decision is `{"seat": 1, "block": "duke"}`; chance's decisions (used in saves)
are `{"starter": 0}`, `{"deal": {"hands": [[...], ...], "deck": [...]}}` (plus
`"out_of_game"` in the alternative deal) and `{"shuffle": [...]}`.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.errors import IllegalMove, MalformedEntry, quoted
from game.games.coup.rules.charts import (
    COUP,
    INQUISITOR,
    MOST_PLAYERS,
    Action,
    Character,
    Variant,
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
from game.games.coup.rules.state import Options
from game.rules import move_json

VERBS = move_json.Verbs(
    seat={"action": str, "challenge": bool, "allow": bool, "block": str, "reveal": str,
          "lose": str, "keep": list, "swap": object, "show": str, "force_draw": bool,
          "return": list},
    chance={"starter": int, "deal": dict, "sets": list, "shuffle": list},
    extras={"action": {"target": int, "character": str}},
)
_TARGETED = {action for variant in (COUP, INQUISITOR)
             for action, rule in variant.actions.items() if rule.targeted}
_CHARACTER_LISTS = ("keep", "return", "sets", "shuffle")
_BOOLEAN_OPTIONS = ("alternative_deal", "call_the_coup", "five_lives")


def parse_options(variant: Variant, raw: Mapping[str, object]) -> Options:
    players = move_json.players_option(raw, variant.fewest_players, MOST_PLAYERS, variant.id)
    flags: dict[str, bool] = {}
    for name in _BOOLEAN_OPTIONS:
        if name in raw:
            flag = raw[name]
            if not isinstance(flag, bool):
                raise MalformedEntry(f"options.{name} must be true or false")
            flags[name] = flag
    rounds = raw.get("rounds", 1)
    if not move_json.is_int(rounds) or not 1 <= rounds <= 99:
        raise MalformedEntry("options.rounds must be an integer from 1 to 99")
    return Options(players=players, rounds=rounds, **flags)


def options_to_json(options: Options) -> dict[str, object]:
    return {"players": options.players, "alternative_deal": options.alternative_deal,
            "call_the_coup": options.call_the_coup, "five_lives": options.five_lives,
            "rounds": options.rounds}


# Decisions -> JSON ---------------------------------------------------------------------------


def decision_to_json(decision: Decision) -> dict[str, object]:
    match decision:
        case TakeAction(seat, action, target, called):
            entry: dict[str, object] = {"seat": seat, "action": action.value}
            if target is not None:
                entry["target"] = target
            if called is not None:
                entry["character"] = called.value
            return entry
        case Challenge(seat):
            return {"seat": seat, "challenge": True}
        case Allow(seat):
            return {"seat": seat, "allow": True}
        case Block(seat, c) | Reveal(seat, c) | Lose(seat, c) | Show(seat, c):
            return {"seat": seat, _VERB_OF[type(decision)]: c.value}
        case Keep(seat, cards) | ReturnCards(seat, cards):
            return {"seat": seat, _VERB_OF[type(decision)]: [c.value for c in cards]}
        case Swap(seat, c):
            return {"seat": seat, "swap": None if c is None else c.value}
        case ForceDraw(seat, force):
            return {"seat": seat, "force_draw": force}
        case ChooseStarter(starter):
            return {"starter": starter}
        case Deal():
            return {"deal": deal_to_json(decision)}
        case Shuffle(deck):
            return {"shuffle": [c.value for c in deck]}
        case DealSets(third_set):
            return {"sets": [c.value for c in third_set]}
    raise TypeError(f"not a decision of Coup: {decision!r}")


_VERB_OF = {Block: "block", Reveal: "reveal", Lose: "lose", Show: "show", Keep: "keep",
            ReturnCards: "return"}


def deal_to_json(deal: Deal) -> dict[str, object]:
    entry: dict[str, object] = {"hands": [[c.value for c in hand] for hand in deal.hands],
                                "deck": [c.value for c in deal.deck]}
    if deal.out_of_game:
        entry["out_of_game"] = [c.value for c in deal.out_of_game]
    return entry


# JSON -> decisions ---------------------------------------------------------------------------


def check_move_shape(entry: object, *, allow_chance: bool = False) -> str:
    """The entry's verb, once its shape is checked; `MalformedEntry` otherwise."""
    verb = VERBS.check_shape(entry, allow_chance=allow_chance)
    assert isinstance(entry, Mapping)  # as check_shape found it
    value = entry[verb]
    if verb in _CHARACTER_LISTS and not all(isinstance(name, str) for name in value):
        raise MalformedEntry(f"'{verb}' must be a list of characters")
    if verb == "swap" and not (value is None or isinstance(value, str)):
        raise MalformedEntry("'swap' must be a character or null")
    return verb


def character(value: object) -> Character:
    """A character named in a move; `IllegalMove` if there is none of that name."""
    try:
        return move_json.member(value, Character)
    except ValueError:
        names = ", ".join(Character)
        raise IllegalMove(f"There is no character {quoted(value)}; they are {names}.") from None


def character_in_deal(value: object) -> Character:
    try:
        return move_json.member(value, Character)
    except ValueError:
        raise MalformedEntry(f"there is no character {quoted(value)}") from None


def decision_from_json(entry: Mapping[str, object], *, allow_chance: bool = True) -> Decision:
    verb = check_move_shape(entry, allow_chance=allow_chance)
    value = entry[verb]
    match verb:
        case "starter":
            return ChooseStarter(move_json.whole(value, verb))
        case "deal":
            return deal_from_json(value)
        case "shuffle" | "sets":
            cards = tuple(character_in_deal(name) for name in move_json.items(value, verb))
            return Shuffle(cards) if verb == "shuffle" else DealSets(cards)
    seat = move_json.seat_of(entry)
    match verb:
        case "action":
            return _action(seat, value, entry)
        case "challenge" | "allow":
            move_json.require_true(verb, value)
            return Challenge(seat) if verb == "challenge" else Allow(seat)
        case "block" | "reveal" | "lose" | "show":
            return _ONE_CARD[verb](seat, character(value))
        case "keep" | "return":
            cards = tuple(character(name) for name in move_json.items(value, verb))
            return Keep(seat, cards) if verb == "keep" else ReturnCards(seat, cards)
        case "swap":
            return Swap(seat, None if value is None else character(value))
        case "force_draw":
            return ForceDraw(seat, bool(value))
    raise AssertionError(verb)


_ONE_CARD: dict[str, type[Block | Reveal | Lose | Show]] = {
    "block": Block, "reveal": Reveal, "lose": Lose, "show": Show}


def _action(seat: int, value: object, entry: Mapping[str, object]) -> TakeAction:
    try:
        action = move_json.member(value, Action)
    except ValueError:
        names = ", ".join(Action)
        raise IllegalMove(f"There is no action {quoted(value)}; the actions are "
                          f"{names}.") from None
    target = move_json.whole_or_none(entry.get("target"), "target") \
        if action in _TARGETED else None
    called = entry.get("character")
    return TakeAction(seat, action, target,
                      character(called) if action is Action.COUP and called is not None
                      else None)


def deal_from_json(value: object) -> Deal:
    """A deal `{"hands": [[2 characters], ...], "deck": [...]}`; `MalformedEntry` if its
    shape is wrong or it names a character that does not exist."""
    if not isinstance(value, Mapping):
        raise MalformedEntry("a deal must be an object with 'hands' and 'deck'")
    hands, deck = value.get("hands"), value.get("deck")
    out = value.get("out_of_game", [])
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise MalformedEntry("a deal needs 'hands', a list of lists of characters")
    if not isinstance(deck, list) or not isinstance(out, list):
        raise MalformedEntry("a deal needs a 'deck', a list of characters")
    return Deal(tuple(tuple(character_in_deal(name) for name in hand) for hand in hands),
                tuple(character_in_deal(name) for name in deck),
                tuple(character_in_deal(name) for name in out))
