"""Tables across machines in the window, played to their end: one hosted from the window
with friends joined by `join --bot`, and a seat taken from the window at a table of
`coup-detat host`. Each runs in a network namespace of its own (tests/in_namespace/)."""

from __future__ import annotations

import netns_kit
import pytest

HOSTING = "tests/in_namespace/hosting_window.py::" \
    "test_a_table_hosted_in_the_window_is_played_to_its_end_with_two_friends"
JOINING = "tests/in_namespace/joining_window.py::" \
    "test_a_friend_joins_from_the_window_and_plays_to_the_end"
AT_TWO_TABLES = "tests/in_namespace/joining_window.py::" \
    "test_a_friend_at_one_of_two_tables_plays_his_table_to_the_end"


def passes_in_a_namespace(test: str) -> None:
    """Run the test named `test` in a network namespace of its own; it must pass."""
    code = ("import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            f"'-p', 'no:xdist', {test!r}]))")
    done = netns_kit.run_python(code, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]


@pytest.mark.parametrize("ruleset", ["coup", "coup-detat"])
def test_a_table_hosted_in_the_window_is_played_with_friends_to_its_end(ruleset: str) -> None:
    passes_in_a_namespace(f"{HOSTING}[{ruleset}]")


@pytest.mark.parametrize("ruleset", ["coup", "coup-detat"])
def test_a_friend_joins_from_the_window_and_plays_to_the_end(ruleset: str) -> None:
    passes_in_a_namespace(f"{JOINING}[{ruleset}]")


CHAT = "tests/in_namespace/chat_window.py::test_a_line_typed_at_a_friend_s_table_reaches_the_host"


@pytest.mark.parametrize("size", ["1280x800", "960x600"])
def test_a_line_typed_at_a_friend_s_table_reaches_the_host(size: str) -> None:
    passes_in_a_namespace(f"{CHAT}[{size}]")


def test_a_line_said_in_the_waiting_room_reaches_the_host() -> None:
    passes_in_a_namespace("tests/in_namespace/chat_window.py::"
                          "test_a_line_said_in_the_waiting_room_reaches_the_host")


RELAY = "tests/in_namespace/relay_window.py::"


def test_a_table_hosted_in_the_window_is_opened_on_a_relay_and_played_through_it() -> None:
    passes_in_a_namespace(f"{RELAY}test_a_table_hosted_in_the_window_is_opened_on_a_relay_"
                          "and_played_through_it")


def test_a_friend_joins_through_a_relay_from_the_window() -> None:
    passes_in_a_namespace(f"{RELAY}test_a_friend_joins_through_a_relay_from_the_window_and_"
                          "plays_to_the_end")


def test_a_friend_at_one_of_two_tables_plays_his_table_to_the_end() -> None:
    passes_in_a_namespace(AT_TWO_TABLES)


def test_a_match_at_two_tables_hosted_in_the_window_is_played_to_its_end() -> None:
    passes_in_a_namespace("tests/in_namespace/two_tables_window.py::test_a_match_at_two_"
                          "tables_hosted_in_the_window_is_played_to_its_end")
