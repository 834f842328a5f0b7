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


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "scenario", str(path)],
                          capture_output=True, text=True, timeout=60)


def test_every_ruleset_we_play_has_examples() -> None:
    assert {path.parent.name for path in SCENARIOS} >= set(RULESET_FIELDS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_example_scenario_gives_expected_answer(path: Path) -> None:
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())
    ruleset = json.loads(path.read_text())["ruleset"]
    run = run_cli(path)
    got = json.loads(run.stdout)
    for field in COMMON_FIELDS + RULESET_FIELDS[ruleset]:
        want, have = expected[field], got[field]
        if field == "debts":
            want, have = sorted(map(json.dumps, want)), sorted(map(json.dumps, have))
        assert have == want, field
    want_move = expected["error"]["move"] if expected["error"] else None
    assert (got["error"]["move"] if got["error"] else None) == want_move
    assert run.returncode == (0 if expected["ok"] else 1)
