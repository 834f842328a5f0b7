"""The 1966 game's buttons: the coup or declining it (each coup with its goal and reward),
the Director naming the hand, and the suit a led COUP stands for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.coup_detat.rules.charts import COUP_CHART, DIRECTORS_GOALS, HandType
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    DeclineCoup,
    PlayCard,
)
from game.games.coup_detat.rules.narration import francs
from game.ui.table.card_play import CardPlayWords

SHORT_GOALS = {
    HandType.BARBU: "take the King of Hearts",
    HandType.WATERLOO: "take all the Queens",
    HandType.SIEGE: "take all the Spades",
    HandType.TOUCHE: "take the first and last tricks",
    HandType.GUILLOTINE: "take everything that costs",
    HandType.DOMINOS: "be first out",
}


class CoupDetatWords(CardPlayWords):
    """A button's words (the fonts have no suit symbols: suits are spelt out)."""

    wild = "COUP"
    cautious = (DeclineCoup,)  # Enter pressed by habit never attempts a coup

    def label(self, decision: Any) -> str:
        match decision:
            case AttemptCoup(_, hand_type):
                line = COUP_CHART[hand_type]
                reward = francs(line.reward)
                return f"Coup in {hand_type.label}: {SHORT_GOALS[hand_type]} ({reward} each)"
            case DeclineCoup():
                return "Decline: discard COUP, take the centre card"
            case ChooseHandType(_, hand_type):
                return f"{hand_type.label}: {DIRECTORS_GOALS[hand_type]}"
            case PlayCard(suit=suit) if suit is not None:
                return f"Lead COUP as {suit.plural}"
        return super().label(decision)

    def tip(self, decision: Any) -> str | None:
        if isinstance(decision, AttemptCoup):
            line = COUP_CHART[decision.hand_type]
            return (f"To succeed you must {line.goal}: each other player then pays you "
                    f"{francs(line.reward)}. If you fail, you pay {francs(line.failure)} to "
                    "the Treasury.")
        return None

    def title(self, choices: Sequence[Any]) -> str:
        first = choices[0]
        if isinstance(first, AttemptCoup | DeclineCoup):
            return "You hold COUP: attempt a coup, or decline?"
        if isinstance(first, ChooseHandType):
            return "You are the Director: name the hand"
        return super().title(choices)
