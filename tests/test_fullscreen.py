"""F11 in a real window (Xvfb with no window manager, real X keys, as in
test_real_window.py): full screen covers the screen from its corner, F11 again puts the
window back as it was, and the window made anew is drawn once the X server shows it."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from test_real_window import SCREEN, real_window, x_display  # noqa: F401 (fixtures)

from game.ui import screens
from game.ui.app import App

WINDOW = (960, 600)


def _f11(display: str) -> None:
    subprocess.Popen(["xdotool", "sleep", "0.05", "key", "F11"],
                     env={**os.environ, "DISPLAY": display})


def _run(app: App, seconds: float) -> int:
    """The loop as App.run turns it, for `seconds`: the frames drawn."""
    drawn = len(app.stats.frame_seconds)
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        app.frame()
    return len(app.stats.frame_seconds) - drawn


def _geometry(display: str) -> tuple[int, int, int, int]:
    """Where the X server has the window, and its size."""
    window = pygame.display.get_wm_info()["window"]
    shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(window)],
                           env={**os.environ, "DISPLAY": display}, capture_output=True,
                           text=True, check=True).stdout
    fields = dict(line.split("=", 1) for line in shell.split())
    return int(fields["X"]), int(fields["Y"]), int(fields["WIDTH"]), int(fields["HEIGHT"])


def _shown_by_x(app: App, display: str, tmp_path: Path) -> None:
    """What the X server shows of the window is what the window drew last."""
    picture = tmp_path / "x.png"
    window = pygame.display.get_wm_info()["window"]
    subprocess.run(["import", "-window", str(window), str(picture)],
                   env={**os.environ, "DISPLAY": display}, check=True, timeout=30)
    shown = pygame.image.load(str(picture))
    width, height = app.screen.get_size()
    points = [(x * width // 9, y * height // 7) for x in range(1, 9) for y in range(1, 7)]
    same = sum(shown.get_at(point)[:3] == app.screen.get_at(point)[:3] for point in points)
    assert same >= 0.9 * len(points), f"the X server shows another picture ({picture})"


@pytest.mark.parametrize("screen", ["title", "settings"])
def test_f11_covers_the_screen_from_its_corner_and_comes_back(
        screen: str, real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch, size=WINDOW) as app:
        if screen != "title":
            app.push(screens.make(screen, app))
        _run(app, 0.5)
        x, y, width, height = _geometry(real_window)
        assert (width, height) == WINDOW
        _f11(real_window)
        _run(app, 1.0)
        assert app.settings.fullscreen
        assert _geometry(real_window) == (0, 0, *SCREEN), "full screen off the screen"
        _shown_by_x(app, real_window, tmp_path)
        _f11(real_window)
        _run(app, 1.0)
        assert not app.settings.fullscreen
        assert _geometry(real_window) == (x, y, width, height), "not back where it was"
        _shown_by_x(app, real_window, tmp_path)

LATE_CHECK = 0.1  # seconds: a turn begun this near the moment's end may see it ended


def test_a_window_made_anew_is_drawn_on_until_the_system_has_shown_it(
        real_window: str, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its first frames may come before the X server shows it, and are lost: the frames
    go on a moment (blank until a key was pressed, three times in six)."""
    with shipped_app(tmp_path, monkeypatch, size=WINDOW) as app:
        app.push(screens.make("settings", app))
        _run(app, 0.5)
        _f11(real_window)
        until = time.perf_counter() + 10
        while not app.settings.fullscreen and time.perf_counter() < until:
            app.frame()
        assert app.settings.fullscreen, "F11 was not taken"
        # every turn of the loop that begins within the moment after the window was made
        # anew draws (a loop asleep draws a frame or two at once, then nothing); counted
        # from the app's own moment, since on a loaded machine the frame that made the
        # window may take a good part of it
        deadline, turns = app._new_window_until, []
        while time.monotonic() < deadline + 0.5:
            began, drawn = time.monotonic(), len(app.stats.frame_seconds)
            app.frame()
            turns.append((round(began - deadline, 3), len(app.stats.frame_seconds) > drawn))
        due = [turn for turn in turns if turn[0] < -LATE_CHECK]
        assert all(drew for _, drew in due), f"turns before the moment ended, drawn: {due}"
