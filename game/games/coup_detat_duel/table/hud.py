"""The furniture of the table for two, drawn from a view: the banner with the hand in play,
the scoresheet (hands won, by type, round by round), the chart of the hand in play, the
two plates with the offices, and the Bastille's label. Pure drawing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from game.games.coup_detat_duel.rules.charts import (
    CHART,
    EXCHANGE_LIMITS,
    ROUNDS,
    HandType,
    Role,
)
from game.games.coup_detat_duel.rules.state import HandResult, Phase
from game.games.coup_detat_duel.rules.view import DuelView
from game.rules.words import Naming, capitalized, counted
from game.ui import art, text
from game.ui.table.hud import GOLD, HIGHLIGHT, INK, MUTED, blit_text, panel
from game.ui.text import ellipsized, fitting

CRIMSON_LIGHT = (236, 120, 112)


def role_of(view: DuelView, seat: int) -> Role:
    return Role.PRIME_MINISTER if seat == view.prime_minister else Role.PEASANT


def chooser(view: DuelView) -> int | None:
    """Who set the hand's goal: the PM, or the Peasant in a coup."""
    if view.prime_minister is None:
        return None
    return 1 - view.prime_minister if view.coup else view.prime_minister


def goal_line(view: DuelView, naming: Naming) -> str:
    """What the hand's chooser must do, in words."""
    assert view.hand_type is not None
    line = CHART[view.hand_type]
    seat = chooser(view)
    goal = line.coup_goal if view.coup else line.prime_ministers_goal
    if seat is None:
        return f"The hand's goal: {goal}."
    return capitalized(f"{naming.name(seat)} must {goal}; "
                       f"{naming.does(1 - seat, 'tries')} to stop it.")


def banner_lines(view: DuelView, naming: Naming) -> tuple[str, str]:
    """The headline and one line of what matters now (the person reading is "you")."""
    if view.phase is Phase.OVER:
        return "The game is over", "Most hands won decides the winner."
    if view.prime_minister is None:
        return ("Cutting for Prime Minister",
                "The higher card wins: JOKER, then Ace, King, Queen ... 7. Ties cut again.")
    if view.hand_type is None or view.phase is Phase.DEAL:
        return _before_the_hand(view, view.prime_minister, naming)
    pm = view.prime_minister
    if view.coup:
        kind = f"a coup by {naming.name(1 - pm)}"
    elif pm == naming.you:
        kind = "your hand as Prime Minister"
    else:
        kind = f"Prime Minister {naming.name(pm)}'s hand"
    headline = f"{view.hand_type.label}: {kind}"
    if view.phase is Phase.EXCHANGE:
        return headline, exchange_line(view, naming)
    return headline, goal_line(view, naming)


def _before_the_hand(view: DuelView, pm: int, naming: Naming) -> tuple[str, str]:
    """The banner while the hand is dealt and its type not yet named."""
    stage = "Tiebreak" if view.tiebreak else f"Round {view.round_index + 1} of {ROUNDS}"
    peasant = 1 - pm
    if view.phase is Phase.COUP:
        return (f"{stage}: {naming.does(peasant, 'holds')} JOKER",
                "Announce it and name a coup, or keep it quiet and let the Prime "
                "Minister choose.")
    yours = pm == naming.you
    if view.phase is Phase.DEAL:
        doing = "you deal, as Prime Minister" if yours else \
            f"Prime Minister {naming.name(pm)} deals"
    else:
        doing = "as Prime Minister, you name the hand" if yours else \
            f"Prime Minister {naming.name(pm)} names the hand"
    return f"{stage}: {doing}", f"Peasant: {naming.name(peasant)}"


def exchange_line(view: DuelView, naming: Naming) -> str:
    seat = view.to_act
    assert view.hand_type is not None and seat is not None
    limits = EXCHANGE_LIMITS[role_of(view, seat)]
    barred = CHART[view.hand_type].not_to_set_aside_words
    never = f" Never {barred}." if barred else ""
    return (f"The Bastille: {naming.does(seat, 'sets')} aside {limits.fewest} to "
            f"{limits.most} cards and {naming.verb(seat, 'draws')} as many.{never}")


def draw_banner(surface: pygame.Surface, rect: Rect, view: DuelView, naming: Naming,
                scale: float, suit_colours: text.SuitColours) -> None:
    panel(surface, rect, (12, 22, 18, 215), border=(120, 96, 48))
    headline, goal = banner_lines(view, naming)
    left = rect.left + round(14 * scale)
    blit_text(surface, headline, round(22 * scale), GOLD, (left, rect.top + round(5 * scale)),
              bold=True, suit_colours=suit_colours)
    size = fitting(goal, round(15 * scale), rect.width - round(28 * scale))
    blit_text(surface, goal, size, INK, (left, rect.top + round(33 * scale)),
              suit_colours=suit_colours)


