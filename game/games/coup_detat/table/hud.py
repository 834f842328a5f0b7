"""The 1966 game's furniture, drawn from a view: the banner with the hand's goals, the
Director's Board with its daggers, each seat's plate (name, money as notes, badges) and the
Treasury. Pure drawing: reads, never changes the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.games.coup_detat.rules.charts import (
    COUP_CHART,
    HIDDEN_COUP_TYPES,
    HandType,
    describe_penalties,
)
from game.games.coup_detat.rules.narration import francs
from game.games.coup_detat.rules.state import Phase
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat.table.money import NOTE_VALUES, notes_for
from game.rules.words import Naming, capitalized, counted
from game.ui import art, text
from game.ui.table.hud import GOLD, HIGHLIGHT, INK, MUTED, blit_text, panel
from game.ui.table.layout import TableLayout

# The banner ----------------------------------------------------------------------------------


def banner_lines(view: CoupDetatView, naming: Naming, *,
                 amounts: bool = True) -> tuple[str, str]:
    """The headline and one line of what matters in this hand, for whoever looks (the
    person reading is "you"); without `amounts`, what the Director's chart charges is
    named without its francs (the line for a narrow banner)."""
    you = naming.you
    if view.phase is Phase.OVER:
        return "The game is over", "Final worth decides the winner."
    if view.director is None:
        return ("Drawing for the first Director",
                "The highest card wins: COUP, then Ace, 10, King, Queen, Jack, 9, 8, 7. "
                "Ties draw again.")
    director = naming.name(view.director)
    if view.hand_type is None:
        if view.phase is Phase.COUP and view.coup_holder is not None:
            return (capitalized(f"{naming.does(view.coup_holder, 'holds')} COUP"),
                    "A coup in a hand not yet played this round, or decline and take the "
                    "centre card.")
        if view.phase is Phase.CHOOSE:
            if view.director == you:
                return "You are the Director: name the hand", "COUP was declined."
            return f"Director {director} names the hand", "COUP was declined."
        return f"Round {view.round_index + 1} of {view.rounds}", f"Director: {director}"
    hand = view.hand_type
    line = COUP_CHART[hand]
    if view.coup_player is not None:
        attacker = naming.name(view.coup_player)
        return (f"{hand.label}: a coup by {attacker} for {francs(line.reward)} from each",
                f"{capitalized(attacker)} must {line.goal}; the others try to stop it.")
    hidden = " · a hidden coup is possible" if hand in HIDDEN_COUP_TYPES else ""
    whose = "your hand as Director" if view.director == you else f"Director {director}'s hand"
    headline = f"{hand.label}: {whose}{hidden}"
    charged = describe_penalties(hand, king="the K♥", amounts=amounts)
    if you is not None and you == view.director:
        return headline, f"The others pay you for {charged}."
    payer = "you pay" if you is not None else "it is paid to"
    return headline, f"Avoid {charged}: {payer} the Director."


def draw_banner(surface: pygame.Surface, rect: Rect, view: CoupDetatView, naming: Naming,
                scale: float, suit_colours: text.SuitColours) -> None:
    panel(surface, rect, (12, 22, 18, 215), border=(120, 96, 48))
    headline = banner_lines(view, naming)[0]
    left = rect.left + round(14 * scale)
    blit_text(surface, headline, round(22 * scale), GOLD, (left, rect.top + round(5 * scale)),
              bold=True, suit_colours=suit_colours)
    goal, size = fitted_goal(view, naming, rect.width - round(28 * scale), scale)
    blit_text(surface, goal, size, INK, (left, rect.top + round(33 * scale)),
              suit_colours=suit_colours)


def fitted_goal(view: CoupDetatView, naming: Naming, width: int,
                scale: float) -> tuple[str, int]:
    """The banner's second line and its type, to fit `width`: smaller rather than cut,
    and if it is still too long to be read, the charges without their francs."""
    goal = banner_lines(view, naming)[1]
    size = goal_size(goal, round(15 * scale), width)
    if size < READABLE:
        goal = banner_lines(view, naming, amounts=False)[1]
        size = goal_size(goal, round(15 * scale), width)
    return goal, size


READABLE = 11  # the smallest type the banner's second line is read in


def goal_size(goal: str, size: int, width: int) -> int:
    """The type the banner's line fits `width` in: a long one smaller rather than cut,
    down to 9 pixels."""
    while size > 9 and text.measure(goal, size) > width:
        size -= 1
    return size


# The Director's Board -----------------------------------------------------------------------


@dataclass(frozen=True)
class BoardGeometry:
    rect: Rect
    rows: tuple[int, ...]  # y of each hand type's row
    columns: tuple[int, ...]  # x of the holes: not yet played, then rounds 1, 2, ...
    label_x: int


def board_geometry(rect: Rect, rounds: int, scale: float) -> BoardGeometry:
    top = rect.top + round(46 * scale)
    row_height = (rect.height - round(58 * scale)) / len(HandType)
    rows = tuple(round(top + row_height * (index + 0.5)) for index in range(len(HandType)))
    first = rect.left + round(118 * scale)
    step = (rect.right - round(16 * scale) - first) / rounds
    columns = tuple(round(first + step * index) for index in range(rounds + 1))
    return BoardGeometry(rect, rows, columns, rect.left + round(12 * scale))


def draw_board(surface: pygame.Surface, geometry: BoardGeometry, view: CoupDetatView,
               dagger_x: Sequence[float], scale: float) -> None:
    rect = geometry.rect
    surface.blit(art.board_plank(rect.size), rect.topleft)
    blit_text(surface, "Director's Board", round(17 * scale), GOLD,
              (rect.centerx, rect.top + round(8 * scale)), bold=True, anchor="midtop")
    label_size = round(14 * scale)
    header_y = rect.top + round(28 * scale)
    words, size = text.fitted(COLUMNS_HEADING, label_size,
                              geometry.columns[0] - round(8 * scale) - geometry.label_x)
    blit_text(surface, words, size, MUTED, (geometry.label_x, header_y))
    for index, x in enumerate(geometry.columns[1:], start=1):  # the first hole: not yet played
        blit_text(surface, str(index), label_size, MUTED, (x, header_y), anchor="midtop")
    dagger_length = round(30 * scale)
    for row, hand_type in enumerate(HandType):
        y = geometry.rows[row]
        played = hand_type in view.played_this_round
        colour = INK if not (view.short_game and hand_type in _SHORT_GAME_OUT) else MUTED
        blit_text(surface, hand_type.label, label_size, colour, (geometry.label_x, y),
                  bold=played, anchor="midleft")
        for x in geometry.columns:
            pygame.draw.circle(surface, (40, 24, 12), (x, y), max(2, round(4 * scale)))
        image = art.dagger(dagger_length, horizontal=False)  # point down, in its hole
        surface.blit(image, image.get_rect(midbottom=(round(dagger_x[row]), y + round(3 * scale))))


_SHORT_GAME_OUT = (HandType.BARBU, HandType.TOUCHE)
COLUMNS_HEADING = "Round played"
"""Over the holes: a hand type's dagger starts in the first (not yet played) and moves a
hole on in each round the type is played (an "S" over the first read as a 5)."""


# Seat plates and money ----------------------------------------------------------------------

MAX_NOTES_DRAWN = 6  # a stack shows at most this many notes; the count says the rest
PLATE_PAD = 8  # a plate's margin, and the Treasury's, before scaling
TREASURY_PAD = 10


def draw_notes(surface: pygame.Surface, amount: int, at: tuple[int, int], note_width: int,
               scale: float) -> int:
    """Stacks of notes, one per value, left to right, each with its count beside it; the
    y below the lowest thing drawn."""
    x, y = at
    bottom = y
    for value, count in notes_for(amount).items():
        note = art.franc_note(value, note_width)
        shown = min(count, MAX_NOTES_DRAWN)
        for index in range(shown):
            surface.blit(note, (x + index, y + shown - index))
        bottom = max(bottom, y + note.get_height() + shown)
        if count:
            told = blit_text(surface, f"×{count}", round(11 * scale), INK,
                             (x + note_width, y + note.get_height() + shown + 1),
                             anchor="topright")
            bottom = max(bottom, told.bottom)
        x += note_width + round(4 * scale)
    return bottom


def note_width(rect: Rect, pad: int, scale: float) -> int:
    """The width of one note in the stacks drawn across `rect` within its `pad`."""
    return (rect.width - 2 * round(pad * scale)) // len(NOTE_VALUES) - round(4 * scale)


def note_widths(layout: TableLayout, players: int) -> set[int]:
    """The notes' widths on the plates and in the Treasury (drawn ahead)."""
    plates = {note_width(layout.place_of(seat, 0).plate, PLATE_PAD, layout.scale)
              for seat in range(players)}
    return {*plates, note_width(layout.treasury, TREASURY_PAD, layout.scale)}


