"""The bluffing games' table drawn: the players in a ring (name, coins as coins, their
influences face down or face up), the court deck in the middle, and the turn under way in
words on the banner (who claims what, who challenges, who blocks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame
from pygame import Rect

from game.cards import Card, Suit
from game.games.coup.rules.charts import (
    COUP,
    INQUISITOR,
    MUST_COUP_AT,
    STEAL_MOST,
    Action,
    ActionRule,
    Character,
)
from game.games.coup.rules.narration import TOWARDS
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView, TurnView
from game.games.coup.table.results import match_result
from game.games.coup.table.seats import (
    OWN_COLUMN,
    SeatSpot,
    card_rects,
    card_width,
    panel_band,
    seat_spots,
)
from game.rules.words import Naming, capitalized, counted
from game.ui import text
from game.ui.art import CardArt
from game.ui.art.canvas import card_size, lighter
from game.ui.art.character_cards import character_face
from game.ui.table import hud
from game.ui.table.layout import TableLayout

__all__ = ["SeatSpot", "card_size", "card_width", "seat_spots"]  # for the kit, the picker,
# the tests

CHARACTER_COLOURS = {
    Character.DUKE: (118, 62, 150),
    Character.ASSASSIN: (58, 58, 66),
    Character.CAPTAIN: (40, 92, 164),
    Character.AMBASSADOR: (46, 132, 84),
    Character.CONTESSA: (176, 46, 58),
    Character.INQUISITOR: (30, 128, 136),
}
BACK = (92, 40, 36)
LOST_SHADE = (20, 20, 20, 55)  # over a lost card: greyed, not darkened out of reading
LOST_CROSS = (*hud.CRIMSON, 200)
LEAST_CONTRAST = 3.0  # a colour chip against its panel (WCAG's figure for graphics)
COIN = (232, 190, 80)
COIN_EDGE = (150, 110, 30)
VARIANTS = {variant.id: variant for variant in (COUP, INQUISITOR)}
RULES: Mapping[Action, ActionRule] = INQUISITOR.actions | COUP.actions
"""Every action's cost and gain (the same in both configurations): the words below say
the charts' numbers, never their own."""
MOST_COINS_DRAWN = 12  # more than this: the count says the rest


CARD_SUIT = Suit.SPADES  # the first seed draws every character as a Spade: 🂡 🂭 🂫 🂪 🂤
CARD_WORDS = {
    Character.DUKE: f"Tax +{RULES[Action.TAX].gain} · blocks foreign aid",
    Character.ASSASSIN: f"Pay {RULES[Action.ASSASSINATE].cost}: assassinate",
    Character.CAPTAIN: f"Steal {STEAL_MOST} · blocks stealing",
    Character.AMBASSADOR: "Exchange · blocks stealing",
    Character.CONTESSA: "Blocks assassination",
    Character.INQUISITOR: "Examine or swap · blocks stealing",
}
"""What each character does, in the few words his card has room for."""
PLAIN_ART = CardArt()


def character_card(character: Character, variant: str) -> Card:
    """The playing card that stands for `character` in `variant` (Jack of Spades: Duke)."""
    rank = VARIANTS[variant].cards[character]
    return Card.parse(f"{rank.value}{CARD_SUIT.value}")


def character_image(character: Character, width: int, variant: str,
                    art: CardArt = PLAIN_ART) -> pygame.Surface:
    """The face of `character`'s card, `width` pixels wide (drawn once, then kept)."""
    return character_face(character_card(character, variant), width,
                          art.suit_colour(CARD_SUIT), name=character.label,
                          ability=CARD_WORDS[character], band=CHARACTER_COLOURS[character])