# The scoresheet ----------------------------------------------------------------------------


def cell_words(result: HandResult, names: Sequence[str], size: int, width: int) -> str:
    mark = "*" if result.coup else ""
    return ellipsized(names[result.winner], size, width - text.measure(mark, size)) + mark


def sheet_size(rect: Rect, names: Sequence[str], scale: float) -> int:
    """The scoresheet's type: at most its design size, small enough (but not under 9) for
    the hand types and every player's name with its coup's mark to fit side by side."""
    inner = rect.width - round(20 * scale)
    size = max(10, round(14 * scale))
    while size > 9 and _sheet_width(size, names, scale) > inner:
        size -= 1
    return size


def _sheet_width(size: int, names: Sequence[str], scale: float) -> int:
    labels = max(text.measure(t.label, size, True) for t in HandType) + round(6 * scale)
    cell = max(text.measure(f"{name}*", size, True) for name in names) + CELL_ROOM
    return labels + ROUNDS * cell


CELL_ROOM = 4  # pixels between two cells of a row


def draw_scoresheet(surface: pygame.Surface, rect: Rect, view: DuelView,
                    names: Sequence[str], scale: float, *, title: str = "Scoresheet") -> None:
    """Hands won, by type, round by round: each cell names the hand's winner (* a coup);
    the tiebreak below; the points at the foot. The type is as small as the names need."""
    surface.blit(art.board_plank(rect.size), rect.topleft)
    size = sheet_size(rect, names, scale)
    blit_text(surface, title, round(17 * scale), GOLD,
              (rect.centerx, rect.top + round(8 * scale)), bold=True, anchor="midtop")
    label_x = rect.left + round(12 * scale)
    first = label_x + max(text.measure(t.label, size, True) for t in HandType) + round(6 * scale)
    column = (rect.right - round(8 * scale) - first) // ROUNDS
    header_y = rect.top + round(32 * scale)
    word = "Round " if text.measure("Round 2", size, True) < column - round(6 * scale) else "R"
    legend = max(9, round(11 * scale))  # "*" marks a coup, over the hand types
    blit_text(surface, "* a coup", fitting("* a coup", legend, first - label_x), MUTED,
              (label_x, header_y + round(2 * scale)))
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
            blit_text(surface, cell_words(result, names, size, column - CELL_ROOM), size, colour,
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
    room = half - round(12 * scale)
    for seat, points in enumerate(view.points):
        x = rect.left + half * seat + half // 2
        score = f"  {points}"
        name = names[seat]
        fitted = fitting(name + score, size, room, bold=True)
        if text.measure(name + score, fitted, True) > room:  # a very long name, at last
            name = ellipsized(name, fitted, room - text.measure(score, fitted, True))
        colour = HIGHLIGHT if seat in view.winners else INK
        blit_text(surface, name + score, fitted, colour, (x, y + round(10 * scale)),
                  anchor="midtop", bold=True)


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


def seat_lines(view: DuelView, seat: int) -> tuple[str, str, str]:
    """Under the name, a line each: the office; the points; the cards held (another's) and
    set aside."""
    office = role_of(view, seat).title if view.prime_minister is not None else "Cutting"
    points = view.points[seat]
    cards = []
    if seat != view.seat and view.hand_sizes[seat]:
        cards.append(counted(view.hand_sizes[seat], "card"))
    if view.set_aside_counts[seat]:
        cards.append(f"{view.set_aside_counts[seat]} set aside")
    return office, counted(points, "point"), " · ".join(cards)


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
    office, points, cards = seat_lines(view, seat)
    colour = GOLD if view.prime_minister == seat else MUTED
    blit_text(surface, office, small, colour, (rect.left + pad, rect.top + round(28 * scale)),
              bold=True)
    for index, words in enumerate((points, cards)):
        if words:
            blit_text(surface, words, fitting(words, small, rect.width - 2 * pad), INK,
                      (rect.left + pad, rect.top + round((47 + 18 * index) * scale)))
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
        parts.append(counted(won, "trick"))
    return " · ".join(parts)


def draw_pile_label(surface: pygame.Surface, at: tuple[float, float], words: str,
                    scale: float) -> None:
    """A word under a pile on the felt (the Bastille)."""
    blit_text(surface, words, max(10, round(13 * scale)), MUTED,
              (round(at[0]), round(at[1])), anchor="midtop", bold=True)
