"""After a hand of the game for two: what each took (or how Dominoes ended), who scored the
point and why, the score. After the game: the final score, the tiebreak, the scoresheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.cards import Card
from game.games.coup_detat_duel.rules.charts import JACKS, QUEEN_OF_HEARTS, SPADES, HandType
from game.games.coup_detat_duel.rules.view import DuelView
from game.games.coup_detat_duel.table.hud import draw_scoresheet
from game.rules.words import Naming, capitalized, counted
from game.ui.art import board_plank
from game.ui.scenes.common import draw_lines, lines_step
from game.ui.table.overlays import GameOverOverlay, ResultOverlay

if TYPE_CHECKING:
    from game.services.table.telling import Beat
    from game.ui.app import App
    from game.ui.table.host import TableTold


def takings(view: DuelView, names: Sequence[str]) -> list[str]:
    """One line a seat: his tricks and what counts in this hand (or how Dominoes ended)."""
    if view.dominoes is not None:
        return _dominoes_end(view, names)
    tricks = Counter(trick.winner for trick in view.tricks_done)
    ends = (view.tricks_done[0].winner, view.tricks_done[-1].winner) if view.tricks_done \
        else (None, None)
    lines = []
    for seat, name in enumerate(names):
        cards = [card for trick in view.tricks_done if trick.winner == seat
                 for _, card in trick.plays]
        parts = [counted(tricks[seat], "trick"), *_what_counts(view.hand_type, cards)]
        if view.hand_type is HandType.TOUCHE:
            parts += [words for words, taker in zip(("first trick", "last trick"), ends,
                                                    strict=True) if taker == seat]
        lines.append(f"{name}: " + ", ".join(parts))
    return lines


def _what_counts(hand_type: HandType | None, cards: Sequence[Card]) -> list[str]:
    """The cards taken that decide this hand: the Q♥, the Spades, the Jacks."""
    if hand_type is HandType.MARIE:
        return ["Q♥"] if QUEEN_OF_HEARTS in cards else []
    if hand_type is HandType.SIEGE:
        return [counted(sum(1 for card in cards if card in SPADES), "Spade")]
    if hand_type is HandType.WATERLOO:
        return [counted(sum(1 for card in cards if card in JACKS), "Jack")]
    return []


def _dominoes_end(view: DuelView, names: Sequence[str]) -> list[str]:
    dominoes = view.dominoes
    assert dominoes is not None
    if dominoes.out is not None:
        return [f"{names[dominoes.out]} went out first."]
    left = ", ".join(f"{name} {counted(view.hand_sizes[seat], 'card')}"
                     for seat, name in enumerate(names))
    return [f"Neither could lay a card: {left} left."]


class DuelHandResultScene(ResultOverlay):
    def __init__(self, app: App, table: TableTold, beat: Beat) -> None:
        names = table.names
        hand = table.telling.hand_view
        heading = "**How it ended" if hand is not None and hand.dominoes else "**What each took"
        lines = [heading, *(takings(hand, names) if hand is not None else [])]
        settlement = table.telling.hand_settlement()
        told = [line for event, state in settlement
                for line in table.narrator.lines(event, state)]
        lines += ["", "**The point", *told]
        after = settlement[-1][1] if settlement else beat.state
        points = after.points
        lines += ["", "Score: " + " · ".join(f"{name} {points[seat]}"
                                             for seat, name in enumerate(names))]
        hand_type = hand.hand_type if hand is not None else None
        super().__init__(app, table, f"{hand_type.label} is over" if hand_type
                         else "The hand is over", lines)


def winning(winners: Sequence[int], naming: Naming) -> str:
    """"Ada wins", "you win", "Ada and you share the win"."""
    if len(winners) == 1:
        return naming.does(winners[0], "wins")
    return f"{naming.all(winners)} share the win" if winners else "nobody wins"


def final_lines(view: DuelView, naming: Naming) -> list[str]:
    """The result in words: who won, by how much, and the tiebreak if there was one."""
    points = view.points
    order = sorted(range(len(points)), key=lambda seat: -points[seat])
    score = "–".join(str(points[seat]) for seat in order)
    lines = [f"**{capitalized(winning(view.winners, naming))} {score}"]
    if view.tiebreak or any(result.round_index >= view.rounds for result in view.scoresheet):
        lines.append("Level after two rounds: the tiebreak hand of Dominoes decided it.")
    return lines


class DuelGameOverScene(GameOverOverlay):
    def __init__(self, app: App, table: TableTold) -> None:
        super().__init__(app, table)
        board_plank(self._sheet_rect().size)  # made now, not in the frame that first shows it

    def _sheet_rect(self) -> Rect:
        """The scoresheet's place: under the result's lines, down to the buttons."""
        scale = self.scale
        lines = final_lines(self.final_view(), self.table.naming)
        y = self.text_origin()[1] + len(lines) * lines_step(round(21 * scale))
        sheet = Rect(0, 0, round(420 * scale), self.content_bottom() - y)
        sheet.midtop = (self.panel_rect().centerx, y + round(10 * scale))
        return sheet

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        view = self.final_view()
        draw_lines(surface, final_lines(view, self.table.naming), self.text_origin(),
                   round(21 * self.scale))
        draw_scoresheet(surface, self._sheet_rect(), view, self.table.names, self.scale)
