"""Between the rounds of a bluffing match, the tally of round wins; at its end, who won,
the rounds each took and how the last round left the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.games.coup.rules.view import CoupView
from game.rules.words import Naming, capitalized, counted
from game.ui.scenes.common import draw_lines
from game.ui.table.overlays import GameOverOverlay, ResultOverlay

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.host import TableTold


def round_name(index: int, rounds: int) -> str:
    """"round 2 of 3" (the first round is index 0)."""
    return f"round {index + 1} of {rounds}"


def tally_lines(view: CoupView, names: Sequence[str]) -> list[str]:
    """The rounds each player has won, most first (seat order among equals)."""
    order = sorted(range(len(names)), key=lambda seat: -view.round_wins[seat])
    return [f"{names[seat]}: {counted(view.round_wins[seat], 'round')} won" for seat in order]


def between_rounds_lines(view: CoupView, winner: int, naming: Naming) -> list[str]:
    """After a round that does not end the match: who took it, the tally, what comes."""
    played = sum(view.round_wins)
    won = capitalized(naming.does(winner, "wins"))
    return [f"**{won} {round_name(played - 1, view.rounds)}", "",
            "**Rounds won", *tally_lines(view, naming.names), "",
            f"Next: {round_name(played, view.rounds)}, with fresh cards and coins.",
            "The most round wins take the match; equal tallies share it."]


def match_result(view: CoupView, naming: Naming) -> str:
    """"Ada wins the match", "You win the match" or "Ada and Bob share the match"."""
    winners = view.winners
    if not winners:
        return "Nobody wins the match"
    if len(winners) == 1:
        return capitalized(f"{naming.does(winners[0], 'wins')} the match")
    return capitalized(f"{naming.all(winners)} share the match")


def final_lines(view: CoupView, naming: Naming) -> list[str]:
    """The match's result in words, the tally of a match of rounds, and the last round."""
    names = naming.names
    lines = [f"**{match_result(view, naming)}", ""]
    if view.rounds > 1:
        lines += ["**Rounds won", *tally_lines(view, names), "",
                  f"**The last round ({round_name(view.rounds - 1, view.rounds)})"]
    for seat, name in enumerate(names):
        lost = ", ".join(c.label for c in view.revealed[seat]) or "none"
        state = "still standing" if view.alive[seat] else "out"
        coins = counted(view.coins[seat], "coin")
        lines.append(f"{name}: {state}; {coins}; influences lost: {lost}")
    return lines


class BetweenRoundsScene(ResultOverlay):
    """The tally after a round of a match of several; Continue deals the next round."""

    def __init__(self, app: App, table: TableTold, view: CoupView, winner: int) -> None:
        played = sum(view.round_wins)
        super().__init__(app, table, f"Round {played} of {view.rounds} is over",
                         between_rounds_lines(view, winner, table.naming))


class BluffGameOverScene(GameOverOverlay):
    title = "The match is over"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lines = final_lines(self.final_view(), self.table.naming)
        draw_lines(surface, lines, self.text_origin(), round(19 * self.scale))
