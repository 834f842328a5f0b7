"""Laying cards as the 1966 game and the game for two share it: the decisions (play a card,
pass, stop an Ace-on-King run), their JSON verbs, and the events they cause."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.cards import Card, Suit
from game.rules import move_json

# Decisions.


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card
    suit: Suit | None = None  # the suit named for a wild card led (or laid first)


@dataclass(frozen=True, slots=True)
class Pass:
    """Dominos: no card can be laid."""

    seat: int


@dataclass(frozen=True, slots=True)
class StopRun:
    """Dominos: end an Ace-on-King run."""

    seat: int


# Events.


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    named_suit: Suit | None = None  # the suit a wild card led (or laid first) stands for


@dataclass(frozen=True, slots=True)
class RunStarted:
    """Dominos: an Ace laid on a King; its player may go on laying cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class RunEnded:
    seat: int
    stopped: bool  # True: he chose to stop; False: he had nothing left to lay


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


# JSON (conformance/FORMAT.md).

VERBS: dict[str, type] = {"play": str, "pass": bool, "stop": bool}
EXTRAS: dict[str, dict[str, type]] = {"play": {"suit": str}}


def to_json(decision: PlayCard | Pass | StopRun) -> dict[str, object]:
    match decision:
        case PlayCard(seat, card, suit):
            entry: dict[str, object] = {"seat": seat, "play": card.code}
            if suit is not None:
                entry["suit"] = suit.value
            return entry
        case Pass(seat):
            return {"seat": seat, "pass": True}
        case StopRun(seat):
            return {"seat": seat, "stop": True}
    raise TypeError(f"not a card-play decision: {decision!r}")


def from_json(verb: str, entry: Mapping[str, object], wild: Card) -> PlayCard | Pass | StopRun:
    """The decision of a "play", "pass" or "stop" entry, whose shape is checked; a suit is
    kept only for the `wild` card."""
    seat: int = entry["seat"]  # type: ignore[assignment]
    value = entry[verb]
    if verb == "play":
        card = move_json.card(value)
        return PlayCard(seat, card, move_json.suit(entry.get("suit")) if card is wild else None)
    move_json.require_true(verb, value)
    return Pass(seat) if verb == "pass" else StopRun(seat)
