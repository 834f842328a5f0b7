"""The `coup-detat-duel` ruleset: the rules modules gathered behind the engine's interface."""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.engine.ruleset import Ruleset
from game.games.coup_detat_duel.rules import events, narration, notation
from game.games.coup_detat_duel.rules.apply import apply
from game.games.coup_detat_duel.rules.charts import (
    BASTILLE_SIZE,
    DECK,
    HAND_SIZE,
    HANDS_PER_ROUND,
    PLAYERS,
    ROUNDS,
)
from game.games.coup_detat_duel.rules.decide import decide
from game.games.coup_detat_duel.rules.decisions import CutForPrimeMinister, Deal, Decision
from game.games.coup_detat_duel.rules.events import Event
from game.games.coup_detat_duel.rules.state import Options, Phase, State
from game.games.coup_detat_duel.rules.view import DuelView, legal, pending, view

CHECKPOINTS = (events.Dealt, events.CoupAnnounced, events.HandTypeChosen,
               events.ExchangeEnded, events.TrickWon, events.WentOut, events.LayoutBlocked,
               events.HandEnded, events.GameEnded)


class CoupDetatDuel:
    id = notation.RULESET_ID
    title = "Coup d'État for two"
    min_players = PLAYERS
    max_players = PLAYERS

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
        return State(options=options, phase=Phase.CUT)

    @staticmethod
    def random_chance(state: State, rng: random.Random) -> Decision:
        if state.phase is Phase.CUT:
            return CutForPrimeMinister(tuple(enumerate(rng.sample(DECK, PLAYERS))))
        if state.phase is Phase.DEAL:
            shuffled = list(DECK)
            rng.shuffle(shuffled)
            hands = tuple(tuple(shuffled[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
                          for seat in range(PLAYERS))
            return Deal(hands, tuple(shuffled[-BASTILLE_SIZE:]))
        raise ValueError(f"chance has nothing to do in phase {state.phase}")

    @staticmethod
    def winners(state: State) -> tuple[int, ...]:
        return state.winners

    @staticmethod
    def checkpoint(event: object) -> bool:
        return isinstance(event, CHECKPOINTS)

    @staticmethod
    def reveals(event: object) -> bool:
        """A draw from the Bastille shows its drawer cards: undo never goes back past it."""
        return isinstance(event, events.DrewFromBastille)

    @staticmethod
    def progress(state: State) -> str:
        if state.phase is Phase.OVER:
            return "Game over"
        if state.prime_minister is None:
            return "Cutting for Prime Minister"
        if state.tiebreak:
            return "Tiebreak: one hand of Dominoes"
        hand = len(state.played_this_round) + 1  # a hand is on the scoresheet once it ends
        return f"Round {state.round_index + 1} of {ROUNDS}, hand {hand} of {HANDS_PER_ROUND}"


RULESET: Ruleset[Options, State, Decision, Event, DuelView] = CoupDetatDuel()
