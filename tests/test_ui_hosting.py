"""A table hosted from the window, played to its end with friends on other machines
(`join --bot`): each run in a network namespace of its own (tests/in_namespace/)."""

from __future__ import annotations

import netns_kit
import pytest

INNER = "tests/in_namespace/hosting_window.py::" \
    "test_a_table_hosted_in_the_window_is_played_to_its_end_with_two_friends"


@pytest.mark.parametrize("game", ["coup", "coup-detat"])
def test_a_table_hosted_in_the_window_is_played_with_friends_to_its_end(game: str) -> None:
    code = ("import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
            f"'-p', 'no:xdist', {INNER + '[' + game + ']'!r}]))")
    done = netns_kit.run_python(code, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