def seat_status(view: CoupDetatView, seat: int, *, thinking: bool, now: float) -> str:
    """A few words under a player's name: thinking, out of cards, first trick taken."""
    parts = []
    if thinking:
        parts.append("thinking" + "." * (1 + int(now * 3) % 3))
    if view.dominos is not None and seat in view.dominos.out:
        place = view.dominos.out.index(seat) + 1
        parts.append("first out" if place == 1 else f"out {place}")
    if view.hand_type in (HandType.TOUCHE, HandType.GUILLOTINE) and view.tricks_done \
            and view.tricks_done[0].winner == seat:
        parts.append("took the first trick")
    return " · ".join(parts)


def draw_plate(surface: pygame.Surface, rect: Rect, *, name: str, view: CoupDetatView,
               seat: int, scale: float, to_act: bool, status: str) -> None:
    panel(surface, rect, border=HIGHLIGHT if to_act else None)
    pad = round(PLATE_PAD * scale)
    badges = []
    if view.director == seat:
        badges.append(art.director_badge(round(26 * scale)))
    if view.coup_with == seat:
        badges.append(art.coup_badge(round(26 * scale)))
    badge_room = sum(badge.get_width() + round(4 * scale) for badge in badges)
    name, name_size = text.fitted(name, round(17 * scale), rect.width - 2 * pad - badge_room,
                                  bold=True)  # a long name gets a smaller type, then is cut
    blit_text(surface, name, name_size, HIGHLIGHT if to_act else INK,
              (rect.left + pad, rect.top + round(4 * scale)), bold=True)
    x = rect.right - pad
    for badge in badges:
        x -= badge.get_width()
        surface.blit(badge, (x, rect.top + round(4 * scale)))
        x -= round(4 * scale)
    small = max(10, round(13 * scale))
    worth = view.worth[seat]
    money = francs(view.money[seat]) if worth == view.money[seat] else \
        f"{francs(view.money[seat])} · worth {francs(worth)}"
    blit_text(surface, money, small, MUTED, (rect.left + pad, rect.top + round(27 * scale)))
    if seat != view.seat and view.hand_sizes[seat] and worth == view.money[seat]:
        count = view.hand_sizes[seat]
        blit_text(surface, counted(count, "card"), small, MUTED,
                  (rect.right - pad, rect.top + round(27 * scale)), anchor="topright")
    notes_bottom = draw_notes(surface, view.money[seat],
                              (rect.left + pad, rect.top + round(46 * scale)),
                              note_width(rect, PLATE_PAD, scale), scale)
    if status:
        draw_status(surface, status, small, rect, notes_bottom, scale)


