"""Wording every ruleset's narration uses: small pieces, and the frame of a narrator."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from game.cards import Card, Suit, canonical
from game.rules.card_play import Passed, RunEnded, RunStarted
from game.rules.trick_taking import Trick


def uncapitalized(text: str) -> str:
    return text[:1].lower() + text[1:]


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def cards_text(cards: Sequence[Card]) -> str:
    """"K♥ 10♠ JOKER"."""
    return " ".join(card.label for card in cards)


def deciding(word: str) -> str:
    """What a seat is to do, said of a decision word no game put in words ("decide
    (force draw)")."""
    return f"decide ({word.replace('_', ' ')})"


def counted(count: int, word: str) -> str:
    """"1 coin", "3 coins", "0 cards": a number of a thing, plural unless one."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def joined(names: Iterable[str]) -> str:
    """"Ada", "Ada and Bob", "Ada, Bob and Cy"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def played_label(card: Card, led_suit: Suit | None) -> str:
    """A card played to a trick; a wild card with the suit it stood for: "JOKER (Hearts)"."""
    if card.is_wild and led_suit is not None:
        return f"{card.label} ({led_suit.plural})"
    return card.label


MODALS = frozenset({"may", "must", "can", "cannot", "will", "would", "should", "could", "might"})
IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do"}
HISSING = ("sses", "shes", "ches", "xes", "zes", "oes")  # "passes": "pass", not "passe"


def second_person(words: str) -> str:
    """Words whose first is a verb said of someone ("holds COUP", "is out"), said to him
    instead: "hold COUP", "are out". Modal verbs, the past and plurals stay as they are."""
    verb, space, rest = words.partition(" ")
    if verb in IRREGULAR:
        verb = IRREGULAR[verb]
    elif verb in MODALS or not verb.endswith("s"):
        pass
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif verb.endswith(HISSING):
        verb = verb[:-2]
    else:
        verb = verb[:-1]
    return verb + space + rest


_SENTENCE_STARTS_WITH_YOU = re.compile(r"(^\s*|[.!?]\s+)(you|your)\b")


def sentence_case(line: str) -> str:
    """"you" and "your" capitalized where they open a sentence."""
    return _SENTENCE_STARTS_WITH_YOU.sub(lambda m: m[1] + capitalized(m[2]), line)


PRONOUNS = frozenset({"i", "me", "you", "he", "him", "she", "her", "it", "we", "us", "they",
                      "them", "one", "thou", "thee", "ye"})
"""Names that read as a pronoun: said of their seat in the third person, a verb would not
match them ("You holds COUP"), so they are written as names, in quotation marks."""


def as_name(name: str) -> str:
    """A seat's name as it is written of its seat: "Ada"; a pronoun quoted, "“You”"."""
    return f"“{name}”" if name.strip().casefold() in PRONOUNS else name


@dataclass(frozen=True)
class Naming:
    """How the players are named to one reader: by their names, except the reader's own
    seat (`you`), which is "you" with its verbs to match ("you hold", "your hand"), so a
    player called You is never "You holds". Without `you`, everyone by name (a log that
    several read in turn, a replay, a terminal that says who "you" are), and a name that
    reads as a pronoun in quotation marks ("“You” holds COUP")."""

    names: Sequence[str]
    you: int | None = None

    def name(self, seat: int) -> str:
        """"Ada", or "you" (a sentence that opens with it is `sentence_case`d)."""
        return "you" if seat == self.you else as_name(self.names[seat])

    def verb(self, seat: int | None, words: str) -> str:
        """The verb (words starting with it, said of someone) to match `name(seat)`."""
        return second_person(words) if seat == self.you else words

    def does(self, seat: int, words: str) -> str:
        """"Ada holds COUP", "you hold COUP"."""
        return f"{self.name(seat)} {self.verb(seat, words)}"

    def owner(self, seat: int) -> str:
        """"Ada's", "your"."""
        return "your" if seat == self.you else f"{as_name(self.names[seat])}'s"

    def all(self, seats: Iterable[int]) -> str:
        """"Ada, you and Cy"."""
        return joined(self.name(seat) for seat in seats)


Tell = Callable[[Any, Any, Any], list[str]]  # (narrator, event, state after) -> lines


class Teller:
    """The frame of a ruleset's narrator: the players' names, what the viewer may know,
    one method per kind of event (`tellers` maps event types to them), and the lines for
    the card play both 1966 games share.

    `viewer` is the seat the words are for; private facts are told only to the seat that
    may know them. Without a viewer it tells everything (`tell_all`, for replaying a saved
    game) or only public facts (a log that several players read in turn). With
    `second_person` the viewer reads the words himself and is told of his own seat as
    "you" ("You hold COUP"); else every seat goes by its name. `one_of_tables`: the game
    is one table of a match at several, so its end names no winner of the match.
    """

    TO_DO: ClassVar[Mapping[str, str]] = {}
    """What a seat is to do, by the decision word the game waits for (FORMAT.md): "choose an
    action" for "action"."""

    def __init__(self, names: Sequence[str], viewer: int | None = None, *,
                 tell_all: bool = True, second_person: bool = False,
                 one_of_tables: bool = False) -> None:
        self.names = list(names)
        self.one_of_tables = one_of_tables
        self.viewer = viewer
        self.tell_all = tell_all and viewer is None
        self.naming = Naming(self.names, viewer if second_person else None)

    @staticmethod
    def tellers() -> Mapping[type, Tell]:
        return {}

    def lines(self, event: object, after: object) -> list[str]:
        """What to say about `event`; `after` is the state it led to."""
        tell = self.tellers().get(type(event))
        lines = tell(self, event, after) if tell else []
        return [sentence_case(line) for line in lines] if self.naming.you is not None else lines

    def to_do(self, word: str) -> str:
        """What a seat is to do when the game waits for its decision `word` ("Ada to
        *choose an action*")."""
        return self.TO_DO.get(word, deciding(word))

    def name(self, seat: int) -> str:
        """"Ada", or "you" to the viewer told in the second person."""
        return self.naming.name(seat)

    def does(self, seat: Any, words: str) -> str:
        """"Ada holds COUP", or "you hold COUP" (`seat` as `name` takes it)."""
        return f"{self.name(seat)} {self.naming.verb(seat, words)}"

    def verb(self, seat: int | None, words: str) -> str:
        return self.naming.verb(seat, words)

    def owner(self, seat: int) -> str:
        """"Ada's", or "your"."""
        return self.naming.owner(seat)

    def all(self, seats: Iterable[int]) -> str:
        """"Ada, you and Cy"."""
        return joined(self.name(seat) for seat in seats)

    def knows(self, seat: int) -> bool:
        return self.tell_all or self.viewer == seat

    def in_hand_order(self, hand: Sequence[Card]) -> Sequence[Card]:
        """A hand as the log writes it: in the order the game's table shows it (each game
        its own; by default the house order, suits S H D C, then A K Q J 10 ...)."""
        return canonical(hand)

    def dealt_hands(self, hands: Sequence[Sequence[Card]]) -> list[str]:
        """The hands dealt, each to whoever may know it, in the order of the table."""
        return [f"  {'Your hand' if self.viewer == seat else self.name(seat)}: "
                f"{cards_text(self.in_hand_order(hand))}"
                for seat, hand in enumerate(hands) if self.knows(seat)]

    def trick_line(self, trick: Trick, number: int) -> str:
        plays = ", ".join(f"{self.name(seat)} {played_label(card, trick.led_suit)}"
                          for seat, card in trick.plays)
        return f"Trick {number}: {plays}; {self.does(trick.winner, 'takes')} it."

    def run_started(self, event: RunStarted, after: object) -> list[str]:
        return [f"Ace on a King: {self.name(event.seat)} may go on laying cards."]

    def run_ended(self, event: RunEnded, after: object) -> list[str]:
        return [f"{self.does(event.seat, 'stops')}."] if event.stopped else []

    def passed(self, event: Passed, after: object) -> list[str]:
        return [f"{self.does(event.seat, 'passes')}."]
