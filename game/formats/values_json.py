"""Any game's values in JSON and back: its states, events, decisions and views, as a table
of friends sends a seat's beats from the host to that seat's machine.

Writing walks the value: a dataclass becomes an object of its fields with its class's name
under "@"; a tuple a list, a frozenset a list in a fixed order, a dict a list of
[key, value] pairs in its order; an enum its value, a card its code; numbers, text, true,
false and null stay as they are.

Reading is led by the type the value must be (the dataclasses' field types): a union of
dataclasses by the class named under "@", `X | None`, `tuple[X, ...]` and fixed tuples,
`frozenset[X]`, `dict[K, V]`. It trusts nothing it is given: a value of the wrong JSON
type, an unknown class or card, a missing or extra field, a value no enum has, too deep or
too large is refused with `MalformedValue`, which says why and where; only the classes the
type reaches can ever be built.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any

from game.cards import Card, UnknownCard
from game.engine.errors import MalformedEntry, cut, quoted

__all__ = ["MalformedValue", "from_json", "to_json"]

TAG = "@"  # the key of a dataclass's name: no field of Python's can be called so
MAX_DEPTH = 32  # lists and objects inside each other (a game's state: 8 at most)
MAX_VALUES = 20_000  # values in all, counted as they are read (a game's state: under 500)
MAX_TEXT = 1_000  # characters in a text
LARGEST_INT = 2**53  # what every JSON reader holds exactly
MAX_NAMES_SHOWN = 120  # characters of the classes a message names

Json = Any  # what json.loads returns


class MalformedValue(MalformedEntry):
    """A value that is not of the type it must be: why, and where in it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.steps: list[str] = []  # from the innermost out

    def at(self, step: str) -> MalformedValue:
        self.steps.append(step)
        self.args = (str(self),)
        return self

    @property
    def where(self) -> str:
        return "".join(reversed(self.steps)).lstrip(".")

    def __str__(self) -> str:
        return f"{self.reason} (at {self.where})" if self.steps else self.reason


# Writing -----------------------------------------------------------------------------------


