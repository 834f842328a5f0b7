"""The sparring partner's adapters: each game's card play, or a bluffing game's round, as
the tree search (ismcts.py) walks it, from one seat's view. The 1966 game and the game for
two play in their fast simulators (the deals drawn as Hard draws them), the bluffing games
on the engine's rules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from benchmarks.sparring import ismcts
from game.ai.card_play import NO_SUIT, PASS, STOP
from game.games.coup.ai import search as bluff_search
from game.games.coup.ai.medium import MediumPlayer
from game.games.coup.ai.worlds import resample as bluff_resample
from game.games.coup.rules.charts import Character
from game.games.coup.rules.decide import decide as bluff_decide
from game.games.coup.rules.decisions import Shuffle
from game.games.coup.rules.state import State as BluffState
from game.games.coup.rules.view import CoupView
from game.games.coup.rules.view import legal as bluff_legal
from game.games.coup.rules.view import view as bluff_view
from game.games.coup_detat.ai import fastsim, fastsim_tables
from game.games.coup_detat.ai.knowledge import Knowledge
from game.games.coup_detat.ai.worlds import resample as coup_detat_resample
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat_duel.ai import fastsim as duel_fastsim
from game.games.coup_detat_duel.ai.knowledge import DuelKnowledge
from game.games.coup_detat_duel.ai.worlds import resample as duel_resample
from game.games.coup_detat_duel.rules.view import DuelView

FRANCS = 1000.0  # the 1966 game's rewards are in thousands of francs


# The 1966 game -------------------------------------------------------------------------------
@dataclass(frozen=True)
class CoupDetatDeals:
    """The hand's card play in the 1966 game's fast simulator, from one seat's view."""

    seen: CoupDetatView
    known: Knowledge

    def deal(self, rng: random.Random) -> fastsim.Hand:
        return fastsim.Hand.from_state(coup_detat_resample(self.seen, rng, self.known))

    def moves(self, sim: fastsim.Hand) -> Sequence[ismcts.Move]:
        if sim.hand_type is HandType.DOMINOS:
            seat = sim.to_act
            cards = [(card, NO_SUIT) for card in sim.layable_cards(seat)]
            if sim.runner == seat:
                return [*cards, (STOP, NO_SUIT)]
            return cards or [(PASS, NO_SUIT)]
        coup = fastsim_tables.tables(sim.players).coup
        moves: list[ismcts.Move] = []
        for card in sim.legal_cards():
            if card == coup and not sim.trick:
                moves += [(card, suit) for suit in range(4)]
            else:
                moves.append((card, NO_SUIT))
        return moves

    def mover(self, sim: fastsim.Hand) -> int:
        return sim.to_act

    def apply(self, sim: fastsim.Hand, move: Any) -> None:
        sim.apply(move)

    def over(self, sim: fastsim.Hand) -> bool:
        return sim.over()

    def play_out(self, sim: fastsim.Hand, rng: random.Random) -> list[float]:
        return [gain / FRANCS for gain in sim.play_out(rng)]

    def rewards(self, sim: fastsim.Hand) -> list[float]:
        return [gain / FRANCS for gain in sim.payoff()]

    def move_of(self, decision: Any) -> ismcts.Move:
        return fastsim_tables.move_of(decision, self.seen.players)


