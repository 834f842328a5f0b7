"""Across machines: the frames of a window that hosts a table, with its friends connected
and one of them flooding it.

    python -m benchmarks.window_host [--seconds 40] [--time-scale 4] [--json]
        [--rulesets coup coup-inquisitor coup-detat coup-detat-8 coup-detat-duel] [--ways both]

The window is this process's, at the shipped settings (no settings file, a home folder of
its own) on SDL's dummy video and audio drivers: it measures our work in each frame
(events, what arrived from the friends, the table's step, update, draw), not the graphics
card. It hosts from its lobby (game/ui/scenes/hosting.py), the host's person in the first
seat, every other seat a friend's, for each game (`--rulesets`): Coup and Coup with the
Inquisitor at six seats (the most a table seats online), the 1966 game (short) at one
table of four and for eight at two tables of four (`coup-detat-8`: the split drawn once,
as New game shows it, the host's person at one table), its duel at two. The friends are
another process (the friends of benchmarks/net.py: each seat a WebSocket connection that
answers its first legal move at once, as `join --bot` does once its program has answered);
once quietly, once with one of them sending 10,000 messages a second. The person decides
as soon as the table shows the turn (its first legal move, handed to the table as a click
would), a result is closed by Enter.

Each frame drawn after the first is timed on the wall clock (the window's own
`frame_seconds`) and in the main thread's processor time, which other programs on a busy
machine do not lengthen (the server's thread holding the interpreter does not count there
either): p50, p95, p99 and the longest, against the frame goal (33 ms, a frame at 30 frames a
second). Time runs `--time-scale` times faster than the wall clock, as in
benchmarks/frame_peaks.py, only so that a whole game takes a minute: each frame covers a
60th of a second of the table's time and does the work it does at home. Each frame over
the goal is told with its parts (PARTS, in the main thread's processor time, and the
collector's passes there), and so is the frame in which the hosted table worked longest.

It runs in a network namespace of its own (loopback only), as benchmarks/net.py does.
A benchmark, not a test: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.net import started_in_a_namespace

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 1000 / 30
# each table measured: its game, its words, its options (the seats among them)
TABLES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "coup": ("coup", "Coup, six seats", {"players": 6}),
    "coup-inquisitor": ("coup-inquisitor", "Coup with the Inquisitor, six seats",
                        {"players": 6}),
    "coup-detat": ("coup-detat", "the 1966 game (short), four seats",
                   {"players": 4, "short_game": True}),
    "coup-detat-8": ("coup-detat", "the 1966 game (short), eight seats at two tables",
                     {"players": 8, "short_game": True}),
    "coup-detat-duel": ("coup-detat-duel", "the 1966 duel, two seats", {"players": 2})}
# the parts of a frame timed on their own (processor time; a part may hold another: the
# table's update holds the hosted table's work, whose step holds what it tells, the kept
# table's document among it; "gc0" to "gc2", the collector's passes of each generation)
PARTS = {"arrived": ("game.net.headless", "Hosting", "pump"),
         "step": ("game.net.hosted", "HostedTable", "step"),
         "kept": ("game.net.keeping_thread", "KeepingThread", "_keep_moved"),
         "question": ("game.services.seat_stream", "SeatStream", "question"),
         "position": ("game.services.seat_stream", "SeatStream", "position"),
         "table's update": ("game.ui.table.scene", "TableScene", "update"),
         "input": ("game.ui.app", "App", "_dispatch"),
         "widgets": ("pygame_gui", "UIManager", "update"),
         "draw": ("game.ui.app", "App", "draw")}
FRIENDS = """
import asyncio, json, sys
import benchmarks.net as net
net.CODE = sys.argv[3]
friends = net.Friends(int(sys.argv[1]), int(sys.argv[2]), sys.argv[4] == "flood")
async def seated():
    playing = asyncio.ensure_future(friends.play())
    while not playing.done():  # what was flooded so far, each second
        print(json.dumps({"flooded": friends.flooded}), flush=True)
        await asyncio.wait([playing], timeout=1)
    print(json.dumps(playing.result()), flush=True)
