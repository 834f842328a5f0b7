"""The longest frame after the first: an autoplay of each game at the shipped settings.

    python -m benchmarks.frame_peaks [--games coup,coup-inquisitor] [--time-scale 4]
                                     [--frames 40000] [--seed 1] [--json]

Each game is a fresh `coup-detat --autoplay GAME --until-over --stats` process with no
settings file (animations normal, computers at the normal pace, sound on through SDL's
dummy audio driver) and its own home folder, on SDL's dummy video driver: it measures our
work in each frame (events, update, draw), not the graphics card. The first frame opens
the window (fonts, the table's art); a frame after it that is longer than a frame at 30
frames a second (33 ms) is a stutter a player sees: a sound or a picture made inside the
frame, an import at a click.

Time runs `--time-scale` times faster than the wall clock (COUP_DETAT_TIME_SCALE), only so
that a whole game takes minutes: the settings are the shipped ones and every frame still
covers a 60th of a second of the table's time, so each frame does the work it does at
home. A benchmark, not a test: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("coup-detat", "coup-detat-duel", "coup", "coup-inquisitor")
STUTTER_MS = 1000 / 30


def autoplay(game: str, *, time_scale: float, frames: int, seed: int) -> dict[str, float]:
    """One game by the computers, to its end: what `--stats` reports of its frames."""
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                       "COUP_DETAT_HOME": home, "COUP_DETAT_TIME_SCALE": str(time_scale)}
        run = subprocess.run(
            [sys.executable, "-m", "game", "--autoplay", game, "--until-over", "--stats",
             "--frames", str(frames), "--seed", str(seed)],
            capture_output=True, text=True, env=environment, cwd=ROOT, check=False)
    lines = run.stdout.strip().splitlines()
    if not lines:
        raise SystemExit(f"{game}: no report ({run.stderr.strip()[-300:]})")
    report: dict[str, float] = json.loads(lines[-1])
    report["ended"] = float(run.returncode == 0)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--time-scale", type=float, default=4.0)
    parser.add_argument("--frames", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reports = {game: autoplay(game, time_scale=args.time_scale, frames=args.frames,
                              seed=args.seed)
               for game in args.games.split(",")}
    if args.json:
        print(json.dumps(reports, indent=2))
        return 0
    for game, report in reports.items():
        longest = report["frame_ms_max_after_first"]
        unfinished = "" if report["ended"] else " (unfinished)"
        print(f"{game:16} {int(report['frames']):6} frames{unfinished}:"
              f" p50 {report['frame_ms_p50']:6.2f} ms, p99 {report['frame_ms_p99']:6.2f} ms, "
              f"longest after the first {longest:6.2f} ms"
              f"{'  STUTTER' if longest > STUTTER_MS else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
