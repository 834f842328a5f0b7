"""Builders for the tests of Coup d'État for two (tests/test_coup_detat_duel_*.py); no tests here.

A deal is written as three strings of card codes: seat 0's twelve, seat 1's twelve, and
the Bastille's nine, top first. s0 is the first Prime Minister unless a test says
otherwise. Moves are played on a `Match` by the seat whose turn it is, written as tokens:
a card code plays it ("JOKER:H" leads JOKER as a Heart), "pass" and "stop" are Dominoes'
verbs. A test thus reads like a score sheet.

Standard deals:

- `ALTERNATING`: each player holds three low cards in two suits and the three high cards
  of the other player's two low suits; the Bastille holds the Jacks, the 10s, and either
  `JOKER` (PM's hands) or Q♦. After each sets aside his Queen of his first high suit and
  draws its Jack (`ALTERNATING_EXCHANGE`), every lead of a low card is taken by the other
  player's high card of that suit, so the tricks alternate: 6-6. `ALTERNATING_COUP` is
  the same with the Peasant holding `JOKER` instead of Q♦ (he throws it on a low lead).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.match import Match
from game.formats import scenario
from game.games import get_ruleset
from game.games.coup_detat_duel.formats.scenario import parse_deal, scripted_chance
from game.games.coup_detat_duel.rules.decisions import Pass, PlayCard, SetAside, StopRun

RULES = get_ruleset("coup-detat-duel")

Deal = tuple[str, str, str]  # seat 0, seat 1, Bastille (top first)

# s0: low Spades and Diamonds, high Hearts and Clubs; s1 the other way round.
ALTERNATING: Deal = ("7S 8S 9S AH KH QH 7D 8D 9D AC KC QC",
                     "AS KS QS 7H 8H 9H AD KD QD 7C 8C 9C",
                     "JH JS 10S 10H JD 10D JC 10C JOKER")
ALTERNATING_COUP: Deal = ("7S 8S 9S AH KH QH 7D 8D 9D AC KC QC",
                          "AS KS QS 7H 8H 9H AD KD JOKER 7C 8C 9C",
                          "JH JS 10S 10H JD 10D JC 10C QD")
ALTERNATING_EXCHANGE = ("QH", "QS")  # each draws the Jack of the same suit
# After the exchange each player's low cards, in the order he leads them, and the high card
# the other takes each with (for the coup deal, JOKER takes 9♦ instead of Q♦).
S0_LOW = ("7S", "8S", "9S", "7D", "8D", "9D")
S1_HIGH = ("AS", "KS", "JS", "AD", "KD", "QD")
S1_LOW = ("7H", "8H", "9H", "7C", "8C", "9C")
S0_HIGH = ("AH", "KH", "JH", "AC", "KC", "QC")


def deal_json(deal: Deal) -> dict[str, Any]:
    hand0, hand1, bastille = deal
    return {"hands": [hand0.split(), hand1.split()], "bastille": bastille.split()}


def scenario_data(deals: Sequence[Deal], moves: Sequence[dict[str, Any]], *,
                  first_dealer: int = 0) -> dict[str, Any]:
    return {"ruleset": "coup-detat-duel", "options": {"players": 2},
            "first_dealer": first_dealer, "deals": [deal_json(deal) for deal in deals],
            "moves": list(moves)}


def run_duel(deals: Sequence[Deal], moves: Sequence[dict[str, Any]],
             **keywords: Any) -> dict[str, Any]:
    """The scenario command's output object (in process), with `exit_status` added."""
    output, status = scenario.run(scenario_data(deals, moves, **keywords))
    return {**output, "exit_status": status}


def duel_match(*deals: Deal, first_dealer: int = 0) -> Match:
    """A match waiting for its first decision, the deals fixed in order."""
    options = RULES.parse_options({"players": 2})
    parsed = [parse_deal(deal_json(deal), options) for deal in deals]
    return Match(RULES, options, chance=scripted_chance(first_dealer, parsed))


def submit(match: Match, move: dict[str, Any]) -> list[Any]:
    """One move in the scenario notation; the seat defaults to the one to act."""
    return match.submit(RULES.decision_from_json({"seat": match.pending.seat, **move}))


def play(match: Match, *tokens: str) -> None:
    """Cards (or "pass", "stop") played in turn by whoever is to act."""
    for token in tokens:
        if token in ("pass", "stop"):
            submit(match, {token: True})
        else:
            code, _, suit = token.partition(":")
            submit(match, {"play": code, **({"suit": suit} if suit else {})})


def exchange(match: Match, pm_cards: str, peasant_cards: str) -> None:
    submit(match, {"discard": pm_cards.split()})
    submit(match, {"discard": peasant_cards.split()})


def alternate(match: Match, first: int = 0, joker_for: str | None = None) -> None:
    """Play the alternating deal's twelve tricks, `first` leading the first one; the
    seat-1 high card `joker_for` is replaced by JOKER."""
    s1_high = tuple("JOKER" if card == joker_for else card for card in S1_HIGH)
    leads = {0: list(zip(S0_LOW, s1_high, strict=True)),
             1: list(zip(S1_LOW, S0_HIGH, strict=True))}
    leader = first
    for _ in range(12):
        play(match, *leads[leader].pop(0))
        leader = 1 - leader


def legal_tokens(match: Match) -> set[str]:
    """The seat to act's legal decisions as tokens ("KH", "JOKER:S", "pass", "stop");
    set-asides as space-separated codes."""
    tokens = set()
    for decision in match.legal():
        if isinstance(decision, PlayCard):
            suit = f":{decision.suit.value}" if decision.suit else ""
            tokens.add(decision.card.code + suit)
        elif isinstance(decision, Pass):
            tokens.add("pass")
        elif isinstance(decision, StopRun):
            tokens.add("stop")
        elif isinstance(decision, SetAside):
            tokens.add(" ".join(card.code for card in decision.cards))
    return tokens


def refused(result: dict[str, Any], move: int) -> str:
    """Assert the scenario stopped at `move` with exit status 1; its message."""
    assert result["exit_status"] == 1, result
    assert result["error"]["move"] == move, result["error"]
    return str(result["error"]["message"])
