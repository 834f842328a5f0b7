"""Hard in the bluffing games: search over the cards it cannot see.

For its turn's action and for each challenge or block it is asked about, Hard imagines
positions consistent with its view and likely under the round's public record (belief.py:
a player whose Duke went unchallenged more often holds one; one whose proven Duke went
back to the deck no more than anyone), tries each decision in every one of them, lets
Medium players play the round on (each with the habit Hard has seen in him, habits.py),
and chooses the decision that most often leads to its winning the round (search.py).
Bluffs come out of the same search: a claim it cannot back is tried like any other, and
chosen when the imagined opponents seldom challenge it. The decisions that only give cards
up (which card to lose, keep or show) are Medium's: keep the best hand.

It sees the view and the legal decisions only, plus what it remembers of the match, like
Medium; two positions that look the same to it get the same thought.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.search import (
    DEFAULT_BUDGET,
    MAX_WORLDS,
    Estimate,
    SearchPlayer,
    SearchPool,
    next_best,
    percent,
)
from game.games.coup.ai.belief import belief
from game.games.coup.ai.cards import strength
from game.games.coup.ai.habits import MEDIUM_ONLY, Habits
from game.games.coup.ai.medium import MediumPlayer
from game.games.coup.ai.search import Knowledge, Playouts
from game.games.coup.rules.decisions import (
    Allow,
    Block,
    Challenge,
    Decision,
    TakeAction,
)
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView

SEARCHED = (Phase.ACTION, Phase.CHALLENGE, Phase.BLOCK)
TARGETS_TRIED = 2  # for an action aimed at a player, the strongest opponents tried
WINDOW_BUDGET = 0.25
"""Seconds at most for a challenge or a block: every other player is asked in turn, so a
claim at a full table would otherwise keep the table waiting several seconds; with two or
three choices instead of a turn's many, as many positions are imagined in the time."""


class HardPlayer(SearchPlayer):
    """The search player of the bluffing games: scored by the round won, Medium's choice
    the favourite, Medium's memory of the claims heard, and what it has seen of each
    opponent's habits."""

    minds_habits = True  # False: it imagines every opponent playing like Medium
    heuristic: type[MediumPlayer] = MediumPlayer
    """Its favourite decision, its memory of claims, its card choices and its play-outs"""

    def __init__(self, seed: int | str | None = None, budget: float = DEFAULT_BUDGET,
                 workers: int = 2, max_worlds: int = MAX_WORLDS,
                 pool: SearchPool | None = None) -> None:
        super().__init__(seed, budget=budget, workers=workers, max_worlds=max_worlds,
                         pool=pool)
        self._medium = self.heuristic(seed)  # its memory of claims, and the card choices
        self._habits = Habits()  # what it has seen of each opponent's play

    def policy(self, seen: Knowledge) -> Playouts:
        return Playouts(seen, self.heuristic)

    def decide(self, seen: Any, choices: Sequence[Any]) -> Any:
        self._habits.observe(seen)
        return self._medium.decide(seen, choices) if seen.phase not in SEARCHED \
            else super().decide(seen, choices)

    def think(self, seen: Any, choices: Sequence[Any]) -> Estimate:
        return super().think(self._knowing(seen), choices)

    def evaluate(self, seen: Any, choices: Sequence[Any], played: Any) -> Estimate | None:
        """As every Hard, with its memory kept as if it had played `played` itself; None for
        the decisions it does not search (which card to lose, keep or show)."""
        known = self._knowing(seen)
        return super().evaluate(known, choices, played) if seen.phase in SEARCHED else None

    def remember(self, seen: Any, played: Any) -> None:
        self._knowing(seen)

    def _knowing(self, seen: Any) -> Any:
        """A view with what Hard remembers of the claims and the players' habits (learnt
        from it first); anything else as it is."""
        if not isinstance(seen, CoupView):
            return seen
        self._medium.observe(seen)
        self._habits.observe(seen)
        beliefs = self._habits.beliefs(seen.seat) if self.minds_habits else MEDIUM_ONLY
        return Knowledge(seen, self._medium.claims, beliefs, belief(seen))

    def budget_for(self, seen: Any) -> float:
        if isinstance(seen, Knowledge) and seen.view.phase is not Phase.ACTION:
            return min(self.budget, WINDOW_BUDGET)
        return self.budget

    def shortlist(self, seen: Any, choices: Sequence[Any]) -> Sequence[Any]:
        """Every decision but actions aimed at the weaker opponents (all of them with two
        players); Medium's own choice first, so that it wins a tie."""
        view: CoupView = seen.view
        favourite = self._medium.decide(view, choices)
        targets = sorted({d.target for d in choices
                          if isinstance(d, TakeAction) and d.target is not None},
                         key=lambda seat: strength(view, seat), reverse=True)
        tried = set(targets[:TARGETS_TRIED])
        kept = [d for d in choices if not isinstance(d, TakeAction) or d.target is None
                or d.target in tried]
        return [favourite, *(d for d in kept if d != favourite)]

    def advise(self, seen: Any, choices: Sequence[Any]) -> tuple[Any, str]:
        if seen.phase not in SEARCHED:
            return self._medium.decide(seen, choices), "It keeps the strongest hand."
        return super().advise(seen, choices)

    def explain(self, found: Estimate, ranking: Sequence[int]) -> str:
        advice = found.decisions[ranking[0]]
        other = next_best(found, ranking, lambda decision: describe(decision, advice), percent)
        return (f"Over {found.worlds:,} imagined deals consistent with what you have seen, it "
                f"wins the round {found.average(ranking[0]):.0%} of the time; {other}.")


def describe(decision: Decision, beside: Decision | None = None) -> str:
    """A decision in a few words for a hint, told apart from the one `beside` it (the
    table names the players; the hint does not need to)."""
    match decision:
        case TakeAction(action=action, called=called):
            same = isinstance(beside, TakeAction) and beside.action is action
            words = f"{action.label} against someone else" if same else action.label
            return words if called is None else f"{words}, calling the {called.label}"
        case Challenge():
            return "challenging"
        case Allow():
            return "letting it pass"
        case Block(character=character):
            return f"blocking as the {character.label}"
    return str(decision)
