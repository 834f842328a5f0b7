"""The messages between a hosted table and its friends' machines (docs/NETWORK.md).

Each message is one JSON object in one WebSocket text frame, with a `type`. What arrives
is checked here before anything reads it: its size, that it is an object of a known type,
that each field the type has is there with its JSON type (a whole number is not a boolean,
a text is bounded); fields a type does not have are refused too, so that a message means
one thing only. A refusal is a `WireError`, whose reason is said to the sender.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import texts

VERSION = 1
"""The wire's version: a program of another version is told so at its hello, and goes."""
MOST_FROM_FRIEND = 16 * 1024  # bytes: the largest message a friend's machine may send
MOST_FROM_HOST = 8 * 1024 * 1024  # bytes: a decision's question in a long duel is large
MOST_TEXT = 200  # characters in any text field of a friend's message
MOST_DEPTH = 8  # nesting of a friend's message (a move is flat; a hostile one is not)
MOST_HOST_DEPTH = 40  # nesting of the host's (a game's state, read by its types after)
MOST_DIGITS = 100  # of a number: none of the wire's needs more, a hostile one has 4,000
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I to misread aloud
CODE_LENGTH = 6
# Keepalive, both ends: a ping every PING_EVERY seconds, and a connection with no answer
# PING_WAIT seconds after its ping is closed, CLOSING_WAIT seconds at most after saying so.
# A connection cut without a word (a cable pulled, a machine asleep, a proxy that stalls)
# is noticed within PING_EVERY + PING_WAIT + CLOSING_WAIT seconds (7), so that the others
# are told within seconds and the friend's program comes back; four seconds without a
# pong is far more than a question (37 kB at most in a long duel) takes on a slow link.
PING_EVERY = 2.0
PING_WAIT = 4.0
CLOSING_WAIT = 1.0

JsonObject = dict[str, Any]


class WireError(ValueError):
    """A message refused: the reason, in words the sender's player can read."""


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = True


TEXT, WHOLE, OBJECT, LIST, FLAG = Field(str), Field(int), Field(dict), Field(list), Field(bool)
SECONDS = Field((int, float))


def optional(field: Field) -> Field:
    return Field(field.kind, required=False)


FROM_FRIEND: Mapping[str, Mapping[str, Field]] = {
    # joining, or coming back to a seat taken before (with its token)
    "hello": {"version": WHOLE, "program": optional(TEXT), "code": TEXT,
              "name": optional(TEXT), "token": optional(TEXT), "since": optional(WHOLE)},
    "decision": {"id": WHOLE, "move": OBJECT},  # an answer to the question `id`
    "stand_in": {"id": WHOLE},  # the seat's own program gave no answer: the host's Easy does
    "undo": {},  # asked for: an online table refuses it, saying why
    "resend": {"since": WHOLE},  # what the seat was told from this number on, again
    # a line of the table's chat: typed (`text`), or a ready phrase by its key (chat.py)
    "say": {"text": optional(TEXT), "phrase": optional(TEXT)},
}

FROM_HOST: Mapping[str, Mapping[str, Field]] = {
    "welcome": {"version": WHOLE, "seat": WHOLE, "token": TEXT, "table": OBJECT},
    "lobby": {"seats": LIST},
    "start": {"ruleset": TEXT, "options": OBJECT, "seat": WHOLE, "names": LIST,
              "time_limit": optional(SECONDS)},
    "told": {"n": WHOLE, "lines": LIST, "turn": WHOLE, "by": Field((int, type(None))),
             "event": OBJECT, "state": OBJECT},
    "state": {"n": WHOLE, "pending": OBJECT, "view": OBJECT, "time_left": optional(SECONDS)},
    "decide": {"id": WHOLE, "seat": WHOLE, "first_dealer": optional(WHOLE),
               "deals": LIST, "moves": LIST, "hand_start": optional(WHOLE),
               "legal": LIST, "view": OBJECT, "time_left": optional(SECONDS)},
    "time_up": {"id": WHOLE, "seat": WHOLE, "name": TEXT},  # the computer chose for the seat
    "accepted": {"id": WHOLE},
    "refused": {"reason": TEXT, "id": optional(WHOLE)},
    "seat": {"seat": WHOLE, "connected": FLAG, "name": TEXT},
    "end": {"result": OBJECT},
    "bye": {"reason": TEXT},
    # a line of the chat (chat.py), numbered from 1 at the table; a phrase's key if it is one
    "said": {"n": WHOLE, "seat": WHOLE, "name": TEXT, "text": TEXT, "phrase": optional(TEXT)},
}


