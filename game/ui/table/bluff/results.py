"""The end of a bluffing match: who won, the rounds each took, who was left standing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.coup_bluff.view import CoupView
from game.ui.scenes.common import draw_lines
from game.ui.scenes.results import GameOverOverlay


def final_lines(view: CoupView, names: Sequence[str]) -> list[str]:
    """The match's result in words, and each player's tally."""
    winners = ", ".join(names[seat] for seat in view.winners) or "Nobody"
    lines = [f"**{winners} wins the match", ""]
    for seat, name in enumerate(names):
        tally = [f"{view.coins[seat]} coins"]
        if view.rounds > 1:
            tally.insert(0, f"{view.round_wins[seat]} of {view.rounds} rounds won")
        lost = ", ".join(c.label for c in view.revealed[seat]) or "none"
        state = "still standing" if view.alive[seat] else "out"
        lines.append(f"{name}: {state}; {', '.join(tally)}; influences lost: {lost}")
    return lines


class BluffGameOverScene(GameOverOverlay):
    title = "The match is over"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lines = final_lines(self.final_view(), self.table.names)
        draw_lines(surface, lines, self.text_origin(), round(19 * self.scale))
