"""Contact sheets of the art: every card, the backs, the notes and the Board's pieces.

    python assets/preview/make_preview.py

writes cards.png (cards 96 pixels wide) and cards_small.png (48 pixels wide) beside this
file, to look at the art without starting the game.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import pygame  # noqa: E402

from game.cards import COUP, JOKER, Card, Rank, Suit, suited_deck  # noqa: E402
from game.ui.art import (  # noqa: E402
    CARD_BACKS,
    CARD_RATIO,
    NOTE_VALUES,
    CardArt,
    board_plank,
    coup_badge,
    dagger,
    director_badge,
    felt,
    franc_note,
)

PACK_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
              Rank.SEVEN)
FOUR_COLOUR_SAMPLES = ("AD", "KD", "10D", "7D", "AC", "QC", "JC", "9C")


def sheet(width: int) -> pygame.Surface:
    gap = max(6, width // 8)
    height = round(width * CARD_RATIO)
    columns = len(PACK_RANKS)
    pack = suited_deck(PACK_RANKS)
    rows: list[list[Card | str]] = [list(pack[i * columns:(i + 1) * columns])
                                    for i in range(len(Suit))]
    rows.append([COUP, JOKER, *CARD_BACKS, Card.parse("4D"), Card.parse("2C")])
    rows.append([f"four:{code}" for code in FOUR_COLOUR_SAMPLES])
    sheet_width = gap + columns * (width + gap)
    extras_height = round(width * 2.2)
    size = (sheet_width, gap + len(rows) * (height + gap) + extras_height + gap)
    surface = felt(size).copy()
    _cards(surface, rows, width, gap)
    _extras(surface, width, gap, gap + len(rows) * (height + gap))
    return surface


def _cards(surface: pygame.Surface, rows: list[list[Card | str]], width: int, gap: int) -> None:
    """Faces, backs (by name) and, as "four:AD", faces in the four-colour pack."""
    height = round(width * CARD_RATIO)
    for row, items in enumerate(rows):
        for column, item in enumerate(items):
            surface.blit(_image(item, width),
                         (gap + column * (width + gap), gap + row * (height + gap)))


def _image(item: Card | str, width: int) -> pygame.Surface:
    if isinstance(item, Card):
        return CardArt().face(item, width)
    if item.startswith("four:"):
        return CardArt(four_colour=True).face(Card.parse(item[5:]), width)
    return CardArt(back=item).back(width)


def _extras(surface: pygame.Surface, width: int, gap: int, top: int) -> None:
    x = gap
    note_width = round(width * 1.3)
    for value in NOTE_VALUES:
        surface.blit(franc_note(value, note_width), (x, top))
        x += note_width + gap
    lower = top + round(note_width * 0.5) + gap
    plank = board_plank((round(width * 3.2), round(width * 1.3)))
    surface.blit(plank, (gap, lower))
    for i in range(3):
        surface.blit(dagger(round(width * 0.8)),
                     (gap * 2 + i * round(width * 0.95), lower + gap + i * round(width * 0.3)))
    x = gap * 2 + plank.get_width()
    surface.blit(dagger(round(width * 0.8), horizontal=False), (x, lower))
    x += round(width * 0.6)
    for badge in (director_badge(round(width * 0.6)), coup_badge(round(width * 0.6))):
        surface.blit(badge, (x, lower))
        x += badge.get_width() + gap


def main() -> None:
    pygame.font.init()
    for width, name in ((96, "cards.png"), (48, "cards_small.png")):
        pygame.image.save(sheet(width), str(HERE / name))
        print(HERE / name)


if __name__ == "__main__":
    main()
