"""The frames of a table with a person at it: the decision panels made, shown and pressed.

    python -m benchmarks.person_frames [--games coup-detat-duel,coup-detat] [--seconds 150]
                                       [--time-scale 4] [--seed 1] [--size 1280x800] [--json]

benchmarks/frame_peaks.py plays autoplays, where nobody decides: no decision panel is made.
Here each game is a fresh process at the shipped settings (no settings file, a home folder
of its own, the computers at the shipped level), on SDL's dummy drivers unless DISPLAY is
set and SDL_VIDEODRIVER is not (then in a real window, under Xvfb for instance). The
person in the first seat decides as soon as the table shows the turn (a legal decision
drawn at random, seeded, handed to the table as a click would), a result is closed by
Enter; the other seats are computers (the 1966 game and the bluffing games at four). Time
runs `--time-scale` times faster, as in frame_peaks. Each frame drawn after the first is
timed in the main thread's processor time (which other programs do not lengthen), and each
over the goal (33 ms) is printed with its parts (benchmarks/window_host.py's PARTS, and
the decision panel's: the panel made, its shape, its ground). A benchmark, not a test:
run it on a quiet machine, with bytecode written.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.opening_frames import last_report

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("coup-detat-duel", "coup-detat", "coup", "coup-inquisitor")
GOAL_MS = 1000 / 30
PANEL_PARTS = {"panel": ("game.ui.table.buttons", "TableButtons", "refresh"),
               "shape": ("game.ui.table.controls", "DecisionButtons", "_shape"),
               "ground": ("game.ui.table.controls", "DecisionButtons", "draw_backdrop"),
               "faces": ("game.ui.art.card_art", "CardArt", "face")}

PROBE = """
import json, random, sys, time
import pygame
from benchmarks import window_host, person_frames
window_host.PARTS.update(person_frames.PANEL_PARTS)
from game.engine.saves import DEFAULT_LEVEL, Seat
from game.services.session import HUMAN, GameSession
from game.ui import screens
from game.ui.clock import Clock
from game.ui.main import open_window, time_scale
from game.ui.table.overlays import ResultOverlay

game, seconds, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
size = tuple(map(int, sys.argv[4].split("x")))
players = 2 if game == "coup-detat-duel" else 4
with window_host.Parts() as parts:
    app = open_window(size=size, clock=Clock(time_scale()))
    seats = [Seat("Ada", HUMAN, ""),
             *[Seat(f"Computer {n}", "computer", DEFAULT_LEVEL) for n in range(1, players)]]
    session = GameSession.new(game, {"players": players}, seats, seed=seed,
                              on_thinking_done=app.wake)
    table = screens.make("table", app, session, from_start=True)
    app.replace(table)
    app.sounds.prepare()
    busy, parted, drawing = [], [], app._frame
    def timed(idle_wait):
        started, drawn = time.thread_time(), len(app.stats.frame_seconds)
        drawing(idle_wait)
        taken = parts.taken()
        if len(app.stats.frame_seconds) > drawn:
            busy.append(time.thread_time() - started)
            parted.append(taken)
    app._frame = timed
    chooser, decisions = random.Random(seed), 0
    deadline = time.monotonic() + seconds
    while not session.over and time.monotonic() < deadline:
        controller = table.controller
        if isinstance(app.scene, ResultOverlay):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0,
                                                     unicode="\\r", scancode=0))
        elif (app.scene is table and controller.human_to_act() is not None
              and controller.caught_up and not table.stage.busy(controller.clock())):
            legal = session.match.legal()
            table.turns.decide(legal[chooser.randrange(len(legal))])
            decisions += 1
        app.frame()
    over = bool(session.over)
    session.close()
later = sorted(busy[1:]) or [0.0]
print(json.dumps({
    "over": over, "frames": len(busy), "decisions": decisions,
    "p50 ms": round(later[len(later) // 2] * 1000, 2),
    "p99 ms": round(later[int(len(later) * 0.99)] * 1000, 2),
    "longest ms": round(later[-1] * 1000, 2),
    "longest parts": parted[busy.index(max(busy[1:]))] if len(busy) > 1 else {},
    "over the goal": [f"frame {index}: {spent * 1000:.1f} ms, its parts {taken}"
                      for index, (spent, taken) in enumerate(zip(busy, parted))
                      if index > 0 and spent * 1000 > person_frames.GOAL_MS]}))
"""


def played(game: str, *, seconds: float, time_scale: float, seed: int,
           size: str) -> dict[str, object]:
    """One game with a person at it, in a fresh process: its frames."""
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "SDL_AUDIODRIVER": "dummy", "COUP_DETAT_HOME": home,
                       "COUP_DETAT_TIME_SCALE": str(time_scale)}
        if not environment.get("DISPLAY"):
            environment["SDL_VIDEODRIVER"] = "dummy"
        run = subprocess.run([sys.executable, "-c", PROBE, game, str(seconds), str(seed),
                              size], capture_output=True, text=True, env=environment,
                             cwd=ROOT, check=False)
    report: dict[str, object] = last_report(game, run)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seconds", type=float, default=150.0, help="at most, a game")
    parser.add_argument("--time-scale", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reports = {game: played(game, seconds=args.seconds, time_scale=args.time_scale,
                            seed=args.seed, size=args.size)
               for game in args.games.split(",")}
    if args.json:
        print(json.dumps(reports, indent=2))
        return 0
    for game, report in reports.items():
        print(f"{game:16} {report['frames']:6} frames, {report['decisions']:4} decisions"
              f"{'' if report['over'] else ' (not over)'}: p50 {report['p50 ms']} ms, "
              f"p99 {report['p99 ms']} ms, longest after the first {report['longest ms']} ms "
              f"(processor time; its parts {report['longest parts']})")
        for frame in report["over the goal"]:  # type: ignore[attr-defined]
            print(f"    over the goal: {frame}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
