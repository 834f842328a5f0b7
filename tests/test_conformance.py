"""The conformance examples (copied from shared/conformance/examples), run through the
command line exactly as an outside checker runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parent / "conformance"
COMMON_FIELDS = ("ok", "awaiting", "game_over", "winners")
RULESET_FIELDS = {"coup-detat": ("money", "worth", "treasury", "director", "debts"),
                  "coup-detat-duel": ("points", "prime_minister"),
                  "coup": ("coins", "revealed", "alive"),
                  "coup-inquisitor": ("coins", "revealed", "alive")}
SCENARIOS = sorted(
    path for path in EXAMPLES.glob("*/*.json") if not path.name.endswith(".expected.json")
)


ROOT = Path(__file__).parent.parent
PYTHONS = {"installed": [], "standard library only": ["-S"]}
"""How the examples are run: with the game's packages, and with none at all (-S: no
site-packages, the checkout's folder the only way to the game), as a checker with a bare
Python runs them: the rules need no package."""


def run_cli(path: Path, flags: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *(flags or []), "-m", "game", "scenario", str(path)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_every_ruleset_we_play_has_examples() -> None:
    assert {path.parent.name for path in SCENARIOS} >= set(RULESET_FIELDS)


@pytest.mark.parametrize("python", PYTHONS)
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_example_scenario_gives_expected_answer(path: Path, python: str) -> None:
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())
    ruleset = json.loads(path.read_text())["ruleset"]
    run = run_cli(path, PYTHONS[python])
    assert run.stderr == "", run.stderr[-2000:]
    got = json.loads(run.stdout)
    for field in COMMON_FIELDS + RULESET_FIELDS[ruleset]:
        want, have = expected[field], got[field]
        if field == "debts":
            want, have = sorted(map(json.dumps, want)), sorted(map(json.dumps, have))
        assert have == want, field
    want_move = expected["error"]["move"] if expected["error"] else None
    assert (got["error"]["move"] if got["error"] else None) == want_move
    assert run.returncode == (0 if expected["ok"] else 1)


def test_the_window_without_its_packages_says_so_in_one_line(tmp_path: Path) -> None:
    """A Python without pygame-ce (-S: no site-packages) gets one line naming what to
    install, exit status 1, no traceback and no crash report."""
    run = subprocess.run([sys.executable, "-S", "-m", "game", "--autoplay", "coup",
                          "--frames", "10"], capture_output=True, text=True, timeout=60,
                         cwd=ROOT, env={"COUP_DETAT_HOME": str(tmp_path),
                                        "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "pygame-ce" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and not list(tmp_path.rglob("crash-*"))
