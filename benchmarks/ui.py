"""Window benchmark: launch time, frame times at the table, the cost of an idle table.

    python -m benchmarks.ui [--frames 600] [--json]

Runs without a screen (SDL's dummy video driver), so it measures our drawing and logic,
not the graphics card:
- launch: a fresh `python -m game` process until its first title frame is drawn
  (interpreter start, imports, window, fonts, art), median of 5 launches;
- frame time during autoplay at 1280x800, normal animation speed, computers at normal pace:
  the work of each frame (events, update, draw), without the wait that caps it at 60 fps;
- idle: CPU time used while a person considers his move for 3 seconds (nothing moves).
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

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME_PROBE = """
import time, sys
started = float(sys.argv[1])
from game.ui.app import App
from game.ui.scenes.title import TitleScene
from game.services import settings
app = App(settings.load().settings)
app.replace(TitleScene(app))
app.frame(idle_wait=False)
print(time.time() - started)
"""


def launch_seconds(home: str, runs: int = 5) -> dict[str, float]:
    environment = {**os.environ, "COUP_DETAT_HOME": home}
    times = []
    for _ in range(runs):
        started = time.time()
        run = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE, str(started)],
                             capture_output=True, text=True, env=environment, cwd=ROOT,
                             check=True)
        times.append(float(run.stdout.strip().splitlines()[-1]))
    return {"median_s": statistics.median(times), "worst_s": max(times)}


def autoplay_frames(frames: int) -> dict[str, float]:
    from game.services.settings import Settings
    from game.ui.app import App
    from game.ui.main import autoplay_table

    app = App(Settings(sound=False), size=(1280, 800))
    app.replace(autoplay_table(app, seed=1966))
    app.run(frames)
    report = app.stats.report()
    for scene in app.scenes:
        scene.session.close()  # type: ignore[attr-defined]
    return report


def idle_cpu(seconds: float = 3.0) -> dict[str, float]:
    from game.engine.saves import Seat
    from game.services.session import GameSession
    from game.services.settings import Settings
    from game.ui.app import App
    from game.ui.table.scene import TableScene

    app = App(Settings(sound=False), size=(1280, 800))
    seats = [Seat("You", "human"), *(Seat(name) for name in ("B", "C", "D"))]
    session = GameSession.new("coup-detat", {"players": 4}, seats, seed=4,
                              on_thinking_done=app.wake)
    scene = TableScene(app, session)
    app.replace(scene)
    while not (session.to_act == 0 and not scene.busy):  # until the person is to decide
        app.frame()
    cpu, wall = time.process_time(), time.monotonic()
    frames = len(app.stats.frame_seconds)
    while time.monotonic() - wall < seconds:
        app.frame()  # sleeps in pygame.event.wait while nothing happens
    used = time.process_time() - cpu
    session.close()
    return {"seconds": seconds, "cpu_percent": round(100 * used / seconds, 2),
            "frames_drawn": len(app.stats.frame_seconds) - frames}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["COUP_DETAT_HOME"] = home
        results = {"launch": launch_seconds(home), "autoplay": autoplay_frames(args.frames),
                   "idle": idle_cpu()}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    launch, play, idle = results["launch"], results["autoplay"], results["idle"]
    print(f"launch to first title frame: median {launch['median_s']:.2f} s, "
          f"worst {launch['worst_s']:.2f} s")
    print(f"autoplay at 1280x800 ({play['frames']} frames): frame time p50 "
          f"{play['frame_ms_p50']} ms, p99 {play['frame_ms_p99']} ms; peak memory "
          f"{play['peak_memory_mib']} MiB")
    print(f"idle table for {idle['seconds']:.0f} s: {idle['cpu_percent']}% of a core, "
          f"{idle['frames_drawn']} frames drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
