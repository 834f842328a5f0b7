"""Two machines on one network, for the tests of what crosses a network (finding a table by
multicast DNS): two network namespaces joined by a veth pair, made by the test itself and
gone with it. Nothing is on the machine's real interfaces: the first namespace is a fresh
one (netns_kit.in_namespace), the second is made inside it, and the pair's two ends carry
private addresses (ADDRESSES) that exist only there.

`two_machines()` holds them while the test runs: `machine.start(0, argv)` runs a program
on the first machine, `start(1, ...)` on the second (`nsenter` into the namespace; as
root, or as the user who owns the namespaces). What it started is killed when it ends,
then the namespaces go with the process that holds them (no name is left in /run/netns
to delete, even if the test is killed).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import netns_kit

ADDRESSES = ("10.47.0.1", "10.47.0.2")
READY_WAIT = 20.0  # seconds to make the namespaces

# Run in the first namespace: make the second, the cable between them, and the addresses;
# say the two processes whose namespaces they are; then hold both until stdin closes.
HOLDER = f"""
import subprocess, sys
def run(*argv):
    subprocess.run(argv, check=True)
second = subprocess.Popen(["unshare", "--net", "--", "sh", "-c",
                           "ip link set lo up && echo ready && exec cat"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
# Until it says so, the second process may not have left this namespace yet: the cable
# would stay here, and its address go on the wrong machine.
if second.stdout.readline().strip() != "ready":
    sys.exit("the second namespace was not made")
run("ip", "link", "add", "cable0", "type", "veth", "peer", "name", "cable1")
run("ip", "link", "set", "cable1", "netns", str(second.pid))
for where, device, address in (([], "cable0", "{ADDRESSES[0]}"),
                               (["nsenter", "--target", str(second.pid), "--net"], "cable1",
                                "{ADDRESSES[1]}")):
    run(*where, "ip", "addr", "add", address + "/24", "dev", device)
    run(*where, "ip", "link", "set", device, "up")
    run(*where, "ip", "route", "add", "224.0.0.0/4", "dev", device)
import os
print(os.getpid(), second.pid, flush=True)
sys.stdin.read()
second.stdin.close()
second.wait(timeout=10)
"""


class Machines:
    def __init__(self, holder: subprocess.Popen[str], pids: Sequence[int]) -> None:
        self._holder = holder
        self._pids = list(pids)
        self._started: list[subprocess.Popen[str]] = []

    def command(self, machine: int, argv: Sequence[str]) -> list[str]:
        """The command line that runs `argv` on `machine` (0 or 1)."""
        enter = ["nsenter", "--target", str(self._pids[machine])]
        if os.geteuid() != 0:
            enter.append("--user")
        return [*enter, "--net", "--", *argv]

    def start(self, machine: int, argv: Sequence[str], *, home: Path | None = None,
              **popen: Any) -> subprocess.Popen[str]:
        """Start `argv` on `machine`, in the program's test environment, its output piped
        (text); killed when the machines go, if it has not ended."""
        popen.setdefault("stdout", subprocess.PIPE)
        popen.setdefault("stderr", subprocess.PIPE)
        process = subprocess.Popen(self.command(machine, argv), text=True,
                                   cwd=netns_kit.ROOT, env=netns_kit.environment(home),
                                   start_new_session=True, **popen)
        self._started.append(process)
        return process

    def run(self, machine: int, argv: Sequence[str], *, timeout: float,
            home: Path | None = None) -> subprocess.CompletedProcess[str]:
        """Run `argv` on `machine` to its end (within `timeout` seconds)."""
        process = self.start(machine, argv, home=home)
        try:
            out, err = process.communicate(timeout=timeout)
        finally:
            _kill(process)
        return subprocess.CompletedProcess(process.args, process.returncode, out, err)

    def close(self) -> None:
        for process in self._started:
            _kill(process)
        with contextlib.suppress(OSError):
            assert self._holder.stdin is not None
            self._holder.stdin.close()
        try:
            self._holder.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self._holder.kill()
            self._holder.wait(timeout=5)


def _kill(process: subprocess.Popen[str]) -> None:
    """End `process` and what it started (its own session), if it has not ended."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


@contextlib.contextmanager
def two_machines() -> Iterator[Machines]:
    """Two network namespaces joined by a cable, while the block runs."""
    holder = subprocess.Popen(netns_kit.in_namespace([sys.executable, "-c", HOLDER]),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)
    machines: Machines | None = None
    try:
        machines = Machines(holder, _pids(holder))
        yield machines
    finally:
        if machines is not None:
            machines.close()
        else:
            _kill(holder)


def _pids(holder: subprocess.Popen[str]) -> list[int]:
    """The holder's two processes, one in each namespace, once it has made them."""
    assert holder.stdout is not None
    import selectors

    with selectors.DefaultSelector() as selector:
        selector.register(holder.stdout, selectors.EVENT_READ)
        if not selector.select(READY_WAIT):
            raise RuntimeError("the two namespaces were not made in time")
    line = holder.stdout.readline().split()
    if len(line) != 2:
        assert holder.stderr is not None
        try:
            why = holder.communicate(timeout=10)[1][-2000:]
        except subprocess.TimeoutExpired:
            why = "(it did not end)"
        _kill(holder)
        raise RuntimeError(f"the two namespaces could not be made: {why}")
    return [int(pid) for pid in line]
