"""What each game's seat may never be told, for the privacy tests (test_net_privacy.py),
written from each game's rules (rules/view.py, rules/custody.py, formats/protocol.py), not
from the code that tells it.

A game's `Secrets` says, for a seat: the cards it cannot see at a moment, by their codes
and labels (the 1966 games, whose cards are each unique: none may appear anywhere in what
the seat is sent); what may be named in the words told of an event (Coup, whose characters
repeat: another's exchange draw names none); the history a question may hold (the seat's
own deals, the others' moves with what it could not see taken out); and what its view may
show of the turn under way (the Inquisitor's examined card: its two players only).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.cards import COUP, JOKER, Card
from game.engine.match import Match
from game.games.coup.rules import decisions as coup_decisions
from game.games.coup.rules import events as coup
from game.games.coup.rules.charts import Character
from game.games.coup.rules.view import drawer
from game.games.coup_detat.rules import events as detat
from game.games.coup_detat_duel.rules import decisions as duel_decisions
from game.games.coup_detat_duel.rules import events as duel

Problems = list[str]


@dataclass(frozen=True)
class Moment:
    """What had happened when a question was sent: the events of each deal so far (each
    from its deal on), and each seat's decision so far with its state before it and the
    decision as the game writes it."""

    deals: list[Sequence[Any]]
    moves: list[tuple[Any, Any, dict[str, Any]]]  # (decision, state before, its JSON)


class Secrets:
    """A game's secrets: by default none; each game's class says its own."""

    dealt: type = object  # the event that deals a hand

    def hidden_cards(self, state: Any, seat: int) -> set[Card]:
        return set()

    def told(self, event: Any, after: Any, seat: int, lines: Sequence[str]) -> Problems:
        return []

    def history(self, moment: Moment, seat: int, seen: dict[str, Any]) -> Problems:
        return []

    def view(self, view: dict[str, Any], state: Any, seat: int) -> Problems:
        return []

    def situation(self, event: Any, after: Any, seat: int) -> str | None:
        """What secret of another seat `event` holds, if any (to count what was tried)."""
        return None

    # Shared by the games ---------------------------------------------------------------
    def moments(self, match: Match) -> Moments:
        """What had happened at each moment of `match`."""
        return Moments(match, self.dealt)

    @staticmethod
    def own_hands(moment: Moment, seat: int, seen: dict[str, Any]) -> Problems:
        """Each deal of the history is the seat's own hand of that deal."""
        hands = [[_code(card) for card in events[0].hands[seat]] for events in moment.deals]
        if [deal.get("hand") for deal in seen["deals"]] != hands:
            return [f"the history's deals are not seat {seat}'s hands"]
        return []


class Moments:
    """What had happened in a match after so many of its events and turns (an online
    table takes nothing back: what had happened then is the start of what has since)."""

    def __init__(self, match: Match, dealt: type) -> None:
        self.events = match.events
        self.starts = [number for number, event in enumerate(match.events)
                       if isinstance(event, dealt)]
        ruleset = match.ruleset
        self.moves = [(number, (turn.decision, turn.state_before,
                                ruleset.decision_to_json(turn.decision)))
                      for number, turn in enumerate(match.turns) if turn.seat is not None]

    def at(self, events: int, turns: int) -> Moment:
        starts = [start for start in self.starts if start < events]
        ends = [*starts[1:], events] if starts else []
        return Moment([self.events[start:end] for start, end in zip(starts, ends, strict=True)],
                      [move for number, move in self.moves if number < turns])


def _shows_center(event: Any, seat: int) -> bool:
    """Does the 1966 game's `event` show `seat` the centre card (taken, or turned up)?"""
    if isinstance(event, detat.CoupDeclined | detat.CoupCardExchanged):
        return bool(event.seat == seat)
    return isinstance(event, detat.TrickWon) and event.center is not None


def _code(card: Any) -> str:
    return card.code if isinstance(card, Card) else str(card.value)


