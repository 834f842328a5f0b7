"""Easy for the game for two: a beginner. He knows the obvious: follow with the card that
gives away (or wins) what the trick is about, dump his highest card when he can; he counts
nothing, leads his lowest card in a PM's hand and his highest in a coup, sets aside one
card (his highest in a PM's hand, his lowest in a coup), names the hand he holds fewest of
its goal cards for, announces `JOKER` only with an Ace for Touché (the obvious coup), lays
the first Dominoes card he sees and stops every Ace-on-King run at once. Now and then he
plays any card at all. Instant."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import Rank
from game.games.coup_detat_duel.ai.tactics import by_strength, follow_score, goal_cards
from game.games.coup_detat_duel.rules.charts import HandType
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    ChooseHandType,
    Decision,
    KeepQuiet,
    PlayCard,
    SetAside,
    StopRun,
)
from game.games.coup_detat_duel.rules.view import DuelView

CARELESS = 0.1  # how often he plays any card at all


class EasyPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: DuelView, legal: Sequence[Decision]) -> Decision:
        first = legal[0]
        if isinstance(first, AnnounceCoup | KeepQuiet):
            return _coup(view, legal)
        if isinstance(first, ChooseHandType):
            return min(legal, key=lambda d: _goal_cards_held(view, d))
        if isinstance(first, SetAside):
            return _set_aside(view, legal)
        stop = next((d for d in legal if isinstance(d, StopRun)), None)
        plays = [d for d in legal if isinstance(d, PlayCard)]
        if stop is not None or not plays:
            return stop or first
        if view.dominoes is not None:
            return plays[0]
        if self._rng.random() < CARELESS:
            return self._rng.choice(plays)
        return _card(view, plays)


def _coup(view: DuelView, legal: Sequence[Decision]) -> Decision:
    touche = next((d for d in legal if isinstance(d, AnnounceCoup)
                   and d.hand_type is HandType.TOUCHE), None)
    if touche is not None and any(card.rank is Rank.ACE for card in view.hand):
        return touche
    return next(d for d in legal if isinstance(d, KeepQuiet))


def _goal_cards_held(view: DuelView, decision: Decision) -> int:
    assert isinstance(decision, ChooseHandType)
    return len(goal_cards(decision.hand_type) & set(view.hand))


def _set_aside(view: DuelView, legal: Sequence[Decision]) -> Decision:
    singles = [d for d in legal if isinstance(d, SetAside) and len(d.cards) == 1]
    ordered = by_strength(d.cards[0] for d in singles)
    worst = ordered[0] if view.coup else ordered[-1]
    return next(d for d in singles if d.cards[0] is worst)


def _card(view: DuelView, plays: list[PlayCard]) -> Decision:
    if view.trick:
        return max(plays, key=lambda d: (follow_score(view, d.card), -d.card.index))
    ordered = by_strength(d.card for d in plays)
    chosen = ordered[-1] if view.coup else ordered[0]
    return next(d for d in plays if d.card is chosen)
