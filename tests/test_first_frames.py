"""The first moments of the window: a launch prints nothing, and nothing shown for the first
time (a fanfare, a card's back, the New game screen) is prepared inside a frame."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from test_real_window import x_display  # noqa: F401 (the fixture)
from ui_kit import close_window

from game.services.settings import Settings
from game.ui.app import App

ROOT = Path(__file__).parent.parent
OPENED_SECONDS = 60.0  # of the wall clock: the window is open by then


def test_the_window_opens_without_a_warning(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = App(Settings())
        try:
            app.frame(idle_wait=False)
        finally:
            close_window(app)
    assert [str(warning.message) for warning in caught] == []


def _window_shown(display: str, pid: int) -> bool:
    found = subprocess.run(["xdotool", "search", "--pid", str(pid)],
                           env={**os.environ, "DISPLAY": display}, capture_output=True,
                           text=True, timeout=10)
    return bool(found.stdout.strip())


def test_a_normal_start_prints_nothing(x_display: str, tmp_path: Path) -> None:  # noqa: F811
    """The program as a player starts it, in a real window: nothing on either stream."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("SDL_VIDEODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    environment |= {"DISPLAY": x_display, "COUP_DETAT_HOME": str(tmp_path),
                    "SDL_AUDIODRIVER": "dummy"}
    game = subprocess.Popen([sys.executable, "-m", "game"], env=environment, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        until = time.perf_counter() + OPENED_SECONDS
        while not _window_shown(x_display, game.pid) and time.perf_counter() < until:
            assert game.poll() is None, game.communicate()
            time.sleep(0.2)
        time.sleep(1.0)  # its first frames drawn
        game.send_signal(signal.SIGTERM)  # closed as by its close button
        out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0
    assert (out, err) == ("", "")