class CoupDetatSecrets(Secrets):
    """The 1966 game: the other hands (but COUP, whose holder everyone knows) and the
    centre card, until the seat took it or it was turned up with the first trick."""

    dealt = detat.Dealt

    def hidden_cards(self, state: Any, seat: int) -> set[Card]:
        hand = state.hand
        if hand is None:
            return set()
        hidden = {card for other, held in enumerate(hand.hands) if other != seat
                  for card in held if card is not COUP}
        turned_up = hand.tricks is not None and hand.tricks.center_won_by is not None
        if hand.center_holder is None and not turned_up and hand.center is not COUP:
            hidden.add(hand.center)
        return hidden

    def history(self, moment: Moment, seat: int, seen: dict[str, Any]) -> Problems:
        problems = self.own_hands(moment, seat, seen)
        for events, deal in zip(moment.deals, seen["deals"], strict=False):
            seen_center = {event.center.code for event in events if _shows_center(event, seat)}
            if "center" in deal and deal["center"] not in seen_center:
                problems.append(f"a deal's centre card {deal['center']} the seat never saw")
        if seen["moves"] != [entry for _, _, entry in moment.moves]:
            problems.append("the moves are not the game's moves (all public in this game)")
        return problems

    def situation(self, event: Any, after: Any, seat: int) -> str | None:
        if isinstance(event, detat.CoupDeclined | detat.CoupCardExchanged) and event.seat != seat:
            return "another took the centre card"
        if isinstance(event, detat.Dealt):
            return "a deal"
        return None


class DuelSecrets(Secrets):
    """The duel: the other hand, the other's cards set aside (so which he drew), and the
    Bastille."""

    dealt = duel.Dealt

    def hidden_cards(self, state: Any, seat: int) -> set[Card]:
        hand = state.hand
        if hand is None:
            return set()
        other = 1 - seat
        hidden = {*hand.hands[other], *hand.set_aside[other], *hand.bastille}
        return hidden - {JOKER} if hand.coup else hidden  # announced: where it is is known

    def history(self, moment: Moment, seat: int, seen: dict[str, Any]) -> Problems:
        problems = self.own_hands(moment, seat, seen)
        for events, deal in zip(moment.deals, seen["deals"], strict=False):
            drawn = [card.code for event in events if isinstance(event, duel.DrewFromBastille)
                     and event.seat == seat for card in event.cards]
            if deal.get("drawn", []) != drawn:
                problems.append("a deal's Bastille draws are not the seat's own")
        for (decision, _, entry), move in zip(moment.moves, seen["moves"], strict=True):
            expected = dict(entry)
            if isinstance(decision, duel_decisions.SetAside) and decision.seat != seat:
                expected["discard"] = len(decision.cards)  # their number only
            if move != expected:
                problems.append(f"a move seen as {move}, not {expected}")
        return problems

    def situation(self, event: Any, after: Any, seat: int) -> str | None:
        if isinstance(event, duel.DrewFromBastille | duel.SetAside) and event.seat != seat:
            return "the other's exchange with the Bastille"
        return "a deal" if isinstance(event, duel.Dealt) else None


CHARACTER = re.compile(r"\b(" + "|".join(c.label for c in Character) + r")\b")
PRIVATE = (coup.KeptOne, coup.Drew, coup.DrewToChoose, coup.CardsReturned, coup.Shown,
           coup.ForcedDraw, coup.CalledCoupMissed, coup.SetsDealt, coup.Shuffled)
HIDDEN_MOVES = (coup_decisions.Keep, coup_decisions.ReturnCards, coup_decisions.Swap,
                coup_decisions.Show)
VALUES = {character.value for character in Character}


