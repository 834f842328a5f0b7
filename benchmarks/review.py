"""Review benchmark: how long Hard takes to judge a whole game, how soon the first marks
appear on the review's strip, and whether the window keeps its frames while it judges.

    python -m benchmarks.review [--save saves/complete-game-4-players.json] [--seat 0] [--json]

Both runs start with no review kept (a fresh home folder), at the review's default depth
(`game.services.review.DEFAULT_DEPTH`: two worker processes):
- without a window, as `coup-detat review` judges: the seconds to the first judgement, to
  the first decision that had a choice, and to the last; then the seconds a second review
  of the same game takes to open (kept on disk);
- in the window (SDL's dummy driver, 1280x800), as a player opens it from Load: the same
  seconds, and each frame's work (events, update, draw; not the wait that caps the frame
  rate) while Hard judges, p50 and p99.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import saves
from game.engine.match import Match
from game.services.catalogue import CATALOGUE
from game.services.reviewing import ReviewRun

ROOT = Path(__file__).resolve().parent.parent


def headless(match: Match, seat: int) -> dict[str, float]:
    started = time.perf_counter()
    marks: dict[str, float] = {}

    def judged(judgement: object) -> None:
        now = round(time.perf_counter() - started, 2)
        marks.setdefault("first_judgement_s", now)
        if getattr(judgement, "judged", False):
            marks.setdefault("first_choice_judged_s", now)

    run = ReviewRun(match, seat)
    run.run(judged=judged)
    marks["all_judged_s"] = round(time.perf_counter() - started, 2)
    marks["decisions"] = run.total
    reopened = time.perf_counter()
    again = ReviewRun(match, seat)
    assert again.complete
    marks["kept_review_opens_ms"] = round(1000 * (time.perf_counter() - reopened), 1)
    return marks


def in_the_window(match: Match, seat: int, names: list[str]) -> dict[str, float]:
    from game.services.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.review import ReviewScene

    app = App(Settings(sound=False), size=(1280, 800))
    started = time.perf_counter()
    scene = ReviewScene(app, match, seat, names)
    app.push(scene)
    marks: dict[str, float] = {}
    skipped = len(app.stats.frame_seconds)  # the first frame lays the table out
    while not scene.review.complete and time.perf_counter() - started < 600:
        app.frame()  # as the player's loop: it sleeps until Hard's thread wakes it
        now = round(time.perf_counter() - started, 2)
        if scene.review.done:
            marks.setdefault("first_mark_s", now)
        if any(j.judged for j in scene.review.judgements):
            marks.setdefault("first_coloured_mark_s", now)
    marks["all_judged_s"] = round(time.perf_counter() - started, 2)
    frames = sorted(app.stats.frame_seconds[skipped + 1:])
    marks["frames"] = len(frames)
    marks["frame_ms_p50"] = round(1000 * frames[len(frames) // 2], 2)
    marks["frame_ms_p99"] = round(1000 * frames[min(len(frames) - 1, len(frames) * 99 // 100)],
                                  2)
    app.pop()
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", default=str(ROOT / "saves" / "complete-game-4-players.json"))
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    saved = saves.read(args.save, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame), "a game at one table"
    names = [seat.name for seat in saved.seats]
    results = {}
    for name, measure in (("headless", lambda: headless(saved.match, args.seat)),
                          ("window", lambda: in_the_window(saved.match, args.seat, names))):
        with tempfile.TemporaryDirectory() as home:
            os.environ["COUP_DETAT_HOME"] = home
            results[name] = measure()
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    cli, window = results["headless"], results["window"]
    print(f"{Path(args.save).name}, seat {args.seat}: {cli['decisions']} decisions")
    print(f"without a window: first judgement {cli['first_judgement_s']} s, first choice "
          f"judged {cli['first_choice_judged_s']} s, all {cli['all_judged_s']} s; a kept "
          f"review opens in {cli['kept_review_opens_ms']} ms")
    print(f"in the window: first mark {window['first_mark_s']} s, first coloured mark "
          f"{window['first_coloured_mark_s']} s, all {window['all_judged_s']} s; frames "
          f"({window['frames']}) p50 {window['frame_ms_p50']} ms, p99 "
          f"{window['frame_ms_p99']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
