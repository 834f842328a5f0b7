"""What the scenario format (docs/SCENARIOS.md) needs from the bluffing games: the deals
a scenario fixes, the chance they stand for (nothing is shuffled: a returned card stays at
the bottom), and the fields its output adds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.errors import IllegalMove, MalformedEntry
from game.engine.match import ChanceSource
from game.games.coup.rules.charts import Variant
from game.games.coup.rules.dealing import check_deal, uses_alternative_deal
from game.games.coup.rules.decisions import ChooseStarter, Deal, Decision, Shuffle
from game.games.coup.rules.notation import check_move_shape, deal_from_json
from game.games.coup.rules.state import Options, Phase, State


@dataclass(frozen=True)
class BluffScenario:
    variant: Variant

    @staticmethod
    def check_move_shape(entry: object) -> str:
        return check_move_shape(entry)

    def parse_deal(self, raw: object, options: Options) -> Deal:
        """One scenario deal, checked to be exactly the deck; in the alternative deal the
        cards neither kept nor dealt are out of the game. `MalformedEntry` otherwise."""
        if not isinstance(raw, dict) or set(raw) - {"hands", "deck"}:
            raise MalformedEntry("a deal must be an object with 'hands' and 'deck'")
        deal = deal_from_json(raw)
        if uses_alternative_deal(self.variant, options):
            given = Counter(card for hand in deal.hands for card in hand) + Counter(deal.deck)
            out = Counter(self.variant.deck) - given
            deal = Deal(deal.hands, deal.deck, tuple(out.elements()))
        try:
            check_deal(self.variant, options, deal)
        except IllegalMove as refusal:
            raise MalformedEntry(refusal.message) from None
        return deal

    @staticmethod
    def scripted_chance(first_dealer: int, deals: Sequence[Deal]) -> ChanceSource[State, Decision]:
        """Chance as the scenario fixes it: the starting player, the deals in order, and
        shuffles that leave the deck as it is; nothing once the deals run out."""
        remaining = list(deals)

        def next_outcome(state: State) -> Decision | None:
            if state.shuffle_due:
                return Shuffle(state.deck)
            if state.phase is Phase.START:
                return ChooseStarter(first_dealer)
            if state.phase is Phase.DEAL and remaining:
                return remaining.pop(0)
            return None

        return next_outcome

    @staticmethod
    def result_fields(state: State) -> dict[str, object]:
        players = range(state.players)
        return {"coins": list(state.coins) or [0] * state.players,
                "revealed": [[c.value for c in state.revealed[s]] if state.revealed else []
                             for s in players],
                "alive": [state.alive(s) for s in players]}
