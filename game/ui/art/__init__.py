"""The game's artwork, drawn by code at run time: cards, notes, the table and its markers.

Everything returned is a per-pixel-alpha surface (the felt is opaque), cached and shared:
blit it, never draw on it. Nothing here needs a display mode, so callers may convert later.
"""

from game.ui.art.backs import BACK_COLOURS, CARD_BACKS
from game.ui.art.canvas import CARD_RATIO
from game.ui.art.card_art import CardArt
from game.ui.art.emblems import NOTE_VALUES, coup_badge, dagger, director_badge, franc_note
from game.ui.art.suits import suit_pip
from game.ui.art.table import board_plank, felt

__all__ = [
    "BACK_COLOURS",
    "CARD_BACKS",
    "CARD_RATIO",
    "NOTE_VALUES",
    "CardArt",
    "board_plank",
    "coup_badge",
    "dagger",
    "director_badge",
    "felt",
    "franc_note",
    "suit_pip",
]
