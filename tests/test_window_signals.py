"""The window closed from outside: Ctrl+C in its terminal, SIGTERM (a log-out), SIGHUP (the
terminal closed). It closes as its close button does, and every process it started ends
with it: here an outside program that ignores every signal but SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from process_kit import all_ended, bot_pids, children_of, kill_what_is_left, wait_for

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc for processes")

ROOT = Path(__file__).parent.parent
BOT = Path(__file__).parent / "bots" / "misbehaving.py"
STARTING = 90.0  # seconds a loaded machine may take to open the window and start the bot
PROMPTLY = 15.0


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP],
                         ids=["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_window_ended_by_a_signal_ends_every_process_it_started(
        tmp_path: Path, number: int) -> None:
    """SIGHUP once ended the window at once, its bot left running; Ctrl+C did nothing."""
    pids, errors = tmp_path / "bot-pids", tmp_path / "stderr"
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "COUP_DETAT_HOME": str(tmp_path / "home")}
    command = [sys.executable, "-m", "game", "--autoplay", "coup", "--seed", "3",
               "--seat", f"2=exec:{sys.executable} {BOT} stubborn {pids}"]
    with errors.open("wb") as stderr:
        window = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr,
                                  env=environment, start_new_session=True)
    started_by_it: set[int] = set()
    try:
        wait_for(lambda: pids.exists() and pids.read_text().strip(), STARTING,
                 "the bot has not started")
        started_by_it = children_of(window.pid)
        os.kill(window.pid, number)
        assert window.wait(timeout=PROMPTLY) == 0
        told = errors.read_text()
        assert "Traceback" not in told and "crash" not in told, told
        all_ended(bot_pids(pids) | started_by_it)
    finally:
        kill_what_is_left(window, pids)
