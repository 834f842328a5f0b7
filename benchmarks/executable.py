"""Executable benchmark: the size of the one-file build and its launch time.

    python benchmarks/executable.py [--executable dist/coup-detat] [--runs 7] [--json]

Builds the executable with `pyinstaller build.spec` into a temporary folder (or measures
the one given with --executable), then:
- size: of the single file, in MB (10^6 bytes);
- launch: from starting the executable until its first title frame is drawn, as the game
  itself reports it (COUP_DETAT_REPORT_FIRST_FRAME: the wall clock after the first flip).
  That includes the one-file executable unpacking itself into a temporary folder, starting
  Python, the imports, the window, the fonts and the art. One launch first to warm the disk
  cache, then the median and the worst of --runs launches.
Runs without a screen (SDL's dummy video driver), as benchmarks/ui.py does.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ui.main import REPORT_FIRST_FRAME  # noqa: E402

GOALS = {"size_mb": 30.0, "launch_s": 1.5}


def build(folder: Path) -> tuple[Path, float]:
    """`pyinstaller build.spec` into `folder`: the executable and the seconds it took."""
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"),
                    "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(folder / "dist"), "--workpath", str(folder / "work")],
                   cwd=ROOT, check=True)
    name = "coup-detat.exe" if sys.platform == "win32" else "coup-detat"
    return folder / "dist" / name, time.monotonic() - started


def launch_seconds(executable: Path, home: str) -> float:
    """One launch: seconds from starting the process to its first drawn frame."""
    environment = {**os.environ, "COUP_DETAT_HOME": home, REPORT_FIRST_FRAME: "1"}
    environment.setdefault("SDL_VIDEODRIVER", "dummy")
    environment.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.time()
    run = subprocess.run([str(executable), "--frames", "1"], capture_output=True, text=True,
                         env=environment, cwd=home, check=True, timeout=120)
    report = json.loads(run.stdout.strip().splitlines()[-1])
    return float(report["first_frame_at"]) - started


def measure(executable: Path, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        launch_seconds(executable, home)  # warm the disk cache
        times = [launch_seconds(executable, home) for _ in range(runs)]
    return {"size_mb": round(executable.stat().st_size / 1e6, 1),
            "launch_median_s": round(statistics.median(times), 3),
            "launch_worst_s": round(max(times), 3), "runs": runs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--executable", type=Path, default=None,
                        help="measure this build instead of building one")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        build_s = None
        executable = args.executable
        if executable is None:
            executable, build_s = build(Path(folder))
        results = measure(executable.resolve(), args.runs)
    if build_s is not None:
        results["build_s"] = round(build_s, 1)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    if build_s is not None:
        print(f"build: {build_s:.0f} s")
    print(f"size of the one-file executable: {results['size_mb']} MB "
          f"(goal < {GOALS['size_mb']:.0f} MB)")
    print(f"launch to first title frame: median {results['launch_median_s']:.2f} s, worst "
          f"{results['launch_worst_s']:.2f} s over {args.runs} launches "
          f"(goal < {GOALS['launch_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
