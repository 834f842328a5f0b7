"""The JSON notation of moves (docs/SCENARIOS.md) as every ruleset reads it: one object
per decision, `seat` and exactly one verb, each verb with its JSON type, and a few fields
allowed beside some verbs.

Two kinds of errors: `MalformedEntry` for an entry of the wrong shape (a scenario refuses
the whole file), `IllegalMove` for a well-formed entry naming what does not exist (an
unknown card or hand type: that move alone is refused).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeGuard, TypeVar

from game.cards import Card, Suit, UnknownCard
from game.engine.errors import IllegalMove, MalformedEntry, quoted

E = TypeVar("E", bound=StrEnum)

JSON_NAMES = {str: "a string", bool: "true or false", int: "an integer", list: "a list",
              dict: "an object"}


@dataclass(frozen=True)
class Verbs:
    """A ruleset's verbs: the seats', chance's (in saves only), and the fields allowed
    beside a verb, each with its JSON type."""

    seat: dict[str, type]
    chance: dict[str, type]
    extras: dict[str, dict[str, type]] = field(default_factory=dict)

    def check_shape(self, entry: object, *, allow_chance: bool = False) -> str:
        """The entry's verb, once its shape is checked; `MalformedEntry` otherwise."""
        if not isinstance(entry, Mapping):
            raise MalformedEntry("a move must be an object")
        verbs = self.seat | self.chance if allow_chance else self.seat
        if not allow_chance and any(key in self.chance for key in entry):
            raise MalformedEntry(f"a move's verb is one of {', '.join(verbs)}; the deals are "
                                 "given under 'deals'")
        present = [key for key in entry if key in verbs]
        if len(present) != 1:
            raise MalformedEntry(
                f"a move needs exactly one verb of {', '.join(verbs)}; found {present or 'none'}"
            )
        verb = present[0]
        if verb in self.seat and not is_int(entry.get("seat")):
            raise MalformedEntry("a move needs an integer 'seat'")
        if verb in self.chance and "seat" in entry:
            raise MalformedEntry(f"'{verb}' is chance's move and has no seat")
        _check_type(verb, entry[verb], verbs[verb])
        extras = self.extras.get(verb, {})
        for key, value in entry.items():
            if key in (verb, "seat"):
                continue
            if key not in extras:
                raise MalformedEntry(f"{quoted(key)} does not belong in a '{verb}' move")
            _check_type(key, value, extras[key])
        return verb


def players_option(raw: object, fewest: int, most: int, ruleset_id: str) -> int:
    """`options.players`, checked; `MalformedEntry` if the options are not an object or the
    number is not one the ruleset is played by."""
    if not isinstance(raw, Mapping):
        raise MalformedEntry("options must be an object")
    players = raw.get("players")
    if not is_int(players):
        raise MalformedEntry("options.players must be an integer")
    if not fewest <= players <= most:
        raise MalformedEntry(f"{ruleset_id} is for {_between(fewest, most)} players, "
                             f"not {quoted(players)}")
    return players


def _between(fewest: int, most: int) -> str:
    """"2", "3 or 4", "2 to 6"."""
    if fewest == most:
        return str(fewest)
    return f"{fewest} or {most}" if most == fewest + 1 else f"{fewest} to {most}"


def is_int(value: object) -> TypeGuard[int]:
    """A JSON integer (true and false are not, though Python counts them as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_of(entry: Mapping[str, object]) -> int:
    """The `seat` of a seat's move whose shape `Verbs.check_shape` has checked."""
    seat = entry.get("seat")
    if not is_int(seat):
        raise MalformedEntry("a move needs an integer 'seat'")
    return seat


def items(value: object, what: str) -> list[object]:
    """A JSON list; `MalformedEntry` naming `what` it should be if it is not one."""
    if not isinstance(value, list):
        raise MalformedEntry(f"{what} must be a list")
    return value


def whole(value: object, what: str) -> int:
    """A JSON integer; `MalformedEntry` naming `what` if it is not one."""
    if not is_int(value):
        raise MalformedEntry(f"'{what}' must be an integer")
    return value


def a_mapping(value: object, what: str) -> Mapping[str, object]:
    """A JSON object; `MalformedEntry` naming `what` if it is not one."""
    if not isinstance(value, Mapping):
        raise MalformedEntry(f"{what} must be an object")
    return value


def whole_or_none(value: object, what: str) -> int | None:
    """A JSON integer or null; `MalformedEntry` naming `what` if it is neither."""
    if value is None or is_int(value):
        return value
    raise MalformedEntry(f"'{what}' must be an integer")


def _check_type(name: str, value: object, wanted: type) -> None:
    if not (is_int(value) if wanted is int else isinstance(value, wanted)):
        raise MalformedEntry(f"'{name}' must be {JSON_NAMES[wanted]}")


def require_true(verb: str, value: object) -> None:
    if value is not True:
        raise IllegalMove(f"'{verb}' can only be true.")


def member(value: object, kind: type[E]) -> E:
    """The member of `kind` named `value`; `ValueError` if none is (or it is not text)."""
    if not isinstance(value, str):
        raise ValueError(value)
    return kind(value)


def hand_type(value: object, types: type[E]) -> E:
    """The hand type named; `IllegalMove` if there is none of that name."""
    try:
        return types(str(value))
    except ValueError:
        names = ", ".join(t.value for t in types)
        raise IllegalMove(f"There is no hand type {quoted(value)}; the hand types are "
                          f"{names}.") from None


def card(value: object) -> Card:
    """A card named in a move; `IllegalMove` if there is none of that name."""
    try:
        return Card.parse(value)
    except UnknownCard:
        raise IllegalMove(f"There is no card {quoted(value)}.") from None


def card_in_deal(code: object) -> Card:
    """A card named in a deal; `MalformedEntry` if there is none of that name."""
    try:
        return Card.parse(code)
    except UnknownCard:
        raise MalformedEntry(f"there is no card {quoted(code)}") from None


def suit(value: object) -> Suit | None:
    """The suit named for a wild card; an unknown name is treated as none named."""
    try:
        return Suit(value) if isinstance(value, str) else None
    except ValueError:
        return None


def seat_cards(value: object, what: str) -> tuple[tuple[int, Card], ...]:
    """`[[seat, card], ...]` (a draw or a cut); `MalformedEntry` if it is not."""
    pairs = []
    for item in items(value, what):
        if not (isinstance(item, list) and len(item) == 2 and is_int(item[0])
                and isinstance(item[1], str)):
            raise MalformedEntry(f"each {what} is [seat, card]")
        pairs.append((item[0], card_in_deal(item[1])))
    return tuple(pairs)
