"""Hostile input: every reader of a file the game is given or keeps (a scenario, a saved
game told by `replay`, a save listed and loaded, the settings, the statistics, the last
New game setup), and the command line of `simulate` and of the window, refuses what makes
no sense cleanly, and never hangs.

Each file reader is fed the same kinds of file, made from a valid file of its own: numbers
too long or too big for JSON, nesting too deep, invalid UTF-8, byte-order marks, lone
surrogates in each of a few of its texts (chosen by a seeded draw), a link to /dev/zero, a
pipe, a folder, an empty file, truncated JSON (at seeded places), and a few more. A
command refuses in one line with exit status 2, never with a traceback; a reader that
never fails gives its defaults (or nothing to offer). Whatever is accepted is text that
can be written and drawn. Every case runs under a time limit, so a reader that would
block (on a pipe, on an endless device) fails its case instead of stalling the run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game.cli import main
from game.engine import saves
from game.engine import texts as text_rules
from game.services import last_setup, save_index, settings, stats
from game.services.catalogue import CATALOGUE
from game.system import files

ROOT = Path(__file__).resolve().parent.parent
SEED = 15
TIME_LIMIT = 5.0  # seconds a single case may take
SURROGATE_CASES = 8  # texts of each valid file given a lone surrogate
TRUNCATIONS = 6  # places each valid file is cut at
HUGE = b"1" + b"0" * 5_000  # more digits than Python converts (4,300)
DEEP = 100_000  # brackets: deeper than any parser recurses
T = TypeVar("T")


# The valid file of each reader -----------------------------------------------------------

SCENARIO = (ROOT / "tests/conformance/coup-detat/001.json").read_bytes()
SAVE = (ROOT / "saves/coup-in-progress-4-players.json").read_bytes()
SETTINGS = settings.Settings(animation_speed="slow", card_back="forest", sound=False)
STATISTICS = stats.Statistics({"coup-detat": stats.RulesetStats(played=3, won=1,
                                                                 best=12_300)})
SETUP = last_setup.from_json({
    "ruleset": "coup", "players": 3, "options": {"rounds": 3},
    "seats": [{"name": name, "kind": kind, "level": "hard"}
              for name, kind in (("Zoé", "human"), ("Yann", "computer"), ("Xu", "computer"))]})


def dumped(data: object) -> bytes:
    return json.dumps(data, indent=1).encode()


VALID = {
    "scenario": SCENARIO,
    "replay": SAVE,
    "save": SAVE,
    "settings": dumped(SETTINGS.to_json()),
    "statistics": dumped(STATISTICS.to_json()),
    "last setup": dumped(SETUP.to_json()),
}


# The hostile files ---------------------------------------------------------------------

ACCEPTED, REFUSED, EITHER = "accepted", "refused", "either"


@dataclass(frozen=True)
class Hostile:
    """A kind of file: how to make it from the reader's valid file, and what the reader
    must make of it (ACCEPTED as the valid file; REFUSED; EITHER, never a crash)."""

    name: str
    make: Callable[[Path, bytes], None]  # (where, the valid file's bytes)
    outcome: str = REFUSED
    available: Callable[[], bool] = lambda: True  # can this system make such a file?


def content(make: Callable[[bytes], bytes]) -> Callable[[Path, bytes], None]:
    return lambda path, valid: path.write_bytes(make(valid))


def with_field(value: bytes) -> Callable[[Path, bytes], None]:
    """The valid object with one more field, of `value` (as the file holds it)."""
    return content(lambda valid: valid.rstrip()[:-1] + b', "zz": ' + value + b"}")


def inserted(what: bytes, seed: int) -> Callable[[Path, bytes], None]:
    """`what` put at a seeded place inside the valid file."""
    def make(valid: bytes) -> bytes:
        at = random.Random(f"{SEED}:{seed}").randrange(1, len(valid) - 1)
        return valid[:at] + what + valid[at:]

    return content(make)


def truncated(seed: int) -> Callable[[Path, bytes], None]:
    return content(lambda valid: valid[:random.Random(f"{SEED}:cut:{seed}")
                                        .randrange(1, len(valid.rstrip()) - 1)])


def sparse(prefix: Callable[[bytes], bytes]) -> Callable[[Path, bytes], None]:
    """A file one byte over the cap, `prefix` first and zeros after (nothing written)."""
    def make(path: Path, valid: bytes) -> None:
        with path.open("wb") as out:
            out.write(prefix(valid))
            out.truncate(files.MAX_BYTES + 1)

    return make


def link_to(target: str | Callable[[Path, bytes], Path]) -> Callable[[Path, bytes], None]:
    def make(path: Path, valid: bytes) -> None:
        path.symlink_to(target(path, valid) if callable(target) else target)

    return make


def other_file(path: Path, valid: bytes) -> Path:
    other = path.with_name("the-valid-one.json")
    other.write_bytes(valid)
    return other


def fifo(path: Path, valid: bytes) -> None:
    os.mkfifo(path)


def link_to_fifo(path: Path, valid: bytes) -> None:
    fifo(path.with_name("pipe"), valid)
    path.symlink_to(path.with_name("pipe"))


def folder(path: Path, valid: bytes) -> None:
    path.mkdir()


def link_loop(path: Path, valid: bytes) -> None:
    path.symlink_to(path)


def links() -> bool:
    return sys.platform != "win32"  # where a link needs no privilege


def pipes() -> bool:
    return hasattr(os, "mkfifo")


def device(name: str) -> Callable[[], bool]:
    return lambda: links() and Path(name).exists()


GENERIC = [
    Hostile("huge integer", with_field(HUGE)),
    Hostile("huge negative integer", with_field(b"-" + HUGE)),
    Hostile("huge integer alone", content(lambda valid: HUGE)),
    Hostile("integer of 4300 digits", with_field(b"1" * 4300), ACCEPTED),
    Hostile("huge float", with_field(b"1e999")),
    Hostile("float of 100000 digits", with_field(b"0." + b"3" * 100_000), ACCEPTED),
    Hostile("NaN", with_field(b"NaN")),
    Hostile("Infinity", with_field(b"-Infinity")),
    Hostile("deep arrays", with_field(b"[" * DEEP + b"]" * DEEP)),
    Hostile("deep objects", content(lambda valid: b'{"a":' * DEEP + b"1" + b"}" * DEEP)),
    Hostile("deep but unclosed", content(lambda valid: b"[" * DEEP)),
    Hostile("nested 200 deep", with_field(b"[" * 200 + b"]" * 200), ACCEPTED),
    *(Hostile(f"invalid UTF-8 {n}", inserted(b"\xff", n)) for n in range(3)),
    Hostile("UTF-8 of a surrogate", inserted(b"\xed\xa0\x80", 3)),
    Hostile("overlong UTF-8", inserted(b"\xc0\xaf", 4)),
    Hostile("UTF-16", content(lambda valid: valid.decode().encode("utf-16"))),
    Hostile("byte-order mark", content(lambda valid: b"\xef\xbb\xbf" + valid), ACCEPTED),
    Hostile("two byte-order marks", content(lambda valid: b"\xef\xbb\xbf" * 2 + valid)),
    Hostile("byte-order mark only", content(lambda valid: b"\xef\xbb\xbf")),
    Hostile("Windows line endings", content(lambda valid: valid.replace(b"\n", b"\r\n")),
            ACCEPTED),
    Hostile("empty", content(lambda valid: b"")),
    Hostile("blank", content(lambda valid: b" \n\t\r\n")),
    Hostile("NUL bytes", content(lambda valid: b"\x00" * 64)),
    Hostile("null", content(lambda valid: b"null")),
    Hostile("a list", content(lambda valid: b"[" + valid + b"]")),
    Hostile("a string", content(lambda valid: json.dumps(valid.decode()).encode())),
    Hostile("a number", content(lambda valid: b"7")),
    Hostile("two objects", content(lambda valid: valid + valid)),
    *(Hostile(f"truncated {n}", truncated(n)) for n in range(TRUNCATIONS)),
    Hostile("too big", sparse(lambda valid: b"")),
    Hostile("too big, valid at first", sparse(lambda valid: valid + b" ")),
    *(Hostile(f"link to {name}", link_to(name), available=device(name))
      for name in ("/dev/zero", "/dev/null", "/dev/urandom")),
    Hostile("pipe (FIFO)", fifo, available=pipes),
    Hostile("link to a pipe", link_to_fifo, available=lambda: pipes() and links()),
    Hostile("folder", folder),
    Hostile("dangling link", link_to("/nowhere/at/all.json"), available=links),
    Hostile("link to itself", link_loop, available=links),
    Hostile("link to a valid file", link_to(other_file), ACCEPTED, available=links),
]


def texts(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where `data` holds a text (a value or a key), as paths of keys and indexes."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*at, ("key", key))
            yield from texts(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from texts(value, (*at, index))
    elif isinstance(data, str):
        yield at


def with_surrogate(data: Any, path: tuple[Any, ...], surrogate: str) -> Any:
    """`data` with the text at `path` given a lone surrogate."""
    if not path:
        return data + surrogate
    step, rest = path[0], path[1:]
    if isinstance(step, tuple):  # a key
        return {(key + surrogate if key == step[1] else key): value
                for key, value in data.items()}
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[step] = with_surrogate(data[step], rest, surrogate)
    return copy


def surrogates(valid: bytes) -> list[Hostile]:
    """The valid file with a lone surrogate in one of its texts, for a seeded few texts."""
    data = json.loads(valid)
    draw = random.Random(f"{SEED}:surrogates")
    places = list(texts(data))
    chosen = draw.sample(places, min(SURROGATE_CASES, len(places)))
    return [Hostile(f"lone surrogate at {'/'.join(map(str, place))}",
                    content(lambda _, place=place, mark=mark: dumped(
                        with_surrogate(data, place, mark))), EITHER)
            for place, mark in zip(chosen, draw.choices(["\ud800", "\udfff", "\udcff"],
                                                        k=len(chosen)), strict=True)]


def cases(reader: str) -> list[Any]:
    return [pytest.param(kind, id=kind.name) for kind in [*GENERIC, *surrogates(VALID[reader])]]


def made(tmp_path: Path, reader: str, kind: Hostile) -> Path:
    if not kind.available():
        pytest.skip(f"no {kind.name} on this system")
    path = tmp_path / "hostile.json"
    kind.make(path, VALID[reader])
    return path


# Running a case within its time --------------------------------------------------------

def bounded(call: Callable[[], T], folder: Path) -> T:
    """`call()`, run so that a hang fails the case: after TIME_LIMIT, any pipe it waits on
    in `folder` is opened for writing (which lets it go) and the case fails."""
    outcome: list[T] = []
    raised: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:  # handed to the test's thread
            raised.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(TIME_LIMIT)
    if thread.is_alive():
        release_pipes(folder)
        thread.join(TIME_LIMIT)
        pytest.fail(f"the reader was still reading after {TIME_LIMIT} s")
    if raised:
        raise raised[0]
    return outcome[0]


def release_pipes(folder: Path) -> None:
    for path in folder.iterdir():
        if path.is_fifo():
            handle = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            os.close(handle)


def command(arguments: list[str], capsys: pytest.CaptureFixture[str],
            folder: Path) -> tuple[int, str, str]:
    """The command's exit status, standard output and error stream, run in process."""
    def run() -> int:
        try:
            return main(arguments)
        except SystemExit as leaving:
            return leaving.code if isinstance(leaving.code, int) else 1

    status = bounded(run, folder)
    out, err = capsys.readouterr()
    return status, out, err


