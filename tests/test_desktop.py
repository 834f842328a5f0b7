"""`coup-detat --install-desktop-entry`: the game in a Linux desktop's menu, with its icon.

The entries written are read back as a desktop reads them (the Desktop Entry
Specification: string escapes, then the Exec key's quoting), and their Exec is run."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.system import desktop

REPOSITORY = Path(__file__).resolve().parent.parent
REQUIRED = {"Type": "Application", "Name": "Coup d'État", "Icon": "coup-detat",
            "Terminal": "false", "Categories": "Game;CardGame;"}
STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def read_entry(text: str) -> dict[str, str]:
    """The keys of the [Desktop Entry] group, the file's only group."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert lines[0] == "[Desktop Entry]"
    keys: dict[str, str] = {}
    for line in lines[1:]:
        key, equals, value = line.partition("=")
        assert equals and key.strip() not in keys and not key.startswith("["), line
        keys[key.strip()] = value.strip()
    return keys


def unescaped(value: str) -> str:
    """A string value with its escapes (\\s, \\n, \\t, \\r, \\\\) undone."""
    out, chars = [], iter(value)
    for char in chars:
        out.append(STRING_ESCAPES[next(chars)] if char == "\\" else char)
    return "".join(out)


def exec_arguments(value: str) -> list[str]:
    """An Exec value as the program and its arguments."""
    arguments: list[str] = []
    current: list[str] | None = None  # None between arguments
    quoted = False
    chars = iter(unescaped(value))
    for char in chars:
        if quoted and char == "\\":
            escaped = next(chars)
            assert escaped in '"`$\\', f"\\{escaped} inside quotes"
            current = [*(current or []), escaped]
        elif char == '"':
            quoted = not quoted
            current = current or []
        elif char == " " and not quoted:
            if current is not None:
                arguments.append("".join(current))
            current = None
        else:
            assert quoted or char not in RESERVED, f"{char!r} outside quotes in {value!r}"
            current = [*(current or []), char]
    assert not quoted, f"a quote left open in {value!r}"
    if current is not None:
        arguments.append("".join(current))
    return [argument.replace("%%", "%") for argument in arguments]


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder


def installed_entry(data_home: Path) -> dict[str, str]:
    return read_entry((data_home / "applications" / "coup-detat.desktop")
                      .read_text(encoding="utf-8"))


def test_the_shipped_entry_names_the_game_its_icon_and_its_menu() -> None:
    keys = read_entry((REPOSITORY / "assets" / "coup-detat.desktop").read_text(encoding="utf-8"))
    assert REQUIRED.items() <= keys.items()
    assert keys["Comment"] and keys["Exec"] == "coup-detat"
    validate = shutil.which("desktop-file-validate")  # desktop-file-utils, if installed
    if validate:
        run = subprocess.run([validate, str(REPOSITORY / "assets" / "coup-detat.desktop")],
                             capture_output=True, text=True)
        assert run.returncode == 0 and not run.stdout, run.stdout


def test_installing_writes_the_icons_and_an_entry_that_starts_this_program(
    data_home: Path,
) -> None:
    installed = desktop.install()

    keys = installed_entry(data_home)
    assert REQUIRED.items() <= keys.items()
    command = exec_arguments(keys["Exec"])
    assert command == [sys.executable, "-m", "game"] == list(installed.command)
    assert os.access(command[0], os.X_OK)
    assert unescaped(keys["Path"]) == str(REPOSITORY)  # where `-m game` finds the game
    started = subprocess.run([*command, "--help"], cwd=unescaped(keys["Path"]),
                             capture_output=True, text=True, timeout=60)
    assert started.returncode == 0 and "--install-desktop-entry" in started.stdout

    for size in desktop.HICOLOR_SIZES:
        icon = data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "coup-detat.png"
        assert icon.stem == keys["Icon"]
        assert icon.read_bytes() == desktop.shipped_icon(size).read_bytes()
    assert len(installed.icons) == len(desktop.HICOLOR_SIZES)


def test_installing_again_replaces_the_files_and_leaves_nothing_else(data_home: Path) -> None:
    desktop.install()
    desktop.install()
    written = sorted(path.relative_to(data_home).as_posix()
                     for path in data_home.rglob("*") if path.is_file())
    assert len(written) == len(desktop.HICOLOR_SIZES) + 1
    assert not [name for name in written if name.endswith(".partial")]


def test_frozen_the_entry_runs_the_executable_itself(
    data_home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    program = "/opt/Coup d'État $1/coup-detat"  # a space, a quote, a dollar
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(REPOSITORY), raising=False)
    monkeypatch.setattr(sys, "executable", program)
    desktop.install()
    keys = installed_entry(data_home)
    assert exec_arguments(keys["Exec"]) == [program]
    assert "Path" not in keys


@pytest.mark.parametrize("argument", [
    "plain", "with space", "it's", 'say "hi"', "$HOME", "`date`", "back\\slash", "100%",
    "tab\there", "line\nbreak", "É (accent) & more; #*?<>|~",
])
def test_any_argument_survives_the_exec_quoting(argument: str) -> None:
    command = ["/usr/bin/program", argument]
    value = desktop.exec_value(command)
    assert "\n" not in value
    assert exec_arguments(value) == command


def test_the_data_home_is_xdg_data_home_when_absolute_else_local_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    default = tmp_path / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "/srv/data"}) == Path("/srv/data")
    assert desktop.data_home({}) == default
    assert desktop.data_home({"XDG_DATA_HOME": ""}) == default
    assert desktop.data_home({"XDG_DATA_HOME": "relative/data"}) == default


def test_the_command_line_installs_and_says_where(
    data_home: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--install-desktop-entry"]) == 0
    out, err = capsys.readouterr()
    entry = data_home / "applications" / "coup-detat.desktop"
    assert entry.is_file() and str(entry) in out and not err
    assert installed_entry(data_home)["Icon"] == "coup-detat"


def refused(capsys: pytest.CaptureFixture[str]) -> str:
    """What the command said when it could not install (status 1, no traceback)."""
    assert main(["--install-desktop-entry"]) == 1
    out, err = capsys.readouterr()
    assert not out and "Traceback" not in err
    return err


def test_a_read_only_folder_is_told_clearly(
    data_home: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    data_home.mkdir()
    data_home.chmod(0o555)
    try:
        if os.access(data_home, os.W_OK):
            pytest.skip("this user (root?) may write in a read-only folder")
        err = refused(capsys)
    finally:
        data_home.chmod(0o755)
    assert err.startswith("coup-detat: could not install the desktop entry: ")
    assert "Permission denied" in err and str(data_home) in err


def test_a_write_refused_is_told_clearly(
    data_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(path: Path, data: bytes) -> int:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    monkeypatch.setattr(Path, "write_bytes", refuse)
    err = refused(capsys)
    assert err.startswith("coup-detat: could not install the desktop entry: Permission denied: ")
    assert str(data_home) in err
    assert not [path for path in data_home.rglob("*") if path.is_file()]


def test_a_file_in_the_way_is_told_clearly(
    data_home: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    data_home.mkdir()
    (data_home / "applications").write_text("not a folder")
    err = refused(capsys)
    assert "could not install the desktop entry" in err and "applications" in err


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_on_windows_and_macos_it_says_it_is_for_linux(
    platform: str, data_home: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    err = refused(capsys)
    assert "is for Linux desktops" in err
    assert not data_home.exists()


def test_it_goes_alone_not_with_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--install-desktop-entry", "replay", "some.json"]) == 2
    assert "goes alone" in capsys.readouterr().err
