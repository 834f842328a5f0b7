"""The time the window lives by: every animation, computer's pause and timer reads it.

A player's clock runs at the speed of the wall clock. Tests run the very same code faster
by giving the window a clock with a higher `speed`: a second of the table's time then
passes in a fraction of a real second, and everything that waits (frames, the idle sleep,
the computers' pace) waits that much less, so no setting has to change to make a test quick.
"""

from __future__ import annotations

import time


class Clock:
    def __init__(self, speed: float = 1.0) -> None:
        if speed <= 0:
            raise ValueError(f"a clock's speed must be positive, not {speed}")
        self.speed = speed
        self._origin = time.monotonic()
        self._last_tick: float | None = None

    def now(self) -> float:
        """The table's time in seconds (a monotonic clock, sped up by `speed`)."""
        return self._origin + (time.monotonic() - self._origin) * self.speed

    def real_seconds(self, seconds: float) -> float:
        """How long `seconds` of the table's time last on the wall clock."""
        return seconds / self.speed

    def tick(self, frame_rate: int) -> float:
        """Wait until the next frame is due (`frame_rate` frames a second of the table's
        time, 0: at once) and return the table's seconds since the previous tick."""
        now = self.now()
        if self._last_tick is None:
            self._last_tick = now
            return 0.0
        if frame_rate > 0:
            due = self._last_tick + 1 / frame_rate
            if now < due:
                time.sleep(self.real_seconds(due - now))
                now = self.now()
        elapsed, self._last_tick = now - self._last_tick, now
        return elapsed
