"""What each player took or did in a hand, judged against the Prime Minister's chart and
the Coup chart. `JOKER` is never a Spade, a Jack or a Queen: only real cards count."""

from __future__ import annotations

from dataclasses import dataclass

from game.games.coup_detat_duel.rules.charts import (
    JACKS,
    JACKS_FOR_A_COUP,
    JACKS_PRIME_MINISTER_MAY_TAKE,
    PLAYERS,
    QUEEN_OF_HEARTS,
    SPADES,
    HandType,
)
from game.games.coup_detat_duel.rules.state import HandState


@dataclass(frozen=True, slots=True)
class Takings:
    """One player's record in one hand: what the charts look at."""

    queen_of_hearts: bool = False
    spades: int = 0
    jacks: int = 0
    tricks: int = 0
    first_trick: bool = False
    last_trick: bool = False
    won_dominoes: bool = False  # first out, or the winner of a blocked layout


def takings(hand: HandState) -> tuple[Takings, ...]:
    """Both players' records in a finished hand."""
    if hand.dominoes is not None:
        return tuple(Takings(won_dominoes=_dominoes_winner(hand) == seat)
                     for seat in range(PLAYERS))
    assert hand.tricks is not None
    done = hand.tricks.done
    taken: list[list] = [[] for _ in range(PLAYERS)]
    for trick in done:
        taken[trick.winner].extend(card for _, card in trick.plays)
    return tuple(
        Takings(
            queen_of_hearts=QUEEN_OF_HEARTS in cards,
            spades=sum(1 for card in cards if card in SPADES),
            jacks=sum(1 for card in cards if card in JACKS),
            tricks=sum(1 for trick in done if trick.winner == seat),
            first_trick=done[0].winner == seat,
            last_trick=done[-1].winner == seat,
        )
        for seat, cards in enumerate(taken)
    )


def _dominoes_winner(hand: HandState) -> int | None:
    layout = hand.dominoes
    assert layout is not None
    if layout.out is not None:
        return layout.out
    return blocked_winner(hand)


def blocked_winner(hand: HandState) -> int:
    """Neither can lay: fewer cards wins; equal counts, the player of the first card."""
    counts = [len(cards) for cards in hand.hands]
    if counts[0] != counts[1]:
        return counts.index(min(counts))
    assert hand.dominoes is not None and hand.dominoes.first_player is not None
    return hand.dominoes.first_player


def prime_minister_succeeds(hand_type: HandType, pm: Takings, peasant: Takings) -> bool:
    """The Prime Minister's chart: his goal in his own hand (ties are his)."""
    match hand_type:
        case HandType.MARIE:
            return not pm.queen_of_hearts
        case HandType.SIEGE:
            return pm.spades <= peasant.spades
        case HandType.WATERLOO:
            return pm.jacks <= JACKS_PRIME_MINISTER_MAY_TAKE
        case HandType.GUILLOTINE:
            return pm.tricks <= peasant.tricks
        case HandType.TOUCHE:
            return not (pm.first_trick and pm.last_trick)
        case HandType.DOMINOES:
            return pm.won_dominoes  # not last out
    raise AssertionError(hand_type)


def coup_succeeds(hand_type: HandType, peasant: Takings, pm: Takings) -> bool:
    """The Coup chart: the Peasant's goal in his coup (ties are a failure)."""
    match hand_type:
        case HandType.MARIE:
            return peasant.queen_of_hearts
        case HandType.SIEGE:
            return peasant.spades > pm.spades
        case HandType.WATERLOO:
            return peasant.jacks >= JACKS_FOR_A_COUP
        case HandType.GUILLOTINE:
            return peasant.tricks > pm.tricks
        case HandType.TOUCHE:
            return peasant.first_trick and peasant.last_trick
        case HandType.DOMINOES:
            return peasant.won_dominoes  # first out
    raise AssertionError(hand_type)
