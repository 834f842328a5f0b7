"""The executable: build.spec builds it, it carries only what the game uses, and it plays a
table without Python or the repository beside it. On Linux and Windows it is one file
(dist/coup-detat, dist/coup-detat.exe); on macOS an app bundle (dist/Coup d'État.app), the
program inside it at Contents/MacOS/coup-detat.

One test, because the build takes a minute or so: split into several tests, pytest-xdist
would build it once on each worker that got one. With COUP_DETAT_DIST set to a folder that
`pyinstaller build.spec` already built into (the release workflow does), it tests that build
instead of building its own: what it checked is then what is shipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from netns_pair_kit import ADDRESSES, two_machines

from build_support import Build, build, download_megabytes, found
from game.system.desktop import (
    DESKTOP_FILE,
    HICOLOR_SIZES,
    exec_value,
    has_desktop_entries,
    hicolor_parts,
)
from game.ui.main import REPORT_FIRST_FRAME, TIME_SCALE

REPOSITORY = Path(__file__).resolve().parent.parent
BUILT = "COUP_DETAT_DIST"  # a folder build.spec built into: test that build
# What a player downloads: the file, or the zipped .app. Linux's is about 21 MB; Windows'
# and macOS' were not measured yet (they build on the release workflow's runners only):
# their first run tells, and their limits should come down to what it says.
MAX_MEGABYTES = {"darwin": 45, "win32": 35}.get(sys.platform, 30)
SIZE = (1100, 700)
FONTS = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
         "FiraCode-Regular.ttf"}
SAMPLES = {path.name for path in (REPOSITORY / "saves").glob("*.json")}
RULESETS = ("coup-detat", "coup-detat-duel", "coup", "coup-inquisitor")


def contents(build: Build) -> list[str]:
    """The names of the data files the program carries, as resource_path() names them."""
    if not build.shipped.is_file():  # a bundle: PyInstaller puts data under Resources
        resources = build.shipped / "Contents" / "Resources"
        return [Path(folder, name).relative_to(resources).as_posix()
                for folder, _, names in os.walk(resources) for name in names]
    listing = subprocess.run(
        [sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer", "--list",
         "--brief", str(build.program)],
        capture_output=True, text=True, check=True, timeout=120)
    return [line.strip() for line in listing.stdout.splitlines() if line.startswith(" ")]


def desktop_files() -> set[str]:
    """The desktop entry and its icons, which the Linux build carries."""
    icons = {"/".join(("assets", *hicolor_parts(size))) for size in HICOLOR_SIZES}
    return {f"assets/{DESKTOP_FILE}", *icons}


def launch(executable: Path, home: Path, *arguments: str,
           **variables: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != REPORT_FIRST_FRAME}
    environment |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                    "COUP_DETAT_HOME": str(home), **variables}
    return subprocess.run([str(executable), *arguments], capture_output=True, text=True,
                          env=environment, cwd=home, timeout=300)


def every_game_plays(executable: Path, folder: Path) -> None:
    """Each game autoplayed to its end at the shipped settings (no settings file), its
    clock sped up (COUP_DETAT_TIME_SCALE), the four side by side: each ends with its final
    screen, exits 0 and writes no crash report."""
    runs = {}
    for ruleset in RULESETS:
        home = folder / f"home-{ruleset}"
        home.mkdir()
        environment = {key: value for key, value in os.environ.items()
                       if key != REPORT_FIRST_FRAME}
        environment |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                        "COUP_DETAT_HOME": str(home), TIME_SCALE: "200"}
        runs[ruleset] = (home, subprocess.Popen(
            [str(executable), "--autoplay", ruleset, "--until-over", "--frames", "100000",
             "--seed", "3"],
            env=environment, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True))
    for ruleset, (home, run) in runs.items():
        _, errors = run.communicate(timeout=600)
        assert run.returncode == 0, f"{ruleset}: {errors[-3000:]}"
        assert not list(home.rglob("crash-*.json")), f"{ruleset} showed the crash screen"


def distinct_colours(image: pygame.Surface) -> int:
    pixels = pygame.image.tobytes(image, "RGB")
    return len({pixels[i:i + 3] for i in range(0, len(pixels), 3)})


@pytest.mark.slow
def test_the_executable_is_small_carries_only_our_fonts_and_plays_a_table(
    tmp_path: Path,
) -> None:
    given = os.environ.get(BUILT)
    built = found(Path(given).resolve() if given else build(tmp_path / "build"))
    executable = built.program
    megabytes = download_megabytes(built, tmp_path)
    assert megabytes < MAX_MEGABYTES, f"{megabytes:.1f} MB"

    packed = contents(built)
    assert {Path(name).name for name in packed if name.endswith((".ttf", ".otf"))} == FONTS
    assert {name.removeprefix("saves/") for name in packed if name.startswith("saves/")} \
        == SAMPLES
    assert "game/ui/theme.json" in packed and "assets/icon.png" in packed
    carried = desktop_files() & set(packed)
    assert carried == (desktop_files() if has_desktop_entries() else set())

    home = tmp_path / "home"  # also where it runs: no repository files beside it
    home.mkdir()
    screenshot = home / "table.png"
    played = launch(executable, home, "--autoplay", "--frames", "120", "--size",
                    f"{SIZE[0]}x{SIZE[1]}", "--screenshot", str(screenshot), "--seed", "7")
    assert played.returncode == 0, played.stderr[-3000:]
    assert screenshot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    image = pygame.image.load(str(screenshot))
    assert image.get_size() == SIZE
    assert distinct_colours(image) > 1000  # baize, cards, notes, lettering: not a blank

    every_game_plays(executable, tmp_path)
    an_outside_program_plays_through_the_frozen_launcher(executable, home)
    the_network_parts_are_carried(executable, home)
    if sys.platform == "linux":  # network namespaces: a table hosted, found and played
        a_table_is_announced_found_and_played(executable, tmp_path)

    launched = time.time()
    titled = launch(executable, home, "--frames", "1", **{REPORT_FIRST_FRAME: "1"})
    assert titled.returncode == 0, titled.stderr[-3000:]
    report = json.loads(titled.stdout.strip().splitlines()[-1])
    assert launched < report["first_frame_at"] < time.time()

    if has_desktop_entries():
        the_desktop_entry_starts_the_executable(executable, home)


def an_outside_program_plays_through_the_frozen_launcher(executable: Path, home: Path) -> None:
    """The frozen game starts an outside program through itself as the launcher
    (`--bot-launcher`, on POSIX): the program plays its seat without a fault."""
    bot = f"{sys.executable} {REPOSITORY / 'docs' / 'bots' / 'random_bot.py'}"
    simulated = launch(executable, home, "simulate", "--ruleset", "coup", "--seats",
                       "easy,easy,easy", "--seat", f"1=exec:{bot}", "--games", "2",
                       "--seed", "3", "--json")
    assert simulated.returncode == 0, simulated.stderr[-3000:]
    assert json.loads(simulated.stdout)["bot_faults"] == 0, simulated.stderr[-3000:]


def the_network_parts_are_carried(executable: Path, home: Path) -> None:
    """`host` and `join` import what they play with (websockets on asyncio, ssl, zeroconf,
    ifaddr) before they refuse what they were given, on every system: nothing listens."""
    hosted = launch(executable, home, "host", "--seats", "open,medium,medium", "--listen",
                    "127.0.0.1", "--announce")
    assert hosted.returncode == 2, hosted.stderr[-3000:]
    assert "cannot be found from another machine" in hosted.stderr
    joined = launch(executable, home, "join", "nowhere", "--code", "ABCDEF", "--bot", "bot")
    assert joined.returncode == 2, joined.stderr[-3000:]
    assert "an address is HOST:PORT" in joined.stderr


def a_table_is_announced_found_and_played(executable: Path, folder: Path) -> None:
    """On one machine (a network namespace) the executable hosts a table and announces it;
    on another, joined to it by a cable, the executable finds it (`tables`) and an outside
    program plays its open seat (`join --bot`) to the game's end."""
    bot = f"{sys.executable} {REPOSITORY / 'docs' / 'bots' / 'random_bot.py'}"
    with two_machines() as machines:
        host = machines.start(0, [str(executable), "host", "--ruleset", "coup", "--seats",
                                  "open,medium", "--port", "0", "--json", "--announce",
                                  "Zoé's table", "--seed", "3"], home=folder)
        assert host.stdout is not None
        listening = json.loads(host.stdout.readline())
        listed = machines.run(1, [str(executable), "tables", "--wait", "3", "--json"],
                              timeout=60, home=folder)
        assert listed.returncode == 0, listed.stderr[-3000:]
        found = json.loads(listed.stdout)["tables"]
        assert [(table["name"], table["address"], table["port"]) for table in found] == \
            [("Zoé's table", ADDRESSES[0], listening["port"])]
        joined = machines.run(1, [str(executable), "join",
                                  f"{ADDRESSES[0]}:{listening['port']}", "--code",
                                  listening["code"], "--name", "Zoé", "--bot", bot],
                              timeout=300, home=folder)
        assert joined.returncode == 0, joined.stderr[-3000:]
        assert json.loads(joined.stdout.splitlines()[-1])["game_over"] is True
        out, err = host.communicate(timeout=60)
        assert host.returncode == 0, err[-3000:]
        assert json.loads(out.splitlines()[-1])["names"][0] == "Zoé"


def the_desktop_entry_starts_the_executable(executable: Path, home: Path) -> None:
    data = home / "data"
    installed = launch(executable, home, "--install-desktop-entry", XDG_DATA_HOME=str(data))
    assert installed.returncode == 0, installed.stderr[-3000:]
    entry = (data / "applications" / DESKTOP_FILE).read_text(encoding="utf-8")
    assert f"Exec={exec_value([str(executable)])}\n" in entry  # not where it unpacked
    assert "Path=" not in entry
    for size in HICOLOR_SIZES:
        assert data.joinpath(*hicolor_parts(size)).read_bytes().startswith(b"\x89PNG")
