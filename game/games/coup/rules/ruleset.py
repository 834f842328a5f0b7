"""The `coup` and `coup-inquisitor` rulesets: one set of rules modules behind the engine's
interface, configured by the variant's charts."""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.engine.ruleset import Pending, Ruleset
from game.games.coup.rules import events, narration, notation
from game.games.coup.rules.apply import apply
from game.games.coup.rules.charts import COUP as COUP_CHARTS
from game.games.coup.rules.charts import HAND_SIZE, INQUISITOR, MOST_PLAYERS, Variant
from game.games.coup.rules.dealing import uses_alternative_deal
from game.games.coup.rules.decide import decide
from game.games.coup.rules.decisions import ChooseStarter, Deal, DealSets, Decision, Shuffle
from game.games.coup.rules.events import Event
from game.games.coup.rules.state import Options, Phase, State
from game.games.coup.rules.view import CoupView, legal, pending, view

CHECKPOINTS = (events.Dealt, events.SetsDealt, events.TurnEnded, events.RoundWon, events.MatchWon)
REVEALING = (events.Drew, events.DrewToChoose, events.CalledCoupMissed, events.Shown,
             events.ClaimProven)
"""Events that show someone cards he had not seen: undo never goes back past them."""


class BluffRuleset:
    """Coup, or Coup with the Inquisitor, as `variant` says."""

    min_players: int
    max_players = MOST_PLAYERS

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.id = variant.id
        self.title = variant.title
        self.min_players = variant.fewest_players
        self.narrator = narration.Narrator

    decision_to_json = staticmethod(notation.decision_to_json)
    options_to_json = staticmethod(notation.options_to_json)
    decide = staticmethod(decide)
    apply = staticmethod(apply)

    def parse_options(self, raw: Mapping[str, object]) -> Options:
        return notation.parse_options(self.variant, raw)

    @staticmethod
    def decision_from_json(entry: Mapping[str, object]) -> Decision:
        return notation.decision_from_json(entry)

    @staticmethod
    def players(options: Options) -> int:
        return options.players

    def new_game(self, options: Options) -> State:
        return State(variant=self.variant, options=options)

    @staticmethod
    def pending(state: State) -> Pending:
        return pending(state)

    @staticmethod
    def legal(state: State) -> list[Decision]:
        return legal(state)

    @staticmethod
    def view(state: State, seat: int | None) -> CoupView:
        return view(state, seat)

    def random_chance(self, state: State, rng: random.Random) -> Decision:
        if state.shuffle_due:
            return Shuffle(tuple(rng.sample(state.deck, len(state.deck))))
        if state.phase is Phase.START:
            return ChooseStarter(rng.randrange(state.players))
        if state.phase is Phase.DEAL:
            return self._random_deal(state, rng)
        raise ValueError(f"chance has nothing to do in phase {state.phase}")

    def _random_deal(self, state: State, rng: random.Random) -> Deal | DealSets:
        variant, players = self.variant, state.players
        if uses_alternative_deal(variant, state.options):
            return DealSets(tuple(rng.sample(variant.characters, len(variant.characters))))
        cards = rng.sample(variant.deck, len(variant.deck))
        hands = tuple(tuple(cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])
                      for seat in range(players))
        return Deal(hands, tuple(cards[players * HAND_SIZE:]))

    @staticmethod
    def winners(state: State) -> tuple[int, ...]:
        return state.winners

    @staticmethod
    def checkpoint(event: object) -> bool:
        return isinstance(event, CHECKPOINTS)

    @staticmethod
    def reveals(event: object) -> bool:
        return isinstance(event, REVEALING)

    @staticmethod
    def progress(state: State) -> str:
        if state.phase is Phase.OVER:
            return "Match over"
        round_number = f"Round {sum(state.round_wins) + 1} of {state.options.rounds}"
        if state.phase in (Phase.START, Phase.DEAL, Phase.PICK):
            return f"{round_number}: the deal"
        return f"{round_number}, {len(state.living)} players in"


COUP: Ruleset[Options, State, Decision, Event, CoupView] = BluffRuleset(COUP_CHARTS)
COUP_INQUISITOR: Ruleset[Options, State, Decision, Event, CoupView] = BluffRuleset(INQUISITOR)