def assert_refused_in_one_line(status: int, out: str, err: str) -> None:
    assert status == 2, (status, err)
    assert out == ""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err


def assert_writable(*shown: str) -> None:
    """Text that can be printed, written and drawn: no lone surrogate, no line break."""
    for text in shown:
        text.encode("utf-8")
        assert text_rules.printable(text), repr(text)


# The readers ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", cases("scenario"))
def test_the_scenario_command(kind: Hostile, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    path = made(tmp_path, "scenario", kind)
    status, out, err = command(["scenario", str(path)], capsys, tmp_path)
    if kind.outcome == REFUSED or (kind.outcome == EITHER and status == 2):
        assert_refused_in_one_line(status, out, err)
        return
    assert status in ((0,) if kind.outcome == ACCEPTED else (0, 1)), err
    out.encode("utf-8")
    assert json.loads(out)["ok"] is (status == 0)


@pytest.mark.parametrize("kind", cases("replay"))
def test_the_replay_command(kind: Hostile, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    path = made(tmp_path, "replay", kind)
    status, out, err = command(["replay", str(path)], capsys, tmp_path)
    if kind.outcome == REFUSED or (kind.outcome == EITHER and status == 2):
        assert_refused_in_one_line(status, out, err)
        return
    assert status == 0, err
    out.encode("utf-8")
    assert "Antoine" in out or kind.outcome == EITHER


@pytest.mark.parametrize("kind", cases("save"))
def test_a_save_listed_then_loaded_or_passed_over(kind: Hostile, tmp_path: Path) -> None:
    """Listed with its problem, or loaded; as the newest autosave, passed over for the one
    before it when refused."""
    path = made(tmp_path, "save", kind)
    entry = bounded(lambda: save_index.read_entry(path), tmp_path)
    assert_writable(entry.title, entry.progress, *entry.seat_names, entry.problem or "")
    if kind.outcome != EITHER:
        assert (entry.problem is None) == (kind.outcome == ACCEPTED), entry.problem
    older = tmp_path / "autosave-1.json"
    older.write_bytes(SAVE)
    _, loaded, passed_over = bounded(
        lambda: saves.read_first([path, older], catalogue=CATALOGUE), tmp_path)
    assert loaded == (older if entry.problem else path)
    assert len(passed_over) == (1 if entry.problem and path.exists() else 0)


@pytest.mark.parametrize("kind", cases("settings"))
def test_the_settings_file(kind: Hostile, tmp_path: Path) -> None:
    path = made(tmp_path, "settings", kind)
    loaded = bounded(lambda: settings.load(path), tmp_path)
    assert_writable(loaded.notice or "")
    if kind.outcome == ACCEPTED:
        assert loaded == settings.Loaded(SETTINGS)
    elif kind.outcome == REFUSED:
        assert loaded.settings == settings.Settings()
        assert loaded.notice is not None or kind.name == "dangling link"  # as no file


@pytest.mark.parametrize("kind", cases("statistics"))
def test_the_statistics_file(kind: Hostile, tmp_path: Path) -> None:
    path = made(tmp_path, "statistics", kind)
    loaded = bounded(lambda: stats.load(path), tmp_path)
    if kind.outcome == ACCEPTED:
        assert loaded == STATISTICS
    elif kind.outcome == REFUSED:
        assert loaded == stats.Statistics()
    stats.save(loaded, tmp_path / "kept.json")  # as after the next game


@pytest.mark.parametrize("kind", cases("last setup"))
def test_the_last_new_game_setup(kind: Hostile, tmp_path: Path) -> None:
    path = made(tmp_path, "last setup", kind)
    loaded = bounded(lambda: last_setup.load(path), tmp_path)
    if kind.outcome == ACCEPTED:
        assert loaded == SETUP
    elif kind.outcome == REFUSED:
        assert loaded is None
    if loaded is not None:
        assert_writable(*(seat.name for seat in loaded.seats if seat is not None))


# The command line ----------------------------------------------------------------------

NOT_SECONDS = ["0", "-1", "-0.5", "nan", "NaN", "inf", "-inf", "1e309", "", "0x10", "²", "٣",
               "1" * 5_000, "\udcff"]
NOT_WHOLE = [*NOT_SECONDS, " 3", "3.5", "+3", "1e3"]
BAD_ARGUMENTS = [
    *(["simulate", "--players", given] for given in NOT_WHOLE),
    *(["simulate", "--games", given] for given in NOT_WHOLE),
    *(["simulate", "--budget", given] for given in [*NOT_SECONDS, "61", "1e300"]),
    *(["simulate", "--time-limit", given] for given in [*NOT_SECONDS, "3601", "1e300"]),
    *(["simulate", "--seed", given] for given in ["-1", "x", "²", "٣", "1e3", ""]),
    *(["simulate", "--seat", f"{seat}=exec:bot"] for seat in
      ["²", "٣", "4", "-1", "", " 1", "1" * 5_000, "\udcff"]),
    ["simulate", "--seat", "1=exec:"], ["simulate", "--seat", "1=bot"],
    ["simulate", "--ruleset", "\ud800"], ["simulate", "--seats", "hard,\udcff,easy"],
    ["simulate", "--players", "99999"], ["simulate", "--seats", ","],
    *(["--size", given] for given in ["0x0", "1280", "x", "1280x800x2", "99999x800",
                                      "1280x-800", "²x800", "1" * 5_000 + "x800"]),
    *(["--frames", given] for given in ["0", "-1", "nan", "²"]),
    *(["--seat", f"{seat}=exec:bot"] for seat in ["²", "٣", "8", "\udcff"]),
]


@pytest.mark.parametrize("arguments", BAD_ARGUMENTS, ids=lambda arguments: ascii(arguments)[:60])
def test_a_command_line_that_makes_no_sense(arguments: list[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui import main as window

    monkeypatch.setattr(window, "run", lambda **given: 0)  # a window opened: not refused
    status, out, err = command(arguments, capsys, tmp_path)
    assert_refused_in_one_line(status, out, err)


# As a player runs them -----------------------------------------------------------------

IN_A_PROCESS = ["huge integer", "deep arrays", "UTF-8 of a surrogate", "link to /dev/zero",
                "pipe (FIFO)", "folder", "truncated 0"]


@pytest.mark.parametrize("name", IN_A_PROCESS)
@pytest.mark.parametrize("reader", ["scenario", "replay"])
def test_the_command_as_run_says_one_line_and_no_traceback(reader: str, name: str,
                                                           tmp_path: Path) -> None:
    kind = next(kind for kind in GENERIC if kind.name == name)
    path = made(tmp_path, reader, kind)
    run = subprocess.run([sys.executable, "-m", "game", reader, str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert_refused_in_one_line(run.returncode, run.stdout, run.stderr)
