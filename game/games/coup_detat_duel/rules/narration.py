"""Coup d'État for two told in words: one event (with the state it led to) becomes log
lines.

`viewer` is the seat the words are for; private facts (a dealt hand, the cards set aside
and drawn in the Bastille exchange) are told only to the seat that may know them. Without
a viewer the narrator tells everything (`tell_all`, for replaying a saved game) or only
public facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.cards import JOKER, Card
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import CHART, HANDS_PER_ROUND, ROUNDS, in_display_order
from game.games.coup_detat_duel.rules.state import State, other
from game.rules.words import Tell, Teller, cards_text, counted


class Narrator(Teller):
    TO_DO: ClassVar[Mapping[str, str]] = {"play": "play", "choose": "choose"}

    @staticmethod
    def tellers() -> Mapping[type, Tell]:
        return _TELL

    def in_hand_order(self, hand: Sequence[Card]) -> Sequence[Card]:
        """As the table shows a hand (charts.in_display_order)."""
        return in_display_order(hand)

    @staticmethod
    def starts_section(event: ev.Event) -> bool:
        """Events that open a new part of the story (a round, a deal)."""
        return isinstance(event, ev.RoundStarted | ev.TiebreakStarted | ev.Dealt)

    def _private(self, seat: int, cards: Sequence[Any]) -> str:
        """" (7♠ 8♦)" for whoever may know the cards; nothing for the others."""
        return f" ({cards_text(cards)})" if self.knows(seat) else ""

    # One method per kind of event ---------------------------------------------------------
    def cut(self, event: ev.Cut, after: State) -> list[str]:
        cuts = ", ".join(f"{self.name(seat)} {card.label}" for seat, card in event.cuts)
        return [f"Cutting for Prime Minister: {cuts}."]

    def cut_tied(self, event: ev.CutTied, after: State) -> list[str]:
        return ["Cards of the same rank: they cut again."]

    def appointed(self, event: ev.PrimeMinisterAppointed, after: State) -> list[str]:
        return [f"Round 1 begins: {self.does(event.seat, 'is')} Prime Minister, "
                f"{self.name(other(event.seat))} the Peasant."]

    def round_started(self, event: ev.RoundStarted, after: State) -> list[str]:
        return [f"Round {event.round_index + 1} of {ROUNDS} begins: "
                f"{self.does(event.prime_minister, 'is')} Prime Minister."]

    def tiebreak(self, event: ev.TiebreakStarted, after: State) -> list[str]:
        return [f"The points are equal: one hand of Dominoes decides, with "
                f"{self.name(event.prime_minister)} as Prime Minister."]

    def dealt(self, event: ev.Dealt, after: State) -> list[str]:
        assert after.prime_minister is not None
        deals = self.does(after.prime_minister, "deals")
        if after.tiebreak:
            lines = [f"Tiebreak: {deals} a hand of Dominoes."]
        else:
            number = len(after.played_this_round) + 1
            lines = [f"Round {after.round_index + 1}, hand {number} of {HANDS_PER_ROUND}: "
                     f"{deals}."]
        lines += self.dealt_hands(event.hands)
        if self.tell_all:
            lines.append(f"  Bastille, top first: {cards_text(event.bastille)}")
        return lines

    def coup(self, event: ev.CoupAnnounced, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'announces')} JOKER: a coup in {event.hand_type.label}, "
                f"to {CHART[event.hand_type].coup_goal}."]

    def no_coup(self, event: ev.NoCoup, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'announces')} no coup."]

    def chosen(self, event: ev.HandTypeChosen, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'names')} {event.hand_type.label}; the Prime Minister "
                f"must {CHART[event.hand_type].prime_ministers_goal}."]

    def set_aside(self, event: ev.SetAside, after: State) -> list[str]:
        count = len(event.cards)
        return [f"{self.does(event.seat, 'sets')} aside {counted(count, 'card')}"
                f"{self._private(event.seat, event.cards)}."]

    def drew(self, event: ev.DrewFromBastille, after: State) -> list[str]:
        count = len(event.cards)
        return [f"{self.does(event.seat, 'draws')} {count} from the Bastille"
                f"{self._private(event.seat, event.cards)}."]

    def queen_in_bastille(self, event: ev.QueenOfHeartsInBastille, after: State) -> list[str]:
        return ["The Queen of Hearts is left in the Bastille: the hand is dealt again, and "
                "Marie is not played."]

    def exchange_ended(self, event: ev.ExchangeEnded, after: State) -> list[str]:
        assert after.hand is not None
        left = len(after.hand.bastille)
        return [f"The last {left} Bastille cards are out of play. "
                f"{self.does(event.leader, 'plays')} first."]

    def played(self, event: ev.CardPlayed, after: State) -> list[str]:
        if after.hand is None or after.hand.dominoes is None:
            return []  # trick cards are told with the trick
        if event.card is JOKER:
            suit = f" of {event.named_suit.plural}" if event.named_suit else ""
            return [f"{self.does(event.seat, 'lays')} JOKER as the 6{suit}."]
        return [f"{self.does(event.seat, 'lays')} {event.card.label}."]

    def trick(self, event: ev.TrickWon, after: State) -> list[str]:
        assert after.hand is not None and after.hand.tricks is not None
        trick = after.hand.tricks.done[-1]
        return [self.trick_line(trick, event.number)]

    def went_out(self, event: ev.WentOut, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'is')} out of cards first; "
                f"{self.does(other(event.seat), 'is')} last out."]

    def blocked(self, event: ev.LayoutBlocked, after: State) -> list[str]:
        counts = ", ".join(f"{self.name(seat)} {count}"
                           for seat, count in enumerate(event.cards_left))
        return [f"Neither can lay a card (cards left: {counts}): "
                f"{self.does(event.winner, 'wins')} the Dominoes."]

    def hand_won(self, event: ev.HandWon, after: State) -> list[str]:
        line = CHART[event.hand_type]
        chooser = event.seat if event.goal_met else other(event.seat)
        verdict = "succeeds" if event.goal_met else "fails"
        if event.coup:
            told = f"The coup {verdict}: {self.name(chooser)} had to {line.coup_goal}."
        else:
            told = (f"{self.name(chooser)}, the Prime Minister, {self.verb(chooser, verdict)}: "
                    f"the goal was to {line.prime_ministers_goal}.")
        return [f"{told} A point to {self.name(event.seat)}."]

    def prime_minister(self, event: ev.PrimeMinisterChanged, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'is')} now Prime Minister."]

    def hand_ended(self, event: ev.HandEnded, after: State) -> list[str]:
        points = ", ".join(f"{self.name(seat)} {value}" for seat, value in enumerate(after.points))
        return [f"Points: {points}."]

    def round_ended(self, event: ev.RoundEnded, after: State) -> list[str]:
        return [f"Round {event.round_index + 1} is over."]

    def game_ended(self, event: ev.GameEnded, after: State) -> list[str]:
        winners = event.winners
        if len(winners) == 1:
            return [f"{self.does(winners[0], 'wins')}."]
        return [f"{self.all(winners)} share the win."]


_TELL: dict[type, Tell] = {
    ev.Cut: Narrator.cut,
    ev.CutTied: Narrator.cut_tied,
    ev.PrimeMinisterAppointed: Narrator.appointed,
    ev.RoundStarted: Narrator.round_started,
    ev.TiebreakStarted: Narrator.tiebreak,
    ev.Dealt: Narrator.dealt,
    ev.CoupAnnounced: Narrator.coup,
    ev.NoCoup: Narrator.no_coup,
    ev.HandTypeChosen: Narrator.chosen,
    ev.SetAside: Narrator.set_aside,
    ev.DrewFromBastille: Narrator.drew,
    ev.QueenOfHeartsInBastille: Narrator.queen_in_bastille,
    ev.ExchangeEnded: Narrator.exchange_ended,
    ev.CardPlayed: Narrator.played,
    ev.TrickWon: Narrator.trick,
    ev.RunStarted: Narrator.run_started,
    ev.RunEnded: Narrator.run_ended,
    ev.Passed: Narrator.passed,
    ev.WentOut: Narrator.went_out,
    ev.LayoutBlocked: Narrator.blocked,
    ev.HandWon: Narrator.hand_won,
    ev.PrimeMinisterChanged: Narrator.prime_minister,
    ev.HandEnded: Narrator.hand_ended,
    ev.RoundEnded: Narrator.round_ended,
    ev.GameEnded: Narrator.game_ended,
}