def encode(message: Mapping[str, Any]) -> str:
    """A message as it goes on the wire."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def decode(frame: str | bytes, kinds: Mapping[str, Mapping[str, Field]], *,
           most: int) -> JsonObject:
    """The message a frame holds, checked against the `kinds` of message expected;
    `WireError` saying what is wrong with it otherwise."""
    if isinstance(frame, bytes):
        raise WireError("a message is JSON text, not binary")
    if len(frame) > most:  # characters: at least as many bytes
        raise WireError(f"a message of over {most:,} bytes")
    try:
        whole, fraction = _number_readers(kinds)
        message = json.loads(frame, parse_constant=_no_constant, parse_int=whole,
                             parse_float=fraction)
    except RecursionError:
        raise WireError("a message nested too deep") from None
    except ValueError as error:
        raise WireError(f"not JSON ({texts.brief(error)})") from None
    if not isinstance(message, dict):
        raise WireError("a message is a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        raise WireError(f"no message of type {_shown(kind)}")
    fields = kinds[kind]
    for name, value in message.items():
        if name == "type":
            continue
        field = fields.get(name)
        if field is None:
            raise WireError(f"a {kind} message has no field {_shown(name)}")
        if not _of_kind(value, field.kind):
            raise WireError(f"{kind}: {name} must be {_kind_words(field.kind)}")
        if isinstance(value, str) and kinds is FROM_FRIEND and len(value) > MOST_TEXT:
            raise WireError(f"{kind}: {name} is longer than {MOST_TEXT} characters")
    missing = [name for name, field in fields.items() if field.required and name not in message]
    if missing:
        raise WireError(f"a {kind} message needs {', '.join(missing)}")
    deepest = MOST_DEPTH if kinds is FROM_FRIEND else MOST_HOST_DEPTH
    if _depth(message, deepest) > deepest:
        raise WireError("a message nested too deep")
    return message


def version_of(frame: str | bytes) -> int | None:
    """The version a hello says it speaks, read before its fields are checked (a program
    of another version may send other fields); None for anything else (a version that is
    not a whole number is the checks' to refuse)."""
    if not isinstance(frame, str) or len(frame) > MOST_FROM_FRIEND:
        return None
    try:
        message = json.loads(frame, parse_constant=_no_constant, parse_int=_whole,
                             parse_float=_finite)
    except (ValueError, RecursionError):
        return None
    if isinstance(message, dict) and message.get("type") == "hello":
        version = message.get("version")
        return version if isinstance(version, int) and not isinstance(version, bool) \
            else None
    return None


def _of_kind(value: object, kind: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return kind is bool or (isinstance(kind, tuple) and bool in kind)
    return isinstance(value, kind)


def _kind_words(kind: type | tuple[type, ...]) -> str:
    words = {str: "a text", int: "a whole number", dict: "an object", list: "a list",
             bool: "true or false", float: "a number", type(None): "null"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(words[one] for one in kinds)


def _depth(value: object, deepest: int, depth: int = 0) -> int:
    """How deep `value` is nested, counted no further than past `deepest`."""
    if depth > deepest:
        return depth
    if isinstance(value, dict):
        return max((_depth(item, deepest, depth + 1) for item in value.values()),
                   default=depth + 1)
    if isinstance(value, list):
        return max((_depth(item, deepest, depth + 1) for item in value), default=depth + 1)
    return depth


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


NumberReader = Callable[[str], Any] | None


def _number_readers(kinds: Mapping[str, Mapping[str, Field]]
                    ) -> tuple[NumberReader, NumberReader]:
    """How the numbers of a friend's message are read: bounded, finite (1e999 is a float's
    infinity). The host's large messages are read at the parser's own speed."""
    return (_whole, _finite) if kinds is FROM_FRIEND else (None, None)


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MOST_DIGITS:
        raise ValueError(f"a number of more than {MOST_DIGITS} digits")
    return int(digits)


def _finite(written: str) -> float:
    if len(written) > MOST_DIGITS:
        raise ValueError(f"a number of more than {MOST_DIGITS} digits")
    number = float(written)
    if not math.isfinite(number):  # 1e999: a number JSON can write, but no float
        raise ValueError(f"{texts.cut(written, 24)} is too large a number")
    return number


def _shown(value: object) -> str:
    return texts.quoted(value if isinstance(value, str) else json.dumps(value), 24)


def valid_code(code: str) -> bool:
    """Is `code` of a table code's shape (CODE_LENGTH letters of CODE_ALPHABET)? A code
    read out may be typed in small letters: `normal_code` first."""
    return len(code) == CODE_LENGTH and all(char in CODE_ALPHABET for char in code)


def normal_code(typed: str) -> str:
    """A table code as typed, as the host compares it: capitals, no spaces or dashes."""
    return "".join(typed.split()).replace("-", "").upper()
