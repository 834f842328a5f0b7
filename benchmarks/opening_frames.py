"""The frames of a player's way to the table: Title, New game, a game chosen, Start.

    python -m benchmarks.opening_frames [--games coup,coup-detat] [--size 1280x800]
                                        [--frames 300] [--reading 1.5]

Each game is a fresh process with the shipped settings and its own home folder, on SDL's
dummy drivers. The window idles between clicks as it does for a player (the loop's work
ahead runs then; `--reading` seconds between choosing the game and Start, the form read),
the clicks are posted as mouse events, and after Start the table plays on for `--frames`
frames, the person's first decision panel included. It prints, in the main thread's
processor time, the frame of each click and the longest frame at the table after
Start's. Run it with bytecode written (not with PYTHONDONTWRITEBYTECODE) and twice: a
player's installation imports compiled modules.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("coup-detat", "coup-detat-duel", "coup", "coup-inquisitor")

PROBE = """
import json, sys, time
import pygame, pygame_gui
from pygame_gui.elements import UIButton
from game.games import get_game
from game.services.settings import Settings
from game.ui.app import App
from game.ui.scenes.title import TitleScene

game_id, size, count = sys.argv[1], tuple(map(int, sys.argv[2].split("x"))), int(sys.argv[3])
app = App(Settings(), size=size)
spent = []
framing = App._frame
def timed(self, idle_wait):
    started = time.thread_time()
    framing(self, idle_wait)
    spent.append((time.thread_time() - started) * 1000)
App._frame = timed

def frames(number):
    for _ in range(number):
        app.frame(idle_wait=True)

def idle(seconds):  # a player reading the screen
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        app.frame(idle_wait=True)

def click(label):
    button = next(element for element in app.ui.get_sprite_group().sprites()
                  if isinstance(element, UIButton) and element.text == label
                  and element.visible and element.is_enabled)
    before = len(spent)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
        frames(1)
    frames(2)  # the screen it opened, drawn
    return max(spent[before:])

app.replace(TitleScene(app))
frames(40)
new_game = click("New game")
frames(40)
pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                     text=get_game(game_id).title,
                                     ui_element=app.scene.game_menu))
idle(float(sys.argv[4]))
start = click("Start")
before = len(spent)
frames(count)
print(json.dumps({"new_game_ms": round(new_game, 1), "start_ms": round(start, 1),
                  "table_longest_ms": round(max(spent[before:]), 1)}))
"""


def opening(game: str, *, size: str, frames: int, reading: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                       "COUP_DETAT_HOME": home}
        run = subprocess.run([sys.executable, "-c", PROBE, game, size, str(frames),
                              str(reading)],
                             capture_output=True, text=True, env=environment, cwd=ROOT,
                             check=False)
    report: dict[str, float] = last_report(game, run)
    return report


def last_report(game: str, run: subprocess.CompletedProcess[str]) -> Any:
    """The last JSON line a probe printed, or the end of what it said went wrong."""
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"{game}: no report ({run.stderr.strip()[-300:]})")
    return json.loads(lines[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--reading", type=float, default=1.5,
                        help="seconds the form idles between choosing the game and Start")
    args = parser.parse_args()
    for game in args.games.split(","):
        report = opening(game, size=args.size, frames=args.frames, reading=args.reading)
        print(f"{game:16} New game {report['new_game_ms']:6.1f} ms, Start "
              f"{report['start_ms']:6.1f} ms, the table after it at most "
              f"{report['table_longest_ms']:6.1f} ms (processor time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
