"""What the program is started with can be wrong: the environment, the command line, where
its output goes. Each is told in one line, never with a traceback or the crash screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.system import crash, paths
from game.ui import main as window

SAMPLE = Path(__file__).resolve().parent.parent / "saves" / "complete-game-4-players.json"


def command(arguments: list[str], *, home: str, **more: str) -> subprocess.CompletedProcess[str]:
    """`python -m game ARGUMENTS` as a player starts it, with COUP_DETAT_HOME=`home`."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   paths.HOME_VARIABLE: home, **more}
    return subprocess.run([sys.executable, "-m", "game", *arguments], capture_output=True,
                          text=True, timeout=120, env=environment)


def test_a_home_whose_tilde_names_no_user_is_refused_in_one_line(tmp_path: Path) -> None:
    """`COUP_DETAT_HOME='~nosuchuser/x'` once ended in a traceback, twice: the crash
    writer looked for its folder there too."""
    run = command(["replay", str(SAMPLE)], home="~nosuchuser-of-coup/x")
    assert run.returncode == 2 and run.stdout == ""
    assert "Traceback" not in run.stderr
    assert len(run.stderr.splitlines()) == 1
    assert "COUP_DETAT_HOME" in run.stderr and "~nosuchuser-of-coup/x" in run.stderr


def test_the_window_refuses_a_home_whose_tilde_names_no_user_before_it_opens(
        tmp_path: Path) -> None:
    run = command(["--frames", "2"], home="~nosuchuser-of-coup")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "COUP_DETAT_HOME" in run.stderr.splitlines()[-1]


def test_the_crash_writer_says_no_report_was_written_when_home_is_unusable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, "~nosuchuser-of-coup/x")
    assert paths.home_problem() is not None
    assert crash.write_report(crash.report(ValueError("boom"))) is None


def test_a_usable_home_has_no_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path / "games"))
    assert paths.home_problem() is None


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="this system has no /dev/full")
@pytest.mark.parametrize("arguments", [["replay", str(SAMPLE)],
                                       ["simulate", "--games", "1", "--seed", "1"]])
def test_output_to_a_full_disk_is_told_in_one_line(arguments: list[str],
                                                    tmp_path: Path) -> None:
    """`coup-detat replay SAVE > /dev/full` ended in a traceback (`OSError: [Errno 28]`);
    a short output failed only in Python's flush at exit."""
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "game", *arguments], stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120,
                             env={**os.environ, paths.HOME_VARIABLE: str(tmp_path)})
    assert run.returncode == 1
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr
    assert run.stderr.splitlines() == [
        "coup-detat: the output could not be written: the disk is full."]


@pytest.mark.parametrize(("path", "words"), [
    ("{tmp}/no-such-folder/shot.png", "there is no folder"),
    ("{tmp}/shot.jpg", "is a .png file"),
    ("{tmp}", "is a .png file"),
])
def test_a_screenshot_path_that_cannot_be_written_is_refused_before_the_window_opens(
        path: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    with pytest.raises(SystemExit) as leaving:
        cli.main(["--frames", "2", "--screenshot", path.format(tmp=tmp_path)])
    error = capsys.readouterr().err
    assert leaving.value.code == 2 and words in error and len(error.splitlines()) == 1
    assert not list(tmp_path.glob("**/crash-*.json"))


def test_a_screenshot_that_cannot_be_saved_is_told_without_a_crash_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A folder gone while the window ran was reported as an unexpected error, with a
    crash report."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path / "home"))
    shot = tmp_path / "gone" / "shot.png"
    assert window.run(frames=2, screenshot=str(shot)) == 1
    error = capsys.readouterr().err
    assert f"The screenshot could not be saved to {shot}" in error
    assert "unexpected" not in error
    assert not list((tmp_path / "home").glob("**/crash-*.json"))
