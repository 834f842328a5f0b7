"""What every computer player is, of whichever game: given a seat's view and its legal
decisions, it picks one. Each game's players (its entry's `players`) are made to it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine.ruleset import Decision, View


class Player(Protocol):
    def decide(self, view: View, legal: Sequence[Decision]) -> Decision: ...
