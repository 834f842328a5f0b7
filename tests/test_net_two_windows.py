"""Two real windows at one table across machines, under Xvfb: one hosts from the Title
screen, the other joins from its own, both played by X input alone (xdotool) to the end of
a game of Coup and of the 1966 game, at the shipped settings with a faster clock; the
host's save replays through the rules. Each game runs in a network namespace of its own
(tests/in_namespace/two_windows.py); the screenshots of the end are left in the test's
temporary folder.

Needs Xvfb and xdotool (.ci/run installs them); where they cannot be had, the tests are
skipped and say why."""

from __future__ import annotations

import shutil
from pathlib import Path

import netns_kit
import pytest

TWO_WINDOWS = "tests/in_namespace/two_windows.py::" \
    "test_two_windows_play_a_hosted_game_to_its_end_by_x_input"


@pytest.mark.parametrize("ruleset", ["coup", "coup-detat"])
def test_two_real_windows_play_a_table_across_machines_to_its_end(
        ruleset: str, tmp_path: Path) -> None:
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"two real windows need {' and '.join(missing)} "
                    "(apt-get install xvfb xdotool; .ci/run installs them)")
    code = ("import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            f"'-p', 'no:xdist', {TWO_WINDOWS + f'[{ruleset}]'!r}]))")
    done = netns_kit.run_python(code, timeout=300,
                                extra={"TWO_WINDOWS_EVIDENCE": str(tmp_path)})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert {path.name for path in tmp_path.glob("*.png")} >= \
        {f"{ruleset}-Ada.png", f"{ruleset}-Zoe.png"} or shutil.which("import") is None