asyncio.run(seated())
"""
JsonObject = dict[str, Any]


def hosted(measured: str, *, flood: bool, seconds: float, time_scale: float) -> JsonObject:
    """One game hosted in the window, with a home folder of its own (shipped settings)."""
    with tempfile.TemporaryDirectory() as home, Parts() as parts:
        os.environ["COUP_DETAT_HOME"] = home
        return Hosted(measured, time_scale, parts).play(flood=flood, seconds=seconds)


class Parts:
    """The processor time of the window's thread in each part of a frame (PARTS, and the
    collector's passes), while the benchmark runs: each part's method wrapped, then put
    back."""

    def __init__(self) -> None:
        self.now: dict[str, float] = {}  # this frame's, so far
        self._put_back: list[Callable[[], None]] = []
        self._collecting = 0.0  # when the pass of the collector now under way began

    def __enter__(self) -> Parts:
        import importlib

        for name, (module, owner, method) in PARTS.items():
            kind = getattr(importlib.import_module(module), owner)
            self._wrap(kind, method, name)
        gc.callbacks.append(self._collected)
        self._put_back.append(lambda: gc.callbacks.remove(self._collected))
        return self

    def __exit__(self, *exc: object) -> None:
        for put_back in reversed(self._put_back):
            put_back()

    def _wrap(self, kind: type, method: str, name: str) -> None:
        original = getattr(kind, method)
        main = threading.main_thread()

        def timed(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is not main:
                return original(*args, **kwargs)
            started = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.add(name, time.thread_time() - started)
        setattr(kind, method, timed)
        self._put_back.append(lambda: setattr(kind, method, original))

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        if phase == "start":
            self._collecting = time.thread_time()
        else:
            self.add(f"gc{info['generation']}", time.thread_time() - self._collecting)

    def add(self, name: str, seconds: float) -> None:
        self.now[name] = self.now.get(name, 0.0) + seconds

    def taken(self) -> dict[str, float]:
        """This frame's parts (ms, those of 0.5 ms or more), then a new frame's."""
        parts, self.now = self.now, {}
        return {name: _ms(seconds) for name, seconds in parts.items() if seconds >= 0.0005}


class Hosted:
    """The window, its lobby open, the friends on their way; then the table's frames."""

    def __init__(self, measured: str, time_scale: float, parts: Parts) -> None:
        from game.engine.saves import Seat
        from game.services.session import FRIEND, HUMAN
        from game.ui import screens
        from game.ui.clock import Clock
        from game.ui.main import open_window

        ruleset, _, options = TABLES[measured]
        seats = int(options["players"])
        self.app = open_window(clock=Clock(time_scale))
        self.parts = parts
        self.busy: list[float] = []  # the main thread's processor time in each frame drawn
        self.scenes: list[str] = []  # the scene on top after each frame drawn
        self.network: list[float] = []  # ...and the hosted table's work within it
        self.parted: list[dict[str, float]] = []  # ...and its parts (PARTS, the collector)
        self._time_frames()
        plan = [Seat("Ada", HUMAN, ""), *[Seat("", FRIEND, "") for _ in range(seats - 1)]]
        self.lobby = screens.make("hosting", self.app, ruleset, options, plan,
                                  split=_split(ruleset, seats))
        self.app.push(self.lobby)
        self.seats = seats

    def _time_frames(self) -> None:
        from game.ui.table.online import OnlineTable

        app, drawing, telling = self.app, self.app._frame, OnlineTable.update
        network = [0.0]  # this frame's processor time in the hosted table's own work

        def told(online: OnlineTable, controller: Any) -> None:
            started = time.thread_time()
            telling(online, controller)
            network[0] += time.thread_time() - started

        def timed(idle_wait: bool) -> None:
            started, drawn = time.thread_time(), len(app.stats.frame_seconds)
            network[0] = 0.0
            drawing(idle_wait)
            parts = self.parts.taken()
            if len(app.stats.frame_seconds) > drawn:
                self.busy.append(time.thread_time() - started)
                self.network.append(network[0])
                self.scenes.append(type(app.scene).__name__)
                self.parted.append(parts)
        app._frame = timed  # type: ignore[method-assign]
        OnlineTable.update = told  # type: ignore[method-assign]
        self.parts._put_back.append(
            lambda: setattr(OnlineTable, "update", telling))

    def play(self, *, flood: bool, seconds: float) -> JsonObject:
        where = self.lobby.where
        if where is None:
            raise SystemExit(f"the lobby could not listen: {self.lobby.trouble}")
        friends = subprocess.Popen(
            [sys.executable, "-c", FRIENDS, str(where.port), str(self.seats - 1), where.code,
             "flood" if flood else "quiet"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
        try:
            return self._played(seconds, friends)
        finally:
            if friends.poll() is None:
                friends.kill()
                friends.wait()

    def _played(self, seconds: float, friends: subprocess.Popen[str]) -> JsonObject:
        from game.ui.table.scene import TableScene

        self._frames_until(lambda: self.lobby.hosting is not None
                           and self.lobby.hosting.table.ready, 60,
                           lambda: f"the friends had not all taken their seats "
                                   f"({self.lobby.chairs}; the friends' process: "
                                   f"{friends.poll()})")
        self.lobby._start()  # (what its Start button does)
        first = len(self.app.stats.frame_seconds)
        table = self.app.scenes[0]
        assert isinstance(table, TableScene)
        match = table.tables.session if table.tables is not None else table.session
        deadline = time.monotonic() + seconds
        while not match.over and time.monotonic() < deadline:
            table = self.app.scenes[0]  # (at two tables, the screen moves between them)
            assert isinstance(table, TableScene)
            self._person(table)
            self.app.frame()
            if self.app.crash is not None:
                raise SystemExit(f"the crash screen came up: {self.app.crash[0]!r}")
        over, played = bool(match.over), time.monotonic() - deadline + seconds
        for scene in reversed(self.app.scenes):
            scene.leave()
        self.app.close_all()
        if not over:
            friends.terminate()
        out, _ = friends.communicate(timeout=30)
        counts = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        flooded = max((count.get("flooded", 0) for count in counts), default=0)
        return {"over": over, "seconds": round(played, 1),
                "flooded a second": round(flooded / played),
                "all frames": spread(self.app.stats.frame_seconds, self.busy),
                "at the table": spread(self.app.stats.frame_seconds[first:],
                                       self.busy[first:]),
                "the hosted table's work, longest in a frame ms": _ms(max(self.network)),
                "that frame's parts": self.parted[self.network.index(max(self.network))],
                "over the goal in processor time": self._over_the_goal(first)}

    def _over_the_goal(self, first: int) -> list[str]:
        """The frames after the window's first whose own work took longer than the goal:
        how long, after which scene, and its place among the table.s frames."""
        return [f"{seconds * 1000:.1f} ms ({scene}, frame {index - first} at the table; the "
                f"hosted table's work in it {network * 1000:.1f} ms; its parts {parts})"
                for index, (seconds, network, scene, parts) in enumerate(
                    zip(self.busy, self.network, self.scenes, self.parted, strict=True))
                if index > 0 and seconds * 1000 > GOAL_MS]

    def _frames_until(self, done: Callable[[], bool], seconds: float,
                      trouble: Callable[[], str]) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit(f"After {seconds:g} s, {trouble()}.")
            self.app.frame()

    def _person(self, table: Any) -> None:
        """The host's person: the first legal move once the table shows the turn, Enter
        on a result."""
        import pygame

        from game.ui.table.overlays import ResultOverlay

        if isinstance(self.app.scene, ResultOverlay):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0,
                                                     unicode="\r", scancode=0))
            return
        controller = table.controller
        if (self.app.scene is table and controller.human_to_act() is not None
                and controller.caught_up and not table.stage.busy(controller.clock())):
            table.turns.decide(table.session.match.legal()[0])


