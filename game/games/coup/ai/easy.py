"""Easy in the bluffing games: mostly honest. He claims the characters he holds (now and
then any at all), coups at 7 coins, challenges only a claim he knows is false (every
copy in sight) and rarely on a whim, blocks when he truly can, keeps his best cards.
Instant."""

from __future__ import annotations

from game.games.coup.ai.base import BluffPlayer
from game.games.coup.ai.cards import unseen_copies, variant_of
from game.games.coup.rules.charts import Action
from game.games.coup.rules.decisions import Decision, TakeAction
from game.games.coup.rules.view import CoupView

BLUFFS = 0.05  # how often he takes any action at all
WHIMS = 0.05  # how often he challenges a claim he cannot disprove
STEALS = 0.5  # how often he steals when he can: two Captains must not steal in a ring
COUP_AT = 7
PLAN = (Action.COUP, Action.TAX, Action.ASSASSINATE, Action.STEAL, Action.FOREIGN_AID,
        Action.INCOME)
"""The first of these he honestly can, he does."""


class EasyPlayer(BluffPlayer):
    def action(self, view: CoupView, actions: list[TakeAction]) -> Decision:
        if self._rng.random() < BLUFFS:
            return self._rng.choice(actions)
        variant = variant_of(view)
        honest = [d for d in actions if variant.rule(d.action).claim in (None, *view.hand)
                  and (d.target is None or view.coins[d.target] or d.action is not Action.STEAL)]
        for action in PLAN:
            options = [d for d in honest if d.action is action]
            if options and self._wants(view, action):
                return self._rng.choice(options)
        return self._rng.choice(honest or actions)

    def _wants(self, view: CoupView, action: Action) -> bool:
        if action is Action.COUP:
            return view.coins[view.seat or 0] >= COUP_AT
        return action is not Action.STEAL or self._rng.random() < STEALS

    def challenges(self, view: CoupView) -> bool:
        turn = view.turn
        if turn is None or turn.claim is None:
            return False
        return unseen_copies(view, turn.claim) == 0 or self._rng.random() < WHIMS

