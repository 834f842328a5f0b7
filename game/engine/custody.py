"""Where a game's cards are, as the game itself says: what every game answers besides its
`Ruleset`, so that one contract suite (tests/test_contract.py) can check every game the
same way: at every moment each card of the deck is somewhere, once; and what a seat is
shown depends on none of the cards it cannot see (deal those anew among the places it
cannot see, and its view is the same).

A game's entry (game/games/plugin.py) holds its `Custody`, written in its rules package.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Protocol, TypeVar

__all__ = ["Custody", "Privacy", "dealt_anew", "drawn_at_random"]

StateT = TypeVar("StateT")  # the game's state
EventT = TypeVar("EventT")  # the game's event
CardT = TypeVar("CardT")


class Custody(Protocol[StateT]):
    """Where the cards of a game's state are, and which a seat cannot see."""

    def deck(self, state: StateT) -> Iterable[Hashable]:
        """The cards the game is played with at this moment, each as often as the deck
        holds it (none before the first deal)."""
        ...

    def everywhere(self, state: StateT) -> Iterable[Hashable]:
        """Every card of the state, once for each place it lies: hands, tricks, piles,
        cards set aside or out of play."""
        ...

    def unseen_dealt_anew(self, state: StateT, seat: int | None,
                          rng: random.Random) -> StateT:
        """The state with the cards `seat` cannot see (None: a spectator, who sees no
        hand) shuffled among the places it cannot see, each place keeping its number of
        cards: what the seat knows is unchanged, so its view must be too."""
        ...


class Privacy(Protocol[EventT]):
    """What of each event of a game a seat may know."""

    def event_seen(self, event: EventT, seat: int | None, rng: random.Random) -> EventT:
        """The event with every card `seat` cannot see (None: a spectator, who sees no
        hand) replaced by a random card of the game's, all else unchanged (a deal's hidden
        cards may instead be dealt anew among its hidden places, whose cards together the
        seat knows). Told to the seat with the state after it dealt anew
        (`Custody.unseen_dealt_anew`), it reads as the true event does, and it holds
        nothing true of the cards the seat could not see."""
        ...


def dealt_anew(places: Sequence[Sequence[CardT]],
               rng: random.Random) -> list[tuple[CardT, ...]]:
    """The cards of `places` (hands, piles) shuffled among them, each place keeping its
    number of cards."""
    cards = [card for place in places for card in place]
    rng.shuffle(cards)
    dealt, start = [], 0
    for place in places:
        dealt.append(tuple(cards[start:start + len(place)]))
        start += len(place)
    return dealt


def drawn_at_random(cards: Sequence[CardT], kinds: Sequence[CardT],
                    rng: random.Random) -> tuple[CardT, ...]:
    """As many cards as `cards`, each drawn at random from `kinds`: cards of which the
    seat may know how many there are, and nothing else."""
    return tuple(rng.choice(kinds) for _ in cards)
