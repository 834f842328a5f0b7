"""The game in a Linux desktop's menu: `coup-detat --install-desktop-entry`.

Copies the icons drawn by assets/make_icon.py into the user's hicolor icon theme and writes
a desktop entry (the freedesktop.org Desktop Entry Specification) whose Exec starts this
very program: the executable itself when frozen, `python -m game` from source.

    ~/.local/share/icons/hicolor/NxN/apps/coup-detat.png    (N from 16 to 512)
    ~/.local/share/applications/coup-detat.desktop

`~/.local/share` is $XDG_DATA_HOME when that is set. Pure file work: no pygame.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.system.resources import frozen, resource_path, resource_root

APP_ID = "coup-detat"  # the icon's name, the desktop entry's file name
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
DESKTOP_FILE = f"{APP_ID}.desktop"

# The Desktop Entry Specification's reserved characters: an Exec argument holding one of
# them is written in double quotes.
EXEC_RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")
EXEC_ESCAPED_IN_QUOTES = '"`$\\'


@dataclass(frozen=True)
class Installed:
    entry: Path
    icons: tuple[Path, ...]
    command: tuple[str, ...]  # what the entry runs


def has_desktop_entries() -> bool:
    """Whether desktop entries are how this system lists programs: Linux and the other
    freedesktop.org desktops, not Windows nor macOS."""
    return sys.platform not in ("win32", "cygwin", "darwin")


def shipped_icon(size: int) -> Path:
    """The icon of `size` pixels that the program carries, in the hicolor layout."""
    return resource_path("assets", *hicolor_parts(size))


def hicolor_parts(size: int) -> tuple[str, ...]:
    """An icon's path inside an icon theme's folder."""
    return ("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def data_home(environment: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset, empty or relative (as the XDG
    Base Directory Specification says to treat a relative one)."""
    given = environment.get("XDG_DATA_HOME", "")
    if given and Path(given).is_absolute():
        return Path(given)
    return Path.home() / ".local" / "share"


def launch_command() -> list[str]:
    """The command that starts this program: the executable, or Python running the game."""
    if frozen():
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def exec_value(command: Sequence[str]) -> str:
    """`command` as the value of an Exec key."""
    # A reader undoes the string escapes before the quoting, so both apply, in this order.
    return _string_value(" ".join(_exec_argument(argument) for argument in command))


def _exec_argument(argument: str) -> str:
    argument = argument.replace("%", "%%")  # a lone % would start a field code such as %f
    if not EXEC_RESERVED.intersection(argument):
        return argument
    escaped = "".join("\\" + char if char in EXEC_ESCAPED_IN_QUOTES else char
                      for char in argument)
    return f'"{escaped}"'


def _string_value(text: str) -> str:
    """`text` with the escapes of a desktop entry's string values."""
    for char, escape in (("\\", "\\\\"), ("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r")):
        text = text.replace(char, escape)
    return text


def desktop_entry(template: str, command: Sequence[str], folder: Path | None) -> str:
    """The shipped desktop entry with its Exec set to `command`, run in `folder` if given."""
    lines = []
    for line in template.splitlines():
        key = line.partition("=")[0].strip()
        if key == "Path":
            continue
        if key == "Exec":
            line = f"Exec={exec_value(command)}"
            if folder is not None:
                line += f"\nPath={_string_value(str(folder))}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(target: Path | None = None) -> Installed:
    """Copy the icons and write the desktop entry under `target` (the XDG data home by
    default). Raises OSError when a file cannot be written."""
    target = target or data_home()
    icons = tuple(_copy_icon(size, target) for size in HICOLOR_SIZES)
    command = launch_command()
    folder = None if frozen() else resource_root()  # `-m game` finds the source there
    text = desktop_entry(resource_path("assets", DESKTOP_FILE).read_text(encoding="utf-8"),
                         command, folder)
    entry = target / "applications" / DESKTOP_FILE
    _write(entry, text.encode("utf-8"))
    return Installed(entry, icons, tuple(command))


def _copy_icon(size: int, target: Path) -> Path:
    destination = target.joinpath(*hicolor_parts(size))
    _write(destination, shipped_icon(size).read_bytes())
    return destination


def _write(path: Path, data: bytes) -> None:
    """Write through a temporary file, so a failed write leaves no half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_bytes(data)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
