"""The time for each decision at a hosted table (issue 40, item 4) and the host's word
after the grace (item 3): the clock alone on a fake monotonic clock; the hosted table with
no sockets (the question's seconds left, a friend who comes back told what is left, the
computer's choice told to every seat, a late answer refused; a friend away past the grace
waited for until the host lets a computer play); and a whole game between a headless
host with `--time 1` and `join --bot` friends, one of whose bots answers late, in a
network namespace (net_games_kit); the window's (tests/in_namespace/clock_window.py), the
host's question past the grace and the seconds shown at the plate, on both sides."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import FakeClock
from net_games_kit import BOTS, Friend, play, seeded_bot
from test_net_games import ended_well, replayed
from test_ui_hosting import passes_in_a_namespace

from game.net import wire
from game.net.decision_clock import DecisionClock, time_up_line, time_words, timed_out_line
from game.net.hosted import HostedTable
from game.net.wire import JsonObject

WAIT = 20.0  # seconds at most for the stand-in's thread to decide


# The clock alone ----------------------------------------------------------------------------

def test_a_question_has_its_time_from_when_it_opens_and_runs_out_once() -> None:
    clock = FakeClock()
    timer = DecisionClock(30.0, clock)
    timer.follow(7)
    assert timer.left(7) == 30.0
    clock.now += 12
    timer.follow(7)  # still open: its time runs on, not afresh
    assert timer.left(7) == 18.0
    assert timer.left(8) is None  # another question is not timed
    assert timer.run_out() is None
    clock.now += 18
    assert timer.left(7) == 0.0
    assert timer.run_out() == 7
    assert timer.run_out() is None  # once
    assert timer.ran_out(7) and not timer.ran_out(6)
    timer.follow(9)  # the next question: a fresh time
    assert timer.left(9) == 30.0


def test_no_time_times_nothing_and_a_time_is_above_zero() -> None:
    clock = FakeClock()
    timer = DecisionClock(None, clock)
    timer.follow(3)
    clock.now += 10_000
    assert timer.left(3) is None and timer.run_out() is None
    timed = DecisionClock(5.0, clock)
    timed.follow(3)
    timed.follow(None)  # nobody timed is to act: no question is timed
    clock.now += 10
    assert timed.run_out() is None
    with pytest.raises(ValueError):
        DecisionClock(0.0, clock)


def test_the_words_for_a_time_and_for_a_time_run_out() -> None:
    assert [time_words(seconds) for seconds in (None, 30.0, 60.0, 120.0, 90.0)] \
        == ["off", "30 s", "1 min", "2 min", "90 s"]
    assert timed_out_line("Zoé") == "Time ran out for Zoé: the computer chose for Zoé."
    told = {"type": "time_up", "id": 4, "seat": 1, "name": "Zoé"}
    assert time_up_line(told, 0) == "Time ran out for Zoé: the computer chose for Zoé."
    assert time_up_line(told, 1) == "Time ran out for you: the computer chose for you."
    assert time_up_line({**told, "name": "\u200b"}, 0).startswith("Time ran out for a seat")


# The hosted table, no sockets -------------------------------------------------------------

class Table:
    """A hosted table of Coup for two friends (connections 1 and 2), on a fake clock."""

    def __init__(self, **kwargs: Any) -> None:
        self.sent: list[tuple[int, JsonObject]] = []
        self.clock = FakeClock()
        self.table = HostedTable("coup", {"players": 2}, ["open", "open"], seed=5,
                                 clock=self.clock,
                                 send=lambda to, message: self.sent.append((to, message)),
                                 close=lambda to, reason: None, **kwargs)
        self.tokens = {}
        for connection, name in ((1, "Ann"), (2, "Zoé")):
            self.table.hello(connection, {"type": "hello", "version": 1, "code": "C",
                                          "name": name})
            self.tokens[connection] = self.last(connection, "welcome")["token"]
        self.table.start()

    def last(self, connection: int, kind: str) -> JsonObject:
        return next(message for to, message in reversed(self.sent)
                    if to == connection and message["type"] == kind)

    def of_kind(self, kind: str) -> list[tuple[int, JsonObject]]:
        return [(to, message) for to, message in self.sent if message["type"] == kind]

    def to_act(self) -> int:
        session = self.table.session
        assert session is not None and session.to_act is not None
        return session.to_act + 1

    def turns(self) -> int:
        assert self.table.session is not None
        return len(self.table.session.match.turns)

    def step_until(self, done: Any) -> None:
        """Step the table until `done()` (the stand-in decides in a thread of its own)."""
        deadline = time.monotonic() + WAIT
        while not done():
            assert time.monotonic() < deadline, "the stand-in never decided"
            self.table.step()
            time.sleep(0.01)


def test_the_question_says_its_time_a_friend_back_is_told_what_is_left() -> None:
    table = Table(time=30.0)
    mover = table.to_act()
    question = table.last(mover, "decide")
    assert question["time_left"] == 30.0
    assert wire.decode(wire.encode(question), wire.FROM_HOST, most=wire.MOST_FROM_HOST)
    assert table.last(mover, "start")["time_limit"] == 30.0
    table.clock.now += 11.5
    table.table.dropped(mover)
    table.table.hello(9, {"type": "hello", "version": 1, "code": "C",
                          "token": table.tokens[mover], "since": 0})
    again = table.last(9, "decide")
    assert again["id"] == question["id"]
    assert again["time_left"] == 18.5  # what is left, not a fresh time
    assert table.last(9, "state")["time_left"] == 18.5


def test_time_run_out_the_computer_chooses_every_seat_is_told_a_late_answer_refused() -> None:
    table = Table(time=30.0)
    mover = table.to_act()
    question = table.last(mover, "decide")
    turns = table.turns()
    table.clock.now += 29.9
    table.table.step()
    assert table.turns() == turns and not table.of_kind("time_up")
    table.clock.now += 0.2
    table.step_until(lambda: table.turns() > turns)
    name = table.table.chairs[mover - 1].name
    told = {"type": "time_up", "id": question["id"], "seat": mover - 1, "name": name}
    assert table.of_kind("time_up") == [(1, told), (2, told)]
    assert table.table.remarks == [timed_out_line(name)]
    assert table.table.session is not None
    assert table.table.session.match.turns[question["id"]].seat == mover - 1
    before = len(table.sent)
    table.table.received(mover, {"type": "decision", "id": question["id"],
                                 "move": question["legal"][0]})
    assert [message for _, message in table.sent[before:]] == [{
        "type": "refused", "id": question["id"],
        "reason": "Time ran out for that decision: the computer chose for you."}]


def test_an_answer_in_time_counts_and_nothing_is_said() -> None:
    table = Table(time=30.0)
    mover = table.to_act()
    question = table.last(mover, "decide")
    table.clock.now += 29
    table.table.received(mover, {"type": "decision", "id": question["id"],
                                 "move": question["legal"][0]})
    assert table.last(mover, "accepted") == {"type": "accepted", "id": question["id"]}
    table.clock.now += 5
    table.table.step()
    assert not table.of_kind("time_up")


def test_without_a_time_nobody_is_hurried() -> None:
    table = Table()
    mover = table.to_act()
    assert "time_left" not in table.last(mover, "decide")
    assert "time_limit" not in table.last(mover, "start")
    turns = table.turns()
    table.clock.now += 100_000
    table.table.step()
    time.sleep(0.2)
    table.table.step()
    assert table.turns() == turns


def test_past_the_grace_the_window_host_is_asked_wait_longer_or_let_a_computer_play() -> None:
    table = Table(grace=60.0, ask_after_grace=True)
    mover = table.to_act()
    turns = table.turns()
    table.table.dropped(mover)
    chair = table.table.chairs[mover - 1]
    table.clock.now += 61
    table.table.step()
    time.sleep(0.2)
    table.table.step()
    assert table.turns() == turns  # waited for, until the host says
    chair.wait_longer(table.clock())
    table.clock.now += 59
    assert chair.away_since is not None and table.clock() - chair.away_since < 60
    chair.let_play = True
    table.step_until(lambda: table.turns() > turns)
    assert chair.stood_in


def test_the_headless_host_gives_the_seat_to_the_computer_after_the_grace() -> None:
    table = Table(grace=60.0)
    mover = table.to_act()
    turns = table.turns()
    table.table.dropped(mover)
    table.clock.now += 61
    table.step_until(lambda: table.turns() > turns)


# A whole game over the network --------------------------------------------------------------

def late_bot(seed: int, late: int, seconds: float) -> str:
    return f"{sys.executable} {BOTS / 'late_bot.py'} {seed} {late} {seconds}"


def test_a_friend_whose_bot_answers_late_the_computer_chooses_the_game_ends(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    records = [tmp_path / "zoe.jsonl", tmp_path / "yann.jsonl"]
    friends = [Friend("Zoé", late_bot(4, 2, 2.5), records[0]),
               Friend("Yann", seeded_bot(4), records[1])]
    summary = play("coup", ["open", "open", "medium"], friends, save=save, seed=4,
                   flags=["--time", "1"], home=tmp_path / "home")
    ended_well(summary, 2)
    said = json.dumps(summary, ensure_ascii=False)[-4000:]
    line = "Time ran out for Zoé: the computer chose for Zoé."
    assert line in summary["host"]["err"], said
    zoe, yann = ([json.loads(text) for text in record.read_text("utf-8").splitlines()]
                 for record in records)
    seat = next(message["seat"] for message in zoe if message["type"] == "welcome")
    up = [message for message in zoe if message["type"] == "time_up"]
    # the late answer, and maybe the question asked while the bot slept (its time ran
    # from the asking)
    assert 1 <= len(up) <= 2 and {(message["seat"], message["name"]) for message in up} \
        == {(seat, "Zoé")}, said
    assert [message for message in yann if message["type"] == "time_up"] == up
    questions = [message for message in zoe if message["type"] == "decide"]
    assert all(0 < message["time_left"] <= 1 for message in questions)
    assert up[0]["id"] == questions[1]["id"]  # the second, the one answered late
    accepted = {message["id"] for message in zoe if message["type"] == "accepted"}
    timed_out = {message["id"] for message in up}
    assert {message["id"] for message in questions} - accepted == timed_out
    assert any("Time ran out for you" in text for text in summary["joins"][0]["err"]), said
    assert any(line in text for text in summary["joins"][1]["err"]), said
    saved = replayed(save, tmp_path)
    assert all(saved.match.turns[number].seat == seat for number in timed_out)


# The window ---------------------------------------------------------------------------------

WINDOW = "tests/in_namespace/clock_window.py::"


@pytest.mark.parametrize("size", ["1280", "960"])
def test_the_window_host_is_asked_past_the_grace_and_sees_the_time(size: str) -> None:
    passes_in_a_namespace(f"{WINDOW}test_the_host_is_asked_past_the_grace_and_sees_the_time_"
                          f"at_the_plate[{size}]")


def test_a_friends_window_counts_the_seconds_down() -> None:
    passes_in_a_namespace(f"{WINDOW}test_a_friends_table_counts_the_seconds_down_and_says_"
                          "when_the_computer_chose")


def test_at_a_screen_two_persons_share_the_time_waits_until_the_screen_is_passed() -> None:
    """The host's two persons pass the screen between their turns: a person's time starts
    once the screen shows him his turn (seen on trying it: the screen asking to be passed
    to him took his time), a friend's as soon as he is asked."""
    clock, sent = FakeClock(), []
    table = HostedTable("coup", {"players": 3}, ["person", "person", "open"], seed=5,
                        clock=clock, send=lambda to, message: sent.append((to, message)),
                        close=lambda to, reason: None, names=["Alex", "Brigitte"],
                        time=30.0)
    table.hello(1, {"type": "hello", "version": 1, "code": "C", "name": "Zoé"})
    shown: list[int | None] = [None]
    table.before_him = lambda seat: shown[0] == seat
    table.start()
    session = table.session
    assert session is not None
    while session.to_act == 2:  # the friend first: he answers at once
        question = next(message for to, message in reversed(sent) if message["type"] == "decide")
        table.received(1, {"type": "decision", "id": question["id"],
                           "move": question["legal"][0]})
        table.step(computers=False)
    seat, number = session.to_act, len(session.match.turns)
    assert seat in (0, 1)
    clock.now += 100  # the screen asks to be passed to him, for a long while
    table.step(computers=False)
    assert table.decision_clock.left(number) is None and len(session.match.turns) == number
    shown[0] = seat  # passed: his turn on the screen
    table.step(computers=False)
    assert table.decision_clock.left(number) == 30.0
    clock.now += 12
    assert table.decision_clock.left(number) == 18.0
