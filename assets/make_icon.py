"""The program's icon, drawn with the game's own art: the King of Hearts and the COUP card
fanned on a tile of baize; at 32 pixels and below, where a card is a smudge, the COUP seal.

    python assets/make_icon.py

writes icon.png (256 pixels, the window's icon) and icon.ico (16 to 256 pixels, the
executable's icon on Windows) beside this file.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import pygame  # noqa: E402

from game.cards import COUP, Card  # noqa: E402
from game.ui.art import CardArt, coup_badge, felt  # noqa: E402
from game.ui.art.emblems import GOLD  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
SMALL = 32  # this size and below show the seal alone
OVERSAMPLE = 2  # the tile is drawn twice as big, then smoothly shrunk: soft edges
CORNER = 0.2  # the tile's corner radius, in tile widths
BORDER = 0.025  # the gold rim, in tile widths


def icon(size: int) -> pygame.Surface:
    big = size * OVERSAMPLE
    surface = _tile(big)
    if size <= SMALL:
        seal = coup_badge(round(big * 0.9))
        surface.blit(seal, seal.get_rect(center=(big // 2, big // 2)))
    else:
        _fan(surface, big)
    return pygame.transform.smoothscale(surface, (size, size))


def _tile(size: int) -> pygame.Surface:
    """Baize in a rounded square with a gold rim; transparent outside it."""
    radius = round(size * CORNER)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    tile.blit(felt((size, size)), (0, 0))
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    rim = max(1, round(size * BORDER))
    pygame.draw.rect(tile, GOLD, tile.get_rect(), width=rim, border_radius=radius)
    return tile


def _fan(surface: pygame.Surface, size: int) -> None:
    """Two cards as a hand holds them: the King behind, tilted left; COUP before, tilted
    right."""
    width = round(size * 0.46)
    art = CardArt()
    for card, angle, dx in ((Card.parse("KH"), 13, -0.12), (COUP, -11, 0.12)):
        face = pygame.transform.rotozoom(art.face(card, width), angle, 1.0)
        centre = (round(size * (0.5 + dx)), round(size * 0.5))
        surface.blit(face, face.get_rect(center=centre))


def ico_bytes(images: list[pygame.Surface]) -> bytes:
    """An .ico file holding each image as PNG (read by Windows since Vista)."""
    pngs = []
    for image in images:
        buffer = io.BytesIO()
        pygame.image.save(image, buffer, "icon.png")
        pngs.append(buffer.getvalue())
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for image, png in zip(images, pngs, strict=True):
        width, height = image.get_size()
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32,
                               len(png), offset)
        offset += len(png)
    return header + entries + b"".join(pngs)


def main() -> None:
    pygame.font.init()
    pygame.image.save(icon(256), str(HERE / "icon.png"))
    (HERE / "icon.ico").write_bytes(ico_bytes([icon(size) for size in ICO_SIZES]))
    print(HERE / "icon.png")
    print(HERE / "icon.ico")


if __name__ == "__main__":
    main()
