"""Builders for the tests of the bluffing games (tests/test_coup_*.py); no tests here.

A deal is each seat's two characters as a string ("assassin duke") and the deck, top
first. As in a scenario nothing is shuffled: a card sent back goes to the bottom, a draw
takes the top. Moves are written as short lines, seat first, in the scenario verbs:
"0 income", "0 assassinate 1", "1 challenge", "0 reveal assassin", "1 lose captain",
"2 allow", "1 block duke", "0 keep duke captain", "0 swap -", "1 show duke",
"0 force_draw yes", "1 return duke duke", "0 coup 1 assassin" (a called Coup).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.engine.match import Match
from game.formats.support import formats_of
from game.games import get_ruleset
from game.games.coup.rules.charts import Action
from game.games.coup.rules.state import State

COUP = get_ruleset("coup")
INQUISITOR = get_ruleset("coup-inquisitor")

# Three players in coup: the deal of the shared examples 001 and 002.
COUP_HANDS = ("assassin duke", "contessa captain", "duke ambassador")
COUP_DECK = ("assassin assassin duke captain captain contessa contessa ambassador "
             "ambassador")
# Three players in coup-inquisitor: the deal of its shared examples.
INQ_HANDS = ("captain contessa", "duke inquisitor", "assassin captain")
INQ_DECK = "duke assassin captain contessa inquisitor inquisitor duke assassin contessa"


def rest_of_deck(ruleset_id: str, hands: Sequence[str]) -> str:
    """The deck once `hands` are dealt, in the order of the charts."""
    rules = get_ruleset(ruleset_id)
    left = Counter(rules.variant.deck) - Counter(name for hand in hands  # type: ignore[attr-defined]
                                                 for name in hand.split())
    return " ".join(left.elements())


def bluff_match(ruleset_id: str, hands: Sequence[str], deck: str | None = None, *,
                starter: int = 0, **options: Any) -> Match:
    rules = get_ruleset(ruleset_id)
    parsed = rules.parse_options({"players": len(hands), **options})
    deck = rest_of_deck(ruleset_id, hands) if deck is None else deck
    scenario = formats_of(ruleset_id).scenario
    deal = scenario.parse_deal({"hands": [hand.split() for hand in hands],
                                "deck": deck.split()}, parsed)
    return Match(rules, parsed, chance=scenario.scripted_chance(starter, [deal]))


def move(line: str) -> dict[str, Any]:
    """A move in the scenario notation from its short line."""
    seat, verb, *rest = line.split()
    entry: dict[str, Any] = {"seat": int(seat)}
    if verb in {action.value for action in Action}:
        entry["action"] = verb
        if rest:
            entry["target"] = int(rest[0])
        if len(rest) > 1:
            entry["character"] = rest[1]
    elif verb in ("challenge", "allow"):
        entry[verb] = True
    elif verb in ("keep", "return"):
        entry[verb] = rest
    elif verb == "swap":
        entry[verb] = None if rest[0] == "-" else rest[0]
    elif verb == "force_draw":
        entry[verb] = rest[0] == "yes"
    else:
        entry[verb] = rest[0]
    return entry


def play(match: Match, *lines: str) -> None:
    for line in lines:
        match.submit(match.ruleset.decision_from_json(move(line)))


def state_of(match: Match) -> State:
    return match.state  # type: ignore[no-any-return]


def names(cards: Sequence[Any]) -> list[str]:
    return [card.value for card in cards]