def draw_status(surface: pygame.Surface, status: str, size: int, plate: Rect,
                notes_bottom: int, scale: float) -> Rect:
    """A player's few words at the foot of his plate; where the notes' counts leave no
    room (a small window), on a tag across the plate's lower edge, never over them. The
    words' rectangle."""
    image = text.render(status, size, GOLD)
    box = image.get_rect(midbottom=(plate.centerx, plate.bottom - round(4 * scale)))
    if box.top <= notes_bottom:
        box.top = notes_bottom + 1
        panel(surface, box.inflate(round(12 * scale), 2), (12, 22, 18, 235), radius=6,
              border=GOLD)
    surface.blit(image, box)
    return box


def draw_treasury(surface: pygame.Surface, rect: Rect, view: CoupDetatView,
                  naming: Naming, scale: float) -> None:
    panel(surface, rect)
    pad = round(TREASURY_PAD * scale)
    blit_text(surface, f"Treasury  {francs(view.treasury)}", round(16 * scale), GOLD,
              (rect.left + pad, rect.top + round(6 * scale)), bold=True)
    draw_notes(surface, view.treasury, (rect.left + pad, rect.top + round(34 * scale)),
               note_width(rect, TREASURY_PAD, scale), scale)
    y = rect.top + round(78 * scale)
    if not view.debts:
        blit_text(surface, "No loans", round(13 * scale), MUTED, (rect.left + pad, y))
    for debt in view.debts[:3]:
        owes = capitalized(f"{naming.does(debt.debtor, 'owes')} {naming.name(debt.lender)}")
        blit_text(surface, f"{owes} {francs(debt.owed)}", round(13 * scale), INK,
                  (rect.left + pad, y))
        y += round(18 * scale)
