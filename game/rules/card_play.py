"""Laying cards as the 1966 game and the game for two share it: the decisions (play a card,
pass, stop an Ace-on-King run), their JSON verbs, the events they cause, and the cards laid
so far in a hand."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.cards import Card, Suit
from game.engine.errors import IllegalMove
from game.rules import move_json
from game.rules.trick_taking import Trick

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


def dominos_choices(seat: int, plays: Sequence[PlayCard],
                    runner: int | None) -> list[PlayCard | Pass | StopRun]:
    """A Dominos turn's choices: the cards that can be laid, and stopping during one's own
    Ace-on-King run, or passing when nothing can be laid."""
    choices: list[PlayCard | Pass | StopRun] = list(plays)
    if runner == seat:
        choices.append(StopRun(seat))
    elif not choices:
        choices.append(Pass(seat))
    return choices


def checked_pass(seat: int, runner: int | None, layable: Sequence[Card]) -> Passed:
    """A Dominos pass, once the rules allow it: never during one's own Ace-on-King run,
    never with a card that can be laid."""
    if runner == seat:
        raise IllegalMove("During an Ace-on-King run you lay another card or stop; no pass.")
    if layable:
        labels = ", ".join(card.label for card in layable)
        raise IllegalMove(f"You can lay {labels}, so you must play.")
    return Passed(seat)


def checked_stop(seat: int, runner: int | None, hand_name: str) -> RunEnded:
    """The end of one's own Ace-on-King run; `hand_name` is the ruleset's Dominos."""
    if runner != seat:
        raise IllegalMove(f"You can stop only during your own Ace-on-King run in {hand_name}.")
    return RunEnded(seat, stopped=True)


# The cards laid so far.


class TricksSoFar(Protocol):
    """A hand's tricks: those done and the one under way."""

    @property
    def done(self) -> tuple[Trick, ...]: ...

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]: ...


class Layout(Protocol):
    """A hand's Dominos layout: every card laid, in order."""

    @property
    def laid(self) -> tuple[tuple[int, Card], ...]: ...


def cards_played(tricks: TricksSoFar | None, layout: Layout | None) -> Iterator[Card]:
    """The cards played so far in a hand: to its tricks, or to its Dominos layout."""
    if tricks is not None:
        for trick in tricks.done:
            yield from (card for _, card in trick.plays)
        yield from (card for _, card in tricks.plays)
    if layout is not None:
        yield from (card for _, card in layout.laid)


# JSON (docs/SCENARIOS.md).

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
