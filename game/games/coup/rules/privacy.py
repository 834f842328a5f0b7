"""What of each event of the bluffing games a seat may know: its own face-down cards (dealt,
drawn, kept, sent back), the card an examined player showed it or it showed, and the
public facts: claims, challenges, blocks, every card shown to the table or lost face up.
Never another player's face-down cards, the court deck's order, the third set of the
alternative deal, nor what the others drew, kept or sent back.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine.custody import dealt_anew, drawn_at_random
from game.games.coup.rules import events as ev
from game.games.coup.rules.charts import COUP, INQUISITOR, Character, Variant


class CoupPrivacy:
    def __init__(self, variant: Variant) -> None:
        self.characters = variant.characters

    def event_seen(self, event: ev.Event, seat: int | None, rng: random.Random) -> ev.Event:
        match event:
            case ev.Dealt():
                return _deal_seen(event, seat, rng)
            case ev.SetsDealt():
                return _sets_seen(event, seat, rng)
            case ev.KeptOne(seat=keeper) if keeper != seat:
                kept, *discarded = rng.sample(self.characters, 1 + len(event.discarded))
                return replace(event, kept=kept, discarded=tuple(discarded))
            case ev.Shuffled():
                return replace(event, deck=self._random(event.deck, rng))
            case ev.Drew(seat=drawer) | ev.DrewToChoose(seat=drawer) if drawer != seat:
                return replace(event, cards=self._random(event.cards, rng))
            case ev.CalledCoupMissed(target=target) if target != seat:
                return replace(event, drawn=self._random(event.drawn, rng))
            case ev.CardsReturned(seat=returner) if returner != seat:
                return replace(event, cards=self._random(event.cards, rng),
                               kept=self._random(event.kept, rng))
            case ev.Shown(seat=examined, to=examiner) if seat not in (examined, examiner):
                return replace(event, character=rng.choice(self.characters))
            case ev.ForcedDraw(seat=examined) if examined != seat:
                # The examiner saw the card too, but the event does not say who he is: it is
                # hidden from him as well (he was told it when it was shown to him).
                return replace(event, character=rng.choice(self.characters))
        return event

    def _random(self, cards: tuple[Character, ...], rng: random.Random) -> tuple[Character, ...]:
        return drawn_at_random(cards, self.characters, rng)


def _deal_seen(event: ev.Dealt, seat: int | None, rng: random.Random) -> ev.Dealt:
    """The deal with the other hands, the court deck and the cards out of the game dealt
    anew among them: together they are the deck without the seat's own cards."""
    others = [holder for holder in range(len(event.hands)) if holder != seat]
    *dealt, deck, out_of_game = dealt_anew(
        [*(event.hands[holder] for holder in others), event.deck, event.out_of_game], rng)
    hands = list(event.hands)
    for holder, cards in zip(others, dealt, strict=True):
        hands[holder] = cards
    return replace(event, hands=tuple(hands), deck=deck, out_of_game=out_of_game)


def _sets_seen(event: ev.SetsDealt, seat: int | None, rng: random.Random) -> ev.SetsDealt:
    """Every set holds the five characters (public); the order of each but the seat's own,
    and of the third set, is not the seat's to know."""
    sets = tuple(cards if holder == seat else tuple(rng.sample(cards, len(cards)))
                 for holder, cards in enumerate(event.sets))
    return replace(event, sets=sets,
                   third_set=tuple(rng.sample(event.third_set, len(event.third_set))))


PRIVACY = CoupPrivacy(COUP)
INQUISITOR_PRIVACY = CoupPrivacy(INQUISITOR)
