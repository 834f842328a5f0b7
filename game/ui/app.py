"""The window and its render loop: a stack of scenes, pygame-gui for widgets.

The loop draws only when something changes: while no scene is busy and no event comes, it
sleeps in `pygame.event.wait` until the next scene's appointment, so an idle table costs
next to nothing. Computer players think in a worker thread (see game/services/session.py); when one
is done it posts an event that wakes the loop, so the loop never waits on them. Every
scene reads the time from the app's `Clock` (game/ui/clock.py), which tests speed up.
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import pygame

from game.games import table_games
from game.services import settings as settings_module
from game.services.settings import Settings
from game.system import crash
from game.system.resources import resource_path
from game.ui import glyphs, screens, text
from game.ui.clock import Clock
from game.ui.screens import Screen
from game.ui.sound import Sounds
from game.ui.tooltips import ClearTipsManager
from game.ui.work_ahead import WorkAhead

THEME = resource_path("game", "ui", "theme.json")
MIN_SIZE = (960, 600)
FRAME_RATE = 60
IDLE_WAIT = 0.25  # seconds of the app's clock: the longest sleep before looking again
WAKE = pygame.event.custom_type()  # posted from other threads to wake the loop
SPARE_SECONDS = 0.008  # a frame's work shorter than this leaves room for a picture made ahead
NEW_WINDOW_SECONDS = 0.5  # of the wall clock: frames drawn after the window is made anew


@dataclass
class FrameStats:
    frame_seconds: list[float] = field(default_factory=list)

    def report(self) -> dict[str, float | None]:
        times = sorted(self.frame_seconds) or [0.0]
        peak = peak_memory_mib()
        return {
            "frames": len(self.frame_seconds),
            "frame_ms_p50": round(statistics.median(times) * 1000, 2),
            "frame_ms_p99": round(times[min(len(times) - 1, int(len(times) * 0.99))] * 1000, 2),
            # the first frame opens the window (fonts, art): a stutter is any frame after it
            "frame_ms_max_after_first": round(max(self.frame_seconds[1:], default=0.0) * 1000, 2),
            "peak_memory_mib": None if peak is None else round(peak, 1),
        }


def peak_memory_mib() -> float | None:
    """The most memory the process has held, in MiB, where the system tells it (POSIX);
    None on Windows, which has no `resource` module."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes there, KiB here


