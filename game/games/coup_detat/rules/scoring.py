"""What each seat took or did in a hand, priced by the Director's chart and judged against
the Coup chart."""

from __future__ import annotations

from dataclasses import dataclass

from game.games.coup_detat.rules.charts import DIRECTORS_CHART, KING_OF_HEARTS, Deck, HandType
from game.games.coup_detat.rules.state import HandState


@dataclass(frozen=True, slots=True)
class Achievements:
    """One seat's record in one hand: the things the charts price."""

    king_of_hearts: bool = False
    queens: int = 0
    spades: int = 0
    first_trick: bool = False
    last_trick: bool = False
    first_out: bool = False
    last_out: bool = False


def achievements(hand: HandState, deck: Deck) -> tuple[Achievements, ...]:
    """Every seat's record in a finished hand."""
    players = len(hand.hands)
    if hand.dominos is not None:
        out = hand.dominos.out
        return tuple(
            Achievements(
                first_out=bool(out) and out[0] == seat,
                last_out=hand.dominos.last_out == seat,
            )
            for seat in range(players)
        )
    tricks = hand.tricks
    assert tricks is not None
    taken: list[list] = [[] for _ in range(players)]
    for trick in tricks.done:
        taken[trick.winner].extend(card for _, card in trick.plays)
    if tricks.center_won_by is not None:
        taken[tricks.center_won_by].append(hand.center)
    first, last = tricks.done[0].winner, tricks.done[-1].winner
    return tuple(
        Achievements(
            king_of_hearts=KING_OF_HEARTS in cards,
            queens=sum(1 for card in cards if card in deck.queens),
            spades=sum(1 for card in cards if card in deck.spades),
            first_trick=seat == first,
            last_trick=seat == last,
        )
        for seat, cards in enumerate(taken)
    )


def penalty(hand_type: HandType, record: Achievements) -> int:
    """What the Director's chart makes this record pay the Director."""
    chart = DIRECTORS_CHART[hand_type]
    return (
        chart.king_of_hearts * record.king_of_hearts
        + chart.each_queen * record.queens
        + chart.each_spade * record.spades
        + chart.first_trick * record.first_trick
        + chart.last_trick * record.last_trick
        + chart.last_out * record.last_out
    )


def coup_goal_met(hand_type: HandType, record: Achievements, deck: Deck) -> bool:
    """Did this record achieve the Coup chart's goal for the hand type?"""
    all_queens = record.queens == len(deck.queens)
    all_spades = record.spades == len(deck.spades)
    first_and_last = record.first_trick and record.last_trick
    match hand_type:
        case HandType.BARBU:
            return record.king_of_hearts
        case HandType.WATERLOO:
            return all_queens
        case HandType.SIEGE:
            return all_spades
        case HandType.TOUCHE:
            return first_and_last
        case HandType.GUILLOTINE:
            return record.king_of_hearts and all_queens and all_spades and first_and_last
        case HandType.DOMINOS:
            return record.first_out
