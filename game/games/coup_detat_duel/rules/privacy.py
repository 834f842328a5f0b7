"""What of each event of the game for two a seat may know: its own hand, the cards it set
aside and drew from the Bastille, the cut, every card played, and the points. Never the
other player's hand (JOKER included: its holder may keep it quiet), the cards he set aside
or drew, nor the Bastille.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine.custody import dealt_anew, drawn_at_random
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import DECK


class DuelPrivacy:
    @staticmethod
    def event_seen(event: ev.Event, seat: int | None, rng: random.Random) -> ev.Event:
        match event:
            case ev.Dealt():
                return _deal_seen(event, seat, rng)
            case ev.SetAside(seat=owner) | ev.DrewFromBastille(seat=owner) if owner != seat:
                return replace(event, cards=drawn_at_random(event.cards, DECK, rng))
        return event


def _deal_seen(event: ev.Dealt, seat: int | None, rng: random.Random) -> ev.Dealt:
    """The deal with the other hand and the Bastille dealt anew among them: together they
    are the deck without the seat's own cards."""
    others = [holder for holder in range(len(event.hands)) if holder != seat]
    *dealt, bastille = dealt_anew([*(event.hands[holder] for holder in others),
                                   event.bastille], rng)
    hands = list(event.hands)
    for holder, cards in zip(others, dealt, strict=True):
        hands[holder] = cards
    return replace(event, hands=tuple(hands), bastille=bastille)


PRIVACY = DuelPrivacy()
