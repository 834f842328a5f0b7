"""Where everything sits on the table, for a window size and a number of players.

Pure geometry (pygame Rects and points), no drawing: the left column holds a game's
panels (named after the 1966 game's Director's Board, Treasury and last trick; the other
games put their own there), the right column the log and the buttons, the middle the felt
with the seats around it. The player at the bottom is the one whose view is shown; the others
follow clockwise, so the seat to his left is on the left of the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pygame import Rect

from game.games import get_game

DESIGN_SIZE = (1280, 800)
Point = tuple[int, int]


@dataclass(frozen=True)
class SeatPlace:
    """One seat's places on the felt."""

    position: str  # "bottom", "left", "top", "right"
    plate: Rect  # name, money, badges
    hand: Point  # centre of the hand (backs, or the viewer's cards)
    pile: Point  # the tricks and penalty cards taken
    trick: Point  # where his card lands in the current trick
    vertical: bool  # a hand fanned up and down (side seats)
    fan: int  # which way the face-up cards beside his pile spread: +1 right, -1 left


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    card_width: int
    small_card_width: int
    board: Rect
    treasury: Rect
    last_trick: Rect
    log: Rect
    buttons: Rect
    banner: Rect
    felt: Rect
    seats: tuple[SeatPlace, ...]  # by position around the table: bottom first
    center: Point
    dominos: Rect

    def place_of(self, seat: int, bottom_seat: int) -> SeatPlace:
        """The place of `seat` when `bottom_seat` sits at the bottom."""
        return self.seats[(seat - bottom_seat) % len(self.seats)]

    @property
    def center_card(self) -> tuple[float, float]:
        """Where the face-down centre card lies, beside the tricks."""
        x, y = self.center
        return x - self.card_width * 2.1, y - self.card_width

    @property
    def prompt_bottom(self) -> int:
        """Where the line above the viewer's hand ends."""
        return self.seats[0].hand[1] - round(self.card_width * 1.05)

    @property
    def hand_spacing(self) -> int:
        """Twelve cards in a hand (the game for two) sit closer than eight or ten."""
        return round(self.card_width * (0.5 if len(self.seats) == 2 else 0.62))


POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "left", "right"),
             4: ("bottom", "left", "top", "right"),
             5: ("bottom", "left", "top", "top", "right"),  # the bluffing games place their
             6: ("bottom", "left", "left", "top", "right", "right")}  # own ring of seats


def hand_for(ruleset_id: str, players: int) -> int:
    """The cards the game deals to each of `players` (its entry's `hand_size`); 0 for a
    game without hands of cards."""
    hand_size = get_game(ruleset_id).hand_size
    return hand_size(players) if hand_size is not None else 0


def table_layout(size: tuple[int, int], players: int, hand: int) -> TableLayout:
    """Where everything sits for `players` in a window of `size`, the person's hand room
    for `hand` cards (as dealt: `hand_for`)."""
    width, height = size
    scale = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])

    def s(value: float) -> int:
        return round(value * scale)

    margin = s(10)
    side = max(s(250), round(width * 0.18))
    board = Rect(margin, margin, side - 2 * margin, s(318))
    treasury = Rect(margin, board.bottom + margin, board.width, s(150))
    last_trick = Rect(margin, treasury.bottom + margin, board.width,
                      height - treasury.bottom - 2 * margin)
    log = Rect(width - side + margin, margin, side - 2 * margin, height - s(250))
    buttons = Rect(log.left, log.bottom + margin, log.width, height - log.bottom - 2 * margin)
    banner = Rect(side, margin, width - 2 * side, s(58))
    felt = Rect(side, banner.bottom + margin, width - 2 * side, height - banner.bottom - 2 * margin)
    card = s(84)
    center = (felt.centerx, felt.top + round(felt.height * 0.46))
    spacing = round(card * (0.5 if players == 2 else 0.62))
    hand_width = spacing * (hand - 1) + card  # the person's hand, dealt
    seats = tuple(_seat(position, felt, center, card, scale, players == 2, hand_width)
                  for position in POSITIONS[players])
    dominos = _dominos_area(felt, seats, card, s(58), scale,
                            (400, 290) if players == 2 else (420, 330))  # 9 or 8-10 ranks
    return TableLayout(size, scale, card, s(58), board, treasury, last_trick, log, buttons,
                       banner, felt, seats, center, dominos)


def with_other_table(layout: TableLayout) -> tuple[TableLayout, Rect]:
    """The layout of a table of a two-table match, and the panel showing the other table:
    the foot of the left column, under a shorter last-trick panel (which keeps room for a
    trick of four)."""
    column = layout.last_trick
    margin = round(10 * layout.scale)
    kept = min(column.height, round(layout.small_card_width * 2.5))
    last_trick = Rect(column.left, column.top, column.width, kept)
    other = Rect(column.left, last_trick.bottom + margin, column.width,
                 max(0, column.bottom - last_trick.bottom - margin))
    return replace(layout, last_trick=last_trick), other


