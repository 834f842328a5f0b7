"""Whole games through a relay (issue 40, item 6): `coup-detat relay` on loopback, a
headless host that opens its table on it (`host --relay`) and `join --relay --bot`
friends that reach the table only through it, all in a network namespace of each test's
own (net_games_kit, netns_kit); and a friend killed, and the host's connection to the
relay cut, mid-game (relay_kit, run there too).

Of each game, everything test_net_games checks of a game played directly: the host and
each friend end with the same result, the save replays and is the game played, and each
seat's record holds, in order, exactly what that seat was to be sent: its own stream,
told again from the save (what the rules let the seat see, nothing of another's cards)
and no message the wire does not have, so the relay added nothing and let nothing of
another seat's through. The relay ends, stopped, with status 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from net_games_kit import random_bot
from test_net_games import whole_game
from test_net_rejoin import ended_well, play

from game.net.hosted import OPEN


def relayed_well(summary: dict[str, Any]) -> None:
    """The host said where friends join through the relay; the relay held the table
    while the game was played, and ended when stopped."""
    listening, relay = summary["listening"], summary["relay"]
    assert listening["relay"] and listening["relay"].startswith("127.0.0.1:")
    assert relay["status"] == 0, relay
    assert json.loads(relay["out"][0])["relaying"] is True
    assert relay["err"] == ["A table opened on the relay (1 open).",
                            "A table closed on the relay (0 open)."], relay
    assert any("The table is open on the relay at" in line for line in summary["host"]["err"])


def test_coup_through_a_relay_two_friends_and_two_computers(tmp_path: Path) -> None:
    relayed_well(whole_game(tmp_path, "coup", [OPEN, "random", OPEN, "easy"], seed=3,
                            relay=True))


def test_the_1966_game_through_a_relay_two_friends_and_a_computer(tmp_path: Path) -> None:
    relayed_well(whole_game(tmp_path, "coup-detat", [OPEN, OPEN, "easy"], seed=12,
                            bot=random_bot(), flags=["--short"], relay=True))


def scenario(name: str, folder: Path) -> dict[str, Any]:
    """Play `name` of relay_kit in a namespace; what it saw."""
    return play(name, folder, kit="relay_kit")


def test_a_friend_killed_takes_the_seat_up_again_through_the_relay(tmp_path: Path) -> None:
    facts = scenario("friend_killed_comes_back", tmp_path)
    ended_well(facts, "ada", "bob", "host")
    assert facts["kept_address"] == f"relay:127.0.0.1:{facts['relay_port']}"
    assert facts["welcomed_again"]["seat"] == facts["seat"]
    assert facts["same_token"]
    assert "Taking up your seat" in facts["ada"]["err"]
    assert facts["accepted_after"] > 0
    assert facts["bob_told"] == [False, True]
    assert facts["replays"] and facts["views_true"]
    assert facts["relay"]["status"] == 0  # stopped at the end: every process ended


def test_the_hosts_connection_to_the_relay_cut_and_back(tmp_path: Path) -> None:
    facts = scenario("control_cut", tmp_path)
    ended_well(facts, "ada", "bob", "host")
    host_said = facts["host"]["err"]
    assert "was lost: taking it up again." in host_said
    assert host_said.count("The table is open on the relay at") == 2
    assert facts["ada_welcomes"] == 2 and facts["bob_welcomes"] == 2  # both came back
    assert facts["accepted_after_cut"] > 0  # and played on
    assert facts["replays"]
    assert facts["relay"]["status"] == 0


def test_a_host_on_a_relay_with_a_time_killed_and_continued_keeps_both(tmp_path: Path) -> None:
    facts = scenario("host_killed_continues", tmp_path)
    ended_well(facts, "ada", "bob", "host2")
    relay = f"127.0.0.1:{facts['relay_port']}"
    assert (facts["kept_version"], facts["kept_relay"], facts["kept_time"]) == (3, relay, 30.0)
    assert facts["again"]["relay"] == relay and facts["again"]["code"] == facts["code"]
    assert (facts["ada_welcomes"], facts["bob_welcomes"]) == (2, 2)  # back through the relay
    assert facts["asked_after"] > 0 and facts["times_left"] == [True]  # every question timed
    assert 0 < facts["most_left"] <= 30.0
    assert facts["replays"] and not facts["kept_after"]
    assert facts["relay"]["status"] == 0
