"""The table's chat over the network (issue 40, item 4): a headless host, a friend
driven over the WebSocket and a `join --bot` with `--record`, in a network namespace of
their own (tests/chat_kit.py). Lines reach every seat with the right name, in the lobby
and at the table; a friend who comes back is told the recent lines; a line too long, of
controls only, a forged phrase and a flood are refused (the flood cut off), and the game
goes on to its end for the others."""

from __future__ import annotations

import json
from typing import Any

import netns_kit
import pytest

from game.net import chat

TIMEOUT = 120.0  # seconds: the scenario's own waits end well before


@pytest.fixture(scope="module")
def facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("chat")
    done = netns_kit.run_python(f"import chat_kit; chat_kit.main({str(folder)!r})",
                                timeout=TIMEOUT, home=folder)
    assert done.returncode == 0, done.stderr[-3000:]
    seen: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert "failed" not in seen, seen
    return seen


def said(messages: list[dict[str, Any]]) -> list[tuple[int, str, str]]:
    return [(message["seat"], message["name"], message["text"]) for message in messages
            if message["type"] == "said"]


def test_lines_reach_every_seat_with_the_name_of_who_said_them(facts: dict[str, Any]
                                                                 ) -> None:
    first = facts["zoe"][0]
    zoe_lines = said(first)
    flood = len(zoe_lines) - 2  # the flood's lines within her share (it refills as they go)
    assert 1 <= flood <= chat.BURST
    assert zoe_lines == [(0, "Zoé", "Bonjour à tous"), (0, "Zoé", "Good luck!"),
                         *((0, "Zoé", f"flood {n}") for n in range(flood))]
    # Bob joined after the lobby's line: his welcome brought it, then the table's lines
    assert said(facts["record"]) == zoe_lines
    kinds = [message["type"] for message in facts["record"]]
    assert kinds.index("welcome") < kinds.index("said") < kinds.index("start")
    assert facts["host_lines"] == [list(line) for line in zoe_lines]
    assert "Zoé says: Bonjour à tous" in facts["logged"]
    phrase = next(message for message in first if message["type"] == "said"
                  and message["text"] == "Good luck!")
    assert phrase["phrase"] == "good_luck"


def test_what_cannot_be_said_is_refused_and_a_flood_cut_off(facts: dict[str, Any]) -> None:
    refusals = [message["reason"] for message in facts["zoe"][0]
                if message["type"] == "refused"]
    assert refusals[:4] == ["say: text is longer than 200 characters",
                            "There is nothing to say in that line.",
                            "There is no ready phrase 'I have the Duke'.",
                            chat.TOO_FAST]
    assert facts["zoe"][0][-1] == {"type": "bye", "reason": chat.CUT_OFF}
    assert said(facts["record"]) == said(facts["zoe"][0])  # nothing more of the flood


def test_a_friend_who_comes_back_hears_the_recent_lines_and_the_game_goes_on(
        facts: dict[str, Any]) -> None:
    again = facts["zoe"][1]
    assert again[0]["type"] == "welcome"
    before = said(facts["zoe"][0])
    assert said(again[1:1 + len(before)]) == before
    assert again[-1]["type"] == "end"
    bob = facts["bob"]
    assert bob["status"] == 0, bob
    assert json.loads(bob["out"][-1]) == again[-1]["result"]
    assert facts["host_over"]


def test_a_headless_host_prints_each_line_said_on_its_standard_error(facts: dict[str, Any]
                                                                     ) -> None:
    headless = facts["headless"]
    assert headless["status"] == 130  # closed by SIGTERM, before its game
    assert headless["out"] == []  # after the listening line: --json's output is unchanged
    assert "Zoé says: Salut[2J !" in headless["err"]  # the escape taken out
