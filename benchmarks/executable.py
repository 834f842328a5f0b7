"""Executable benchmark: the size of what build.spec builds and its launch time.

    python -m benchmarks.executable [--dist dist] [--runs 7] [--json]

Builds the executable with `pyinstaller build.spec` into a temporary folder (or measures
what it built into the folder given with --dist), then:
- size: of what a player downloads, in MB (10^6 bytes): the one file (Linux, Windows), or
  the app bundle zipped as the release workflow zips it (macOS);
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

from build_support import Build, build, download_megabytes, found
from game.ui.main import REPORT_FIRST_FRAME

GOALS = {"size_mb": 30.0, "launch_s": 1.5}


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


def measure(built: Build, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        launch_seconds(built.program, home)  # warm the disk cache
        times = [launch_seconds(built.program, home) for _ in range(runs)]
        size = download_megabytes(built, Path(home))
    return {"size_mb": round(size, 1),
            "launch_median_s": round(statistics.median(times), 3),
            "launch_worst_s": round(max(times), 3), "runs": runs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=None,
                        help="measure what build.spec built into this folder instead of "
                             "building it again")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        build_s = None
        dist = args.dist
        if dist is None:
            started = time.monotonic()
            dist = build(Path(folder))
            build_s = time.monotonic() - started
        try:
            built = found(dist.resolve())
        except FileNotFoundError as missing:
            parser.error(str(missing))
        results = measure(built, args.runs)
    if build_s is not None:
        results["build_s"] = round(build_s, 1)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    if build_s is not None:
        print(f"build: {build_s:.0f} s")
    print(f"size of what a player downloads: {results['size_mb']} MB "
          f"(goal < {GOALS['size_mb']:.0f} MB)")
    print(f"launch to first title frame: median {results['launch_median_s']:.2f} s, worst "
          f"{results['launch_worst_s']:.2f} s over {args.runs} launches "
          f"(goal < {GOALS['launch_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
