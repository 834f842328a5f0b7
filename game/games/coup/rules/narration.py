"""Coup told in words: one event (with the state it led to) becomes log lines.

Private facts (a dealt hand, the cards drawn, kept and sent back, the card an examined
player shows the Inquisitor) are told only to the seats that may know them; claims,
challenges, blocks, reveals and lost cards are public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from game.games.coup.rules import events as ev
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.state import State
from game.rules.words import Tell, Teller, counted, joined


def names_of(cards: Sequence[Character]) -> str:
    return joined([c.label for c in cards]) if cards else "nothing"


TOWARDS = {Action.STEAL: "from ", Action.COUP: "against "}
"""The word before an action's target, if any ("steal from Bob", "assassinate Bob")."""


class Narrator(Teller):
    TO_DO: ClassVar[Mapping[str, str]] = {
        "action": "choose an action", "challenge": "challenge or let the claim pass",
        "block": "block or let it pass", "reveal": "show a card or concede",
        "lose": "lose an influence", "keep": "choose the cards to keep",
        "swap": "swap a card or send the drawn one back", "show": "show a card",
        "force_draw": "let the card be kept or make a new draw", "return": "return two cards"}

    @staticmethod
    def tellers() -> Mapping[type, Tell]:
        return _TELL

    @staticmethod
    def starts_section(event: object) -> bool:
        return isinstance(event, ev.Dealt | ev.SetsDealt)

    def _private(self, seat: int, cards: Sequence[Character], *others: int) -> str:
        """" (Duke and Captain)" for whoever may know the cards; nothing for the rest."""
        if self.knows(seat) or self.viewer in others:
            return f" ({names_of(cards)})"
        return ""

    def dealt(self, event: ev.Dealt, after: State) -> list[str]:
        lines = [f"Round {event.round_index + 1}: {self.does(event.starter, 'starts')}; "
                 f"coins {', '.join(map(str, event.coins))}."]
        lines += [f"  {'Your cards' if self.viewer == seat else self.name(seat)}: "
                  f"{names_of(hand)}" for seat, hand in enumerate(event.hands)
                  if self.knows(seat)]
        if self.tell_all:
            lines.append(f"  Court deck, top first: {names_of(event.deck)}")
        return lines

    def sets_dealt(self, event: ev.SetsDealt, after: State) -> list[str]:
        lines = [f"Round {event.round_index + 1}, the alternative deal: each player keeps one "
                 f"card of a set of the five characters; {self.does(event.starter, 'starts')}."]
        if self.tell_all:
            lines.append(f"  The third set, top first: {names_of(event.third_set)}")
        return lines

    def kept_one(self, event: ev.KeptOne, after: State) -> list[str]:
        seat = event.seat
        return [f"{self.does(seat, 'keeps')} one card{self._private(seat, (event.kept,))} and "
                f"{self.verb(seat, 'discards')} the rest."]

    def declared(self, event: ev.ActionDeclared, after: State) -> list[str]:
        rule = after.variant.rule(event.action)
        claim = f" (claiming {rule.claim.label})" if rule.claim else ""
        towards = TOWARDS.get(event.action, "")
        target = f" {towards}{self.name(event.target)}" if event.target is not None else ""
        called = f", calling {event.called.label}" if event.called else ""
        what = "draw 1" if event.action is Action.EXCHANGE \
            and after.variant.exchange_draw == 1 else event.action.label
        return [f"{self.name(event.seat)}: {what}{target}{claim}{called}."]

    def challenged(self, event: ev.Challenged, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'challenges')} {self.owner(event.claimant)} "
                f"{event.claim.label}."]

    def blocked(self, event: ev.Blocked, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'blocks')}, claiming {event.character.label}."]

    def proven(self, event: ev.ClaimProven, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'shows')} {event.character.label}: the claim stands; "
                "the card goes back to the deck for a new one."]

    def failed(self, event: ev.ClaimFailed, after: State) -> list[str]:
        return [f"{self.name(event.seat)} cannot show {event.claim.label}: the claim fails."]

    def lost(self, event: ev.InfluenceLost, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'loses')} an influence: {event.character.label}."]

    def exiled(self, event: ev.Exiled, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'is')} out."]

    def drew(self, event: ev.Drew, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'draws')} {counted(len(event.cards), 'card')}"
                f"{self._private(event.seat, event.cards)}."]

    def action_failed(self, event: ev.ActionFailed, after: State) -> list[str]:
        refund = f"; {counted(event.refund, 'coin')} back" if event.refund else ""
        return [f"{self.owner(event.seat)} action fails{refund}."]

    def action_blocked(self, event: ev.ActionBlocked, after: State) -> list[str]:
        return [f"The block stands: {self.owner(event.seat)} action does nothing."]

    def taken(self, event: ev.CoinsTaken, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'takes')} {counted(event.amount, 'coin')}."]

    def stole(self, event: ev.Stole, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'takes')} {counted(event.amount, 'coin')} from "
                f"{self.name(event.target)}."]

    def called_hit(self, event: ev.CalledCoupHit, after: State) -> list[str]:
        return [f"The called Coup hits: {self.name(event.target)} had "
                f"{event.character.label}."]

    def called_missed(self, event: ev.CalledCoupMissed, after: State) -> list[str]:
        target = event.target
        return [f"The called Coup misses: {self.does(target, 'shows')} "
                f"{names_of(event.shown)} and {self.verb(target, 'draws')} "
                f"{counted(len(event.drawn), 'card')}"
                f"{self._private(event.target, event.drawn)}."]

    def drew_to_choose(self, event: ev.DrewToChoose, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'draws')} {counted(len(event.cards), 'card')}"
                f"{self._private(event.seat, event.cards)}."]

    def returned(self, event: ev.CardsReturned, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'sends')} {counted(len(event.cards), 'card')} back"
                f"{self._private(event.seat, event.cards)} and the deck is shuffled."]

    def shown(self, event: ev.Shown, after: State) -> list[str]:
        return [f"{self.does(event.seat, 'shows')} {self.name(event.to)} a card"
                f"{self._private(event.seat, (event.character,), event.to)}."]

    def forced(self, event: ev.ForcedDraw, after: State) -> list[str]:
        return [f"{self.name(event.seat)} must send the card back and draw a new one."]

    def not_forced(self, event: ev.NoForcedDraw, after: State) -> list[str]:
        examined = after.turn.target if after.turn is not None else None
        whom = "him" if examined is None else self.name(examined)
        return [f"{self.does(event.seat, 'lets')} {whom} keep it."]

    def round_won(self, event: ev.RoundWon, after: State) -> list[str]:
        wins = ", ".join(f"{self.name(s)} {w}" for s, w in enumerate(after.round_wins))
        return [f"{self.does(event.seat, 'wins')} round {event.round_index + 1}. "
                f"Rounds won: {wins}."]

    def match_won(self, event: ev.MatchWon, after: State) -> list[str]:
        winners = event.winners
        if len(winners) == 1:
            return [f"{self.does(winners[0], 'wins')} the match."]
        return [f"{self.all(winners)} share the match."]