class CoupSecrets(Secrets):
    """Coup and the Inquisitor: the others' face-down cards, the deck, what another drew
    and kept or sent back, and the card an examined player showed (its two players only).
    Characters repeat, so what is checked is what may be named where."""

    dealt = coup.Dealt

    @staticmethod
    def knowers(event: Any, after: Any) -> set[int]:
        """The seats that may know the cards of a private event (none: the deck's)."""
        match event:
            case coup.Shown(seat=seat, to=to):
                return {seat, to}
            case coup.ForcedDraw(seat=seat):
                return {seat} | ({after.turn.actor} if after.turn is not None else set())
            case coup.CalledCoupMissed(target=target):
                return {target}
            case coup.SetsDealt() | coup.Shuffled():
                return set()
        return {event.seat}

    def told(self, event: Any, after: Any, seat: int, lines: Sequence[str]) -> Problems:
        named = Counter(CHARACTER.findall(" ".join(lines)))
        if isinstance(event, coup.Dealt):
            allowed = Counter(card.label for card in event.hands[seat])
        elif isinstance(event, PRIVATE) and seat not in self.knowers(event, after):
            shown = event.shown if isinstance(event, coup.CalledCoupMissed) else ()
            allowed = Counter(card.label for card in shown)  # shown to all: public
        else:
            return []
        if named != allowed:
            return [f"{type(event).__name__} told naming {dict(named)}: {lines}"]
        return []

    def history(self, moment: Moment, seat: int, seen: dict[str, Any]) -> Problems:
        problems = self.own_hands(moment, seat, seen)
        for events, deal in zip(moment.deals, seen["deals"], strict=False):
            drawn = [card.value for event in events for card in _drawn_by(event, seat)]
            if deal.get("drawn", []) != drawn:
                problems.append(f"a deal's draws {deal.get('drawn')} are not the seat's {drawn}")
        for (decision, before, expected), move in zip(moment.moves, seen["moves"], strict=True):
            examiner = before.turn.actor if before.turn is not None else None
            hidden = decision.seat != seat and isinstance(decision, HIDDEN_MOVES) and not (
                isinstance(decision, coup_decisions.Show) and seat == examiner)
            if not hidden and move != expected:
                problems.append(f"a move seen as {move}, not {expected}")
            if hidden and (move.keys() != expected.keys() or _names_character(move)):
                problems.append(f"another's hidden move told as {move}")
        return problems

    def view(self, view: dict[str, Any], state: Any, seat: int) -> Problems:
        turn, problems = state.turn, []
        own = [card.value for card in state.hands[seat]] if state.hands else []
        if view["hand"] != own:
            problems.append("the view's hand is not the seat's")
        if turn is not None and view["turn"]["drawn"] and seat != drawer(turn):
            problems.append("the view shows another's drawn cards")
        if turn is not None and view["turn"]["shown"] is not None \
                and seat not in (turn.actor, turn.target):
            problems.append("the view shows the card examined by others")
        return problems

    def situation(self, event: Any, after: Any, seat: int) -> str | None:
        if isinstance(event, coup.Shown) and seat not in (event.seat, event.to):
            return "a card shown to another"
        if isinstance(event, coup.DrewToChoose) and event.seat != seat:
            return "another's exchange draw"
        if isinstance(event, PRIVATE) and seat not in self.knowers(event, after):
            return "another's private cards"
        return "a deal" if isinstance(event, coup.Dealt) else None


def _drawn_by(event: Any, seat: int) -> tuple[Any, ...]:
    match event:
        case coup.Drew(drawer, cards) | coup.DrewToChoose(drawer, cards) if drawer == seat:
            return tuple(cards)
        case coup.CalledCoupMissed(target, _, drawn) if target == seat:
            return tuple(drawn)
    return ()


def _names_character(move: dict[str, Any]) -> bool:
    values = [value for key, value in move.items() if key != "seat"]
    flat = [item for value in values for item in (value if isinstance(value, list) else [value])]
    return any(isinstance(item, str) and item in VALUES for item in flat)


SECRETS: dict[str, Secrets] = {"coup-detat": CoupDetatSecrets(), "coup-detat-duel": DuelSecrets(),
                               "coup": CoupSecrets(), "coup-inquisitor": CoupSecrets()}
