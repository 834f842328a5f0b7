"""Follow a match's new events, each with the state it led to.

A log panel, the terminal or an animation layer reads a match through a follower: each
call hands out the events since the last call. After an undo or redo the story is not
told again; the follower simply catches up with the match.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.engine.match import Match
from game.engine.ruleset import Event, State


class Follower:
    def __init__(self, match: Match, *, from_start: bool = False) -> None:
        self.match = match
        if from_start:
            self._state: State = match.ruleset.new_game(match.options)
            self._told = 0
            self._rewinds = match.rewinds
        else:
            self._catch_up()

    rewound = False  # did the last call catch up after an undo or redo?

    def _catch_up(self) -> None:
        self._state = self.match.state
        self._told = len(self.match.events)
        self._rewinds = self.match.rewinds

    @property
    def caught_up(self) -> bool:
        """Has every event of the match been handed out (and no undo come since)?"""
        return self._told == len(self.match.events) and self._rewinds == self.match.rewinds

    def new_events(self) -> Iterator[tuple[Event, State]]:
        """Each event since the last call, with the state just after it."""
        match = self.match
        self.rewound = match.rewinds != self._rewinds
        if self.rewound:
            self._catch_up()
            return
        apply = match.ruleset.apply
        while self._told < len(match.events):
            event = match.events[self._told]
            self._state = apply(self._state, event)
            self._told += 1
            yield event, self._state
