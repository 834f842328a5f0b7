"""High card, a tiny game of chance: each player is dealt one card face down; in turn each
stands or folds; the highest card standing wins (all fold: nobody wins). Pure rules on the
engine's kernel, like every game's, where its cards are (`CUSTODY`) and what of each event a
seat may know (`PRIVACY`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.cards import Card, Suit
from game.engine.chronicle import Chronicle
from game.engine.custody import dealt_anew, drawn_at_random
from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.ruleset import GAME_OVER, Pending

DECK = tuple(Card.parse(f"{rank}{suit}") for rank in ("A", "K", "Q", "J") for suit in "SHDC")
ORDER = {rank: index for index, rank in enumerate(("J", "Q", "K", "A"))}


@dataclass(frozen=True)
class Options:
    players: int


@dataclass(frozen=True)
class Deal:  # chance's decision
    cards: tuple[Card, ...]
    seat: ClassVar[None] = None


@dataclass(frozen=True)
class Call:
    seat: int
    stand: bool


@dataclass(frozen=True)
class Dealt:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Called:
    seat: int
    stand: bool


Decision = Deal | Call
Event = Dealt | Called


@dataclass(frozen=True)
class State:
    options: Options
    cards: tuple[Card, ...] = ()  # each seat's, face down
    calls: tuple[bool, ...] = ()
    stock: tuple[Card, ...] = ()  # the cards not dealt, face down

    @property
    def over(self) -> bool:
        return len(self.calls) == self.options.players


@dataclass(frozen=True)
class View:
    seat: int | None
    card: Card | None
    calls: tuple[bool, ...]
    shown: tuple[Card, ...]  # every card, once the game is over


def _strength(card: Card) -> tuple[int, int]:
    return ORDER[str(card.rank)], list(Suit).index(card.suit)


class HighCard:
    id = "high-card"
    title = "High card"
    min_players = 2
    max_players = 4

    @staticmethod
    def parse_options(raw: Mapping[str, object]) -> Options:
        players = raw.get("players", 2)
        if type(players) is not int or not 2 <= players <= 4:
            raise MalformedEntry("High card is for 2 to 4 players")
        return Options(players)

    @staticmethod
    def options_to_json(options: Options) -> dict[str, object]:
        return {"players": options.players}

    @staticmethod
    def players(options: Options) -> int:
        return options.players

    @staticmethod
    def new_game(options: Options) -> State:
        return State(options)

    @staticmethod
    def pending(state: State) -> Pending:
        if not state.cards:
            return Pending(None, "deal")
        return GAME_OVER if state.over else Pending(len(state.calls), "call")

    @staticmethod
    def legal(state: State) -> Sequence[Call]:
        if not state.cards or state.over:
            return ()
        seat = len(state.calls)
        return Call(seat, True), Call(seat, False)

    def decide(self, state: State, decision: object) -> Chronicle:
        chronicle: Chronicle = Chronicle(state, self.apply)
        if isinstance(decision, Deal) and not state.cards:
            chronicle.add(Dealt(decision.cards))
        elif isinstance(decision, Call) and decision in self.legal(state):
            chronicle.add(Called(decision.seat, decision.stand))
        else:
            raise IllegalMove("That is not a move now.")
        return chronicle

    @staticmethod
    def apply(state: State, event: object) -> State:
        if isinstance(event, Dealt):
            stock = tuple(card for card in DECK if card not in event.cards)
            return State(state.options, event.cards, state.calls, stock)
        assert isinstance(event, Called)
        return State(state.options, state.cards, (*state.calls, event.stand), state.stock)

    @staticmethod
    def random_chance(state: State, rng: random.Random) -> Deal:
        return Deal(tuple(rng.sample(DECK, state.options.players)))

    @staticmethod
    def view(state: State, seat: int | None) -> View:
        card = state.cards[seat] if seat is not None and state.cards else None
        return View(seat, card, state.calls, state.cards if state.over else ())

    @staticmethod
    def winners(state: State) -> tuple[int, ...]:
        standing = [seat for seat, stand in enumerate(state.calls) if stand]
        if not state.over or not standing:
            return ()
        return (max(standing, key=lambda seat: _strength(state.cards[seat])),)

    @staticmethod
    def checkpoint(event: object) -> bool:
        return isinstance(event, Called)

    @staticmethod
    def reveals(event: object) -> bool:
        return False

    @staticmethod
    def progress(state: State) -> str:
        return "Game over" if state.over else f"{len(state.calls)} called"

    @staticmethod
    def decision_to_json(decision: object) -> dict[str, object]:
        if isinstance(decision, Deal):
            return {"deal": [str(card) for card in decision.cards]}
        assert isinstance(decision, Call)
        return {"seat": decision.seat, "call": "stand" if decision.stand else "fold"}

    @staticmethod
    def decision_from_json(entry: Mapping[str, object]) -> object:
        if "deal" in entry and isinstance(entry["deal"], list):
            return Deal(tuple(Card.parse(str(card)) for card in entry["deal"]))
        seat = entry.get("seat")
        if type(seat) is int and entry.get("call") in ("stand", "fold"):
            return Call(seat, entry["call"] == "stand")
        raise MalformedEntry(f"not a High card move: {dict(entry)!r}")

    def narrator(self, names: Sequence[str], viewer: int | None = None, *,
                 tell_all: bool = True, second_person: bool = False,
                 one_of_tables: bool = False) -> Narrator:
        return Narrator(names)


class Narrator:
    def __init__(self, names: Sequence[str]) -> None:
        self.names = names

    def lines(self, event: object, after: State) -> list[str]:
        if isinstance(event, Called):
            return [f"{self.names[event.seat]} {'stands' if event.stand else 'folds'}."]
        return ["The cards are dealt."]

    def starts_section(self, event: object) -> bool:
        return isinstance(event, Dealt)


class HighCardCustody:
    """The sixteen cards: each seat's card and the stock; a seat sees its own card only,
    and every seat's once the game is over."""

    @staticmethod
    def deck(state: State) -> tuple[Card, ...]:
        return DECK if state.cards else ()

    @staticmethod
    def everywhere(state: State) -> tuple[Card, ...]:
        return (*state.cards, *state.stock)

    @staticmethod
    def unseen_dealt_anew(state: State, seat: int | None, rng: random.Random) -> State:
        if not state.cards or state.over:
            return state
        others = [index for index in range(len(state.cards)) if index != seat]
        *dealt, stock = dealt_anew([*((state.cards[index],) for index in others),
                                    state.stock], rng)
        cards = list(state.cards)
        for index, (card,) in zip(others, dealt, strict=True):
            cards[index] = card
        return State(state.options, tuple(cards), state.calls, stock)


class HighCardPrivacy:
    """A seat sees its own card; every other is drawn anew from the deck."""

    @staticmethod
    def event_seen(event: object, seat: int | None, rng: random.Random) -> object:
        if not isinstance(event, Dealt):
            return event
        cards = drawn_at_random(event.cards, DECK, rng)
        return Dealt(tuple(card if index == seat else cards[index]
                           for index, card in enumerate(event.cards)))


RULESET = HighCard()
CUSTODY = HighCardCustody()
PRIVACY = HighCardPrivacy()