def with_coach(layout: TableLayout) -> tuple[TableLayout, Rect]:
    """The layout of a lesson's table, and the coach's place: the top of the right column,
    over a shorter log (which keeps the last lines of the game in view)."""
    column = layout.log
    margin = round(10 * layout.scale)
    coach = Rect(column.left, column.top, column.width, round(column.height * COACH_SHARE))
    log = Rect(column.left, coach.bottom + margin, column.width,
               max(0, column.bottom - coach.bottom - margin))
    return replace(layout, log=log), coach


def with_chat(layout: TableLayout) -> tuple[TableLayout, Rect]:
    """The layout of a table for friends on other machines, and the chat's place: the foot
    of the right column, under a shorter log."""
    column = layout.log
    margin = round(10 * layout.scale)
    chat = round(column.height * CHAT_SHARE)
    log = Rect(column.left, column.top, column.width, column.height - chat - margin)
    return replace(layout, log=log), Rect(column.left, log.bottom + margin, column.width, chat)


CHAT_SHARE = 0.4  # of the right column above the buttons: the chat's lines
COACH_SHARE = 0.66  # of the right column above the buttons: the coach's words
CORNER_PANEL = 92  # at the design size (86 pixels at least): the small panel of a pass
LIFTED = 0.33  # in cards: how high the person's cards rise (playable, under the cursor)


def _dominos_area(felt: Rect, seats: tuple[SeatPlace, ...], card: int, small: int,
                  scale: float, design: tuple[int, int]) -> Rect:
    """The Dominos rows: between the side plates (with the suits' pips left of the rows),
    under the top seat's plate and hand (and the starting rank's line over the rows), above
    the room a pass's small panel takes over the person's cards."""
    def s(value: float) -> int:
        return round(value * scale)

    gap = s(8)
    left = max([felt.left] + [place.plate.right for place in seats
                              if place.position == "left"]) + gap + s(26)
    right = min([felt.right] + [place.plate.left for place in seats
                                if place.position == "right"]) - gap
    width = min(s(design[0]), right - left)
    top = felt.top + s(30)
    for place in seats:
        if place.position == "top":
            hand_bottom = place.hand[1] + round(small * 0.7)
            top = max(top, hand_bottom + s(22), place.plate.bottom + gap)
    hand = seats[0].hand[1] - round(card * (0.7 + LIFTED))
    bottom = hand - s(6) - max(s(CORNER_PANEL), 86)
    area = Rect(0, 0, width, min(s(design[1]), bottom - top))
    area.midtop = ((left + right) // 2, top + (bottom - top - area.height) // 2)
    return area


def _seat(position: str, felt: Rect, center: Point, card: int, scale: float,
          face_to_face: bool, hand_width: int) -> SeatPlace:
    def s(value: float) -> int:
        return round(value * scale)

    plate_size = (s(168), s(118) if face_to_face else s(100))  # for two: a line each for
    inset = s(14)  # the office, the points, the cards held and set aside
    cx, cy = center
    reach = round(card * 0.78)  # how far from the centre a trick card lands
    if position == "bottom":  # the plate in the corner, the hand beside it
        plate = Rect((felt.left + inset, felt.bottom - plate_size[1] - inset), plate_size)
        hand = (max(cx + s(36), plate.right + s(8) + hand_width // 2),
                felt.bottom - round(card * 0.78))
        pile = (felt.right - s(60),
                felt.bottom - (round(card * 2.2) if face_to_face else s(70)))
        return SeatPlace(position, plate, hand, pile, (cx, cy + reach), False, -1)
    if position == "top":
        plate = Rect((felt.centerx + s(120), felt.top + inset), plate_size)
        hand = (cx, felt.top + round(card * 0.55))
        pile = (cx - round(card * 3.3), felt.top + round(card * 0.75))
        return SeatPlace(position, plate, hand, pile, (cx, cy - reach), False, 1)
    left = position == "left"
    side = -1 if left else 1
    plate_x = felt.left + inset if left else felt.right - inset - plate_size[0]
    plate = Rect((plate_x, felt.top + s(120)), plate_size)
    hand = (felt.left + round(card * 0.9) if left else felt.right - round(card * 0.9), cy + s(40))
    pile = (cx + side * round(card * 2.9), cy + round(card * 1.6))
    trick = (cx + side * round(card * 1.05), cy)
    return SeatPlace(position, plate, hand, pile, trick, True, -side)
