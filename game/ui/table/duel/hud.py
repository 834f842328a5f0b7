"""The furniture of the table for two, drawn from a view: the banner with the hand in play,
the scoresheet (hands won, by type, round by round), the chart of the hand in play, the
two plates with the offices, and the Bastille's label. Pure drawing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.rules.coup_detat_duel.charts import (
    CHART,
    EXCHANGE_LIMITS,
    ROUNDS,
    HandType,
    Role,
)
from game.rules.coup_detat_duel.state import HandResult, Phase
from game.rules.coup_detat_duel.view import DuelView
from game.ui import art, text
from game.ui.table.hud import GOLD, HIGHLIGHT, INK, MUTED, blit_text, panel

CRIMSON_LIGHT = (236, 120, 112)


def role_of(view: DuelView, seat: int) -> Role:
    return Role.PRIME_MINISTER if seat == view.prime_minister else Role.PEASANT


def chooser(view: DuelView) -> int | None:
    """Who set the hand's goal: the PM, or the Peasant in a coup."""
    if view.prime_minister is None:
        return None
    return 1 - view.prime_minister if view.coup else view.prime_minister


def goal_line(view: DuelView, names: Sequence[str]) -> str:
    """What the hand's chooser must do, in words."""
    assert view.hand_type is not None
    line = CHART[view.hand_type]
    seat = chooser(view)
    who = "You" if seat == view.seat else names[seat] if seat is not None else "?"
    goal = line.coup_goal if view.coup else line.prime_ministers_goal
    return f"{who} must {goal}; the other tries to stop it."


def banner_lines(view: DuelView, names: Sequence[str]) -> tuple[str, str]:
    """The headline and one line of what matters now."""
    if view.phase is Phase.OVER:
        return "The game is over", "Most hands won decides the winner."
    if view.prime_minister is None:
        return ("Cutting for Prime Minister",
                "The higher card wins: JOKER, then Ace, King, Queen ... 7. Ties cut again.")
    pm, peasant = names[view.prime_minister], names[1 - view.prime_minister]
    stage = "Tiebreak" if view.tiebreak else f"Round {view.round_index + 1} of {ROUNDS}"
    if view.phase is Phase.DEAL:
        return f"{stage}: Prime Minister {pm} deals", f"Peasant: {peasant}"
    if view.hand_type is None:
        if view.phase is Phase.COUP:
            return (f"{stage}: {peasant} holds JOKER",
                    "Announce it and name a coup, or keep it quiet and let the Prime "
                    "Minister choose.")
        return f"{stage}: Prime Minister {pm} names the hand", f"Peasant: {peasant}"
    kind = f"a coup by {peasant}" if view.coup else f"Prime Minister {pm}'s hand"
    headline = f"{view.hand_type.label}: {kind}"
    if view.phase is Phase.EXCHANGE:
        return headline, exchange_line(view, names)
    return headline, goal_line(view, names)


def exchange_line(view: DuelView, names: Sequence[str]) -> str:
    seat = view.to_act
    assert view.hand_type is not None and seat is not None
    limits = EXCHANGE_LIMITS[role_of(view, seat)]
    who = "You set" if seat == view.seat else f"{names[seat]} sets"
    barred = CHART[view.hand_type].not_to_set_aside_words
    never = f" Never {barred}." if barred else ""
    return (f"The Bastille: {who} aside {limits.fewest} to {limits.most} cards and "
            f"draw{'' if seat == view.seat else 's'} as many.{never}")


def draw_banner(surface: pygame.Surface, rect: Rect, view: DuelView, names: Sequence[str],
                scale: float, suit_colours: text.SuitColours) -> None:
    panel(surface, rect, (12, 22, 18, 215), border=(120, 96, 48))
    headline, goal = banner_lines(view, names)
    left = rect.left + round(14 * scale)
    blit_text(surface, headline, round(22 * scale), GOLD, (left, rect.top + round(5 * scale)),
              bold=True, suit_colours=suit_colours)
    size = fitting(goal, round(15 * scale), rect.width - round(28 * scale))
    blit_text(surface, goal, size, INK, (left, rect.top + round(33 * scale)),
              suit_colours=suit_colours)


# The scoresheet ----------------------------------------------------------------------------


def short_name(name: str, size: int, width: int) -> str:
    while len(name) > 2 and text.measure(name, size, True) > width:
        name = name[:-1]
    return name


def cell_words(result: HandResult, names: Sequence[str], size: int, width: int) -> str:
    mark = "*" if result.coup else ""
    return short_name(names[result.winner], size, width - text.measure(mark, size)) + mark