class App:
    def __init__(self, settings: Settings | None = None, *, settings_notice: str | None = None,
                 size: tuple[int, int] | None = None, clock: Clock | None = None) -> None:
        self.settings = settings or Settings()
        self.settings_notice = settings_notice
        pygame.init()
        text.forget_fonts()
        pygame.display.set_caption("Coup d'État")
        # The window's size out of full screen (leaving full screen returns to it): the size
        # asked for (--size), else the one the settings keep, until the window is resized.
        self.windowed_size = size or self.settings.window_size
        self.screen = self._open_window(self.windowed_size, self.settings.fullscreen)
        self.ui = ClearTipsManager(self.screen.get_size(), str(THEME))  # tooltips aside
        self._preload_text_fonts()
        self.scenes: list[Screen] = []
        self.clock = clock or Clock()
        self.frame_rate = FRAME_RATE  # 0: as fast as possible (tests)
        self.running = True
        self.stats = FrameStats()
        self.bots: dict[int, str] = {}  # seats offered to outside programs (--seat N=exec:)
        self.catch_errors = True  # False: an unexpected error propagates (tests want to see it)
        self.stop_on_crash = False  # True: nobody watches (--autoplay, --frames): end the run
        self.crash: tuple[Exception, Path | None] | None = None  # the error behind the crash screen
        self._crash_screen: Screen | None = None
        self._leave_question: Screen | None = None  # "Leave without saving?", once asked
        self._clicked_on: Screen | None = None  # the screen on top when the last click began
        self._stray_press = False  # the last press was dropped: so is its release
        self._needs_frame = True
        self._windowed_at: tuple[int, int] | None = None  # where the window was, in full screen
        self._new_window_until = 0.0  # time.monotonic(): see _change_mode
        self.ahead = WorkAhead()
        self.sounds = Sounds(enabled=self.settings.sound,
                             volume=self.settings.effects_volume())

    def _preload_text_fonts(self) -> None:
        """The bold and italic fonts of the widgets' rich text, loaded before they are
        needed, but those the theme has loaded already (pygame-gui warns of each twice)."""
        fonts = self.ui.get_theme().get_font_dictionary()
        self.ui.preload_fonts([
            {"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
            for size in (14, 15, 16) for style in ("bold", "italic")
            if not fonts.check_font_preloaded(fonts.create_font_id(
                size, "noto_sans", bold=style == "bold", italic=style == "italic"))])

    # Window ------------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        """The full screen, or a window of `size` (`windowed_size` remembers it)."""
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        width, height = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.windowed_size = screen.get_size()
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.apply_settings(replace(self.settings, fullscreen=not self.settings.fullscreen))

    def apply_settings(self, new: Settings) -> None:
        """Use new settings at once and keep them for next time."""
        old, self.settings = self.settings, new
        self.sounds.enabled = new.sound
        if self.ahead.started:  # (after the first frame: sounds switched on now)
            self.sounds.prepare()
        self.sounds.volume = new.effects_volume()
        if new.fullscreen != old.fullscreen:
            self._change_mode(new.fullscreen)
        with contextlib.suppress(OSError):  # the game goes on with the settings in memory
            settings_module.save(new)
        for scene in self.scenes:
            scene.settings_changed()

    def _change_mode(self, fullscreen: bool) -> None:
        """Into full screen, or back to the window as it was (its size and place). The
        window is made anew: its first frames may come before the system shows it, and
        were lost (blank until a key was pressed), so frames go on for a moment. Without
        a window manager a full-screen window kept the window's place, partly off the
        screen: on a single screen it goes to its corner."""
        if fullscreen:
            self._windowed_at = _window_position()
            if len(pygame.display.get_desktop_sizes()) == 1:
                _place_window((0, 0))
        self.screen = self._open_window(self.windowed_size, fullscreen)
        if not fullscreen and self._windowed_at is not None:
            _place_window(self._windowed_at)
        self._resized()
        self._new_window_until = time.monotonic() + NEW_WINDOW_SECONDS  # the system's time

    def _resized(self) -> None:
        self.ui.set_window_resolution(self.size)
        for scene in list(self.scenes):
            scene.resize(self.size)

    def wake(self) -> None:
        """Safe from any thread: make the loop draw a frame soon (nothing once the window
        has closed: a computer may finish thinking after the player has left)."""
        if pygame.display.get_init():
            with contextlib.suppress(pygame.error):
                pygame.event.post(pygame.event.Event(WAKE))

    # Scenes ----------------------------------------------------------------------------------
    @property
    def scene(self) -> Screen | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Screen) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()
        self._needs_frame = True

    def pop(self) -> Screen:
        scene = self.scenes.pop()
        scene.leave()
        scene.closed()
        if self.scenes:
            self.scenes[-1].enter()
        self._needs_frame = True
        return scene

    def replace(self, scene: Screen) -> None:
        """Put `scene` in place of every scene (a fresh screen: title, a new table...)."""
        self.close_all()
        self.push(scene)

    def close_all(self) -> None:
        """Close every scene, top first: an open table lets go of its game (and of the
        autosave, which the game to come may then take at once)."""
        while self.scenes:
            gone = self.scenes.pop()
            gone.leave()
            gone.closed()

    def quit(self) -> None:
        self.running = False

    def leave_carefully(self, leave: Callable[[], None]) -> None:
        """Leave (quit, or leave the table) at once, unless it would lose a game that
        could not be saved: then ask first."""
        trouble = next((why for scene in self.scenes if (why := scene.leaving_loses())), None)
        if trouble is None or self._asked_on_top(self._leave_question):
            leave()
        else:
            self._leave_question = screens.make("leave_unsaved", self, trouble, leave)
            self.push(self._leave_question)

    def _asked_on_top(self, scene: Screen | None) -> bool:
        """Is this scene, which the app opened itself, the one on top?"""
        return scene is not None and self.scene is scene

    # The loop --------------------------------------------------------------------------------
    def run(self, frames: int | None = None, until: Callable[[], bool] | None = None) -> None:
        """The loop, until the window closes, `frames` have been drawn (without idle
        waits: a run nobody watches) or `until()` is true."""
        count = 0
        while self.running and (frames is None or count < frames):
            self.frame(idle_wait=frames is None)
            count += 1
            crashed = self.crash is not None and self.stop_on_crash
            if crashed or (until is not None and until()):
                break
        for scene in reversed(self.scenes):
            scene.leave()

    def frame(self, idle_wait: bool = True) -> None:
        """One turn of the loop: events, update, draw. With `idle_wait`, while nothing
        moves it sleeps until an event or a scene's next appointment, and draws nothing
        if neither comes. An unexpected error ends in the crash screen, not in a
        traceback (unless `catch_errors` is off, as in tests)."""
        try:
            self._frame(idle_wait)
        except Exception as error:
            if not self.catch_errors:
                raise
            self.crashed(error)

    def crashed(self, error: Exception) -> None:
        """Write a crash report with the open games' logs, let go of every scene, and
        show the crash screen; an error in the crash screen itself ends the program."""
        if self._asked_on_top(self._crash_screen):
            raise error
        report = crash.report(error, screens=[type(scene).__name__ for scene in self.scenes],
                              games=self._open_games())
        path = crash.write_report(report)
        self.crash = (error, path)
        while self.scenes:
            gone = self.scenes.pop()
            with contextlib.suppress(Exception):  # a broken scene must not stop the rescue
                gone.leave()
                gone.closed()
        self.ui.clear_and_reset()
        self._crash_screen = screens.make("crash", self, error, path)
        self.push(self._crash_screen)

    def _open_games(self) -> list[dict]:
        games, seen = [], set()
        for scene in self.scenes:
            session = getattr(scene, "session", None)
            if session is None or id(session) in seen:
                continue  # a dialog over the table holds the table's session
            seen.add(id(session))
            with contextlib.suppress(Exception):  # the whole match, at a table of two
                games.append(json.loads(session.dumps()))
        return games

    def _frame(self, idle_wait: bool) -> None:
        woken: list[pygame.event.Event] = []
        if idle_wait and not self._busy() and not pygame.event.peek():
            if self.ahead.while_idle():  # a moment nothing moves: work ahead, then look again
                return
            slept = self._sleep()
            if slept is None:
                return
            woken = slept
        dt = self.clock.tick(self.frame_rate)
        # Frames that follow one another without a pause (a slow machine, a sped-up
        # clock) release the GIL only inside short C calls and take it back at once: the
        # computers' thread, waiting for it, starved for seconds. A sleep hands it over.
        time.sleep(0)
        started = time.perf_counter()
        for event in [*woken, *pygame.event.get()]:
            self._dispatch(event)
        self.ui.update(dt)
        before = list(self.scenes)
        for scene in before:
            scene.update(dt)
        arrived = self.scenes != before
        if arrived or self._widgets_changed():
            self.ui.update(0)  # the widgets made in this frame (a scene's, a panel's) show in it
        moving = self._moving()  # asked before drawing, at a time no later than the drawing's
        self.draw()
        pygame.display.flip()
        # A scene that came in this frame has yet to update; what moved as this frame was
        # drawn is drawn again, until a frame shows it still: asked only after drawing, a
        # glide that ended meanwhile stayed drawn mid-way (the cards an undo takes back,
        # whose first frame is slow, until the mouse moved).
        self._needs_frame = arrived or moving
        spent = time.perf_counter() - started
        self.stats.frame_seconds.append(spent)
        if not self.ahead.started:
            self._prepare_ahead()
        elif spent < SPARE_SECONDS:
            self.ahead.in_spare_time()

    def _prepare_ahead(self) -> None:
        """Once the first frame is shown, make ahead what would hold a frame when first
        needed: the sounds, in a thread (a fanfare took a tenth of a second), and, while
        the loop has nothing to do, what New game first asks for (its module, and the
        characters its name boxes forbid: half a second at the click), then what its
        Start asks for (the table's modules, each game's kit and computer players)."""
        self.sounds.prepare()
        # What the window has made so far (modules, fonts, the theme) lives as long as it
        # does: the collector's full passes skip it (one took 27 ms in a frame).
        gc.freeze()
        loads = [ref.load for game in table_games() for name, ref in game.refs().items()
                 if name == "kit" or name.startswith("players.")]
        # then the tables' modules, kits and players, loaded: frozen as well
        self.ahead.start([glyphs.zero_width, lambda: screens.kind("new_game"),
                          lambda: screens.kind("table"), *loads], then=gc.freeze)

    def _widgets_changed(self) -> bool:
        """Were widgets made, killed, shown or hidden since pygame-gui's last update? It
        draws them only once an update has looked (else a decision panel made by a scene's
        update stayed unseen until the mouse moved)."""
        return getattr(self.ui.get_sprite_group(), "should_update_visibility", True)

    def _busy(self) -> bool:
        """Must a frame be drawn now (something moves, or was asked for)?"""
        return (self._needs_frame or self._moving() or time.monotonic() < self._new_window_until
                or self.ui.get_hovering_any_element())  # a tooltip may be on its way

    def _moving(self) -> bool:
        return any(scene.busy for scene in self.scenes)

    def _sleep(self) -> list[pygame.event.Event] | None:
        """Wait for an event or the next appointment. The event that woke the loop (to be
        handled before any queued behind it: a click's release after its press), no event
        if an appointment came due, None if nothing happened at all."""
        appointments = [at for scene in self.scenes if (at := scene.wake_at()) is not None]
        until = min([IDLE_WAIT, *(at - self.clock.now() for at in appointments)])
        event = pygame.event.wait(max(1, math.ceil(self.clock.real_seconds(until) * 1000)))
        if event.type != pygame.NOEVENT:
            return [event]
        now = self.clock.now()
        return [] if any(at <= now for at in appointments) else None

    def _dispatch(self, event: pygame.event.Event) -> None:
        self._needs_frame = True
        if event.type == pygame.QUIT:
            self.leave_carefully(self.quit)
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.screen = self._open_window((event.w, event.h), False)
            self.settings = replace(self.settings, window_size=self.size)
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self._stray_click(event):
            return
        if self.ui.process_events(event):
            return  # a widget used it (pygame-gui posts its own events for scenes to read)
        scene = self.scene
        if scene is not None:
            scene.handle(event)

    def _stray_click(self, event: pygame.event.Event) -> bool:
        """Is `event` the second click of a double-click (or its release) that began on
        another screen, one its first click took away? Such a click is dropped: it was
        made before the player could see the screen under it (a double-click on the pass
        screen's Menu fell on the menu's Leave the table). A third click counts."""
        if getattr(event, "button", None) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            repeated = getattr(event, "clicks", 1) > 1  # SDL counts a double-click's clicks
            self._stray_press = repeated and self.scene is not self._clicked_on
            self._clicked_on = self.scene
            return self._stray_press
        if event.type == pygame.MOUSEBUTTONUP and self._stray_press:
            self._stray_press = False
            return True
        return False

    def draw(self) -> None:
        first = max((i for i, scene in enumerate(self.scenes) if scene.opaque), default=0)
        for scene in self.scenes[first:]:
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        top = self.scene
        if top is not None:
            top.draw_over_widgets(self.screen)

    def screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))


def _window_position() -> tuple[int, int] | None:
    """Where the window is on the desktop (None where the system does not say)."""
    try:
        return pygame.display.get_window_position()
    except pygame.error:
        return None


def _place_window(position: tuple[int, int]) -> None:
    with contextlib.suppress(pygame.error):
        pygame.display.set_window_position(position)
