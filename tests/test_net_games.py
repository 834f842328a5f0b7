"""Whole games of every ruleset over the network (issue 40, step 1): a headless host
(`coup-detat host --json --save`) and a `join --bot` for each friend's seat, in a network
namespace of each test's own (net_games_kit, netns_kit).

Of each game: the host ends with status 0 and prints the result; each join ends with 0 and
prints the same result; the save replays (`coup-detat replay`) and, loaded, is the game
that was played (its result, its seats); and each seat's `--record` holds, one JSON
object a line, every message the seat was sent: its welcome, the start, what it was told
(each event, in order, as the save's events are told to that seat), each question it was
asked, answered and accepted once, and the end.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import netns_kit
import pytest
from net_games_kit import Friend, play, random_bot, seeded_bot

from game.engine import saves
from game.engine.follower import Follower
from game.formats.support import final_result
from game.formats.values_json import from_json
from game.games import get_game
from game.net import wire
from game.net.hosted import OPEN
from game.services.catalogue import CATALOGUE
from game.services.seat_stream import SeatStream
from game.services.session import COMPUTER, HUMAN

NAMES = ("Zoé", "Yann", "Inès", "Omar")


def friends(count: int, tmp_path: Path, bot: str) -> list[Friend]:
    return [Friend(NAMES[index], bot, tmp_path / f"record-{index}.jsonl")
            for index in range(count)]


def whole_game(tmp_path: Path, ruleset: str, seats: Sequence[str], *, seed: int,
               bot: str | None = None, flags: Sequence[str] = (), relay: bool = False
               ) -> dict[str, Any]:
    """Play a game of `ruleset` at `seats` over the network (`relay`: through a relay)
    and check all of it; what each program did."""
    save = tmp_path / "game.json"
    seated = friends(seats.count(OPEN), tmp_path, bot or seeded_bot(seed))
    summary = play(ruleset, seats, seated, save=save, seed=seed, flags=flags,
                   home=tmp_path / "home", relay=relay)
    result, names = ended_well(summary, len(seated))
    saved = replayed(save, tmp_path)
    assert final_result(saved.match) == result
    assert [seat.name for seat in saved.seats] == names
    assert sorted(names[seat] for seat, kind in enumerate(seats) if kind == OPEN) \
        == sorted(friend.name for friend in seated)
    for kind, chair in zip(seats, saved.seats, strict=True):
        if kind == OPEN:
            assert chair.kind == HUMAN
        else:
            assert (chair.kind, chair.level) == (COMPUTER, kind)
    seats_recorded = {recorded(friend.record, saved, result) for friend in seated
                      if friend.record is not None}
    assert seats_recorded == {seat for seat, kind in enumerate(seats) if kind == OPEN}
    return summary


def ended_well(summary: dict[str, Any], joins: int) -> tuple[dict[str, Any], list[str]]:
    """The host's result and names, once it and every join ended well with that result."""
    host = summary["host"]
    said = f"the programs said: {json.dumps(summary, ensure_ascii=False)[-4000:]}"
    assert "failure" not in summary, said
    assert summary["listening"]["listening"] is True, said
    assert host["status"] == 0, said
    assert len(host["out"]) == 2, said  # the line when listening, the one at the end
    ending = json.loads(host["out"][-1])
    assert ending["result"]["game_over"] is True, said
    assert len(summary["joins"]) == joins
    for join in summary["joins"]:
        assert join["status"] == 0, said
        assert [json.loads(line) for line in join["out"]] == [ending["result"]], said
    return ending["result"], ending["names"]


def replayed(save: Path, tmp_path: Path) -> saves.SavedGame:
    """The host's save, after `coup-detat replay` has told it whole."""
    told = subprocess.run(netns_kit.program("replay", str(save)), capture_output=True,
                          text=True, timeout=60, cwd=netns_kit.ROOT,
                          env=netns_kit.environment(tmp_path / "home"))
    assert told.returncode == 0, told.stderr
    assert len(told.stdout.splitlines()) > 5
    saved = saves.read(save, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame) and saved.over
    return saved


def recorded(record: Path, saved: saves.SavedGame, result: dict[str, Any]) -> int:
    """The seat whose record this is, once the record is found to hold, each as a line
    of JSON, every message that seat was sent in the saved game, in order."""
    messages = [wire.decode(line, wire.FROM_HOST, most=wire.MOST_FROM_HOST)
                for line in record.read_text(encoding="utf-8").splitlines()]
    assert messages and messages[0]["type"] == "welcome"
    seat = messages[0]["seat"]
    kinds = [message["type"] for message in messages]
    assert kinds.count("start") == 1 and kinds.count("end") == 1
    assert messages[-1] == {"type": "end", "result": result}
    assert set(kinds) <= {"welcome", "lobby", "start", "told", "state", "decide",
                          "accepted", "seat", "end"}, kinds
    start = messages[kinds.index("start")]
    assert (start["seat"], start["names"]) == (seat, [chair.name for chair in saved.seats])
    stream = told_again(saved, seat)
    told = [message for message in messages if message["type"] == "told"]
    assert [fixed(message) for message in told] == [fixed(message) for message in stream.since(0)]
    game = get_game(saved.match.ruleset.id)
    for message in told:  # the rest is drawn at random where the seat cannot see
        from_json(message["event"], game.types.event)
        from_json(message["state"], game.types.state)
    assert [message for message in messages if message["type"] == "state"][-1] \
        == stream.position()
    asked = [message["id"] for message in messages if message["type"] == "decide"]
    accepted = [message["id"] for message in messages if message["type"] == "accepted"]
    decided = [number for number, turn in enumerate(saved.match.turns) if turn.seat == seat]
    assert asked == accepted == decided
    return int(seat)


def fixed(told: dict[str, Any]) -> dict[str, Any]:
    """What a told message says the same each time the game is told: its number, its
    words and the decision it came from (the cards the seat cannot see are random)."""
    return {key: told[key] for key in ("n", "lines", "turn", "by")}


def told_again(saved: saves.SavedGame, seat: int) -> SeatStream:
    """The seat's stream of the saved game, told again from its events."""
    stream = SeatStream(saved.match, seat, [chair.name for chair in saved.seats])
    for event, state in Follower(saved.match, from_start=True).new_events():
        stream.tell(event, state)
    return stream


def test_coup_two_friends_and_two_computers(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup", [OPEN, "random", OPEN, "easy"], seed=3)


def test_coup_for_two_friends_with_the_shipped_random_bot(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup", [OPEN, OPEN], seed=5, bot=random_bot())


def test_coup_with_the_inquisitor_every_seat_a_friend(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup-inquisitor", [OPEN, OPEN, OPEN, OPEN], seed=8)


def test_coup_detat_for_four_two_friends_and_two_computers(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup-detat", [OPEN, "easy", OPEN, "random"], seed=11,
               flags=["--short"])


def test_coup_detat_for_three_every_seat_a_friend(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup-detat", [OPEN, OPEN, OPEN], seed=12, bot=random_bot())


def test_coup_detat_duel_both_seats_friends(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup-detat-duel", [OPEN, OPEN], seed=13)


@pytest.mark.parametrize("ruleset", ["coup-detat-duel", "coup-inquisitor"])
def test_one_friend_against_a_computer(tmp_path: Path, ruleset: str) -> None:
    whole_game(tmp_path, ruleset, ["random", OPEN], seed=21)
