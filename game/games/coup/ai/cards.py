"""What the bluffing players share: how much a face-down character is worth, the hand to
keep whatever the phase asks (lose, keep, swap, pick, return, a failed reveal), the odds
that a player holds a character given what is face up, and who the strongest opponent is.
Everything here reads only the seat's own view."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from game.games.coup.rules.charts import COPIES, COUP, INQUISITOR, Character, Variant
from game.games.coup.rules.decisions import (
    Decision,
    Keep,
    Lose,
    ReturnCards,
    Reveal,
    Swap,
)
from game.games.coup.rules.state import without
from game.games.coup.rules.view import CoupView

WORTH = {Character.DUKE: 5, Character.CAPTAIN: 4, Character.ASSASSIN: 4,
         Character.INQUISITOR: 4, Character.CONTESSA: 3, Character.AMBASSADOR: 2}
"""A face-down character's worth: the Duke's sure income first, the Ambassador last."""
TWIN_PENALTY = 2  # a second copy of a character adds less than a different one
VALUABLE = 4  # the Inquisitor sends back a shown card worth this much or more
VARIANTS = {COUP.id: COUP, INQUISITOR.id: INQUISITOR}


def variant_of(view: CoupView) -> Variant:
    return VARIANTS[view.variant]


def hand_worth(cards: Sequence[Character]) -> int:
    distinct = set(cards)
    return sum(WORTH[c] for c in cards) - TWIN_PENALTY * (len(cards) - len(distinct))


def kept(view: CoupView, decision: Decision) -> tuple[Character, ...]:
    """The face-down cards the seat keeps after `decision` (a phase that gives cards up)."""
    hand = view.hand
    match decision:
        case Keep(cards=cards):
            return cards
        case Lose(character=lost) | Reveal(character=lost):
            return without(hand, lost)
        case ReturnCards(cards=returned):
            return without(hand, *returned)
        case Swap(character=given):
            drawn = len(hand) - 1
            own = hand[:drawn]
            return own if given is None else (*without(own, given), hand[drawn])
    return hand


def keep_best(view: CoupView, legal: Sequence[Decision]) -> Decision:
    """The decision that leaves the seat the most valuable hand (the first of equals)."""
    return max(legal, key=lambda decision: hand_worth(kept(view, decision)))


def weakest(cards: Sequence[Character]) -> Character:
    return min(cards, key=lambda c: WORTH[c])


def face_up(view: CoupView, character: Character) -> int:
    """How many copies of `character` everyone can see (the revealed cards)."""
    return sum(cards.count(character) for cards in view.revealed)


def unseen_copies(view: CoupView, character: Character) -> int:
    """The copies the seat has not seen: not in its hand nor face up."""
    return max(0, COPIES - view.hand.count(character) - face_up(view, character))


def unseen_cards(view: CoupView) -> int:
    """Every card the seat cannot see: the others' face-down cards, the deck, the discards."""
    others = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    return others + view.deck_size + view.out_of_game_size


def holds_odds(view: CoupView, seat: int, character: Character) -> float:
    """The chance that `seat` holds `character`, its cards drawn blindly from the unseen."""
    pool, copies, size = unseen_cards(view), unseen_copies(view, character), \
        view.hand_sizes[seat]
    if copies == 0 or size == 0 or pool == 0:
        return 0.0
    size = min(size, pool)
    return 1.0 - comb(pool - copies, size) / comb(pool, size)


def opponents(view: CoupView) -> list[int]:
    return [seat for seat, alive in enumerate(view.alive) if alive and seat != view.seat]


def strength(view: CoupView, seat: int) -> tuple[int, int]:
    """How dangerous a player is: his influence first, then his coins."""
    return view.hand_sizes[seat], view.coins[seat]


def strongest(view: CoupView, seats: Sequence[int]) -> int:
    return max(seats, key=lambda seat: strength(view, seat))
