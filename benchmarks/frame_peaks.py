"""The longest frame after the first: an autoplay of each game at the shipped settings.

    python -m benchmarks.frame_peaks [--games coup,coup-inquisitor] [--time-scale 4]
                                     [--frames 40000] [--seed 1] [--json]

Each game is a fresh process running `coup-detat --autoplay GAME --until-over --stats`, with no
settings file (animations normal, computers at the normal pace, sound on through SDL's
dummy audio driver) and its own home folder, on SDL's dummy video driver: it measures our
work in each frame (events, update, draw), not the graphics card. The first frame opens
the window (fonts, the table's art); a frame after it that is longer than a frame at 30
frames a second (33 ms) is a stutter a player sees: a sound or a picture made inside the
frame, an import at a click.

Time runs `--time-scale` times faster than the wall clock (COUP_DETAT_TIME_SCALE), only so
that a whole game takes minutes: the settings are the shipped ones and every frame still
covers a 60th of a second of the table's time, so each frame does the work it does at
home. Beside the wall clock's milliseconds (what --stats reports) it tells the longest
frame in the main thread's processor time, which other programs on a busy machine do
not lengthen (a computer's thread holding the interpreter does not count there either).
A benchmark, not a test: run it on a quiet machine.
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


PROBE = """
import json, sys, time
from game.ui import app as window
busy = []  # the main thread's processor time in each frame drawn
drawing = window.App._frame
def timed(self, idle_wait):
    started, drawn = time.thread_time(), len(self.stats.frame_seconds)
    drawing(self, idle_wait)
    if len(self.stats.frame_seconds) > drawn:
        busy.append(time.thread_time() - started)
window.App._frame = timed
from game.ui.main import run
status = run(autoplay=sys.argv[1], frames=int(sys.argv[2]), seed=int(sys.argv[3]), stats=True,
             until_over=True)
print(json.dumps({"status": status, "cpu_ms_max_after_first":
                  round(max(busy[1:], default=0.0) * 1000, 2)}))
"""


def autoplay(game: str, *, time_scale: float, frames: int, seed: int) -> dict[str, float]:
    """One game by the computers, to its end: what `--stats` reports of its frames (the
    wall clock's milliseconds), and the longest frame after the first in the main
    thread's processor time (which a busy machine does not lengthen)."""
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                       "COUP_DETAT_HOME": home, "COUP_DETAT_TIME_SCALE": str(time_scale)}
        run = subprocess.run([sys.executable, "-c", PROBE, game, str(frames), str(seed)],
                             capture_output=True, text=True, env=environment, cwd=ROOT,
                             check=False)
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    if len(lines) < 2:
        raise SystemExit(f"{game}: no report ({run.stderr.strip()[-300:]})")
    report: dict[str, float] = json.loads(lines[-2])
    probe = json.loads(lines[-1])
    report["cpu_ms_max_after_first"] = probe["cpu_ms_max_after_first"]
    report["ended"] = float(probe["status"] == 0)
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
              f"{'  STUTTER' if longest > STUTTER_MS else ''} "
              f"(processor time: {report['cpu_ms_max_after_first']:6.2f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
