"""The shape every bluffing player shares: one method per kind of decision, chosen by the
phase of the view. The phases that only give cards up keep the best hand; a level
overrides the decisions where it has an opinion."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.games.coup.ai.cards import VALUABLE, WORTH, keep_best, weakest
from game.games.coup.rules.decisions import (
    Block,
    Decision,
    Reveal,
    Show,
    TakeAction,
)
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView


class BluffPlayer:
    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: CoupView, legal: Sequence[Decision]) -> Decision:
        self.observe(view)
        match view.phase:
            case Phase.ACTION:
                return self.action(view, [d for d in legal if isinstance(d, TakeAction)])
            case Phase.CHALLENGE:
                return legal[0] if self.challenges(view) else legal[-1]
            case Phase.BLOCK:
                return self.block(view, legal)
            case Phase.REVEAL:
                return self.reveal(view, legal)
            case Phase.SHOW:
                return self.show(view, legal)
            case Phase.FORCE_DRAW:
                return legal[0] if self.forces_draw(view) else legal[1]
        return keep_best(view, legal)  # lose, keep, pick, swap, return

    def observe(self, view: CoupView) -> None:
        """Remember what the view shows (a level with a memory overrides this)."""

    def action(self, view: CoupView, actions: list[TakeAction]) -> Decision:
        raise NotImplementedError

    def challenges(self, view: CoupView) -> bool:
        raise NotImplementedError

    def block(self, view: CoupView, legal: Sequence[Decision]) -> Decision:
        """Block with a character held, else let the action pass."""
        return held_block(view, legal) or legal[-1]

    @staticmethod
    def reveal(view: CoupView, legal: Sequence[Decision]) -> Decision:
        """Prove the claim when the card is there, else give up the weakest card."""
        turn = view.turn
        claim = turn.claim if turn is not None else None
        proof = [d for d in legal if isinstance(d, Reveal) and d.character is claim]
        return proof[0] if proof else keep_best(view, legal)

    @staticmethod
    def show(view: CoupView, legal: Sequence[Decision]) -> Decision:
        """Show the Inquisitor the weakest card: he has least reason to send it back."""
        character = weakest(view.hand)
        return next(d for d in legal if isinstance(d, Show) and d.character is character)

    @staticmethod
    def forces_draw(view: CoupView) -> bool:
        """Send a shown card back when it is worth having."""
        shown = view.turn.shown if view.turn is not None else None
        return shown is not None and WORTH[shown] >= VALUABLE


def held_block(view: CoupView, legal: Sequence[Decision]) -> Block | None:
    """A block with a character the seat holds, if it has one."""
    return next((d for d in legal if isinstance(d, Block) and d.character in view.hand), None)
