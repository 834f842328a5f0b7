"""The one-file executable: build.spec builds it, it carries only what the game uses, and it
plays a table without Python or the repository beside it.

One test, because the build takes a minute or so: split into several tests, pytest-xdist
would build it once on each worker that got one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.ui.main import REPORT_FIRST_FRAME, TIME_SCALE

REPOSITORY = Path(__file__).resolve().parent.parent
MAX_MEGABYTES = 30
SIZE = (1100, 700)
FONTS = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
         "FiraCode-Regular.ttf"}
SAMPLES = {path.name for path in (REPOSITORY / "saves").glob("*.json")}
RULESETS = ("coup-detat", "coup-detat-duel", "coup", "coup-inquisitor")


def build(folder: Path) -> Path:
    """`pyinstaller build.spec` into `folder`; the executable."""
    run = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(REPOSITORY / "build.spec"), "--noconfirm",
         "--distpath", str(folder / "dist"), "--workpath", str(folder / "work")],
        capture_output=True, text=True, cwd=REPOSITORY, timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return folder / "dist" / ("coup-detat.exe" if sys.platform == "win32" else "coup-detat")


def contents(executable: Path) -> list[str]:
    """The names of the files packed into the executable."""
    viewer = shutil.which("pyi-archive_viewer", path=str(Path(sys.executable).parent))
    assert viewer, "pyi-archive_viewer comes with PyInstaller"
    listing = subprocess.run([viewer, "--list", "--brief", str(executable)],
                             capture_output=True, text=True, check=True, timeout=120)
    return [line.strip() for line in listing.stdout.splitlines() if line.startswith(" ")]


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
    executable = build(tmp_path / "build")
    megabytes = executable.stat().st_size / 1e6
    assert megabytes < MAX_MEGABYTES, f"{megabytes:.1f} MB"

    packed = contents(executable)
    assert {Path(name).name for name in packed if name.endswith((".ttf", ".otf"))} == FONTS
    assert {name.removeprefix("saves/") for name in packed if name.startswith("saves/")} \
        == SAMPLES
    assert "game/ui/theme.json" in packed and "assets/icon.png" in packed

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

    launched = time.time()
    titled = launch(executable, home, "--frames", "1", **{REPORT_FIRST_FRAME: "1"})
    assert titled.returncode == 0, titled.stderr[-3000:]
    report = json.loads(titled.stdout.strip().splitlines()[-1])
    assert launched < report["first_frame_at"] < time.time()
