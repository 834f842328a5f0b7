"""What the window makes before a frame needs it, a piece at a time (each a few
milliseconds), while nothing moves or after a frame that left time to spare: a picture, a
module, a sound first made inside a frame made that frame stutter.

Two queues. The pictures scenes name (`draw`: the faces a table will deal, the table to
come) go first; a piece of work `named` takes the place of what is left of the work of
that name. Then, once the first frame is shown, what the first screens will ask for
(`start`: New game's module, the tables' modules and players), after which `then` runs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

Work = Callable[[], object]


class WorkAhead:
    def __init__(self) -> None:
        self._drawings: deque[tuple[str | None, Work]] = deque()
        self._startup: deque[Work] | None = None
        self._then: Callable[[], None] = lambda: None

    @property
    def started(self) -> bool:
        """Has the work of the first screens been handed over (`start`)?"""
        return self._startup is not None

    @property
    def drawing(self) -> bool:
        """Are pictures still to be made?"""
        return bool(self._drawings)

    def draw(self, drawings: Iterable[Work], *, named: str | None = None) -> None:
        """Pictures a scene will soon show; `named`: in place of what is left of the work
        of that name (the table to come, when New game's settings change)."""
        if named is not None:
            self._drawings = deque(item for item in self._drawings if item[0] != named)
        self._drawings.extend((named, drawing) for drawing in drawings)

    def start(self, work: Iterable[Work], then: Callable[[], None]) -> None:
        """What the first screens will ask for, done while nothing moves; then `then`."""
        self._startup, self._then = deque(work), then

    def while_idle(self) -> bool:
        """Do one piece of work, a picture first; False if there was none."""
        if self._drawings:
            self._drawings.popleft()[1]()
            return True
        if self._startup:
            self._startup.popleft()()
            if not self._startup:
                self._then()
            return True
        return False

    def in_spare_time(self) -> None:
        """After a frame that left time to spare: one picture, if one is waiting."""
        if self._drawings:
            self._drawings.popleft()[1]()
