"""The program's icon, drawn with the game's own art: the King of Hearts and the COUP card
fanned on a tile of baize; at 32 pixels and below, where a card is a smudge, the COUP seal.

    python assets/make_icon.py

writes beside this file, each size drawn once and stored as PNG:

    icon.png                             256 pixels, the window's icon
    icon.ico                             16 to 256 pixels, the executable's icon on Windows
    icon.icns                            16 to 1024 pixels, the .app bundle's icon on macOS
    icons/hicolor/NxN/apps/coup-detat.png  16 to 512 pixels, for Linux desktops (their
                                         icon theme's layout: game/system/desktop.py installs them)
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
from game.system.desktop import HICOLOR_SIZES, hicolor_parts  # noqa: E402
from game.ui.art import CardArt, coup_badge, felt  # noqa: E402
from game.ui.art.emblems import GOLD  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# The ICNS types that hold a PNG, by the size in pixels (macOS 10.7 and later read them;
# ic10 is the 512-point icon on a Retina screen).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08",
              512: b"ic09", 1024: b"ic10"}
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


def png_bytes(image: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico file holding a PNG of each size (read by Windows since Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries = b""
    for size, png in pngs.items():
        # width and height are a byte each: 0 stands for 256
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png),
                               offset)
        offset += len(png)
    return header + entries + b"".join(pngs.values())


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: 'icns' and the file's length, then per image its type, its length
    with this 8-byte heading, and the PNG (lengths big-endian)."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png
                    for size, png in pngs.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    pygame.font.init()
    sizes = sorted({*ICO_SIZES, *ICNS_TYPES, *HICOLOR_SIZES})
    pngs = {size: png_bytes(icon(size)) for size in sizes}
    written = {
        HERE / "icon.png": pngs[256],
        HERE / "icon.ico": ico_bytes({size: pngs[size] for size in ICO_SIZES}),
        HERE / "icon.icns": icns_bytes({size: pngs[size] for size in ICNS_TYPES}),
    }
    for size in HICOLOR_SIZES:
        written[HERE.joinpath(*hicolor_parts(size))] = pngs[size]
    for path, data in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(path)


if __name__ == "__main__":
    main()
