"""A match at two tables hosted for friends (issue 40, item 1: six to eight at Coup d'État):
each friend's seat is at one of the tables and is told that table's game alone.

In this process (net_privacy_kit, no sockets): every message to every seat of a match of
seven passes the privacy checks of tests/test_net_privacy.py against the true state of the
seat's own table, holds no token of a seat of either table but its own (in its welcome), and
tells only its table. Over the network (net_games_kit, in a namespace): a whole match of six
with three friends joined by `join --bot`; each join prints its table's result, each
record is its seat's stream of its table's game as the save tells it again, and the save
(the whole match) replays.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import netns_kit
from net_games_kit import Friend, play, seeded_bot
from net_privacy_kit import HostedGame
from test_net_games import fixed
from test_net_privacy import FRIENDS, SeatsChecked

from game.engine import saves
from game.engine.follower import Follower
from game.formats.support import final_result
from game.net import wire
from game.net.hosted import OPEN
from game.net.hosted_tables import HostedTables
from game.services.catalogue import CATALOGUE
from game.services.seat_stream import SeatStream


class TableOf:
    """One table of a hosted match, read by `SeatsChecked` as the game of its table: its
    hosted table, the messages sent, the states after its events."""

    def __init__(self, game: HostedGame, table: int) -> None:
        assert isinstance(game.table, HostedTables)
        self.table = game.table.tables[table]
        self.game = game

    def to(self, connection: int) -> Any:
        return self.game.to(connection)

    def states_after_events(self) -> list[Any]:
        session = self.table.session
        assert session is not None
        return [state for _, state in Follower(session.match, from_start=True).new_events()]


def test_every_message_of_a_match_at_two_tables_is_its_seats_own() -> None:
    plan = [OPEN, "random", OPEN, "easy", OPEN, "random", OPEN]
    with HostedGame("coup-detat", plan, {"players": 7}, seed=17) as game:
        connections = game.seat_friends(FRIENDS[:4])
        game.play()
        hosted = game.table
        assert isinstance(hosted, HostedTables) and hosted.over
        tables = {connection: hosted.split.place(seat)[0]
                  for connection in connections
                  if (seat := hosted.seat_of(connection)) is not None}
        assert sorted(tables) == sorted(connections) and set(tables.values()) == {0, 1}
        tokens = {100 + seat: chair.token for seat, chair in enumerate(hosted.chairs)
                  if chair.token is not None}
        problems: list[str] = []
        situations: set[str] = set()
        for number, table in enumerate(hosted.tables):
            checked = SeatsChecked(TableOf(game, number))  # type: ignore[arg-type]
            checked.tokens |= {other: token for other, token in tokens.items()
                               if token not in checked.tokens.values()}
            assert table.session is not None
            events = len(table.session.match.events)
            for connection in (c for c, at in tables.items() if at == number):
                problems += checked.connection(connection, game.seat_of[connection])
                sent = [each.message for each in game.to(connection)]
                told = [message["n"] for message in sent if message["type"] == "told"]
                assert told == list(range(events))  # its table's events, each once
                start = next(message for message in sent if message["type"] == "start")
                assert start["options"]["players"] == len(hosted.split.tables[number])
                assert start["names"] == table.session.names
            situations |= set(checked.situations)
    assert problems == []
    assert "another took the centre card" in situations  # the secrets were there to keep


def test_a_match_of_six_at_two_tables_with_three_friends_joined_by_bot(tmp_path: Path) -> None:
    seats = [OPEN, "easy", OPEN, "random", OPEN, "easy"]
    save = tmp_path / "match.json"
    seated = [Friend(name, seeded_bot(14), tmp_path / f"record-{index}.jsonl")
              for index, name in enumerate(("Zoé", "Yann", "Inès"))]
    summary = play("coup-detat", seats, seated, save=save, seed=14, flags=["--short"],
                   within=120.0, home=tmp_path / "home")
    host = summary["host"]
    said = json.dumps(summary, ensure_ascii=False)[-4000:]
    assert host["status"] == 0 and len(summary["joins"]) == 3, said
    ending = json.loads(host["out"][-1])
    result = ending["result"]
    told = subprocess.run(netns_kit.program("replay", str(save)), capture_output=True,
                          text=True, timeout=60, cwd=netns_kit.ROOT,
                          env=netns_kit.environment(tmp_path / "home"))
    assert told.returncode == 0 and "won the match" in told.stdout, told.stderr
    saved = saves.read(save, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedTables) and saved.tables.over
    assert [seat.name for seat in saved.seats] == ending["names"]
    matches, split = saved.tables.matches, saved.tables.split
    assert [table["seats"] for table in result["tables"]] == [list(s) for s in split.tables]
    assert [{k: v for k, v in table.items() if k != "seats"} for table in result["tables"]] \
        == [final_result(match) for match in matches]
    joined = sorted(json.loads(join["out"][-1])["winners"] for join in summary["joins"])
    assert all(join["status"] == 0 for join in summary["joins"]), said
    at = [table_of(friend.record, saved) for friend in seated if friend.record is not None]
    assert sorted(final_result(matches[table])["winners"] for table in at) == joined
    friends_seats = {split.seat(table, local) for table, local in
                     (split.place(seat) for seat, kind in enumerate(seats) if kind == OPEN)}
    assert {seat for seat, chair in enumerate(saved.seats) if chair.kind == "human"} \
        == friends_seats


def table_of(record: Path, saved: saves.SavedTables) -> int:
    """The table whose seat's stream the record holds, every message of it in order (the
    seat's stream of that table's game, as the save tells it again)."""
    messages = [wire.decode(line, wire.FROM_HOST, most=wire.MOST_FROM_HOST)
                for line in record.read_text(encoding="utf-8").splitlines()]
    start = next(message for message in messages if message["type"] == "start")
    split, names = saved.tables.split, [seat.name for seat in saved.seats]
    table = next(number for number, seats in enumerate(split.tables)
                 if [names[seat] for seat in seats] == start["names"])
    match, local = saved.tables.matches[table], start["seat"]
    assert start["options"]["players"] == len(split.tables[table])
    stream = SeatStream(match, local, start["names"])
    for event, state in Follower(match, from_start=True).new_events():
        stream.tell(event, state)
    told = [message for message in messages if message["type"] == "told"]
    assert [fixed(message) for message in told] == [fixed(message) for message in stream.since(0)]
    asked = [message["id"] for message in messages if message["type"] == "decide"]
    decided = [number for number, turn in enumerate(match.turns) if turn.seat == local]
    assert asked == decided and messages[-1]["type"] == "end"
    return table


def told_numbers(game: HostedGame, connection: int) -> list[int]:
    return [sent.message["n"] for sent in game.to(connection) if sent.message["type"] == "told"]


def test_a_friend_back_at_one_of_two_tables_is_told_his_tables_stream_again() -> None:
    """A friend drops mid-match; his table waits for him (the other plays on), he comes
    back with his token: he is told his own table's stream again from where he asks, and
    the friend at the other table is told nothing of his going or coming."""
    plan = [OPEN, "random", "random", OPEN, "random", "random"]
    with HostedGame("coup-detat", plan, {"players": 6}, seed=24) as game:
        connections = game.seat_friends(FRIENDS[:2])
        hosted = game.table
        assert isinstance(hosted, HostedTables)
        at = {connection: hosted.split.place(seat)[0] for connection in connections
              if (seat := hosted.seat_of(connection)) is not None}
        assert sorted(at.values()) == [0, 1]  # (this seed's draw: a friend at each table)
        first, other = connections
        table, local = hosted.tables[at[first]], game.seat_of[first]
        session = table.session
        assert session is not None
        game.play(until=lambda: len(told_numbers(game, first)) >= 30)
        game.drop(first)
        game.play(until=lambda: session.to_act == local)
        token = table.chairs[local].token
        since = len(told_numbers(game, first)) - 5
        back = game.connect({"token": token, "since": since})
        game.play()
        checked = SeatsChecked(TableOf(game, at[first]))  # type: ignore[arg-type]
        problems = checked.connection(first, local) + checked.connection(back, local, since)
        assert hosted.over
    assert not problems, problems[:5]
    assert told_numbers(game, back)[-1] == len(session.match.events) - 1
    assert game.to(back)[0].message["token"] == token
    assert not [sent for sent in game.to(other) if sent.message["type"] == "seat"]


def said_to(game: HostedGame, connection: int) -> list[dict[str, Any]]:
    return [sent.message for sent in game.to(connection) if sent.message["type"] == "said"]


def test_the_lobbys_chat_is_heard_at_both_tables_and_the_games_at_its_own_alone() -> None:
    plan = [OPEN, "random", "random", OPEN, "random", "random"]
    with HostedGame("coup-detat", plan, {"players": 6}, seed=24) as game:
        zoe, lea = game.connect({"name": "Zoé"}), game.connect({"name": "Léa"})
        hosted = game.table
        assert isinstance(hosted, HostedTables)
        at = {connection: hosted.split.place(seat)[0] for connection in (zoe, lea)
              if (seat := hosted.seat_of(connection)) is not None}
        assert sorted(at.values()) == [0, 1]  # (this seed's draw: a friend at each table)
        hosted.received(zoe, {"type": "say", "phrase": "hello"})
        hosted.received(lea, {"type": "say", "text": "Bonjour à tous"})
        lines = [(line["name"], line["text"]) for line in said_to(game, lea)]
        assert lines == [("Zoé", "Hello!"), ("Léa", "Bonjour à tous")]
        assert [(line["name"], line["text"]) for line in said_to(game, zoe)] == lines
        leas_table = hosted.tables[at[lea]]
        zoe_there = said_to(game, lea)[0]["seat"]  # Zoé's number at Léa's table
        assert zoe_there >= len(leas_table.chairs)  # no seat at Léa's table has it
        assert [line.text for line in leas_table.chat.lines] == [text for _, text in lines]
        hosted.start()
        hosted.received(zoe, {"type": "say", "phrase": "good_luck"})
        assert len(said_to(game, lea)) == 2  # the game's chat is each table's own
        assert said_to(game, zoe)[-1]["text"] == "Good luck!"