# The game for two ----------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelDeals:
    """The hand's card play in the game for two's fast simulator, from one seat's view."""

    seen: DuelView
    known: DuelKnowledge

    def deal(self, rng: random.Random) -> duel_fastsim.DuelHand:
        return duel_fastsim.DuelHand.from_state(duel_resample(self.seen, rng, self.known))

    def moves(self, sim: duel_fastsim.DuelHand) -> Sequence[ismcts.Move]:
        joker = duel_fastsim.JOKER_NUMBER
        if sim.hand_type is duel_fastsim.HandType.DOMINOES:
            choices = sim.dominoes_choices()
            if joker in choices and sim.start < 0:
                return [(move, NO_SUIT) for move in choices if move != joker] + \
                    [(joker, suit) for suit in range(4)]
            return [(move, NO_SUIT) for move in choices]
        moves: list[ismcts.Move] = []
        for card in sim.legal_cards():
            if card == joker and not sim.trick:
                moves += [(card, suit) for suit in sim.joker_suits()]
            else:
                moves.append((card, NO_SUIT))
        return moves

    def mover(self, sim: duel_fastsim.DuelHand) -> int:
        return sim.to_act

    def apply(self, sim: duel_fastsim.DuelHand, move: Any) -> None:
        sim.apply(move)

    def over(self, sim: duel_fastsim.DuelHand) -> bool:
        return sim.over()

    def play_out(self, sim: duel_fastsim.DuelHand, rng: random.Random) -> list[float]:
        winner = sim.play_out(rng)
        return [float(seat == winner) for seat in range(2)]

    def rewards(self, sim: duel_fastsim.DuelHand) -> list[float]:
        winner = sim.winner()
        return [float(seat == winner) for seat in range(2)]

    def move_of(self, decision: Any) -> ismcts.Move:
        return duel_fastsim.move_of(decision)


# The bluffing games ---------------------------------------------------------------------------
@dataclass
class BluffPosition:
    """An imagined position of a bluffing game, played on (the engine's states are
    immutable: this holds the current one)."""

    state: BluffState
    start_wins: tuple[int, ...]
    rng: random.Random
    turns: int = 0


@dataclass(frozen=True)
class BluffDeals:
    """A bluffing game's round on the engine, from one seat's view and the claims it heard;
    a position is judged after `bluff_search.HORIZON` turns as Hard judges it."""

    seen: CoupView
    claims: Mapping[int, Set[Character]]

    def deal(self, rng: random.Random) -> BluffPosition:
        state = bluff_resample(self.seen, rng)
        position = BluffPosition(state, state.round_wins, random.Random(rng.randrange(2**62)))
        self._chance(position)
        return position

    def moves(self, sim: BluffPosition) -> list[ismcts.Move]:
        return list(bluff_legal(sim.state))

    def mover(self, sim: BluffPosition) -> int:
        return sim.state.to_act

    def apply(self, sim: BluffPosition, move: Any) -> None:
        sim.state = bluff_decide(sim.state, move).state
        sim.turns += sim.state.turn is None
        self._chance(sim)

    def over(self, sim: BluffPosition) -> bool:
        state = sim.state
        return state.phase in bluff_search.ROUND_OVER or (
            state.turn is None and sim.turns >= bluff_search.HORIZON)

    def play_out(self, sim: BluffPosition, rng: random.Random) -> list[float]:
        """The round played on by Medium players who remember the claims heard."""
        players = [MediumPlayer(rng.randrange(2**32)) for _ in range(sim.state.players)]
        for player in players:
            player.remember(self.claims, sim.state.round_index)
        while not self.over(sim):
            seat = sim.state.to_act
            self.apply(sim, players[seat].decide(bluff_view(sim.state, seat),
                                                 bluff_legal(sim.state)))
        return self.rewards(sim)

    def rewards(self, sim: BluffPosition) -> list[float]:
        state = sim.state
        seats = range(state.players)
        if state.phase in bluff_search.ROUND_OVER:
            return [float(state.round_wins[seat] > sim.start_wins[seat]) for seat in seats]
        return [bluff_search.standing(state, seat) if state.alive(seat) else 0.0
                for seat in seats]

    @staticmethod
    def _chance(sim: BluffPosition) -> None:
        while sim.state.shuffle_due and sim.state.phase not in bluff_search.ROUND_OVER:
            deck = sim.state.deck
            shuffled = Shuffle(tuple(sim.rng.sample(deck, len(deck))))
            sim.state = bluff_decide(sim.state, shuffled).state

    def move_of(self, decision: Any) -> ismcts.Move:
        return decision
