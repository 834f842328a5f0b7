"""Building the executable that build.spec describes, and finding what it built: what the
executable's test (tests/test_executable.py) and its benchmark (benchmarks/executable.py)
share. Not shipped; imported from the checkout (pytest's `pythonpath`, or `python -m
benchmarks.executable` run from it)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from game.system.desktop import APP_ID

ROOT = Path(__file__).resolve().parent  # the checkout, where build.spec is
SPEC = ROOT / "build.spec"


@dataclass(frozen=True)
class Build:
    """What build.spec built, in this system's layout."""

    program: Path  # what runs
    shipped: Path  # what a player gets: the same file, or the .app folder around it


def build(folder: Path) -> Path:
    """`pyinstaller build.spec` into `folder`; the folder of what it built."""
    run = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm",
         "--distpath", str(folder / "dist"), "--workpath", str(folder / "work")],
        capture_output=True, text=True, cwd=ROOT, timeout=900)
    if run.returncode != 0:
        raise RuntimeError(f"pyinstaller build.spec failed:\n{run.stderr[-3000:]}")
    return folder / "dist"


def found(dist: Path) -> Build:
    """The program in `dist`: one file on Linux and Windows, inside the app bundle on
    macOS (Contents/MacOS)."""
    if sys.platform == "darwin":
        bundles = list(dist.glob("*.app"))
        if len(bundles) != 1:
            raise FileNotFoundError(f"not one app bundle in {dist}: {bundles}")
        return Build(bundles[0] / "Contents" / "MacOS" / APP_ID, bundles[0])
    program = dist / (f"{APP_ID}.exe" if sys.platform == "win32" else APP_ID)
    if not program.is_file():
        raise FileNotFoundError(f"no {program.name} in {dist}")
    return Build(program, program)


def download_megabytes(built: Build, folder: Path) -> float:
    """The size of what a player downloads, in MB (10^6 bytes): the file, or the .app
    zipped as the release workflow zips it (symbolic links kept), in `folder`."""
    if built.shipped.is_file():
        return built.shipped.stat().st_size / 1e6
    archive = folder / "bundle.zip"
    subprocess.run(["ditto", "-c", "-k", "--keepParent", str(built.shipped), str(archive)],
                   check=True, timeout=300)
    return archive.stat().st_size / 1e6
