"""The bluffing games' table drawn: the players in a ring (name, coins as coins, their
influences face down or face up), the court deck in the middle, and the turn under way in
words on the banner (who claims what, who challenges, who blocks)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.rules.coup_bluff.charts import COUP, INQUISITOR, Action, Character
from game.rules.coup_bluff.state import Phase
from game.rules.coup_bluff.view import CoupView, TurnView
from game.ui import text
from game.ui.table import hud
from game.ui.table.layout import TableLayout

CHARACTER_COLOURS = {
    Character.DUKE: (118, 62, 150),
    Character.ASSASSIN: (58, 58, 66),
    Character.CAPTAIN: (40, 92, 164),
    Character.AMBASSADOR: (46, 132, 84),
    Character.CONTESSA: (176, 46, 58),
    Character.INQUISITOR: (30, 128, 136),
}
BACK = (92, 40, 36)
COIN = (232, 190, 80)
COIN_EDGE = (150, 110, 30)
VARIANTS = {variant.id: variant for variant in (COUP, INQUISITOR)}
MOST_COINS_DRAWN = 12  # more than this: the count says the rest


@dataclass(frozen=True)
class SeatSpot:
    plate: Rect  # the seat's plate: name, coins, cards
    bottom: bool  # the viewer's own place (bigger cards)


RING_CENTRE = 0.4  # of the felt's height: the seats' oval sits high, leaving room for
# the prompts between the court deck and the viewer's plate


def ring_centre(layout: TableLayout) -> tuple[int, int]:
    felt = layout.felt
    return felt.centerx, felt.top + round(felt.height * RING_CENTRE)


def seat_spots(layout: TableLayout, players: int, bottom: int) -> list[SeatSpot]:
    """Where each seat sits: round an oval, `bottom` at the bottom, the others clockwise."""
    felt, scale = layout.felt, layout.scale
    cx, cy = ring_centre(layout)
    spots = []
    for seat in range(players):
        place = (seat - bottom) % players
        mine = place == 0
        size = (round(300 * scale), round(170 * scale)) if mine else \
            (round(220 * scale), round(136 * scale))
        angle = math.pi / 2 + 2 * math.pi * place / players
        rx = felt.width / 2 - size[0] / 2 - 8 * scale
        lower = math.sin(angle) > 0
        ry = (felt.bottom - cy - round(170 * scale) / 2 if lower else
              cy - felt.top - size[1] / 2) - 8 * scale
        rect = Rect((0, 0), size)
        rect.center = (round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle)))
        spots.append(SeatSpot(rect, mine))
    return spots


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * 1.4)


def draw_character(surface: pygame.Surface, rect: Rect, character: Character | None, *,
                   lost: bool = False, scale: float = 1.0, rank: str = "") -> None:
    """One influence: face down (None: a back), or face up with its name and the rank of
    the playing card that stands for it; a lost one dimmed and struck through."""
    radius = max(4, round(6 * scale))
    if character is None:
        pygame.draw.rect(surface, BACK, rect, border_radius=radius)
        pygame.draw.rect(surface, hud.GOLD, rect.inflate(-6, -6), width=1, border_radius=radius)
        hud.blit_text(surface, "?", round(rect.width * 0.45), hud.GOLD, rect.center,
                      bold=True, anchor="center")
        return
    colour = CHARACTER_COLOURS[character]
    if lost:
        colour = tuple(c // 2 + 30 for c in colour)  # type: ignore[assignment]
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, hud.INK, rect, width=2, border_radius=radius)
    _name(surface, rect, character.label)
    if rank:
        corner = (rect.left + round(4 * scale), rect.top + round(2 * scale))
        hud.blit_text(surface, rank, max(9, round(rect.width * 0.22)), hud.INK, corner,
                      bold=True)
    if lost:
        pygame.draw.line(surface, hud.CRIMSON, rect.topleft, rect.bottomright, 3)
        pygame.draw.line(surface, hud.CRIMSON, rect.bottomleft, rect.topright, 3)


def _name(surface: pygame.Surface, rect: Rect, words: str) -> None:
    """The character's name across the card, or along it when it is too long to be read
    across."""
    size = max(9, round(rect.width * 0.24))
    across = text.font(size, bold=True).size(words)[0] <= rect.width - 6
    room = rect.width - 6 if across else rect.height - 10
    while size > 8 and text.font(size, bold=True).size(words)[0] > room:
        size -= 1
    image = text.render(words, size, hud.INK, bold=True)
    if not across:
        image = pygame.transform.rotate(image, 90)
    surface.blit(image, image.get_rect(center=rect.center))


def draw_coins(surface: pygame.Surface, coins: int, at: tuple[int, int], scale: float) -> None:
    """Coins in a row from `at` (their left centre), then their number."""
    radius = max(5, round(8 * scale))
    step = round(radius * 1.3)
    x, y = at
    for index in range(min(coins, MOST_COINS_DRAWN)):
        centre = (x + radius + index * step, y)
        pygame.draw.circle(surface, COIN_EDGE, centre, radius)
        pygame.draw.circle(surface, COIN, centre, radius - 2)
    end = x + 2 * radius + max(0, min(coins, MOST_COINS_DRAWN) - 1) * step + round(6 * scale)
    words = f"{coins} coin{'s' * (coins != 1)}"
    hud.blit_text(surface, words, round(15 * scale), hud.GOLD, (end, y), anchor="midleft")


def draw_seat(surface: pygame.Surface, spot: SeatSpot, view: CoupView, seat: int, *,
              name: str, status: str, to_act: bool, scale: float) -> None:
    """A player's plate: name and status, coins, then the influences (his own face-down
    cards face up only if he is the viewer; everyone's lost cards face up)."""
    rect = spot.plate
    alive = view.alive[seat]
    border = hud.HIGHLIGHT if to_act else None
    hud.panel(surface, rect, (18, 30, 24, 215) if alive else (30, 30, 30, 170),
              border=border)
    pad = round(8 * scale)
    hud.blit_text(surface, name, round(17 * scale), hud.INK if alive else hud.MUTED,
                  (rect.left + pad, rect.top + pad // 2), bold=True)
    if status:
        hud.blit_text(surface, status, round(13 * scale), hud.MUTED,
                      (rect.right - pad, rect.top + pad // 2 + round(3 * scale)),
                      anchor="topright")
    draw_coins(surface, view.coins[seat], (rect.left + pad, rect.top + round(36 * scale)),
               scale)
    ranks = VARIANTS[view.variant].cards
    own = view.seat == seat
    cards: list[tuple[Character | None, bool]] = [
        *((c if own else None, False) for c in (view.hand if own else
                                                 [None] * view.hand_sizes[seat])),
        *((c, True) for c in view.revealed[seat])]
    gap = round(6 * scale)
    room = (rect.width - 2 * pad - gap * (len(cards) - 1)) // max(1, len(cards))
    cw, ch = card_size(min(round((68 if spot.bottom else 50) * scale), room))
    top = rect.bottom - ch - pad
    for index, (character, lost) in enumerate(cards):
        card = Rect(rect.left + pad + index * (cw + gap), top, cw, ch)
        draw_character(surface, card, character, lost=lost, scale=scale,
                       rank=ranks[character].value if character is not None else "")
    if not alive:
        hud.blit_text(surface, "out", round(15 * scale), hud.CRIMSON,
                      (rect.right - pad, rect.bottom - pad), bold=True, anchor="bottomright")


def draw_deck(surface: pygame.Surface, layout: TableLayout, view: CoupView) -> None:
    """The court deck in the middle of the table, with how many cards it holds."""
    scale = layout.scale
    cw, ch = card_size(round(60 * scale))
    x, y = ring_centre(layout)
    centre = (x, y - round(layout.felt.height * 0.06))
    for layer in range(min(3, view.deck_size)):
        card = Rect(0, 0, cw, ch)
        card.center = (centre[0] - layer * 3, centre[1] - layer * 3)
        draw_character(surface, card, None, scale=scale)
    hud.blit_text(surface, f"Court deck: {view.deck_size}", round(15 * scale), hud.INK,
                  (centre[0], centre[1] + ch // 2 + round(6 * scale)), anchor="midtop")


def turn_lines(view: CoupView, names: Sequence[str]) -> tuple[str, str]:
    """The banner: the round and whose turn; the claim under way, its challenge or block."""
    rounds = f"Round {view.round_index + 1} of {view.rounds}" if view.rounds > 1 else ""
    turn = view.turn
    if view.phase is Phase.OVER:
        winners = ", ".join(names[s] for s in view.winners) or "Nobody"
        return f"{winners} wins the match", rounds
    if turn is None:
        who = names[view.to_act] if view.to_act is not None else ""
        return (f"{who} to act" if who else "The deal"), rounds
    return claim_words(turn, names), answer_words(view, turn, names)


def claim_words(turn: TurnView, names: Sequence[str]) -> str:
    """"Anne claims Duke: tax" / "Anne: coup against Bob"."""
    towards = "from" if turn.action is Action.STEAL else "against"
    target = f" {towards} {names[turn.target]}" if turn.target is not None else ""
    called = f", calling {turn.called.label}" if turn.called is not None else ""
    action = ACTION_WORDS.get(turn.action, turn.action.label)
    if turn.claim is not None and turn.claimant == turn.actor:
        return f"{names[turn.actor]} claims {turn.claim.label}: {action}{target}"
    return f"{names[turn.actor]}: {action}{target}{called}"


def answer_words(view: CoupView, turn: TurnView, names: Sequence[str]) -> str:
    parts = []
    if turn.blocker is not None and turn.block_claim is not None:
        parts.append(f"{names[turn.blocker]} blocks with {turn.block_claim.label}")
    if turn.challenger is not None and turn.claimant is not None:
        parts.append(f"{names[turn.challenger]} challenges {names[turn.claimant]}")
    if not parts and view.to_act is not None:
        parts.append(f"{names[view.to_act]} {PHASE_WORDS.get(view.phase, 'decides')}")
    return "; ".join(parts)


ANYONE = ("Income: take 1 coin.", "Foreign aid: take 2 coins (a Duke may block it).",
          "Coup: pay 7 coins, a player loses an influence. At 10 coins you must.",
          "Any claim may be challenged: the loser of a challenge loses an influence.")
ACTION_WORDS = {
    Action.INCOME: "income (+1)", Action.FOREIGN_AID: "foreign aid (+2)",
    Action.COUP: "coup", Action.TAX: "tax (+3)", Action.ASSASSINATE: "assassinate",
    Action.STEAL: "steal", Action.EXCHANGE: "exchange", Action.EXAMINE: "examine",
}
PHASE_WORDS = {
    Phase.ACTION: "chooses an action", Phase.CHALLENGE: "may challenge",
    Phase.BLOCK: "may block", Phase.REVEAL: "must show the card or lose one",
    Phase.LOSE: "loses an influence", Phase.KEEP: "chooses the cards to keep",
    Phase.PICK: "keeps one card", Phase.SWAP: "may swap with the drawn card",
    Phase.SHOW: "shows a card to the Inquisitor", Phase.FORCE_DRAW: "examines the card",
    Phase.RETURN: "returns two cards",
}


def draw_banner(surface: pygame.Surface, rect: Rect, view: CoupView, names: Sequence[str],
                scale: float) -> None:
    first, second = turn_lines(view, names)
    hud.panel(surface, rect)
    hud.blit_text(surface, first, round(19 * scale), hud.GOLD,
                  (rect.centerx, rect.top + round(6 * scale)), bold=True, anchor="midtop")
    if second:
        hud.blit_text(surface, second, round(15 * scale), hud.INK,
                      (rect.centerx, rect.bottom - round(6 * scale)), anchor="midbottom")


def draw_side(surface: pygame.Surface, layout: TableLayout, view: CoupView,
              names: Sequence[str], characters: Sequence[Character],
              summaries: Mapping[Character, str]) -> None:
    """The left column: the match's score and the five characters' powers."""
    scale = layout.scale
    area = layout.board.union(layout.treasury).union(layout.last_trick)
    hud.panel(surface, area)
    pad = round(10 * scale)
    y = area.top + pad
    hud.blit_text(surface, "The characters", round(17 * scale), hud.GOLD,
                  (area.left + pad, y), bold=True)
    y += round(26 * scale)
    size = round(13 * scale)
    for character in characters:
        chip = Rect(area.left + pad, y + round(2 * scale), round(12 * scale), round(12 * scale))
        pygame.draw.rect(surface, CHARACTER_COLOURS[character], chip, border_radius=3)
        hud.blit_text(surface, character.label, size, hud.INK,
                      (chip.right + round(6 * scale), y), bold=True)
        y += round(17 * scale)
        for line in text.wrap(summaries[character], size, area.width - 2 * pad):
            hud.blit_text(surface, line, size, hud.MUTED, (area.left + pad, y))
            y += round(16 * scale)
        y += round(5 * scale)
    y += round(8 * scale)
    hud.blit_text(surface, "Anyone, any turn", round(17 * scale), hud.GOLD,
                  (area.left + pad, y), bold=True)
    y += round(24 * scale)
    for line in ANYONE:
        for wrapped in text.wrap(line, size, area.width - 2 * pad):
            hud.blit_text(surface, wrapped, size, hud.MUTED, (area.left + pad, y))
            y += round(16 * scale)
        y += round(3 * scale)
    if view.rounds > 1:
        y += round(6 * scale)
        wins = " · ".join(f"{names[s]} {w}" for s, w in enumerate(view.round_wins))
        hud.blit_text(surface, f"Rounds won: {wins}", size, hud.GOLD, (area.left + pad, y))
