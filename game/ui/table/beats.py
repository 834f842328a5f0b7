"""Events shown one after another: one event is one beat, shown with its timing (how long
its cards take to move, the pause after, its sound). Each game's kit times its events;
what the games played with cards share is here."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.card_play import CardPlayed, Passed, RunEnded, RunStarted
from game.ui.table.stage import Key, Placement


@dataclass(frozen=True)
class Timing:
    move: float = 0.0  # seconds the cards take to move (at normal speed)
    hold: float = 0.0  # seconds to wait before they move (to let a trick be seen)
    after: float = 0.0  # seconds to wait after, before the next beat
    sound: str | None = None
    stagger: float = 0.0  # seconds between successive cards (a deal)


NO_TIMING = Timing()
CARD_PLAY_TIMINGS: dict[type, Timing] = {
    CardPlayed: Timing(move=0.28, after=0.05, sound="card"),
    RunStarted: Timing(after=0.5),
    RunEnded: Timing(after=0.2),
    Passed: Timing(after=0.4),
}
"""The card play's events, alike in every game played with cards."""


def deal_order(viewer: int | None, dealer: int | None, players: int,
               targets: dict[Key, Placement]) -> dict[Key, int]:
    """When each card arrives in a deal: one at a time round the table, from the dealer's
    left, as a dealer deals."""
    dealer = dealer if dealer is not None else 0
    own = [key for key in targets if isinstance(key, tuple) and key[0] == "card"]
    order: dict[Key, int] = {}
    for key in targets:
        if not isinstance(key, tuple):
            continue
        if key[0] == "back":
            seat, index = key[1], key[2]
        elif key in own and viewer is not None:
            seat, index = viewer, own.index(key)
        else:
            continue
        order[key] = index * players + (seat - dealer - 1) % players
    return order


def fade_in(target: Placement) -> Placement:
    """Where a card that comes from nowhere starts: in its place, unseen."""
    return Placement(target.x, target.y, target.face_up, target.angle, target.z, target.width,
                     opacity=0.0)