def to_json(value: object) -> Json:
    """`value` as JSON (lists, objects, text, numbers, true, false, null)."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {name: to_json(getattr(value, name)) for name in _field_names(type(value))}
        return {TAG: type(value).__name__, **fields}
    if isinstance(value, frozenset | set):
        return sorted((to_json(item) for item in value), key=_in_order)
    if isinstance(value, dict):
        return [[to_json(key), to_json(item)] for key, item in value.items()]
    raise TypeError(f"a {type(value).__name__} has no JSON form here")


def _in_order(written: Json) -> str:
    return json.dumps(written, sort_keys=True)


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind))


# Reading -----------------------------------------------------------------------------------


class _Budget:
    """What is left to read: values in all, and how deep lists and objects may go."""

    __slots__ = ("depth", "values")

    def __init__(self) -> None:
        self.values = MAX_VALUES
        self.depth = 0

    def count(self) -> None:
        self.values -= 1
        if self.values < 0:
            raise MalformedValue(f"too large: more than {MAX_VALUES:,} values")

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise MalformedValue(f"too deep: more than {MAX_DEPTH} levels")


Reader = Callable[[Json, _Budget], Any]


def from_json(raw: Json, kind: Any) -> Any:
    """The value of type `kind` that `raw` (as json.loads returns it) writes;
    `MalformedValue` if it writes none. `TypeError` if `kind` is not a type read here."""
    return _reader(kind)(raw, _Budget())


@cache
def _reader(kind: Any) -> Reader:
    if kind is type(None):
        return _read_none
    if kind in _PLAIN:
        return _PLAIN[kind]
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        return _union_reader(typing.get_args(kind))
    if origin is tuple:
        return _tuple_reader(typing.get_args(kind))
    if origin is frozenset:
        return _set_reader(*typing.get_args(kind))
    if origin is dict:
        return _dict_reader(*typing.get_args(kind))
    if isinstance(kind, type) and issubclass(kind, Card):
        return _read_card
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_reader(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _DataclassReader(kind)
    raise TypeError(f"no JSON reader for {kind!r}: the type must say what it holds")


def _json_type(raw: Json) -> str:
    """What a JSON value is, for a message: "a list", "the number 3", "null"."""
    if raw is None:
        return "null"
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, list):
        return "a list"
    if isinstance(raw, dict):
        return "an object"
    if isinstance(raw, str):
        return f"the text {quoted(raw)}"
    if isinstance(raw, int | float):
        return f"the number {quoted(raw)}"
    return f"a {type(raw).__name__}"


def _refused(wanted: str, raw: Json) -> MalformedValue:
    return MalformedValue(f"{wanted} expected, not {_json_type(raw)}")


def _of_json_type(raw: Json, budget: _Budget, kind: type, wanted: str) -> Any:
    budget.count()
    if type(raw) is not kind:
        raise _refused(wanted, raw)
    return raw


def _read_none(raw: Json, budget: _Budget) -> None:
    _of_json_type(raw, budget, type(None), "null")


def _read_bool(raw: Json, budget: _Budget) -> bool:
    flag: bool = _of_json_type(raw, budget, bool, "true or false")
    return flag


def _read_int(raw: Json, budget: _Budget) -> int:
    number: int = _of_json_type(raw, budget, int, "a whole number")
    if not -LARGEST_INT <= number <= LARGEST_INT:
        raise MalformedValue(f"the number {quoted(number)} is too large")
    return number


def _read_float(raw: Json, budget: _Budget) -> float:
    number: float = _of_json_type(raw, budget, float, "a finite number with a point")
    if not math.isfinite(number):
        raise _refused("a finite number with a point", number)
    return number


def _read_text(raw: Json, budget: _Budget) -> str:
    text: str = _of_json_type(raw, budget, str, "a text")
    if len(text) > MAX_TEXT:
        raise MalformedValue(f"a text of more than {MAX_TEXT:,} characters")
    return text


_PLAIN: dict[Any, Reader] = {bool: _read_bool, int: _read_int, float: _read_float,
                             str: _read_text}


def _read_card(raw: Json, budget: _Budget) -> Card:
    code = _of_json_type(raw, budget, str, "a card's code")
    try:
        return Card.parse(code)
    except UnknownCard:
        raise MalformedValue(f"there is no card {quoted(raw)}") from None


def _enum_reader(kind: type[Enum]) -> Reader:
    members = {(type(member.value), member.value): member for member in kind}
    known = ", ".join(quoted(member.value) for member in kind)

    def read(raw: Json, budget: _Budget) -> Enum:
        budget.count()
        member = members.get((type(raw), raw)) if isinstance(raw, str | int) else None
        if member is None:
            raise MalformedValue(f"{_json_type(raw)} is not a {kind.__name__} "
                                 f"(one of {known})")
        return member

    return read


def _list_of(raw: Json, budget: _Budget, wanted: str) -> list[Json]:
    budget.count()
    if type(raw) is not list:
        raise _refused(wanted, raw)
    budget.enter()
    return raw


def _items(raw: list[Json], read: Reader, budget: _Budget) -> list[Any]:
    values = []
    for index, item in enumerate(raw):
        try:
            values.append(read(item, budget))
        except MalformedValue as error:
            raise error.at(f"[{index}]") from None
    budget.depth -= 1
    return values


def _tuple_reader(arguments: tuple[Any, ...]) -> Reader:
    if len(arguments) == 2 and arguments[1] is Ellipsis:
        each = _reader(arguments[0])

        def read_any_length(raw: Json, budget: _Budget) -> tuple[Any, ...]:
            return tuple(_items(_list_of(raw, budget, "a list"), each, budget))

        return read_any_length
    readers = [_reader(argument) for argument in arguments if argument != ()]
    wanted = f"a list of {len(readers)}"

    def read_fixed(raw: Json, budget: _Budget) -> tuple[Any, ...]:
        listed = _list_of(raw, budget, wanted)
        if len(listed) != len(readers):
            raise MalformedValue(f"{wanted} expected, not of {len(listed)}")
        values = []
        for index, (item, read) in enumerate(zip(listed, readers, strict=True)):
            try:
                values.append(read(item, budget))
            except MalformedValue as error:
                raise error.at(f"[{index}]") from None
        budget.depth -= 1
        return tuple(values)

    return read_fixed


def _set_reader(item: Any) -> Reader:
    each = _reader(item)

    def read(raw: Json, budget: _Budget) -> frozenset[Any]:
        values = _items(_list_of(raw, budget, "a list"), each, budget)
        if len(set(values)) != len(values):
            raise MalformedValue("a set that holds a value twice")
        return frozenset(values)

    return read


def _dict_reader(key: Any, item: Any) -> Reader:
    pair = _tuple_reader((key, item))

    def read(raw: Json, budget: _Budget) -> dict[Any, Any]:
        pairs = _items(_list_of(raw, budget, "a list of [key, value] pairs"), pair, budget)
        found = dict(pairs)
        if len(found) != len(pairs):
            raise MalformedValue("a key given twice")
        return found

    return read


def _union_reader(members: tuple[Any, ...]) -> Reader:
    optional = type(None) in members
    others = [member for member in members if member is not type(None)]
    one = _reader(others[0]) if len(others) == 1 else _tagged_reader(others)

    def read(raw: Json, budget: _Budget) -> Any:
        if raw is None and optional:
            budget.count()
            return None
        return one(raw, budget)

    return read


def _tagged_reader(kinds: list[Any]) -> Reader:
    """One of several dataclasses, by the name written under "@"."""
    by_name: dict[str, Reader] = {}
    for kind in kinds:
        if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
            raise TypeError(f"no JSON reader for a union holding {kind!r}: only dataclasses")
        if kind.__name__ in by_name:
            raise TypeError(f"two classes named {kind.__name__} in one union")
        by_name[kind.__name__] = _reader(kind)
    names = cut(", ".join(by_name), MAX_NAMES_SHOWN)

    def read(raw: Json, budget: _Budget) -> Any:
        if type(raw) is not dict:
            raise _refused(f"an object (one of {names})", raw)
        if TAG not in raw:
            raise MalformedValue(f"an object without its {TAG!r} (one of {names})")
        one = by_name.get(raw[TAG]) if type(raw[TAG]) is str else None
        if one is None:
            raise MalformedValue(f"one of {names} expected, not {quoted(raw[TAG])}")
        return one(raw, budget)

    return read


class _DataclassReader:
    """One dataclass from an object holding its name and each of its fields, no other;
    its fields' readers made when first needed (a type may hold itself)."""

    def __init__(self, kind: type) -> None:
        self.kind = kind
        self.fields: dict[str, Reader] | None = None

    def __call__(self, raw: Json, budget: _Budget) -> Any:
        budget.count()
        name = self.kind.__name__
        if type(raw) is not dict:
            raise _refused(f"an object ({name})", raw)
        if TAG not in raw:
            raise MalformedValue(f"an object without its {TAG!r} ({name})")
        if raw[TAG] != name:
            raise MalformedValue(f"{name} expected, not {quoted(raw[TAG])}")
        budget.enter()
        fields = self.fields if self.fields is not None else self._made()
        self._check_names(raw, fields)
        values = {}
        for field, read in fields.items():
            try:
                values[field] = read(raw[field], budget)
            except MalformedValue as error:
                raise error.at(f".{field}") from None
        budget.depth -= 1
        try:
            return self.kind(**values)
        except (TypeError, ValueError) as error:
            raise MalformedValue(f"not a {name}: {error}") from None

    def _made(self) -> dict[str, Reader]:
        hints = typing.get_type_hints(self.kind)
        self.fields = {name: _reader(hints[name]) for name in _field_names(self.kind)}
        return self.fields

    def _check_names(self, raw: dict[Any, Json], fields: dict[str, Reader]) -> None:
        missing = [name for name in fields if name not in raw]
        if missing:
            raise MalformedValue(f"{self.kind.__name__} without its field {quoted(missing[0])}")
        extra = [key for key in raw if key != TAG and key not in fields]
        if extra:
            raise MalformedValue(f"{self.kind.__name__} has no field {quoted(extra[0])}")
