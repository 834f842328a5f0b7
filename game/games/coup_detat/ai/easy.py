"""Easy: a beginner. He knows the obvious: duck under the card winning the trick, throw a
costly card when he cannot follow, and when he attacks win the tricks that matter with COUP
kept back. He knows nothing more: he counts no cards, leads his lowest card whatever it
is, stops every Ace-on-King run at once, lays the first Dominos card he sees, and now and
then plays any card at all. He tries the coups the tips make obvious (Touché with an Ace,
Barbu with the King of Hearts and a higher Heart), and names the hands in the order of the
Board. Instant."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import COUP, Rank, Suit
from game.games.coup_detat.ai.tactics import attack_card, by_strength, card_cost, would_win
from game.games.coup_detat.rules.charts import HandType, deck_for
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    Pass,
    PlayCard,
    StopRun,
)
from game.games.coup_detat.rules.view import CoupDetatView

CARELESS = 0.1  # how often he plays any card at all


class EasyPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: CoupDetatView, legal: Sequence[Decision]) -> Decision:
        first = legal[0]
        if isinstance(first, AttemptCoup | DeclineCoup):
            return self._coup(view, legal)
        if isinstance(first, ChooseHandType):
            return first
        stop = next((d for d in legal if isinstance(d, StopRun)), None)
        if stop is not None or isinstance(first, Pass):
            return stop or first
        plays = [d for d in legal if isinstance(d, PlayCard)]
        if view.dominos is not None or self._rng.random() < CARELESS:
            return self._rng.choice(plays) if view.dominos is None else plays[0]
        return self._card(view, plays)

    def _coup(self, view: CoupDetatView, legal: Sequence[Decision]) -> Decision:
        """The two hands the rules' tips make obvious: Touché with Aces, Barbu with the
        King of Hearts and a higher Heart."""
        aces = sum(1 for card in view.hand if card.rank is Rank.ACE)
        hearts = {card.rank for card in view.hand if card.suit is Suit.HEARTS}
        offered = {d.hand_type: d for d in legal if isinstance(d, AttemptCoup)}
        if aces >= 1 and HandType.TOUCHE in offered:
            return offered[HandType.TOUCHE]
        if Rank.KING in hearts and hearts & {Rank.ACE, Rank.TEN} and HandType.BARBU in offered:
            return offered[HandType.BARBU]
        return next(d for d in legal if isinstance(d, DeclineCoup))

    def _card(self, view: CoupDetatView, plays: list[PlayCard]) -> Decision:
        deck = deck_for(view.players)
        ordered = by_strength({d.card for d in plays}, deck)  # COUP last: the strongest
        following = bool(view.trick) and all(d.card.suit is view.led_suit for d in plays
                                             if d.card is not COUP)
        if view.coup_player == view.seat:  # attacking: win the tricks, COUP kept back
            chosen = attack_card(view, [d.card for d in plays], deck)
        elif view.trick and not following:  # void: throw a costly card, else the highest
            costly = [card for card in ordered if card_cost(card, view.hand_type, deck)]
            chosen = (costly or ordered)[-1]
        elif view.trick:  # following: the highest card that still loses, else the lowest
            losing = [card for card in ordered if card is not COUP and not would_win(view, card)]
            chosen = losing[-1] if losing else ordered[0]
        else:
            chosen = next((card for card in ordered if card is not COUP), ordered[0])
        return next(d for d in plays if d.card is chosen)
