"""How a play-out's hand is settled: who made his coup or a Hidden Coup, who pays the
Director what, and each seat's francs from the hand (fastsim.Hand.payoff)."""

from __future__ import annotations

from typing import Protocol

from game.games.coup_detat.ai.fastsim_tables import tables
from game.games.coup_detat.rules.charts import (
    COUP_CHART,
    DIRECTORS_CHART,
    HIDDEN_COUP_TYPES,
    HandType,
)

DIRECTOR_VALUE_PER_HAND = 350  # what holding the office is worth for each hand left


class FinishedHand(Protocol):
    """What settling reads of a finished play-out (fastsim.Hand has it all)."""

    players: int
    hand_type: HandType
    director: int
    coup_player: int  # -1: a Director's hand
    hands: list[list[int]]
    hands_left: int
    treasury: int
    first_winner: int
    last_winner: int
    queens: list[int]
    spades: list[int]
    king_of_hearts_taker: int
    out: list[int]


def outcome(hand: FinishedHand) -> tuple[bool | None, int | None, list[int]]:
    """(the coup succeeded, or None in a Director's hand; the hidden coup's player;
    each seat's Director's penalties when neither)."""
    players, hand_type = hand.players, hand.hand_type
    if hand.coup_player >= 0:
        return _goal_met(hand, hand.coup_player), None, [0] * players
    hidden = next((s for s in range(players) if s != hand.director
                   and hand_type in HIDDEN_COUP_TYPES and _goal_met(hand, s)), None)
    if hidden is not None:
        return None, hidden, [0] * players
    return None, None, [0 if s == hand.director else _penalty(hand, s)
                        for s in range(players)]


def payoff(hand: FinishedHand) -> list[float]:
    """Each seat's francs from the hand, and the office's worth where it changes."""
    players, line = hand.players, COUP_CHART[hand.hand_type]
    gains = [0.0] * players
    new_director = hand.director
    succeeded, hidden, penalties = outcome(hand)
    if succeeded is not None:
        seat = hand.coup_player
        if succeeded:
            _collect(hand, gains, seat, line.reward)
            new_director = seat
        else:
            gains[seat] -= line.failure
            gains[hand.director] += line.failure  # the Treasury, likely his at round end
    elif hidden is not None:
        _collect(hand, gains, hidden, line.reward)
        new_director = hidden
    else:
        for seat, cost in enumerate(penalties):
            gains[seat] -= cost
            gains[hand.director] += cost
    if new_director != hand.director:
        office = DIRECTOR_VALUE_PER_HAND * (hand.hands_left - 1)
        gains[new_director] += office
        gains[hand.director] -= office
    return gains


def _collect(hand: FinishedHand, gains: list[float], seat: int, reward: int) -> None:
    for other in range(hand.players):
        if other != seat:
            gains[other] -= reward
            gains[seat] += reward
    gains[seat] += hand.treasury


def _penalty(hand: FinishedHand, seat: int) -> int:
    chart = DIRECTORS_CHART[hand.hand_type]
    if hand.hand_type is HandType.DOMINOS:
        last = next((s for s in range(hand.players) if hand.hands[s]), -1)
        return chart.last_out if seat == last else 0
    return (chart.king_of_hearts * (hand.king_of_hearts_taker == seat)
            + chart.each_queen * hand.queens[seat] + chart.each_spade * hand.spades[seat]
            + chart.first_trick * (hand.first_winner == seat)
            + chart.last_trick * (hand.last_winner == seat))


def _goal_met(hand: FinishedHand, seat: int) -> bool:
    t = tables(hand.players)
    king = hand.king_of_hearts_taker == seat
    queens = hand.queens[seat] == t.queen_count
    spades = hand.spades[seat] == t.spade_count
    touche = hand.first_winner == seat and hand.last_winner == seat
    match hand.hand_type:
        case HandType.BARBU:
            return king
        case HandType.WATERLOO:
            return queens
        case HandType.SIEGE:
            return spades
        case HandType.TOUCHE:
            return touche
        case HandType.GUILLOTINE:
            return king and queens and spades and touche
    return bool(hand.out) and hand.out[0] == seat
