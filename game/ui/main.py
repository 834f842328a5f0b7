"""Opening the window: settings, the first scene, the loop; and the autoplay mode that
tests and benchmarks use (a table of computer players, a fixed number of frames)."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from game.engine.saves import DEFAULT_LEVEL, Seat
from game.games import DEFAULT, get_ruleset
from game.services import settings as settings_module
from game.system.resources import resource_path
from game.ui import screens
from game.ui.clock import Clock

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screens import Screen

# Set, the window prints {"first_frame_at": SECONDS SINCE THE EPOCH} once its first frame is
# drawn, so that a launcher can time launch -> first frame (benchmarks/executable.py).
REPORT_FIRST_FRAME = "COUP_DETAT_REPORT_FIRST_FRAME"
TIME_SCALE = "COUP_DETAT_TIME_SCALE"  # see time_scale()
SLOWEST_TIME, FASTEST_TIME = 0.01, 10_000.0
"""The time scales a run may ask for: beyond them the table's time (a frame's, an
animation's) would outgrow what the drawing can count, or a pause last for days."""


def run(*, autoplay: str | None = None, frames: int | None = None, screenshot: str | None = None,
        stats: bool = False, size: tuple[int, int] | None = None,
        seed: int | None = None, bots: dict[int, str] | None = None,
        until_over: bool = False, players: int | None = None,
        lesson: str | None = None) -> int:
    """Open the window and play; 1 if an error the crash screen could not handle stopped
    the program, or if the crash screen came up in a run nobody watches (--autoplay,
    --frames, --screenshot), which it then ends (a report is written and its place told);
    1 also if `until_over` waited for the end of the game and the frames ran out first."""
    missing = missing_packages()
    if missing:
        named = ", ".join(missing[:-1]) + " and " + missing[-1] if len(missing) > 1 \
            else missing[0]
        print(MISSING_PACKAGES.format(missing=named), file=sys.stderr)
        return 1
    watched = not (autoplay or frames is not None or screenshot)  # a lesson may be watched
    problem = display_problem() if watched else None
    if problem is not None:  # the window would open nowhere: say so rather than run unseen
        print(problem, file=sys.stderr)
        return 1
    try:
        return _run(autoplay=autoplay, frames=frames, screenshot=screenshot, stats=stats,
                    size=size, seed=seed, bots=bots, until_over=until_over, players=players,
                    lesson=lesson)
    except Exception as error:
        from game.system import crash

        _tell_crash("stopped", error, crash.write_report(crash.report(error)))
        return 1


WINDOW_PACKAGES = {"pygame": "pygame-ce", "pygame_gui": "pygame-gui",
                   "platformdirs": "platformdirs"}  # module -> the package that brings it
MISSING_PACKAGES = ("Coup d'État's window needs {missing}, which this Python cannot import: "
                    "install the game first (python3 -m venv .venv && .venv/bin/pip install "
                    "-e .), then start it with .venv/bin/coup-detat.")


def missing_packages() -> list[str]:
    """The packages the window needs that this Python lacks (the commands without a
    window need none: they run on the standard library)."""
    return [package for module, package in WINDOW_PACKAGES.items()
            if importlib.util.find_spec(module) is None]


INVISIBLE_DRIVERS = ("offscreen", "dummy")  # SDL's video drivers that show nothing
NO_DISPLAY = ("Coup d'État needs a display to open its window, and {found} (run it in a "
              "desktop session, or set DISPLAY or WAYLAND_DISPLAY).")


def display_problem() -> str | None:
    """Why the window could not be seen, in one line, or None if it can. SDL may find no
    video device at all, or fall back to a driver that draws nowhere ("offscreen") when
    there is no display: that only counts as a display if SDL_VIDEODRIVER asked for it
    (tests and runs nobody watches set SDL_VIDEODRIVER=dummy)."""
    import pygame

    try:
        with _quiet_stderr():  # SDL's own complaints while it looks for a display
            pygame.display.init()
    except pygame.error as error:
        return NO_DISPLAY.format(found=f"found none ({error})")
    driver = pygame.display.get_driver()
    asked = {name.strip().lower() for name in os.environ.get("SDL_VIDEODRIVER", "").split(",")}
    if driver in INVISIBLE_DRIVERS and driver not in asked:
        pygame.display.quit()
        return NO_DISPLAY.format(found="found none")
    return None


