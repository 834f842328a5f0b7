"""Fixtures many test files share. The tests' kits (ui_kit, player_kit...) and the
benchmarks import as they are: pytest puts the checkout and tests/ on the path
(pyproject.toml's `pythonpath`)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from game.system import paths

ALONE = "COUP_DETAT_TESTS_NETNS"
"""Set once the tests run in a network namespace of their own (see `pytest_configure`)."""


def pytest_configure(config: pytest.Config) -> None:
    """On Linux the whole run goes into a network namespace of its own, with only a
    loopback interface, before any test starts: whatever a test does (a monkey clicking
    its way to Host a table, a window listening for friends, a look for tables on the
    network), nothing it sends can reach the machine's real networks. The run starts
    itself again there (`unshare --net`, or with a user namespace when not root); the
    tests that host a table make a namespace of their own besides (netns_kit.py)."""
    if os.environ.get(ALONE) or sys.platform != "linux" or hasattr(config, "workerinput"):
        return
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return  # the hosting tests say so themselves (netns_kit.py)
    alone = ["unshare", "--net"] if os.geteuid() == 0 else \
        ["unshare", "--user", "--map-root-user", "--net"]
    arguments = [*alone, "--", "sh", "-c", 'ip link set lo up && exec "$@"', "sh",
                 sys.executable, "-m", "pytest", *config.invocation_params.args]
    os.environ[ALONE] = "1"
    sys.stdout.flush()
    sys.stderr.flush()
    os.chdir(config.invocation_params.dir)
    os.execvp(arguments[0], arguments)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the test's own for every file the game keeps (settings, statistics,
    saves, reviews), named by COUP_DETAT_HOME as a player may: never the tester's files.
    A module whose every test needs it says `pytestmark = pytest.mark.usefixtures("home")`."""
    folder = tmp_path / "home"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(folder))
    return folder