def _split(ruleset: str, seats: int) -> Any:
    """Who sits at which table, drawn once (as New game draws it), when `seats` play at
    two tables; else None."""
    import random

    from game.engine.tables import draw_split
    from game.services.tables import at_several_tables, sizes_for

    if not at_several_tables(ruleset, seats):
        return None
    return draw_split(sizes_for(ruleset, seats), random.Random(1966))


def spread(wall: Sequence[float], processor: Sequence[float]) -> JsonObject:
    """Frames after the first: p50, p95, p99 and the longest (ms), and how many over the
    goal."""
    later, busy = sorted(wall[1:]) or [0.0], sorted(processor[1:]) or [0.0]
    return {"frames": len(wall), "p50 ms": _ms(statistics.median(later)),
            "p95 ms": _ms(_percentile(later, 95)), "p99 ms": _ms(_percentile(later, 99)),
            "max ms": _ms(later[-1]),
            "over the goal": sum(seconds * 1000 > GOAL_MS for seconds in later),
            "processor p95 ms": _ms(_percentile(busy, 95)),
            "processor p99 ms": _ms(_percentile(busy, 99)), "processor max ms": _ms(busy[-1])}


def _percentile(ordered: Sequence[float], percent: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * percent / 100))]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def measure(args: argparse.Namespace) -> JsonObject:
    report: JsonObject = {}
    for measured in args.rulesets:
        for flood in {"quiet": (False,), "flood": (True,), "both": (False, True)}[args.ways]:
            label = f"{TABLES[measured][1]}, {'one friend flooding' if flood else 'quiet'}"
            report[label] = hosted(measured, flood=flood, seconds=args.seconds,
                                   time_scale=args.time_scale)
    return report


def _words(report: JsonObject) -> str:
    lines = []
    for name, measured in report.items():
        for part in ("all frames", "at the table"):
            frames = measured[part]
            lines.append(
                f"{name}, {part} ({frames['frames']} frames in {measured['seconds']} s, "
                f"{'to the end' if measured['over'] else 'not over'}, "
                f"{measured['flooded a second']:,} messages flooded a second): p50 "
                f"{frames['p50 ms']} ms, "
                f"p95 {frames['p95 ms']} ms, p99 {frames['p99 ms']} ms, longest after the "
                f"first {frames['max ms']} ms ({frames['over the goal']} over {GOAL_MS:.0f} "
                f"ms; processor time p95 {frames['processor p95 ms']} ms, p99 "
                f"{frames['processor p99 ms']} ms, longest {frames['processor max ms']} ms)")
        work = measured["the hosted table's work, longest in a frame ms"]
        parts = measured["that frame's parts"]
        lines.append(f"    the hosted table's work (what arrived, the table's step, what it "
                     f"told): at most {work} ms in a frame (its parts "
                     f"{parts})")
        for frame in measured["over the goal in processor time"]:
            lines.append(f"    over the goal: {frame}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="at most, a game")
    parser.add_argument("--time-scale", type=float, default=4.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rulesets", nargs="+", choices=list(TABLES), default=list(TABLES))
    parser.add_argument("--ways", choices=("quiet", "flood", "both"), default="both",
                        help="the friends quiet, one flooding, or both in turn")
    args = parser.parse_args(arguments)
    started = started_in_a_namespace(arguments, "benchmarks.window_host")
    if started is not None:
        return started
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    report = measure(args)
    print(json.dumps(report, indent=2) if args.json else _words(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
