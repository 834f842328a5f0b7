"""Network namespaces for the tests that host a table: each runs in one of its own, with
only its own loopback interface, so that nothing a test sends (a friend's connection, an
mDNS announcement) can reach the machine's real networks.

`in_namespace(argv)` is the command line that runs `argv` in a fresh namespace (as root,
`unshare --net`; otherwise in a user namespace too, `unshare --user --map-root-user
--net`). `run_python(code)` runs Python code there, with this checkout on its path, and
returns what it did. A test that needs a namespace and cannot have one fails, saying why:
it does not skip itself into green (on a system without namespaces at all, not Linux, it
is skipped, saying so).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UP_AND_RUN = 'ip link set lo up && exec "$@"'


def _unshare() -> list[str]:
    if sys.platform != "linux":
        pytest.skip("network namespaces are Linux's: the hosting tests run there")
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.fail("the hosting tests need unshare and ip (util-linux, iproute2)")
    if os.geteuid() == 0:
        return ["unshare", "--net"]
    return ["unshare", "--user", "--map-root-user", "--net"]


def in_namespace(argv: Sequence[str]) -> list[str]:
    """The command line that runs `argv` in a network namespace of its own, loopback up."""
    return [*_unshare(), "--", "sh", "-c", UP_AND_RUN, "sh", *argv]


def environment(home: Path | None = None, extra: Mapping[str, str] | None = None
                ) -> dict[str, str]:
    """The environment of a program under test: this checkout first on its path, no
    window, no sound, no proxy (nothing leaves the namespace anyway), its own home."""
    env = {key: value for key, value in os.environ.items()
           if not key.lower().endswith("_proxy")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests")])
    env["COUP_DETAT_TESTS_NETNS"] = "1"  # a pytest run there stays there (conftest.py)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONUNBUFFERED="1")
    if home is not None:
        env["COUP_DETAT_HOME"] = str(home)
    env.update(extra or {})
    return env


def run_python(code: str, *, timeout: float, home: Path | None = None,
               extra: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run Python `code` in a network namespace of its own (what it starts is in it too);
    it must end within `timeout` seconds (else `subprocess.TimeoutExpired`)."""
    return subprocess.run(in_namespace([sys.executable, "-c", code]), capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT,
                          env=environment(home, extra))


def program(*arguments: str) -> list[str]:
    """The command line of this checkout's program (`python -m game ...`)."""
    return [sys.executable, "-m", "game", *arguments]
