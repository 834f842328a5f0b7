"""What one seat may know, and the legal decisions of the seat to act.

A view holds the seat's own cards (in hand, set aside, drawn from the Bastille) and the
public facts: the scoresheet, the offices, whether JOKER was announced, how many cards
each player set aside, the cards played and the Dominoes layout. Never the other player's
cards, his set-aside cards, nor the Bastille.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from game.cards import JOKER, Card, Suit
from game.engine.ruleset import GAME_OVER, Pending
from game.games.coup_detat_duel.rules.charts import (
    CHART,
    EXCHANGE_LIMITS,
    PLAYERS,
    ROUNDS,
    HandType,
)
from game.games.coup_detat_duel.rules.decide import available_hand_types, first_lead_limits
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    ChooseHandType,
    Decision,
    KeepQuiet,
    PlayCard,
    SetAside,
)
from game.games.coup_detat_duel.rules.dominoes import layable
from game.games.coup_detat_duel.rules.state import (
    DominoesPlay,
    HandResult,
    HandState,
    Phase,
    State,
)
from game.rules.card_play import dominos_choices
from game.rules.trick_taking import Trick, playable

NO_CARDS = (0,) * PLAYERS  # every seat's count between hands
_CHANCE = {Phase.CUT: Pending(None, "cut"), Phase.DEAL: Pending(None, "deal")}


def pending(state: State) -> Pending:
    phase = state.phase
    if phase in _CHANCE:
        return _CHANCE[phase]
    if phase is Phase.OVER:
        return GAME_OVER
    assert state.hand is not None
    return Pending(state.hand.to_act, phase.value)


def legal(state: State) -> list[Decision]:
    """Every decision the seat to act may make now (empty at chance or game over)."""
    hand = state.hand
    if hand is None:
        return []
    seat = hand.to_act
    match state.phase:
        case Phase.COUP:
            coups: list[Decision] = [AnnounceCoup(seat, t) for t in available_hand_types(state)]
            return [*coups, KeepQuiet(seat)]
        case Phase.CHOOSE:
            return [ChooseHandType(seat, t) for t in available_hand_types(state)]
        case Phase.EXCHANGE:
            return _set_aside_decisions(state, hand, seat)
        case Phase.PLAY if hand.dominoes is not None:
            return _dominoes_decisions(hand, seat, hand.dominoes)
        case Phase.PLAY:
            return _trick_decisions(state, hand, seat)
    return []


def _set_aside_decisions(state: State, hand: HandState, seat: int) -> list[Decision]:
    """Every set of cards the seat may set aside, fewest cards first."""
    assert hand.hand_type is not None
    barred = CHART[hand.hand_type].not_to_set_aside
    allowed = [card for card in hand.hands[seat] if card not in barred]
    limits = EXCHANGE_LIMITS[state.role(seat)]
    return [SetAside(seat, cards) for size in range(limits.fewest, limits.most + 1)
            for cards in combinations(allowed, size)]


def _trick_decisions(state: State, hand: HandState, seat: int) -> list[Decision]:
    tricks = hand.tricks
    assert tricks is not None
    led_suit = tricks.led_suit if tricks.plays else None
    limits = first_lead_limits(state)
    decisions: list[Decision] = []
    for card in playable(hand.hands[seat], led_suit, limits):
        if card is JOKER and led_suit is None:
            decisions.extend(PlayCard(seat, JOKER, suit) for suit in Suit if suit not in limits)
        else:
            decisions.append(PlayCard(seat, card))
    return decisions


def _dominoes_decisions(hand: HandState, seat: int, layout: DominoesPlay) -> list[Decision]:
    plays: list[PlayCard] = []
    for card in layable(hand.hands[seat], layout):
        if card is JOKER and layout.start is None:
            plays.extend(PlayCard(seat, JOKER, suit) for suit in Suit)
        else:
            plays.append(PlayCard(seat, card))
    return [*dominos_choices(seat, plays, layout.runner)]


@dataclass(frozen=True, slots=True)
class DuelView:
    """One seat's knowledge of the game (`seat` None: a spectator's, public facts only)."""

    seat: int | None
    phase: Phase
    to_act: int | None
    prime_minister: int | None
    first_prime_minister: int | None  # round 1's first PM (he is the tiebreak's PM)
    round_index: int  # ROUNDS during the tiebreak
    rounds: int
    tiebreak: bool
    points: tuple[int, ...]
    scoresheet: tuple[HandResult, ...]
    played_this_round: tuple[HandType, ...]
    hand: tuple[Card, ...]  # this seat's own cards
    hand_sizes: tuple[int, ...]  # every seat's number of cards in hand
    set_aside: tuple[Card, ...]  # this seat's own set-aside cards
    drawn: tuple[Card, ...]  # what this seat drew from the Bastille
    set_aside_counts: tuple[int, ...]  # how many each seat set aside (public)
    bastille_size: int  # cards still in the Bastille (face down)
    hand_type: HandType | None
    coup: bool  # the Peasant announced JOKER
    trick: tuple[tuple[int, Card], ...]
    led_suit: Suit | None
    tricks_done: tuple[Trick, ...]
    dominoes: DominoesPlay | None
    winners: tuple[int, ...]

    @property
    def players(self) -> int:
        """Two: known before the first event, whatever has been dealt."""
        return PLAYERS


def _own_cards(hand: HandState | None, seat: int | None) -> tuple[tuple[Card, ...], ...]:
    """The seat's cards in hand, set aside and drawn (nothing for a spectator)."""
    if hand is None or seat is None:
        return (), (), ()
    return hand.hands[seat], hand.set_aside[seat], hand.drawn[seat]


def view(state: State, seat: int | None) -> DuelView:
    hand = state.hand
    held, set_aside, drawn = _own_cards(hand, seat)
    tricks = hand.tricks if hand is not None else None
    return DuelView(
        seat=seat,
        phase=state.phase,
        to_act=pending(state).seat,
        prime_minister=state.prime_minister,
        first_prime_minister=state.first_prime_minister,
        round_index=state.round_index,
        rounds=ROUNDS,
        tiebreak=state.tiebreak,
        points=state.points,
        scoresheet=state.results,
        played_this_round=state.played_this_round,
        hand=held,
        hand_sizes=tuple(len(cards) for cards in hand.hands) if hand else NO_CARDS,
        set_aside=set_aside,
        drawn=drawn,
        set_aside_counts=tuple(len(cards) for cards in hand.set_aside) if hand else NO_CARDS,
        bastille_size=len(hand.bastille) if hand else 0,
        hand_type=hand.hand_type if hand else None,
        coup=hand.coup if hand else False,
        trick=tricks.plays if tricks else (),
        led_suit=tricks.led_suit if tricks else None,
        tricks_done=tricks.done if tricks else (),
        dominoes=hand.dominoes if hand else None,
        winners=state.winners,
    )
