"""Tables across machines carried on from the Title's Continue (the window's host, and a
friend's window), each run in a network namespace of its own (tests/in_namespace/), and at
this machine: the files kept for it, what Continue offers, the history's online mark."""

from __future__ import annotations

import netns_kit
import pytest

CONTINUING = "tests/in_namespace/continuing_window.py::"


def passes_in_a_namespace(test: str) -> None:
    """Run the test named `test` in a network namespace of its own; it must pass."""
    code = ("import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            f"'-p', 'no:xdist', {test!r}]))")
    done = netns_kit.run_python(code, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]


def test_the_hosts_window_closed_mid_game_is_continued_and_its_friend_rejoins() -> None:
    passes_in_a_namespace(
        f"{CONTINUING}test_the_hosts_continue_opens_the_table_again_and_the_friend_rejoins")


def test_a_friends_window_closed_mid_game_takes_her_seat_up_again() -> None:
    passes_in_a_namespace(
        f"{CONTINUING}test_a_friends_continue_takes_her_seat_up_again_with_her_cards")
