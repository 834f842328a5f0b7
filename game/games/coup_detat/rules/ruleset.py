"""The `coup-detat` ruleset: the rules modules gathered behind the engine's interface."""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.engine.ruleset import Ruleset
from game.games.coup_detat.rules import events, narration, notation
from game.games.coup_detat.rules.apply import apply
from game.games.coup_detat.rules.charts import HANDS_PER_ROUND, STARTING_CASH, deck_for
from game.games.coup_detat.rules.decide import decide
from game.games.coup_detat.rules.decisions import Deal, Decision, DrawForDirector
from game.games.coup_detat.rules.events import Event
from game.games.coup_detat.rules.state import Options, Phase, State
from game.games.coup_detat.rules.view import CoupDetatView, legal, pending, view

CHECKPOINTS = (events.Dealt, events.CoupAttempted, events.HandTypeChosen, events.TrickWon,
               events.LastOut, events.HandEnded, events.GameEnded)


class CoupDetat:
    id = "coup-detat"
    title = "Coup d'État"
    min_players = notation.MIN_PLAYERS
    max_players = notation.MAX_PLAYERS

    parse_options = staticmethod(notation.parse_options)
    options_to_json = staticmethod(notation.options_to_json)
    decision_to_json = staticmethod(notation.decision_to_json)
    pending = staticmethod(pending)
    legal = staticmethod(legal)
    decide = staticmethod(decide)
    apply = staticmethod(apply)
    view = staticmethod(view)

    # Beyond the engine's needs: the game told in words.
    narrator = narration.Narrator

    @staticmethod
    def decision_from_json(entry: Mapping[str, object]) -> Decision:
        return notation.decision_from_json(entry)

    @staticmethod
    def players(options: Options) -> int:
        return options.players

    @staticmethod
    def new_game(options: Options) -> State:
        return State(
            options=options,
            phase=Phase.DRAW,
            money=(STARTING_CASH,) * options.players,
            drawing=tuple(range(options.players)),
        )

    @staticmethod
    def random_chance(state: State, rng: random.Random) -> Decision:
        deck = deck_for(state.players)
        if state.phase is Phase.DRAW:
            drawn = rng.sample(deck.cards, len(state.drawing))
            return DrawForDirector(tuple(zip(state.drawing, drawn, strict=True)))
        if state.phase is Phase.DEAL:
            shuffled = list(deck.cards)
            rng.shuffle(shuffled)
            size = deck.hand_size
            hands = tuple(
                tuple(shuffled[seat * size : (seat + 1) * size]) for seat in range(state.players)
            )
            return Deal(hands, shuffled[-1])
        raise ValueError(f"chance has nothing to do in phase {state.phase}")

    @staticmethod
    def winners(state: State) -> tuple[int, ...]:
        return state.winners

    @staticmethod
    def checkpoint(event: object) -> bool:
        return isinstance(event, CHECKPOINTS)

    @staticmethod
    def reveals(event: object) -> bool:
        """Declining the coup puts the centre card in the decliner's hand: undo never goes
        back past it (nor past a deal)."""
        return isinstance(event, events.CoupDeclined)

    @staticmethod
    def progress(state: State) -> str:
        if state.phase is Phase.OVER:
            return "Game over"
        if state.director is None:
            return "Drawing for Director"
        hands = HANDS_PER_ROUND[state.options.short_game]
        named = state.hand is not None and state.hand.hand_type is not None
        hand = len(state.played_this_round) + (0 if named else 1)  # once named, it is counted
        return f"Round {state.round_index + 1} of {state.players}, hand {hand} of {hands}"


RULESET: Ruleset[Options, State, Decision, Event, CoupDetatView] = CoupDetat()