def largest_window() -> tuple[int, int]:
    """The largest window worth opening: the desktop's size (with several screens, the
    widest's width and the tallest's height) where a display tells it, else
    settings.LARGEST_WINDOW (the invisible drivers make one up: 1024x768)."""
    import pygame

    try:
        pygame.display.init()
        visible = pygame.display.get_driver() not in INVISIBLE_DRIVERS
        sizes = pygame.display.get_desktop_sizes() if visible else []
    except pygame.error:
        sizes = []
    if not sizes:
        return settings_module.LARGEST_WINDOW
    return max(width for width, _ in sizes), max(height for _, height in sizes)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence what the system's libraries write on the error stream (file descriptor 2),
    such as Wayland's "XDG_RUNTIME_DIR is invalid", so that the player reads one line."""
    try:
        saved = os.dup(2)
    except OSError:  # no error stream (a windowed executable)
        yield
        return
    try:
        with open(os.devnull, "w") as nowhere:
            os.dup2(nowhere.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _run(*, autoplay: str | None, frames: int | None, screenshot: str | None, stats: bool,
         size: tuple[int, int] | None, seed: int | None, bots: dict[int, str] | None,
         until_over: bool, players: int | None = None, lesson: str | None = None) -> int:
    with _closing_on_signals() as ending:
        app = open_window(size=size, clock=Clock(time_scale()))
        ending.app = app
        return _play(app, autoplay=autoplay, frames=frames, screenshot=screenshot, stats=stats,
                     seed=seed, bots=bots, until_over=until_over, players=players,
                     lesson=lesson)


def _play(app: App, *, autoplay: str | None, frames: int | None, screenshot: str | None,
          stats: bool, seed: int | None, bots: dict[int, str] | None, until_over: bool,
          players: int | None, lesson: str | None) -> int:
    app.bots = dict(bots or {})
    app.stop_on_crash = bool(autoplay or frames is not None or screenshot)
    if lesson:
        app.replace(screens.make("lesson", app, lesson, plays_itself=bool(autoplay)))
    elif autoplay:
        app.replace(autoplay_table(app, seed, autoplay, players))
    if lesson or autoplay:
        app.sounds.prepare()  # a table first: its deal sounds in the frames that follow
    if os.environ.get(REPORT_FIRST_FRAME):
        frames = _report_first_frame(app, frames)
    app.run(frames, until=_until(app, until_over))
    unsaved = _screenshot_problem(app, screenshot) if screenshot else None
    if unsaved is not None:
        print(unsaved, file=sys.stderr)
    if stats:
        print(json.dumps(app.stats.report()))
    _close(app)
    if app.crash is not None and app.stop_on_crash:
        _tell_crash("showed the crash screen", *app.crash)
        return 1
    if until_over and not _game_over_shown(app):
        print(f"The game had not ended after {frames} frames.", file=sys.stderr)
        return 1
    return 0 if unsaved is None else 1


def _screenshot_problem(app: App, path: str) -> str | None:
    """Save the last frame at `path`; why it could not be, in a line, or None."""
    import pygame

    try:
        app.screenshot(path)
    except (pygame.error, OSError, ValueError) as error:  # no such folder, not allowed...
        return f"The screenshot could not be saved to {path}: {error}"
    return None


ENDING_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # Windows has no SIGHUP


class _Ending:
    """Whether a signal asked the window to close, and the window, once it is open."""

    def __init__(self) -> None:
        self.asked = False
        self._app: App | None = None

    @property
    def app(self) -> App | None:
        return self._app

    @app.setter
    def app(self, app: App) -> None:
        self._app = app
        if self.asked:
            app.quit()

    def close(self, number: int, frame: FrameType | None) -> None:
        self.asked = True
        if self._app is not None:
            self._app.quit()
            self._app.wake()


@contextlib.contextmanager
def _closing_on_signals() -> Iterator[_Ending]:
    """Ctrl+C in the terminal, SIGTERM (a log-out) and SIGHUP (the terminal closed) close
    the window as its close button does, without asking: the loop ends, then every game
    lets go of its outside programs and worker processes. Left to themselves, SIGHUP ended
    the program at once with its bots still running, and Ctrl+C did nothing."""
    ending = _Ending()
    if threading.current_thread() is not threading.main_thread():
        yield ending  # only the main thread may set what a signal does (a test's thread)
        return

    numbers = [getattr(signal, name) for name in ENDING_SIGNALS if hasattr(signal, name)]
    previous = {number: signal.signal(number, ending.close) for number in numbers}
    try:
        yield ending
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _until(app: App, until_over: bool) -> Callable[[], bool] | None:
    """When the loop ends early: at the game's end with `until_over`. A test's report of
    the screen (state_report.py) is written between frames too."""
    from game.ui.state_report import StateReport

    report = StateReport.from_environment()
    if report is None:
        return (lambda: _game_over_shown(app)) if until_over else None

    def looked_at() -> bool:
        report.look(app)
        return until_over and _game_over_shown(app)
    return looked_at


def _game_over_shown(app: App) -> bool:
    return isinstance(app.scene, screens.kind("game_over"))


def time_scale() -> float:
    """How many times faster than the wall clock the window's time runs: 1, unless
    COUP_DETAT_TIME_SCALE says otherwise (tests and benchmarks: a whole game at the shipped
    settings in a fraction of the time), from SLOWEST_TIME to FASTEST_TIME."""
    given = os.environ.get(TIME_SCALE, "1")
    try:
        scale = float(given)
    except ValueError:
        scale = math.nan
    if not SLOWEST_TIME <= scale <= FASTEST_TIME:  # (NaN is in no range)
        raise SystemExit(f"{TIME_SCALE} must be a number from {SLOWEST_TIME:g} to "
                         f"{FASTEST_TIME:g}, not {given[:20]!r}")
    return scale


def _tell_crash(what: str, error: Exception, report: Path | None) -> None:
    where = f"A report was written to {report}." if report else "No report could be written."
    print(f"Coup d'État {what} after an unexpected error ({type(error).__name__}: {error}). "
          f"{where}", file=sys.stderr)


def open_window(*, size: tuple[int, int] | None = None, clock: Clock | None = None) -> App:
    """The window as the program opens it: the player's settings (the defaults if there
    are none, with a word for the player if they could not all be read), at the size
    asked for, else the settings' size, within the desktop; the icon, and the Title
    screen."""
    from game.ui.app import App

    loaded = settings_module.load()
    window = settings_module.fitted_window(size or loaded.settings.window_size,
                                           largest_window())
    app = App(loaded.settings, settings_notice=loaded.notice, size=window, clock=clock)
    _window_icon()
    app.replace(screens.make("title", app))
    return app


AUTOPLAY_NAMES = ("Antoine", "Brigitte", "Camille", "Didier", "Émile", "Françoise", "Gaston",
                  "Hélène")
AUTOPLAY_PLAYERS = 4  # at most, unless told how many


def autoplay_table(app: App, seed: int | None, ruleset: str = DEFAULT,
                   players: int | None = None) -> Screen:
    """A table of computer players only: `players` of them (by default as many as the game
    seats, up to four); a count the game plays at several tables opens them all. A seat
    the command line gave an outside program (`app.bots`) is played by it."""
    from game.services.session import GameSession  # the computer players: not on every launch
    from game.services.tables import TablesSession, at_several_tables

    players = players or min(AUTOPLAY_PLAYERS, get_ruleset(ruleset).max_players)
    seats = [Seat(name, "computer", "bot" if seat in app.bots else DEFAULT_LEVEL)
             for seat, name in enumerate(AUTOPLAY_NAMES[:players])]
    several = at_several_tables(ruleset, players)
    session = (TablesSession if several else GameSession).new(
        ruleset, {"players": players}, seats, seed=seed, on_thinking_done=app.wake)
    for seat, command in app.bots.items():
        if seat < players:
            session.seat_bot(seat, command)
    return screens.make("tables" if several else "table", app, session, from_start=True)


def _report_first_frame(app: App, frames: int | None) -> int | None:
    """Draw the first frame, say when, and return how many frames are left to draw."""
    app.frame(idle_wait=False)
    print(json.dumps({"first_frame_at": time.time()}), flush=True)
    return None if frames is None else frames - 1


def _window_icon() -> None:
    """The icon drawn by assets/make_icon.py, for the title bar and the task bar."""
    import pygame

    with contextlib.suppress(pygame.error, OSError):
        pygame.display.set_icon(pygame.image.load(resource_path("assets", "icon.png")))


def _close(app: object) -> None:
    import pygame

    for scene in getattr(app, "scenes", []):
        match = getattr(getattr(scene, "tables", None), "session", None)  # at two tables
        session = match if match is not None else getattr(scene, "session", None)
        if session is not None:
            session.close()
        else:
            scene.closed()  # whatever else a screen holds (a review's thinking)
    pygame.quit()
    if sys.stdout is not None:  # None in the windowed executable started from Windows' shell
        sys.stdout.flush()
