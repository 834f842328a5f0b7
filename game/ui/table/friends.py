"""A seat at a friend's table: beside the table's screen, it reads each frame what the host
sent (the connection has its own thread: nothing here waits), and says over the table what
the host refused, who lost the connection, and when this machine's own connection is lost
and being taken up again."""

from __future__ import annotations

from game.net.at_friends import AtFriends
from game.services.table.controller import TableController

AWAY = "The connection to the table was lost: taking it up again…"


class FriendsTable:
    def __init__(self, at: AtFriends) -> None:
        self.at = at
        self._said_ended = False
        self.chat = at.chat

    def update(self, controller: TableController) -> None:
        at = self.at
        at.pump()
        while at.logged:  # before the events it comes with are told
            controller.log.add(at.logged.pop(0))
        while at.remarks:
            controller.say(at.remarks.pop(0), seconds=4)
        if at.away:
            controller.say(AWAY, seconds=1.5)
        if at.over and at.ended and not self._said_ended:
            self._said_ended = True
            controller.say(at.ended, seconds=30)

    def wake_at(self, now: float) -> float | None:
        """When the table needs a turn although nothing moves: the moment the seat, stuck
        (a message of the host's lost), asks the host again (`now`: the table's clock)."""
        seconds = self.at.look_in()
        return None if seconds is None else now + seconds

    def time_left(self) -> tuple[int, float] | None:
        """The seat to act whose decision is timed, and the seconds it has left."""
        return self.at.time_left()

    def close(self) -> None:
        self.at.close()
