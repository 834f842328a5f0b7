"""The game as on another desktop, run on this one: Windows or macOS, simulated.

    python tests/simulated_desktop.py windows|macos HOME

What Python offers only on the other systems cannot be had here (a stand-in plays the part
of the little the game uses: `msvcrt.locking`), but what this one offers and they lack can
be taken away: the modules POSIX alone has (`resource`, `fcntl`,
`termios`, `pwd`...) are made unimportable for Windows, those Linux alone has for macOS.
`sys.platform` says what it says there, for our code and platformdirs, which read it (the
libraries that load native code, pygame and pygame-gui, are imported before, as
themselves). The player's home is HOME, laid out as on that system (APPDATA, ~/Library),
with no COUP_DETAT_HOME: the game finds its folders as it would there.

Then every module of `game` is imported, the window opens (SDL's dummy driver) with the
shipped settings, and the first turns of each game are played from New game by clicks and
keys (tests/player_kit.py). It prints a JSON summary; any failure is a traceback and exit
status 1.
"""

from __future__ import annotations

import importlib
import importlib.abc
import json
import os
import pkgutil
import sys
import types
from pathlib import Path

POSIX_ONLY = frozenset({"resource", "fcntl", "termios", "tty", "pty", "pwd", "grp", "curses",
                        "_curses", "readline", "syslog", "crypt", "posix_spawn"})
LINUX_ONLY = frozenset({"spwd", "ossaudiodev", "nis"})
# platformdirs asks the Windows shell for the user's folders through ctypes, which cannot
# answer here: without it, it reads APPDATA and LOCALAPPDATA, as it does on a Windows
# without ctypes.
ASKS_WINDOWS = frozenset({"ctypes"})
DESKTOPS = {"windows": ("win32", POSIX_ONLY | LINUX_ONLY | ASKS_WINDOWS),
            "macos": ("darwin", LINUX_ONLY)}
AS_THEMSELVES = ("pygame", "pygame_gui", "pytest", "subprocess", "multiprocessing",
                 "multiprocessing.connection", "multiprocessing.pool", "multiprocessing.queues",
                 "multiprocessing.synchronize", "concurrent.futures.process",
                 "ifaddr", "zeroconf", "urllib.request")
"""Imported before the switch: libraries with native code, and the standard library's
modules that choose their system's own parts when imported (on Windows, Windows's)."""


def windows_msvcrt() -> types.ModuleType:
    """A stand-in for Windows's `msvcrt`, as far as the game uses it: `locking` of a file's
    first byte, refused (OSError) while another handle holds it, as Windows refuses it."""
    module = types.ModuleType("msvcrt")
    held: dict[tuple[int, int], int] = {}  # (device, inode) -> the handle holding it

    def locking(handle: int, mode: int, count: int) -> None:
        status = os.fstat(handle)
        key = (status.st_dev, status.st_ino)
        if mode == module.LK_UNLCK:
            held.pop(key, None)
        elif held.setdefault(key, handle) != handle:
            raise PermissionError(13, "Permission denied")

    module.LK_UNLCK, module.LK_NBLCK = 0, 2  # type: ignore[attr-defined]
    module.locking = locking  # type: ignore[attr-defined]
    return module


STAND_INS = {"windows": {"msvcrt": windows_msvcrt}}
"""Modules only the other system has, that the game imports there: made here."""


class Refuse(importlib.abc.MetaPathFinder):
    """A finder, first in line, that refuses the modules the simulated system lacks."""

    def __init__(self, names: frozenset[str], system: str) -> None:
        self.names, self.system = names, system

    def find_spec(self, name: str, path: object, target: object = None) -> None:
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r} (not on {self.system})",
                                      name=name)


def become(desktop: str, home: Path) -> None:
    platform, missing = DESKTOPS[desktop]
    sys.meta_path.insert(0, Refuse(missing, desktop))
    for name in list(sys.modules):
        if name.partition(".")[0] in missing:
            del sys.modules[name]
    sys.platform = platform
    for name, make in STAND_INS.get(desktop, {}).items():
        sys.modules[name] = make()
    os.environ.pop("COUP_DETAT_HOME", None)
    os.environ["HOME"] = str(home)
    if desktop == "windows":
        os.environ["APPDATA"] = str(home / "AppData" / "Roaming")
        os.environ["LOCALAPPDATA"] = str(home / "AppData" / "Local")


def import_everything() -> list[str]:
    import game

    names = [module.name for module in pkgutil.walk_packages(game.__path__, "game.")]
    for name in names:
        importlib.import_module(name)
    return names


GAMES = {"Coup d'État": 3, "Coup d'État for two": 2, "Coup": 2, "Coup with the Inquisitor": 3}


def main(desktop: str, home: Path) -> dict[str, object]:
    for name in AS_THEMSELVES:
        importlib.import_module(name)
    become(desktop, home)
    modules = import_everything()
    from game.system import paths
    from game.ui.app import peak_memory_mib

    folders = {"data": str(paths.data_dir()), "config": str(paths.config_dir())}
    turns = {title: first_turns(title, players, seed)
             for seed, (title, players) in enumerate(GAMES.items())}
    return {"platform": sys.platform, "modules": len(modules), "folders": folders,
            "turns": turns, "peak_memory_mib": peak_memory_mib(),
            "saves": sorted(path.name for path in paths.data_dir().rglob("*.json"))}


def first_turns(title: str, players: int, seed: int) -> int:
    """A game started from New game at the shipped settings and played until the person
    has decided twice; the decisions made in all."""
    import pytest
    from player_kit import Person, Seating  # beside this script, so on its path
    from ui_kit import close_window

    from game.ui.clock import Clock
    from game.ui.main import open_window

    app = open_window(clock=Clock(40))
    try:
        person = Person(app, seed)
        table = person.start(Seating(title, players,
                                     ["Person"] + ["Computer: Medium"] * (players - 1)))
        person.play_until(lambda: person.decisions >= 2 or table.session.over)
        assert app.crash is None
        return len(table.session.match.turns)
    except pytest.fail.Exception as failure:  # its reason, without the test machinery
        raise SystemExit(f"{title}: {failure}") from None
    finally:
        close_window(app)


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2]))))
