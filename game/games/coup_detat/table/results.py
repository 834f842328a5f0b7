"""After a hand of the 1966 game: who took what, every payment, the coup's fate, the
Treasury. After the game: the standings and each player's worth hand by hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.engine.match import Match
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import KING_OF_HEARTS, deck_for
from game.games.coup_detat.rules.narration import francs
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat.table.arrange import piles
from game.rules.words import counted
from game.ui import text
from game.ui.scenes.common import draw_lines
from game.ui.table.hud import MUTED
from game.ui.table.overlays import GameOverOverlay, ResultOverlay

if TYPE_CHECKING:
    from game.services.table.telling import Beat
    from game.ui.app import App
    from game.ui.scene import Scene
    from game.ui.table.host import TablesTold, TableTold


def takings(view: CoupDetatView, names: Sequence[str]) -> list[str]:
    """One line a seat: what he took (trick hands) or when he went out (Dominos)."""
    if view.dominos is not None:
        out = view.dominos.out
        return [f"{name}: " + ("first out" if seat in out[:1] else
                               f"out {out.index(seat) + 1}" if seat in out else "last out")
                for seat, name in enumerate(names)]
    deck = deck_for(view.players)
    taken = piles(view)
    tricks = Counter(trick.winner for trick in view.tricks_done)
    first = view.tricks_done[0].winner if view.tricks_done else None
    last = view.tricks_done[-1].winner if view.tricks_done else None
    lines = []
    for seat, name in enumerate(names):
        cards = taken.get(seat, [])
        parts = [counted(tricks[seat], "trick")]
        if KING_OF_HEARTS in cards:
            parts.append("K♥")
        queens = [card.label for card in cards if card in deck.queens]
        if queens:
            parts.append(" ".join(queens))
        spades = sum(1 for card in cards if card in deck.spades)
        if spades:
            parts.append(counted(spades, "Spade"))
        if seat == first:
            parts.append("first trick")
        if seat == last:
            parts.append("last trick")
        lines.append(f"{name}: " + ", ".join(parts))
    return lines


class HandResultScene(ResultOverlay):
    def __init__(self, app: App, table: TableTold, beat: Beat) -> None:
        names, hand_view = table.names, table.telling.hand_view
        heading = "**How they went out" if hand_view and hand_view.dominos \
            else "**What each took"
        lines = [heading, *(takings(hand_view, names) if hand_view else [])]
        settlement = table.telling.hand_settlement()
        settling = [line for event, state in settlement
                    for line in table.narrator.lines(event, state)]
        lines += ["", "**Settling", *(settling or ["Nobody pays anything."])]
        after = settlement[-1][1] if settlement else beat.state
        lines.append(f"Treasury now: {francs(after.treasury)}")
        if any(isinstance(event, ev.RoundEnded) for event, _ in settlement):
            worth = after.all_worth()
            order = sorted(range(len(names)), key=lambda seat: -worth[seat])
            lines += ["", "**Standings", *(f"{names[seat]}: {francs(worth[seat])}"
                                           for seat in order)]
        hand_type = hand_view.hand_type if hand_view else None
        super().__init__(app, table, f"{hand_type.label} is over" if hand_type
                         else "The hand is over", lines)


def worth_by_hand(match: Match) -> list[tuple[int, ...]]:
    """Every player's worth at the start and after each hand (public facts only).

    A hand's point is taken once everything after it is paid, up to the next deal: the
    Treasury the Director takes at a round's end comes after the hand's end, and belongs
    to it. So the last point is each player's final worth. Only the decisions whose
    events end a hand or deal one are replayed, from the state the match kept before
    each (replaying the whole game held the frame that shows the game's end)."""
    history = [match.ruleset.new_game(match.options).all_worth()]
    hand_over = False  # a hand has ended and its point waits for the next deal
    for index, turn in enumerate(match.turns):
        events = match.events_of(index)
        if not any(isinstance(event, ev.HandEnded | ev.Dealt) for event in events):
            continue
        state = turn.state_before
        for event, after in match.beats_of(index):
            if hand_over and isinstance(event, ev.Dealt):
                history.append(state.all_worth())
                hand_over = False
            state = after
            hand_over = hand_over or isinstance(event, ev.HandEnded)
    if hand_over:
        history.append(match.state.all_worth())
    return history


CHART_COLOURS = ((230, 190, 90), (120, 190, 240), (230, 110, 110), (140, 220, 140),
                 (200, 150, 230), (240, 150, 70), (110, 210, 200), (225, 225, 225))


class GameOverScene(GameOverOverlay):
    def __init__(self, app: App, table: TableTold) -> None:
        super().__init__(app, table)
        state = table.match.state
        self.worth = state.all_worth()
        self.winners = state.winners
        self.history = worth_by_hand(table.match)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect = self.panel_rect()
        scale = self.scale
        names = self.table.names
        order = sorted(range(len(names)), key=lambda seat: -self.worth[seat])
        lines = []
        for seat in order:
            crown = "  winner" if seat in self.winners else ""
            lines.append(f"{names[seat]}: {francs(self.worth[seat])}{crown}")
        top_left = (rect.left + round(40 * scale), rect.top + round(64 * scale))
        y = draw_lines(surface, lines, top_left, round(19 * scale))
        chart = Rect(rect.left + round(40 * scale), y + round(10 * scale),
                     rect.width - round(80 * scale), self.content_bottom() - y)
        draw_worth_chart(surface, chart, list(zip(*self.history, strict=True)), names, scale)


def draw_worth_chart(surface: pygame.Surface, rect: Rect, series: Sequence[Sequence[int]],
                     names: Sequence[str], scale: float) -> None:
    """A line a player (`series[seat]`: his worth at the start and after each hand):
    worth (vertical) after each hand (horizontal), each named at its end. At two tables, a
    table of three plays fewer hands: its lines end sooner, their names by their ends (on
    the ground's colour, over the lines that go on); the others' right of every line."""
    pygame.draw.rect(surface, (10, 18, 14), rect, border_radius=8)
    hands = max(map(len, series), default=0)
    if hands < 2:
        return
    values = [value for line in series for value in line]
    low, high = min(values), max(values)
    span = max(1, high - low)
    size = round(12 * scale)
    gap = round(6 * scale)
    widest = max(text.measure(name, size, True) for name in names)
    inner = rect.inflate(-round(30 * scale), -round(30 * scale))
    inner.left = rect.left + round(50 * scale)
    inner.width = max(1, rect.right - gap - widest - gap - inner.left)

    def point(hand: int, value: int) -> tuple[int, int]:
        x = inner.left + inner.width * hand / (hands - 1)
        y = inner.bottom - inner.height * (value - low) / span
        return round(x), round(y)

    for value in (low, (low + high) // 2, high):
        y = point(0, value)[1]
        pygame.draw.line(surface, (40, 60, 48), (inner.left, y), (inner.right, y))
        surface.blit(text.render(f"{value:,}", size, MUTED),
                     (rect.left + round(4 * scale), y - size // 2))
    for seat, line in enumerate(series):
        points = [point(hand, value) for hand, value in enumerate(line)]
        pygame.draw.lines(surface, CHART_COLOURS[seat % len(CHART_COLOURS)], False, points,
                          max(2, round(3 * scale)))
    label_height = text.font(size, True).get_linesize()
    taken: list[Rect] = []  # the names already placed
    by_final = sorted(range(len(names)), key=lambda seat: point(0, series[seat][-1])[1])
    for seat in by_final:
        end_x, end_y = point(len(series[seat]) - 1, series[seat][-1])
        label = text.render(names[seat], size, CHART_COLOURS[seat % len(CHART_COLOURS)],
                            bold=True)
        box = label.get_rect(topleft=(end_x + gap, end_y - label_height // 2))
        while any(box.colliderect(other) for other in taken):
            box.y += label_height  # players who end level: stack their names
        taken.append(box)
        if end_x < inner.right:  # a line that ends sooner (a table of three): its name by
            pygame.draw.rect(surface, (10, 18, 14), box.inflate(4, 0))  # its end, over
        surface.blit(label, box)  # the others' lines
    surface.blit(text.render("after each hand", size, MUTED), (inner.left, rect.bottom - size - 6))


class TwoTableResults:
    """The 1966 game at two tables: a table's end, then the whole match's."""

    def table_over(self, app: App, table: TableTold, tables: TablesTold) -> Scene:
        return TableOverScene(app, table, tables)

    def match_over(self, app: App, table: TableTold, tables: TablesTold) -> Scene:
        return MatchOverScene(app, table, tables)


class TableOverScene(ResultOverlay):
    """One table has finished; the other plays on."""

    def __init__(self, app: App, table: TableTold, tables: TablesTold) -> None:
        state = table.match.state
        worth = state.all_worth()
        names = table.names
        order = sorted(range(len(names)), key=lambda seat: -worth[seat])
        other = tables.other + 1
        lines = ["**Final worth at this table", *(f"{names[seat]}: {francs(worth[seat])}"
                                                   for seat in order),
                 "", f"Table {other} plays on. The winner is the highest worth at both "
                     "tables, once both have finished."]
        super().__init__(app, table, f"Table {tables.shown + 1} has finished", lines)


class MatchOverScene(GameOverOverlay):
    """Both tables have finished: everyone's final worth, highest first, with his table;
    and a line a player, his worth hand by hand."""

    title = "The match is over"

    def __init__(self, app: App, table: TableTold, tables: TablesTold) -> None:
        super().__init__(app, table)
        session = tables.session
        self.names = session.names
        self.standings = session.standings()
        self.series: list[Sequence[int]] = [()] * session.match.players
        for at, game in enumerate(session.match.matches):
            for local, line in enumerate(zip(*worth_by_hand(game), strict=True)):
                self.series[session.seat_of(at, local)] = line

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect = self.panel_rect()
        scale = self.scale
        lines = []
        for standing in self.standings:
            crown = "  winner" if standing.place == 1 else ""
            lines.append(f"{standing.place}. {self.names[standing.seat]} (table "
                         f"{standing.table + 1}): {francs(standing.score)}{crown}")
        top_left = (rect.left + round(40 * scale), rect.top + round(60 * scale))
        y = draw_lines(surface, lines, top_left, round(16 * scale), spacing=1.1)
        chart = Rect(rect.left + round(40 * scale), y + round(8 * scale),
                     rect.width - round(80 * scale), self.content_bottom() - y)
        draw_worth_chart(surface, chart, self.series, self.names, scale)