_TELL: dict[type, Tell] = {
    ev.Dealt: Narrator.dealt,
    ev.SetsDealt: Narrator.sets_dealt,
    ev.KeptOne: Narrator.kept_one,
    ev.ActionDeclared: Narrator.declared,
    ev.Challenged: Narrator.challenged,
    ev.Blocked: Narrator.blocked,
    ev.ClaimProven: Narrator.proven,
    ev.ClaimFailed: Narrator.failed,
    ev.InfluenceLost: Narrator.lost,
    ev.Exiled: Narrator.exiled,
    ev.Drew: Narrator.drew,
    ev.ActionFailed: Narrator.action_failed,
    ev.ActionBlocked: Narrator.action_blocked,
    ev.CoinsTaken: Narrator.taken,
    ev.Stole: Narrator.stole,
    ev.CalledCoupHit: Narrator.called_hit,
    ev.CalledCoupMissed: Narrator.called_missed,
    ev.DrewToChoose: Narrator.drew_to_choose,
    ev.CardsReturned: Narrator.returned,
    ev.Shown: Narrator.shown,
    ev.ForcedDraw: Narrator.forced,
    ev.NoForcedDraw: Narrator.not_forced,
    ev.RoundWon: Narrator.round_won,
    ev.MatchWon: Narrator.match_won,
}
