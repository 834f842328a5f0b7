"""Coup d'État told in words: one event (with the state it led to) becomes log lines.

`viewer` is the seat the words are for; private facts (a dealt hand, the centre card taken
on declining) are told only to the seat that may know them. Without a viewer the narrator
tells everything (`tell_all`, for replaying a saved game) or only public facts (a log
that several players read in turn).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from game.cards import Card
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import (
    COUP_CHART,
    DIRECTORS_GOALS,
    HANDS_PER_ROUND,
    in_display_order,
)
from game.games.coup_detat.rules.state import State
from game.rules.words import Tell, Teller, cards_text, uncapitalized

__all__ = ["Narrator", "cards_text", "francs", "uncapitalized"]


def francs(amount: int) -> str:
    return f"{amount:,} F"


class Narrator(Teller):
    TO_DO: ClassVar[Mapping[str, str]] = {"play": "play", "choose": "choose"}

    @staticmethod
    def tellers() -> Mapping[type, Tell]:
        return _TELL

    def in_hand_order(self, hand: Sequence[Card]) -> Sequence[Card]:
        """By suit, then by trick rank (A 10 K Q ...), as the table shows a hand."""
        return in_display_order(hand, len(self.names))

    @staticmethod
    def starts_section(event: ev.Event) -> bool:
        """Events that open a new part of the story (a round, a deal)."""
        return isinstance(event, ev.RoundStarted | ev.Dealt)

    def name(self, seat: int | None) -> str:
        return "the Treasury" if seat is None else super().name(seat)

    # One method per kind of event ---------------------------------------------------------
    def drew(self, event: ev.DrewForDirector, after: State) -> list[str]:
        draws = ", ".join(f"{self.name(seat)} {card.label}" for seat, card in event.draws)
        return [f"Drawing for Director: {draws}."]

    def tied(self, event: ev.DrawTied, after: State) -> list[str]:
        return [f"{self.all(event.seats)} tie and draw again."]

    def appointed(self, event: ev.DirectorAppointed, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'is')} the first Director."]

    def round_started(self, event: ev.RoundStarted, after: State) -> list[str]:
        return [f"Round {event.round_index + 1} begins: {self.does(event.director, 'is')} "
                "Director."]

    def dealt(self, event: ev.Dealt, after: State) -> list[str]:
        number = len(after.played_this_round) + 1
        of = HANDS_PER_ROUND[after.options.short_game]
        lines = [f"Round {after.round_index + 1}, hand {number} of {of}: "
                 f"{self.does(after.director, 'deals')}."]
        lines += self.dealt_hands(event.hands)
        if self.tell_all:
            lines.append(f"  Centre: {event.center.label}")
        return lines

    def thrown_in(self, event: ev.DealThrownIn, after: State) -> list[str]:
        return ["COUP is the centre card: the cards are shuffled and dealt again."]

    def holder(self, event: ev.CoupHolderAnnounced, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'holds')} COUP."]

    def coup(self, event: ev.CoupAttempted, after: State) -> list[str]:
        line = COUP_CHART[event.hand_type]
        return [f"{self.does(event.seat, 'attempts')} a coup in {event.hand_type.label} and "
                f"must {line.goal}."]

    def exchanged(self, event: ev.CoupCardExchanged, after: State) -> list[str]:
        card = f" ({event.center.label})" if self.knows(event.seat) else ""
        seat = event.seat
        return [f"{self.does(seat, 'sets')} COUP aside and {self.verb(seat, 'takes')} the "
                f"centre card{card}."]

    def declined(self, event: ev.CoupDeclined, after: State) -> list[str]:
        card = f" ({event.center.label})" if self.knows(event.seat) else ""
        seat = event.seat
        return [f"{self.does(seat, 'declines')} the coup, {self.verb(seat, 'discards')} COUP "
                f"and {self.verb(seat, 'takes')} the centre card{card}."]

    def chosen(self, event: ev.HandTypeChosen, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'names')} {event.hand_type.label}: "
                f"{uncapitalized(DIRECTORS_GOALS[event.hand_type])}."]

    def played(self, event: ev.CardPlayed, after: State) -> list[str]:
        if after.hand is None or after.hand.dominos is None:
            return []  # trick cards are told with the trick
        return [f"{self.does(event.seat, 'lays')} {event.card.label}."]

    def trick(self, event: ev.TrickWon, after: State) -> list[str]:
        assert after.hand is not None and after.hand.tricks is not None
        trick = after.hand.tricks.done[-1]
        line = self.trick_line(trick, event.number)
        if event.center is not None:
            line += f" With it, the centre card: {event.center.label}."
        return [line]

    def went_out(self, event: ev.WentOut, after: State) -> list[str]:
        first = " first" if event.place == 1 else ""
        return [f"{self.does(event.seat, 'is')} out of cards{first}."]

    def last_out(self, event: ev.LastOut, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'is')} last out."]

    def succeeded(self, event: ev.CoupSucceeded, after: State) -> list[str]:
        return [f"The coup succeeds: {self.name(event.seat)} managed to "
                f"{COUP_CHART[event.hand_type].goal}."]

    def failed(self, event: ev.CoupFailed, after: State) -> list[str]:
        return [f"The coup fails: {self.name(event.seat)} did not manage to "
                f"{COUP_CHART[event.hand_type].goal}."]

    def hidden(self, event: ev.HiddenCoup, after: State) -> list[str]:
        return [f"Hidden coup! {self.name(event.seat)} managed to "
                f"{COUP_CHART[event.hand_type].goal} in the Director's {event.hand_type.label}."]

    def borrowed(self, event: ev.Borrowed, after: State) -> list[str]:
        return [f"{self.does(event.debtor, 'borrows')} {francs(event.amount)} from "
                f"{self.name(event.lender)} and will owe {francs(event.owed)} more."]

    def paid(self, event: ev.Paid, after: State) -> list[str]:
        return [f"{self.does(event.payer, 'pays')} {self.name(event.payee)} "
                f"{francs(event.amount)} ({event.reason.value})."]

    def repaid(self, event: ev.Repaid, after: State) -> list[str]:
        return [f"{self.does(event.debtor, 'repays')} {self.name(event.lender)} "
                f"{francs(event.amount)}."]

    def treasury(self, event: ev.TreasuryTaken, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'takes')} the Treasury: {francs(event.amount)}."]

    def director(self, event: ev.DirectorChanged, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'is')} now Director."]

    def hand_ended(self, event: ev.HandEnded, after: State) -> list[str]:
        money = ", ".join(f"{self.name(seat)} {francs(cash)}"
                          for seat, cash in enumerate(after.money))
        return [f"Money: {money}; Treasury {francs(after.treasury)}."]

    def round_ended(self, event: ev.RoundEnded, after: State) -> list[str]:
        return [f"Round {event.round_index + 1} is over."]

    def game_ended(self, event: ev.GameEnded, after: State) -> list[str]:
        worth = ", ".join(f"{self.name(seat)} {francs(after.worth(seat))}"
                          for seat in range(after.players))
        winners = event.winners
        if self.one_of_tables:
            best = self.does(winners[0], "has") if len(winners) == 1 else \
                f"{self.all(winners)} share"
            return [f"Final worth: {worth}.", f"{best} the highest worth at this table; the "
                    "highest at both tables wins the match."]
        won = self.does(winners[0], "wins") if len(winners) == 1 else \
            f"{self.all(winners)} share the win"
        return [f"Final worth: {worth}.", f"{won}."]


_TELL: dict[type, Tell] = {
    ev.DrewForDirector: Narrator.drew,
    ev.DrawTied: Narrator.tied,
    ev.DirectorAppointed: Narrator.appointed,
    ev.RoundStarted: Narrator.round_started,
    ev.Dealt: Narrator.dealt,
    ev.DealThrownIn: Narrator.thrown_in,
    ev.CoupHolderAnnounced: Narrator.holder,
    ev.CoupAttempted: Narrator.coup,
    ev.CoupCardExchanged: Narrator.exchanged,
    ev.CoupDeclined: Narrator.declined,
    ev.HandTypeChosen: Narrator.chosen,
    ev.CardPlayed: Narrator.played,
    ev.TrickWon: Narrator.trick,
    ev.RunStarted: Narrator.run_started,
    ev.RunEnded: Narrator.run_ended,
    ev.Passed: Narrator.passed,
    ev.WentOut: Narrator.went_out,
    ev.LastOut: Narrator.last_out,
    ev.CoupSucceeded: Narrator.succeeded,
    ev.CoupFailed: Narrator.failed,
    ev.HiddenCoup: Narrator.hidden,
    ev.Borrowed: Narrator.borrowed,
    ev.Paid: Narrator.paid,
    ev.Repaid: Narrator.repaid,
    ev.TreasuryTaken: Narrator.treasury,
    ev.DirectorChanged: Narrator.director,
    ev.HandEnded: Narrator.hand_ended,
    ev.RoundEnded: Narrator.round_ended,
    ev.GameEnded: Narrator.game_ended,
}
