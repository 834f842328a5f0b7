"""The tests run in a network namespace of their own (conftest.py): whatever a test does,
nothing it sends reaches the machine's real networks."""

from __future__ import annotations

import shutil
import sys

import ifaddr
import pytest


@pytest.mark.skipif(sys.platform != "linux", reason="network namespaces are Linux's")
def test_the_tests_see_only_a_loopback_interface() -> None:
    assert shutil.which("unshare") is not None, "the tests need unshare (util-linux)"
    names = sorted(adapter.nice_name for adapter in ifaddr.get_adapters())
    assert names == ["lo"], names
    addresses = {ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                 for adapter in ifaddr.get_adapters() for ip in adapter.ips}
    assert addresses <= {"127.0.0.1", "::1"}, addresses
