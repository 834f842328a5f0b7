"""What of each event of the 1966 game a seat may know: its own hand, the draw for the first
Director, who holds COUP, every card played, the centre card once it took it or once it is
turned up with a coup hand's first trick, and the money. Never another seat's hand, nor the
centre card that another took into his hand or that still lies face down.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.cards import COUP
from game.engine.custody import dealt_anew
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import deck_for

# The cards a hidden centre card is drawn from: in the decks of three and of four players.
CENTRE_CARDS = tuple(card for card in deck_for(3).cards if card is not COUP)


class CoupDetatPrivacy:
    @staticmethod
    def event_seen(event: ev.Event, seat: int | None, rng: random.Random) -> ev.Event:
        match event:
            case ev.Dealt():
                return _deal_seen(event, seat, rng)
            case ev.CoupCardExchanged(seat=taker) | ev.CoupDeclined(seat=taker) if taker != seat:
                return replace(event, center=rng.choice(CENTRE_CARDS))
        return event


def _deal_seen(event: ev.Dealt, seat: int | None, rng: random.Random) -> ev.Dealt:
    """The deal with the other hands and the centre dealt anew among them: together they
    are the deck without the seat's own cards. COUP stays where it lies, which everyone
    knows (its holder is announced; in the centre, the deal is thrown in)."""
    others = [holder for holder in range(len(event.hands)) if holder != seat]
    places = [tuple(card for card in event.hands[holder] if card is not COUP)
              for holder in others]
    centre_hidden = event.center is not COUP
    dealt = iter(dealt_anew([*places, (event.center,) if centre_hidden else ()], rng))
    hands = list(event.hands)
    for holder in others:
        cards = iter(next(dealt))
        hands[holder] = tuple(COUP if card is COUP else next(cards) for card in hands[holder])
    center = next(dealt)[0] if centre_hidden else COUP
    return replace(event, hands=tuple(hands), center=center)


PRIVACY = CoupDetatPrivacy()
