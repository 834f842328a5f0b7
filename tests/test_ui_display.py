"""Without a display the window is not opened unseen: the program says so in one line and
exits. Asking for SDL's dummy driver (tests, runs nobody watches) is not that case."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from ui_kit import close_window

from game.services import settings
from game.ui import main

ROOT = Path(__file__).parent.parent
NO_DISPLAY = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


def without_a_display(home: Path, **more: str) -> dict[str, str]:
    """The environment of a session with no display (an SSH login, a container)."""
    environment = {key: value for key, value in os.environ.items() if key not in NO_DISPLAY}
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    return environment | {"COUP_DETAT_HOME": str(home), "SDL_AUDIODRIVER": "dummy",
                          "XDG_RUNTIME_DIR": str(runtime),
                          "PYGAME_HIDE_SUPPORT_PROMPT": "1", **more}


@pytest.mark.skipif(sys.platform != "linux", reason="SDL falls back to drawing nowhere on Linux")
def test_without_a_display_the_game_says_so_in_one_line_and_exits(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "game"], env=without_a_display(tmp_path),
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 1
    assert run.stderr.splitlines() == [main.NO_DISPLAY.format(found="found none")]
    assert not (tmp_path / "autosave.json").exists()


@pytest.mark.skipif(sys.platform != "linux", reason="SDL falls back to drawing nowhere on Linux")
def test_a_run_nobody_watches_needs_no_display(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    run = subprocess.run([sys.executable, "-m", "game", "--autoplay", "--frames", "30",
                          "--screenshot", str(shot)], env=without_a_display(tmp_path),
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert shot.exists()


def test_the_dummy_driver_asked_for_is_a_display(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    try:
        assert main.display_problem() is None
        assert pygame.display.get_driver() == "dummy"
    finally:
        pygame.quit()


def test_a_driver_that_draws_nowhere_unasked_is_no_display(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    try:
        assert main.display_problem() == main.NO_DISPLAY.format(found="found none")
        monkeypatch.setenv("SDL_VIDEODRIVER", "x11,offscreen")  # asked for, as a fallback
        assert main.display_problem() is None
    finally:
        pygame.quit()


def test_no_video_device_at_all_is_said_with_the_reason(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def fails() -> None:
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "init", fails)
    assert main.run() == 1
    assert capsys.readouterr().err.splitlines() == [
        main.NO_DISPLAY.format(found="found none (No available video device)")]


def test_a_huge_window_in_the_settings_opens_no_larger_than_the_desktop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    settings.save(settings.Settings(window_size=(16384, 16384)))
    monkeypatch.setattr(main, "largest_window", lambda: (1600, 900))
    app = main.open_window()
    try:
        assert app.size == (1600, 900)
    finally:
        close_window(app)


def test_a_desktop_the_driver_makes_up_is_not_taken_for_the_real_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # which says 1024x768
    try:
        assert main.largest_window() == settings.LARGEST_WINDOW
    finally:
        pygame.quit()
