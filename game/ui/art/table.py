"""The table: green baize for the whole window, and the wood of the Director's Board.

No numpy: pixel-by-pixel work happens only on small surfaces (a light map at 1/16 of the
size, a grain tile), which pygame then scales and tiles over the full size.
"""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache

import pygame

from game.ui.art.canvas import Colour, darker, lighter, mix

BAIZE: Colour = (30, 104, 62)
WALNUT: Colour = (118, 72, 38)
LIGHT_MAP_STEP = 16  # window pixels per pixel of the felt's light map
GRAIN_TILE = 128


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green baize of the table, darker towards the edges; opaque, cached by size.

    Shared by every caller: blit it, or copy it before drawing on it.
    """
    width, height = max(1, size[0]), max(1, size[1])
    light = _light_map(math.ceil(width / LIGHT_MAP_STEP) + 1,
                       math.ceil(height / LIGHT_MAP_STEP) + 1)
    surface = pygame.transform.smoothscale(light, (width, height))
    grain = _grain_tile()
    for y in range(0, height, GRAIN_TILE):
        for x in range(0, width, GRAIN_TILE):
            surface.blit(grain, (x, y))
    return surface


def _light_map(columns: int, rows: int) -> pygame.Surface:
    """The baize colour at low resolution: a vignette and a faint cloudiness."""
    rng = random.Random(1966)
    pixels = bytearray()
    for row in range(rows):
        dy = (row / max(1, rows - 1) - 0.5) * 2
        for column in range(columns):
            dx = (column / max(1, columns - 1) - 0.5) * 2
            shade = 1.08 - 0.3 * (dx * dx * 0.7 + dy * dy) ** 1.3 + rng.uniform(-0.025, 0.025)
            pixels += bytes(min(255, max(0, round(channel * shade))) for channel in BAIZE)
    return pygame.image.frombytes(bytes(pixels), (columns, rows), "RGB")


@cache
def _grain_tile() -> pygame.Surface:
    """Fine fibres: single pixels a little lighter or darker than their neighbours."""
    rng = random.Random(32)
    count = GRAIN_TILE * GRAIN_TILE
    shade = rng.randbytes(count).translate(bytes(0 if i < 128 else 255 for i in range(256)))
    alpha = rng.randbytes(count).translate(bytes(i // 20 for i in range(256)))
    pixels = bytearray(count * 4)
    for channel in range(3):
        pixels[channel::4] = shade
    pixels[3::4] = alpha
    return pygame.image.frombytes(bytes(pixels), (GRAIN_TILE, GRAIN_TILE), "RGBA")


@lru_cache(maxsize=8)
def board_plank(size: tuple[int, int]) -> pygame.Surface:
    """Walnut boards with grain and a bevelled rim, corners rounded; cached by size."""
    width, height = max(8, size[0]), max(8, size[1])
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rng = random.Random(f"{width}x{height}")
    boards = max(1, round(height / max(40, width / 6)))
    for board in range(boards):
        top, bottom = board * height // boards, (board + 1) * height // boards
        _board(surface, pygame.Rect(0, top, width, bottom - top), rng)
    _bevel(surface)
    surface.blit(rounded_mask((width, height), max(3, min(width, height) // 14)), (0, 0),
                 special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def _board(surface: pygame.Surface, area: pygame.Rect, rng: random.Random) -> None:
    tint = mix(WALNUT, (150, 96, 52), rng.random() * 0.6)
    surface.fill(tint, area)
    knot = (area.x + rng.uniform(0.2, 0.8) * area.width, area.centery + rng.uniform(-0.2, 0.2)
            * area.height)
    for line in range(max(4, area.height // 3)):
        y = area.y + (line + rng.random()) * area.height / max(4, area.height // 3)
        colour = darker(tint, rng.uniform(0.05, 0.25)) if line % 3 else lighter(tint, 0.08)
        pygame.draw.aalines(surface, colour, False, _grain_line(area, y, knot, rng))
    _knot(surface, knot, area.height * 0.045, tint, rng)
    pygame.draw.line(surface, darker(tint, 0.5), area.topleft, area.topright)
    pygame.draw.line(surface, lighter(tint, 0.15), (area.x, area.y + 1),
                     (area.right, area.y + 1))


def _knot(surface: pygame.Surface, centre: tuple[float, float], size: float, tint: Colour,
          rng: random.Random) -> None:
    """A dark eye in the wood with a few wobbly rings around it."""
    core = pygame.Rect(0, 0, max(2, round(size * 2.4)), max(2, round(size)))
    core.center = round(centre[0]), round(centre[1])
    pygame.draw.ellipse(surface, darker(tint, 0.45), core)
    for ring in range(1, 4):
        wobble = rng.uniform(0, 6.3)
        points = []
        for i in range(48):
            t = 2 * math.pi * i / 48
            swell = 1 + 0.08 * math.sin(3 * t + wobble)
            points.append((centre[0] + size * (1.2 + ring * 0.9) * swell * math.cos(t),
                           centre[1] + size * (0.5 + ring * 0.45) * swell * math.sin(t)))
        pygame.draw.aalines(surface, darker(tint, 0.35 - ring * 0.07), True, points)


def _grain_line(area: pygame.Rect, y: float, knot: tuple[float, float],
                rng: random.Random) -> list[tuple[float, float]]:
    """A slow wave along the board that bends around the knot."""
    phase, wave = rng.uniform(0, 6.3), rng.uniform(0.5, 2.5)
    points: list[tuple[float, float]] = []
    for x in range(area.x - 10, area.right + 20, 12):
        bend = area.height * 0.35 * math.exp(-(((x - knot[0]) / (area.height * 0.6)) ** 2))
        away = 1 if y >= knot[1] else -1
        closeness = math.exp(-abs(y - knot[1]) / (area.height * 0.25))
        points.append((x, y + wave * math.sin(x / 60 + phase) + away * bend * closeness))
    return points


def _bevel(surface: pygame.Surface) -> None:
    width, height = surface.get_size()
    rim = max(2, min(width, height) // 40)
    for i in range(rim):
        light = (255, 240, 210, 70 - i * 50 // rim)
        dark = (20, 10, 0, 110 - i * 80 // rim)
        _blend_line(surface, light, (i, i), (width - i, i))
        _blend_line(surface, light, (i, i), (i, height - i))
        _blend_line(surface, dark, (i, height - 1 - i), (width - i, height - 1 - i))
        _blend_line(surface, dark, (width - 1 - i, i), (width - 1 - i, height - i))


def _blend_line(surface: pygame.Surface, colour: tuple[int, int, int, int],
                a: tuple[int, int], b: tuple[int, int]) -> None:
    """A translucent line over what is there (pygame's draw replaces pixels)."""
    span = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]) or 1,
                       abs(b[1] - a[1]) or 1)
    layer = pygame.Surface(span.size, pygame.SRCALPHA)
    layer.fill(colour)
    surface.blit(layer, span)


def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White, opaque inside a rounded rectangle with smooth corners, clear outside."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    corner = _corner(radius)
    width, height = size
    for turns, (x, y) in enumerate([(0, 0), (0, height - radius), (width - radius,
                                                                   height - radius),
                                    (width - radius, 0)]):
        mask.fill((255, 255, 255, 0), pygame.Rect(x, y, radius, radius))
        mask.blit(pygame.transform.rotate(corner, 90 * turns), (x, y),
                  special_flags=pygame.BLEND_RGBA_MAX)
    return mask


@cache
def _corner(radius: int) -> pygame.Surface:
    """The top-left quarter of a disc's outside, supersampled: opaque inside the curve."""
    factor = 4
    big = pygame.Surface((radius * factor, radius * factor), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    pygame.draw.circle(big, (255, 255, 255, 255), (radius * factor, radius * factor),
                       radius * factor)
    return pygame.transform.smoothscale(big, (radius, radius))
