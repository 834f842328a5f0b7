"""The icons assets/make_icon.py draws, read back as each desktop reads them: Windows' .ico,
macOS' .icns, the Linux icon theme's PNGs, and the window's icon.png."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from game.system.desktop import HICOLOR_SIZES, hicolor_parts

ASSETS = Path(__file__).resolve().parent.parent / "assets"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA = 6  # the PNG colour type with an alpha channel: the tile's corners are transparent
# The ICNS types that hold a PNG (macOS 10.7 and later), with their size in pixels
ICNS_SIZES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256,
              b"ic09": 512, b"ic10": 1024}
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
MAX_MEGABYTES = {"icon.icns": 1.5, "icon.ico": 0.2, "icons": 0.5}


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header, which must be RGBA."""
    assert data.startswith(PNG_SIGNATURE)
    length, kind, width, height, _, colour = struct.unpack(">I4sIIBB", data[8:26])
    assert (length, kind, colour) == (13, b"IHDR", RGBA)
    return width, height


def icns_entries(data: bytes) -> dict[bytes, bytes]:
    """The entries of an .icns file by type: 'icns', the file's length, then per entry its
    type and length (heading included), big-endian."""
    magic, length = struct.unpack(">4sI", data[:8])
    assert (magic, length) == (b"icns", len(data))
    entries, offset = {}, 8
    while offset < len(data):
        kind, size = struct.unpack(">4sI", data[offset:offset + 8])
        assert size > 8 and offset + size <= len(data), kind
        assert kind not in entries, f"{kind!r} twice"
        entries[kind] = data[offset + 8:offset + size]
        offset += size
    return entries


def ico_entries(data: bytes) -> list[tuple[int, bytes]]:
    """The images of an .ico file: (size from its directory, image data)."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    images = []
    for index in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index:22 + 16 * index])
        assert width == height
        images.append((width or 256, data[offset:offset + length]))
    return images


def test_the_icns_holds_a_png_of_each_size_from_16_to_1024() -> None:
    entries = icns_entries((ASSETS / "icon.icns").read_bytes())
    assert set(entries) == set(ICNS_SIZES)
    for kind, png in entries.items():
        size = ICNS_SIZES[kind]
        assert png_size(png) == (size, size), kind


def test_the_ico_holds_a_png_of_each_size_from_16_to_256() -> None:
    images = ico_entries((ASSETS / "icon.ico").read_bytes())
    assert [size for size, _ in images] == list(ICO_SIZES)
    for size, png in images:
        assert png_size(png) == (size, size)


@pytest.mark.parametrize("size", HICOLOR_SIZES)
def test_the_icon_theme_has_each_standard_size(size: int) -> None:
    path = ASSETS.joinpath(*hicolor_parts(size))
    assert path.relative_to(ASSETS).as_posix() == \
        f"icons/hicolor/{size}x{size}/apps/coup-detat.png"
    assert png_size(path.read_bytes()) == (size, size)


def test_the_icon_theme_has_nothing_else() -> None:
    found = {path.relative_to(ASSETS) for path in (ASSETS / "icons").rglob("*") if path.is_file()}
    assert found == {Path(*hicolor_parts(size)) for size in HICOLOR_SIZES}


def test_the_window_icon_is_the_256_pixel_image_of_the_other_files() -> None:
    window = (ASSETS / "icon.png").read_bytes()
    assert png_size(window) == (256, 256)
    assert ASSETS.joinpath(*hicolor_parts(256)).read_bytes() == window
    assert icns_entries((ASSETS / "icon.icns").read_bytes())[b"ic08"] == window


@pytest.mark.parametrize("name", MAX_MEGABYTES)
def test_the_icon_files_stay_small(name: str) -> None:
    path = ASSETS / name
    files = [path] if path.is_file() else [part for part in path.rglob("*") if part.is_file()]
    megabytes = sum(part.stat().st_size for part in files) / 1e6
    assert megabytes < MAX_MEGABYTES[name], f"{megabytes:.2f} MB"
