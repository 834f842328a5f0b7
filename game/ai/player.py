"""What every computer player is: given a seat's view and its legal decisions, pick one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine.ruleset import Decision, View


class Player(Protocol):
    def decide(self, view: View, legal: Sequence[Decision]) -> Decision: ...
