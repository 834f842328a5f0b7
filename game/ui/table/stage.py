"""Things that move on the table: each sprite glides from where it was to where the layout
wants it. The table never animates by hand: it says where everything should be now (and
where a newcomer comes from), and the stage interpolates. A card played, a trick gathered,
a deal: each is only a change of places.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace

Key = Hashable


@dataclass(frozen=True)
class Placement:
    x: float
    y: float
    face_up: bool = True
    angle: float = 0.0
    z: int = 0
    width: int = 0  # 0: the layout's card width
    lifted: bool = False  # a legal card in the hand, raised a little
    dimmed: bool = False  # a card that may not be played now
    opacity: float = 1.0


def _ease(t: float) -> float:
    """Ease-out cubic: quick start, soft landing."""
    return 1 - (1 - t) ** 3


def _mix(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def between(start: Placement, end: Placement, t: float) -> Placement:
    if t >= 1:
        return end
    e = _ease(max(0.0, t))
    return replace(
        end,
        x=_mix(start.x, end.x, e),
        y=_mix(start.y, end.y, e),
        angle=_mix(start.angle, end.angle, e),
        width=round(_mix(start.width or end.width, end.width or start.width, e)),
        opacity=_mix(start.opacity, end.opacity, e),
        face_up=end.face_up if e > 0.5 else start.face_up,  # a card turns half-way
    )


@dataclass
class Sprite:
    key: Key
    start: Placement
    end: Placement
    begins: float  # time the move starts
    duration: float

    def at(self, now: float) -> Placement:
        if self.duration <= 0 or now >= self.begins + self.duration:
            return self.end
        if now <= self.begins:
            return self.start
        return between(self.start, self.end, (now - self.begins) / self.duration)

    def moving(self, now: float) -> bool:
        return now < self.begins + self.duration and self.start != self.end


Spawn = Callable[[Key, Placement], Placement]


class Stage:
    def __init__(self) -> None:
        self.sprites: dict[Key, Sprite] = {}

    def arrange(self, targets: Mapping[Key, Placement], now: float, duration: float, *,
                spawn: Spawn | None = None, delay: Callable[[Key], float] | None = None,
                hold: float = 0.0) -> None:
        """Send every sprite to its target; sprites not in `targets` leave; newcomers start
        where `spawn` says (default: in place). `hold` waits before anything moves;
        `delay` staggers sprites (a deal)."""
        old = self.sprites
        self.sprites = {}
        for key, target in targets.items():
            current = old.get(key)
            if current is not None:
                start = current.at(now)
            else:
                start = spawn(key, target) if spawn else target
            begins = now + hold + (delay(key) if delay else 0.0)
            self.sprites[key] = Sprite(key, start, target, begins, duration)

    def finish(self) -> None:
        """Everything to its place at once (a click skips the animation)."""
        for sprite in self.sprites.values():
            sprite.duration = 0.0

    def busy(self, now: float) -> bool:
        return any(sprite.moving(now) for sprite in self.sprites.values())

    def ends_at(self) -> float:
        return max((s.begins + s.duration for s in self.sprites.values()), default=0.0)

    def placements(self, now: float) -> list[tuple[Key, Placement]]:
        """Every sprite where it is now, bottom first."""
        placed = [(key, sprite.at(now)) for key, sprite in self.sprites.items()]
        placed.sort(key=lambda item: item[1].z)
        return placed