def draw_character(surface: pygame.Surface, rect: Rect, character: Character | None, *,
                   lost: bool = False, variant: str = "coup",
                   art: CardArt = PLAIN_ART) -> None:
    """One influence: face down (None: the game's card back), or face up as the playing
    card that stands for it with the character's name and powers; a lost one dimmed and
    struck through."""
    if character is None:
        surface.blit(art.back(rect.width), rect)
        return
    face = character_image(character, rect.width, variant, art)
    surface.blit(face, rect)
    if lost:  # greyed a little and crossed out, its name and powers still readable
        mark = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        mark.fill(LOST_SHADE)
        width = max(2, rect.width // 30)
        box = mark.get_rect()
        pygame.draw.line(mark, LOST_CROSS, box.topleft, box.bottomright, width)
        pygame.draw.line(mark, LOST_CROSS, box.bottomleft, box.topright, width)
        pygame.draw.rect(mark, LOST_CROSS, box, width, border_radius=max(2, width * 2))
        surface.blit(mark, rect)


def draw_coins(surface: pygame.Surface, coins: int, at: tuple[int, int], scale: float, *,
               room: int, words_below: bool = False) -> None:
    """Coins in a row from `at` (their left centre), as many as `room` holds, then their
    number beside them (or under them)."""
    radius = max(5, round(8 * scale))
    step = round(radius * 1.3)
    x, y = at
    words = counted(coins, "coin")
    size = round(15 * scale)
    words_width = 0 if words_below else text.measure(words, size) + round(6 * scale)
    fits = max(1, (room - words_width - 2 * radius) // step + 1)
    drawn = min(coins, MOST_COINS_DRAWN, fits)
    for index in range(drawn):
        centre = (x + radius + index * step, y)
        pygame.draw.circle(surface, COIN_EDGE, centre, radius)
        pygame.draw.circle(surface, COIN, centre, radius - 2)
    if words_below:
        hud.blit_text(surface, words, size, hud.GOLD, (x, y + radius + round(3 * scale)))
        return
    end = x + 2 * radius + max(0, drawn - 1) * step + round(6 * scale)
    hud.blit_text(surface, words, size, hud.GOLD, (end, y), anchor="midleft")


def influences(view: CoupView, seat: int) -> list[tuple[Character | None, bool]]:
    """A seat's cards as the viewer may see them: (character or None face down, lost)."""
    if not view.dealt:
        return []
    own = view.seat == seat
    hidden = view.hand if own else [None] * view.hand_sizes[seat]
    return [*((card, False) for card in hidden), *((card, True) for card in view.revealed[seat])]


def spots_for(layout: TableLayout, view: CoupView, bottom: int) -> list[SeatSpot]:
    """The seats' places, each plate as wide as its cards need (and the felt allows)."""
    return seat_spots(layout, view.players, bottom,
                      [len(influences(view, seat)) for seat in range(view.players)])


def draw_seat(surface: pygame.Surface, spot: SeatSpot, view: CoupView, seat: int, *,
              name: str, status: str, to_act: bool, scale: float,
              art: CardArt = PLAIN_ART) -> None:
    """A player's plate: name and status, coins, then the influences (his own face-down
    cards face up only if he is the viewer; everyone's lost cards face up)."""
    rect = spot.plate
    alive = view.alive[seat] or not view.dealt  # before the deal nobody is out
    border = hud.HIGHLIGHT if to_act else None
    hud.panel(surface, rect, (18, 30, 24, 215) if alive else (30, 30, 30, 170),
              border=border)
    pad = round(8 * scale)
    beside = ("out", round(15 * scale), True) if not alive else (status, round(13 * scale),
                                                                   False)
    room = rect.width - 2 * pad - (text.measure(*beside) + pad if beside[0] else 0)
    name, size = text.fitted(name, round(17 * scale), room, bold=True)
    hud.blit_text(surface, name, size, hud.INK if alive else hud.MUTED,
                  (rect.left + pad, rect.top + pad // 2), bold=True)
    if not alive:  # beside the name, clear of the cards
        hud.blit_text(surface, "out", round(15 * scale), hud.CRIMSON,
                      (rect.right - pad, rect.top + pad // 2), bold=True, anchor="topright")
    elif status:
        hud.blit_text(surface, status, round(13 * scale), hud.MUTED,
                      (rect.right - pad, rect.top + pad // 2 + round(3 * scale)),
                      anchor="topright")
    if not view.dealt:
        return
    cards = influences(view, seat)
    if spot.bottom:  # name and coins in a column, the cards big beside them
        draw_coins(surface, view.coins[seat], (rect.left + pad, rect.top + round(38 * scale)),
                   scale, room=round(OWN_COLUMN * scale), words_below=True)
    else:
        draw_coins(surface, view.coins[seat], (rect.left + pad, rect.top + round(34 * scale)),
                   scale, room=rect.width - 2 * pad)
    rects = card_rects(spot, len(cards), scale)
    for card, (character, lost) in zip(rects, cards, strict=True):
        draw_character(surface, card, character, lost=lost, variant=view.variant, art=art)


def deck_centre(layout: TableLayout, players: int) -> tuple[int, int]:
    """The court deck: at the left of the band the decision panel stands in."""
    band = panel_band(layout, players)
    return band.left + round(band.width * 0.09), band.centery - round(12 * layout.scale)


def deck_card_width(scale: float) -> int:
    return round(60 * scale)


def draw_deck(surface: pygame.Surface, layout: TableLayout, view: CoupView, *,
              art: CardArt = PLAIN_ART) -> None:
    """The court deck with how many cards it holds."""
    scale = layout.scale
    cw, ch = card_size(deck_card_width(scale))
    centre = deck_centre(layout, view.players)
    for layer in range(min(3, view.deck_size)):
        card = Rect(0, 0, cw, ch)
        card.center = (centre[0] - layer * 3, centre[1] - layer * 3)
        draw_character(surface, card, None, art=art)
    hud.blit_text(surface, f"Court deck: {view.deck_size}", round(15 * scale), hud.INK,
                  (centre[0], centre[1] + ch // 2 + round(6 * scale)), anchor="midtop")


def turn_lines(view: CoupView, naming: Naming) -> tuple[str, str]:
    """The banner: the round and whose turn; the claim under way, its challenge or block
    (the person reading is "you")."""
    rounds = f"Round {view.round_index + 1} of {view.rounds}" if view.rounds > 1 else ""
    turn = view.turn
    if view.phase is Phase.OVER:
        return match_result(view, naming), rounds
    if turn is None:
        if view.to_act is None:
            return "The deal", rounds
        return ("Your turn" if view.to_act == naming.you else
                f"{naming.name(view.to_act)} to act"), rounds
    return claim_words(turn, naming), answer_words(view, turn, naming)


def claim_words(turn: TurnView, naming: Naming) -> str:
    """"Anne claims Duke: tax" / "Anne: coup against Bob"."""
    towards = TOWARDS.get(turn.action, "")
    target = f" {towards}{naming.name(turn.target)}" if turn.target is not None else ""
    called = f", calling {turn.called.label}" if turn.called is not None else ""
    action = ACTION_WORDS.get(turn.action, turn.action.label)
    if turn.claim is not None and turn.claimant == turn.actor:
        claims = naming.does(turn.actor, "claims")
        return capitalized(f"{claims} {turn.claim.label}: {action}{target}")
    return capitalized(f"{naming.name(turn.actor)}: {action}{target}{called}")


def answer_words(view: CoupView, turn: TurnView, naming: Naming) -> str:
    """The banner's second line: the block that stands, if any; then the challenge while
    the claim is still to be shown, else who is to do what now. The turn remembers its
    challenger until it ends: named after the challenge is settled, he seemed to be
    challenging still while he lost an influence, was out, and the others played on."""
    parts = []
    if turn.blocker is not None and turn.block_claim is not None:
        parts.append(f"{naming.does(turn.blocker, 'blocks')} with {turn.block_claim.label}")
    if view.phase is Phase.REVEAL and turn.challenger is not None \
            and turn.claimant is not None:
        parts.append(f"{naming.does(turn.challenger, 'challenges')} "
                     f"{naming.name(turn.claimant)}")
    elif view.to_act is not None:
        parts.append(naming.does(view.to_act, PHASE_WORDS.get(view.phase, "decides")))
    return capitalized("; ".join(parts))


ANYONE = (f"Income: take {counted(RULES[Action.INCOME].gain, 'coin')}.",
          f"Foreign aid: take {counted(RULES[Action.FOREIGN_AID].gain, 'coin')} "
          "(a Duke may block it).",
          f"Coup: pay {counted(RULES[Action.COUP].cost, 'coin')}, a player loses an "
          f"influence. At {MUST_COUP_AT} coins you must.",
          "Any claim may be challenged: the loser of a challenge loses an influence.")
ACTION_WORDS = {action: f"{action.label} (+{rule.gain})" if rule.gain else action.label
                for action, rule in RULES.items()}
"""An action in a few words, with the coins it takes from the treasury: "tax (+3)"."""
PHASE_WORDS = {
    Phase.ACTION: "chooses an action", Phase.CHALLENGE: "may challenge",
    Phase.BLOCK: "may block", Phase.REVEAL: "must show the card or lose one",
    Phase.LOSE: "loses an influence", Phase.KEEP: "chooses the cards to keep",
    Phase.PICK: "keeps one card", Phase.SWAP: "may swap with the drawn card",
    Phase.SHOW: "shows a card to the Inquisitor", Phase.FORCE_DRAW: "examines the card",
    Phase.RETURN: "returns two cards",
}


def draw_banner(surface: pygame.Surface, rect: Rect, view: CoupView, naming: Naming,
                scale: float) -> None:
    first, second = turn_lines(view, naming)
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
        pygame.draw.rect(surface, chip_colour(character), chip, border_radius=3)
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
        draw_round_wins(surface, area.inflate(-2 * pad, 0), y + round(8 * scale),
                        view.round_wins or (0,) * view.players, names, scale)


def draw_round_wins(surface: pygame.Surface, column: Rect, top: int, wins: Sequence[int],
                    names: Sequence[str], scale: float) -> None:
    """The match's tally under its heading: a name and its rounds won a row, two players
    a row when the names leave room; a count is never wrapped away from its name."""
    hud.blit_text(surface, "Rounds won", round(17 * scale), hud.GOLD, (column.left, top),
                  bold=True)
    y = top + round(24 * scale)
    size = round(13 * scale)
    step = text.font(size).get_linesize()  # lines closer than this run into each other
    gap = round(14 * scale)
    half = (column.width - gap) // 2
    widest = max(text.measure(f"{name} 00", size, bold=True) for name in names[:len(wins)])
    per_row = 2 if widest <= half else 1
    width = half if per_row == 2 else column.width
    for seat, won in enumerate(wins):
        left = column.left + (seat % per_row) * (half + gap)
        count = hud.blit_text(surface, str(won), size, hud.GOLD, (left + width, y),
                              bold=True, anchor="topright")
        lines = text.wrap(names[seat], size, count.left - left - round(6 * scale))
        for index, line in enumerate(lines):
            hud.blit_text(surface, line, size, hud.INK, (left, y + index * step))
        if seat % per_row == per_row - 1 or seat == len(wins) - 1:
            y += step * len(lines)


def chip_colour(character: Character) -> tuple[int, int, int]:
    """The character's colour on the side panel's chip, lightened until it stands out
    from the dark panel (the Assassin's near-black would vanish)."""
    ground = hud.on_ground(hud.PANEL)
    colour = CHARACTER_COLOURS[character]
    while contrast(colour, ground) < LEAST_CONTRAST:
        colour = lighter(colour, 0.1)
    return colour


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    def luminance(colour: tuple[int, int, int]) -> float:
        channels = [value / 255 for value in colour]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                  for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
