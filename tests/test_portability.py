"""Windows and macOS, as far as this Linux machine can show them: the game run as on those
desktops (tests/simulated_desktop.py), file names that Windows refuses, and saves written
on one system loaded on another."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import saves
from game.services import save_index
from game.services.catalogue import CATALOGUE
from game.system.files import write_atomically

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent / "saves" / "coup-in-progress-4-players.json"


@pytest.mark.parametrize(("desktop", "platform", "folder"), [
    ("windows", "win32", "AppData/Local/coup-detat"),
    ("macos", "darwin", "Library/Application Support/coup-detat"),
])
def test_the_game_imports_opens_and_plays_as_on_another_desktop(
        desktop: str, platform: str, folder: str, tmp_path: Path) -> None:
    """Every module imported without the modules that desktop lacks (on Windows the POSIX
    ones: resource, fcntl, termios, pwd...), the window opened at the shipped settings and
    each game's first turns played from New game; the player's files where that desktop
    keeps them."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run([sys.executable, str(HERE / "simulated_desktop.py"), desktop,
                          str(tmp_path)], capture_output=True, text=True, env=environment,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert summary["platform"] == platform
    assert summary["modules"] > 100
    assert all(turns > 1 for turns in summary["turns"].values()) and len(summary["turns"]) == 4
    assert summary["folders"]["data"] == str(tmp_path / folder)
    assert "autosave.json" in summary["saves"]
    assert (summary["peak_memory_mib"] is None) == (desktop == "windows")


WINDOWS_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
WINDOWS_DEVICES = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?", re.I)


def windows_takes(name: str) -> bool:
    """Would Windows create a file of this name? (Its rules, written out independently.)"""
    stem = name.split(".")[0]
    return (bool(name) and not WINDOWS_FORBIDDEN.search(name) and not name.endswith((".", " "))
            and not WINDOWS_DEVICES.fullmatch(name) and not WINDOWS_DEVICES.fullmatch(stem)
            and len(name) <= 255)


@pytest.mark.parametrize(("typed", "shown"), [
    ("CON", "CON"),
    ("nul", "nul"),
    ("com¹", "com¹"),
    ("LPT9", "LPT9"),
    ("a<b>c:d\"e/f\\g|h?i*j", "a<b>c:d\"e/f\\g|h?i*j"),
    ("Sunday night. ", "Sunday night."),
    ("...", "..."),
    ("tab\tand\nnewline", "tab and newline"),
    ("Évening à deux", "Évening à deux"),
    ("Évening", "Évening"),
])
def test_a_save_name_windows_would_refuse_makes_a_file_it_takes_and_stays_the_name_shown(
        typed: str, shown: str, tmp_path: Path) -> None:
    from game.engine.match import Match
    from game.games import get_ruleset

    path = save_index.new_save_path(typed, tmp_path)
    assert windows_takes(path.name), path.name
    assert path.parent == tmp_path
    ruleset = get_ruleset("coup-detat")
    match = Match(ruleset, ruleset.parse_options({"players": 3}))
    seats = tuple(saves.Seat(name) for name in ("Ada", "Blaise", "Colette"))
    saves.write(path, match, seats, name=typed)
    assert save_index.read_entry(path).title == shown


def test_the_independent_rules_refuse_what_windows_refuses() -> None:
    assert not any(windows_takes(name) for name in (
        "CON.json", "com1.json", "a:b.json", "name.", "name ", "nul", "x?.json"))
    assert windows_takes("Game 24 Nov 21-05.json")


def test_a_save_written_on_windows_loads(tmp_path: Path) -> None:
    """Windows line endings, and the byte-order mark some Windows editors put first."""
    game = saves.read(SAMPLE, catalogue=CATALOGUE)
    indented = json.dumps(json.loads(SAMPLE.read_text(encoding="utf-8")), indent=2)
    for name, data in (("crlf.json", indented.replace("\n", "\r\n").encode()),
                       ("bom.json", b"\xef\xbb\xbf" + indented.encode())):
        (tmp_path / name).write_bytes(data)
        assert saves.read(tmp_path / name, catalogue=CATALOGUE).match.state == game.match.state
        assert save_index.read_entry(tmp_path / name).problem is None


def test_files_are_written_in_utf8_with_unix_line_endings_on_every_system(
        tmp_path: Path) -> None:
    write_atomically(tmp_path / "words.txt", "Coup d'État\nÉtienne ♠\n")
    assert (tmp_path / "words.txt").read_bytes() == "Coup d'État\nÉtienne ♠\n".encode()


def test_an_outside_programs_command_keeps_its_windows_paths(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows parses a command line itself; a POSIX split would eat its backslashes."""
    from game.ai.bot_processes import arguments

    command = r'python "C:\Program Files\bots\my_bot.py" --fast'
    monkeypatch.setattr(sys, "platform", "win32")
    assert arguments(command) == command
    monkeypatch.setattr(sys, "platform", "linux")
    assert arguments("python my_bot.py --fast") == ["python", "my_bot.py", "--fast"]