def draw_scoresheet(surface: pygame.Surface, rect: Rect, view: DuelView,
                    names: Sequence[str], scale: float, *, title: str = "Scoresheet") -> None:
    """Hands won, by type, round by round: each cell names the hand's winner (* a coup);
    the tiebreak below; the points at the foot."""
    surface.blit(art.board_plank(rect.size), rect.topleft)
    size = max(10, round(14 * scale))
    blit_text(surface, title, round(17 * scale), GOLD,
              (rect.centerx, rect.top + round(8 * scale)), bold=True, anchor="midtop")
    label_x = rect.left + round(12 * scale)
    first = label_x + max(text.measure(t.label, size, True) for t in HandType) + round(6 * scale)
    column = (rect.right - round(8 * scale) - first) // ROUNDS
    header_y = rect.top + round(32 * scale)
    word = "Round " if text.measure("Round 2", size, True) < column - round(6 * scale) else "R"
    for index in range(ROUNDS):
        current = index == view.round_index and not view.tiebreak
        blit_text(surface, f"{word}{index + 1}", size, HIGHLIGHT if current else MUTED,
                  (first + column * index + column // 2, header_y), anchor="midtop", bold=current)
    rows = [*HandType]
    line = (rect.height - round(112 * scale)) / (len(rows) + 1)
    cells = {(r.round_index, r.hand_type): r for r in view.scoresheet}
    for row, hand_type in enumerate(rows):
        y = round(header_y + round(22 * scale) + line * (row + 0.5))
        in_play = hand_type is view.hand_type and view.phase is not Phase.OVER
        blit_text(surface, hand_type.label, size, HIGHLIGHT if in_play else INK,
                  (label_x, y), anchor="midleft", bold=in_play)
        for index in range(ROUNDS):
            x = first + column * index + column // 2
            result = cells.get((index, hand_type))
            if result is None:
                pygame.draw.circle(surface, (40, 24, 12), (x, y), max(2, round(3 * scale)))
                continue
            colour = GOLD if result.winner == view.seat else INK
            blit_text(surface, cell_words(result, names, size, column - 4), size, colour,
                      (x, y), anchor="center", bold=True)
    tiebreak = cells.get((ROUNDS, HandType.DOMINOES))
    y = round(header_y + round(22 * scale) + line * (len(rows) + 0.5))
    if view.tiebreak or tiebreak is not None:
        words = "Tiebreak (Dominoes): " + (names[tiebreak.winner] if tiebreak else "playing")
        blit_text(surface, words, size, CRIMSON_LIGHT, (label_x, y), anchor="midleft", bold=True)
    _points(surface, rect, view, names, scale)


def _points(surface: pygame.Surface, rect: Rect, view: DuelView, names: Sequence[str],
            scale: float) -> None:
    size = max(11, round(16 * scale))
    y = rect.bottom - round(46 * scale)
    pygame.draw.line(surface, (90, 60, 30), (rect.left + round(10 * scale), y),
                     (rect.right - round(10 * scale), y), 2)
    half = rect.width // 2
    for seat, points in enumerate(view.points):
        x = rect.left + half * seat + half // 2
        name = short_name(names[seat], size, half - round(50 * scale))
        colour = HIGHLIGHT if seat in view.winners else INK
        blit_text(surface, f"{name}  {points}", size, colour, (x, y + round(10 * scale)),
                  anchor="midtop", bold=True)
    blit_text(surface, "* a coup", max(9, round(11 * scale)), MUTED,
              (rect.right - round(10 * scale), rect.bottom - round(4 * scale)),
              anchor="bottomright")


# The chart of the hand in play -----------------------------------------------------------


def chart_lines(view: DuelView) -> tuple[str, list[str]]:
    """The chart's title and lines for the hand in play (or the hands left to choose)."""
    if view.hand_type is None:
        left = [t.label for t in HandType if t not in view.played_this_round]
        if view.tiebreak:
            left = [HandType.DOMINOES.label]
        return "Hands left this round", [", ".join(left) if left else "-"]
    line = CHART[view.hand_type]
    lines = [f"PM's hand: {line.prime_ministers_goal}.", f"Coup: {line.coup_goal}."]
    if line.not_to_set_aside_words:
        lines.append(f"Never set aside {line.not_to_set_aside_words}.")
    if line.no_first_lead:
        suits = " or ".join(suit.plural for suit in line.no_first_lead)
        lines.append(f"No first lead in {suits}.")
    if view.hand_type is HandType.DOMINOES:
        lines.append("JOKER is a 6 of any suit.")
    return f"The chart: {view.hand_type.label}", lines


def draw_chart(surface: pygame.Surface, rect: Rect, view: DuelView, scale: float) -> None:
    panel(surface, rect)
    pad = round(10 * scale)
    title, lines = chart_lines(view)
    blit_text(surface, title, round(16 * scale), GOLD,
              (rect.left + pad, rect.top + round(6 * scale)), bold=True)
    size = max(10, round(13 * scale))
    height = text.font(size).get_linesize()
    rows = [row for line in lines for row in text.wrap(line, size, rect.width - 2 * pad)]
    while size > 9 and len(rows) * height > rect.height - round(34 * scale):
        size -= 1
        height = text.font(size).get_linesize()
        rows = [row for line in lines for row in text.wrap(line, size, rect.width - 2 * pad)]
    y = rect.top + round(30 * scale)
    for row in rows:
        if y + height > rect.bottom:
            break
        blit_text(surface, row, size, INK, (rect.left + pad, y))
        y += height


# The plates --------------------------------------------------------------------------------


def seat_lines(view: DuelView, seat: int) -> tuple[str, str]:
    """Under the name: the office; the points, the cards held and set aside."""
    office = role_of(view, seat).title if view.prime_minister is not None else "Cutting"
    points = view.points[seat]
    parts = [f"{points} point{'s' if points != 1 else ''}"]
    if seat != view.seat and view.hand_sizes[seat]:
        parts.append(f"{view.hand_sizes[seat]} cards")
    if view.set_aside_counts[seat]:
        parts.append(f"{view.set_aside_counts[seat]} set aside")
    return office, " · ".join(parts)


def fitting(words: str, size: int, room: int, *, bold: bool = False) -> int:
    """The type size, at most `size`, at which `words` fit in `room` pixels."""
    while size > 9 and text.measure(words, size, bold) > room:
        size -= 1
    return size


def draw_plate(surface: pygame.Surface, rect: Rect, *, name: str, view: DuelView, seat: int,
               scale: float, to_act: bool, status: str) -> None:
    panel(surface, rect, border=HIGHLIGHT if to_act else None)
    pad = round(8 * scale)
    badges = []
    if view.prime_minister == seat:
        badges.append(art.director_badge(round(26 * scale)))
    if view.coup and view.prime_minister is not None and seat != view.prime_minister:
        badges.append(art.coup_badge(round(26 * scale)))
    room = rect.width - 2 * pad - sum(b.get_width() + round(4 * scale) for b in badges)
    blit_text(surface, name, fitting(name, round(17 * scale), room, bold=True),
              HIGHLIGHT if to_act else INK, (rect.left + pad, rect.top + round(4 * scale)),
              bold=True)
    x = rect.right - pad
    for badge in badges:
        x -= badge.get_width()
        surface.blit(badge, (x, rect.top + round(4 * scale)))
        x -= round(4 * scale)
    small = max(10, round(13 * scale))
    office, counts = seat_lines(view, seat)
    colour = GOLD if view.prime_minister == seat else MUTED
    blit_text(surface, office, small, colour, (rect.left + pad, rect.top + round(28 * scale)),
              bold=True)
    blit_text(surface, counts, fitting(counts, small, rect.width - 2 * pad), INK,
              (rect.left + pad, rect.top + round(47 * scale)))
    if status:
        blit_text(surface, status, small, GOLD, (rect.centerx, rect.bottom - round(4 * scale)),
                  anchor="midbottom")


def seat_status(view: DuelView, seat: int, *, thinking: bool, now: float) -> str:
    parts = []
    if thinking:
        parts.append("thinking" + "." * (1 + int(now * 3) % 3))
    if view.dominoes is not None and view.dominoes.out == seat:
        parts.append("out of cards")
    if view.hand_type is HandType.TOUCHE and view.tricks_done \
            and view.tricks_done[0].winner == seat:
        parts.append("took the first trick")
    if view.hand_type is HandType.GUILLOTINE and view.tricks_done:
        won = sum(1 for trick in view.tricks_done if trick.winner == seat)
        parts.append(f"{won} trick{'s' if won != 1 else ''}")
    return " · ".join(parts)


def draw_pile_label(surface: pygame.Surface, at: tuple[float, float], words: str,
                    scale: float) -> None:
    """A word under a pile on the felt (the Bastille)."""
    blit_text(surface, words, max(10, round(13 * scale)), MUTED,
              (round(at[0]), round(at[1])), anchor="midtop", bold=True)
