"""Monkey soak: random clicks, drags, keys, typing and resizes over every scene, for long.

    python tests/monkey_soak.py [--events 100000] [--per-station 2000] [--seed 1]
                                [--keep-going] [--json]

The same monkey as tests/test_ui_monkey.py (tests/monkey_kit.py), without a time limit,
in one window for the whole run, as a long evening at the table would be: it goes round the
stations (title, new game, the table at each moment of a game, hand result, game over,
menu, dialogs, pass-and-play screens), sends `--per-station` events at each, then walks
back to a table with the screen's own buttons and plays on. Any exception, broken
invariant (privacy, stray buttons, a computer that failed) or game that stands still is
reported with the seed and the last gestures (and the soak goes on in a new window with
--keep-going). The memory reported after each storm shows whether a long session piles
anything up. Runs without a screen (SDL's dummy drivers), in a temporary home folder.
Exit status 1 if anything failed. It sits beside its kit and imports it as the tests do
(a script's own folder is on Python's path), and the game as installed (`pip install -e .`).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import sys
import tempfile
import time
import traceback
import warnings
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report
warnings.filterwarnings("ignore", "Label Rect is too small", UserWarning)  # at tiny windows

import pytest  # noqa: E402  (the monkey's kit uses its helpers)
from monkey_kit import STATIONS, Monkey, quick_computers  # noqa: E402
from ui_kit import frames, open_app  # noqa: E402

from game.ui.app import App, peak_memory_mib  # noqa: E402


def storm_at(app: App, station: str, seed: int, events: int) -> dict[str, object]:
    """One storm at `station`, then play on; what happened (raises on a failure)."""
    setup, shows = STATIONS[station]
    setup(app)
    frames(app)
    monkey = Monkey(app, seed=seed)
    started = time.process_time()
    monkey.storm(events, home=(setup, shows))
    storm_cpu = time.process_time() - started
    return {"events": dict(monkey.events), "storm_cpu_s": storm_cpu, **monkey.play_on()}


def resident_mib() -> float:
    with open("/proc/self/status") as status:  # Linux; elsewhere the peak only
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


@dataclass
class Soak:
    """What the storms did so far."""

    by_scene: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, object]] = field(default_factory=list)
    memory_mib: list[float] = field(default_factory=list)  # after each storm
    storms: int = 0
    storm_cpu: float = 0.0
    moves: int = 0

    @property
    def events(self) -> int:
        return sum(self.by_scene.values())

    def run(self, app: App, station: str, seed: int, events: int, *, quiet: bool) -> bool:
        """One storm; False if it failed."""
        self.storms += 1
        try:
            result = storm_at(app, station, seed, events)
        except (Exception, pytest.fail.Exception) as failure:
            error = "".join(traceback.format_exception(failure))
            self.failures.append({"station": station, "seed": seed, "error": error})
            print(f"FAILED at {station!r} (seed {seed}):\n{error}", file=sys.stderr)
            self.by_scene["(failed storm)"] += events
            return False
        gc.collect()
        with contextlib.suppress(OSError, StopIteration):
            self.memory_mib.append(round(resident_mib(), 1))
        self.by_scene.update(result["events"])  # type: ignore[arg-type]
        self.storm_cpu += result["storm_cpu_s"]  # type: ignore[operator]
        self.moves += result["moves"]  # type: ignore[operator]
        if not quiet:
            memory = f"; {self.memory_mib[-1]} MiB" if self.memory_mib else ""
            print(f"{self.events:8d} events; {station}: {result['moves']} moves and "
                  f"{result['turns']} decisions after the storm{memory}", file=sys.stderr)
        return True

    def report(self, wall: float) -> dict[str, object]:
        return {"events": self.events, "storms": self.storms, "failures": len(self.failures),
                "storm_cpu_s": round(self.storm_cpu, 1), "wall_s": round(wall, 1),
                "moves_after_storms": self.moves,
                "memory_mib_after_storms": self.memory_mib,
                "peak_memory_mib": peak_memory_mib(),
                "events_by_scene": dict(self.by_scene.most_common())}


def soak(args: argparse.Namespace, home: Path) -> Soak:
    """Storms round the stations until enough events were sent; a new window after a
    failure (with --keep-going), else stop there."""
    done, names = Soak(), list(STATIONS)
    while done.events < args.events:
        with pytest.MonkeyPatch.context() as patch, open_app(home, patch) as app:
            quick_computers(patch)
            while done.events < args.events:
                station = names[done.storms % len(names)]
                seed = zlib.crc32(f"{args.seed}:{done.storms}:{station}".encode())
                if not done.run(app, station, seed, args.per_station, quiet=args.json):
                    break
        if done.failures and not args.keep_going:
            break
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000, help="events in all")
    parser.add_argument("--per-station", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep-going", action="store_true", help="go on after a failure")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wall = time.monotonic()
    with tempfile.TemporaryDirectory() as home:
        done = soak(args, Path(home))
    report = done.report(time.monotonic() - wall)
    if args.json:
        print(json.dumps({**report, "failed": done.failures}, indent=2))
    else:
        print(f"{done.events} events in {done.storms} storms, {len(done.failures)} failed; "
              f"{report['storm_cpu_s']} s of CPU in the storms, {report['wall_s']} s in all; "
              f"{done.moves} persons' moves taken after them; peak memory "
              f"{report['peak_memory_mib']} MiB")
        for scene, count in done.by_scene.most_common():
            print(f"  {count:8d}  {scene}")
    return 1 if done.failures else 0


if __name__ == "__main__":
    sys.exit(main())
