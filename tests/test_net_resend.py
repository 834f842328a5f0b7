"""A friend's table never stays stuck when one message of the host's is lost (issue 40,
item 3): a `told` numbered past what the seat has makes it ask `resend` from the number
it has, at once; the host's position saying the seat is to act, with no question come
for a few seconds, makes it ask too, and so does a game over with no `end` come, or (the
window's) no position come with all that was told; while still stuck it asks again, ever
more slowly, never a flood (catch_up.py). The same for the window's seat (`AtFriends`)
and for `join --bot`.

Here: the rule itself, on a clock of the test's; the window's seat, and `join --bot`'s
(`BotAtTable` with the random bot of docs/bots), fed a hosted table's very messages in
this process (net_privacy_kit: no sockets), one of them lost; and whole games in a
network namespace through a proxy that drops one `decide`, or one `told` (lossy_kit.py),
for `join --bot` and for the window's seat over a real connection.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import queue
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import netns_kit
import pytest
from helpers import FakeClock
from net_privacy_kit import HostedGame

from game.formats.support import final_result
from game.net import client
from game.net.at_friends import AtFriends
from game.net.catch_up import FIRST_PAUSE, MOST_PAUSE, QUIET, CatchUp
from game.net.hosted import OPEN, RESEND_GAP
from game.net.wire import JsonObject

SCENARIO_TIMEOUT = 120.0  # seconds: each scenario's own waits end well before
STUCK_FOR = 60.0  # seconds of the test's clock with nothing new: the seat is stuck
RANDOM_BOT = Path(__file__).resolve().parents[1] / "docs" / "bots" / "random_bot.py"


# The rule ----------------------------------------------------------------------------------
def test_a_told_past_what_the_seat_has_asks_again_at_once_from_what_it_has() -> None:
    clock = FakeClock()
    catch_up = CatchUp(clock)
    for number in range(5):
        catch_up.told(number, number)
    assert catch_up.wanted(5, asked=False) is None
    catch_up.told(6, 5)  # the fifth is lost
    assert catch_up.wanted(5, asked=False) == 5
    assert catch_up.wanted(5, asked=False) is None  # asked: not again at once


def test_a_seat_to_act_with_no_question_asks_again_after_a_quiet_moment() -> None:
    clock = FakeClock()
    catch_up = CatchUp(clock)
    catch_up.position(4, to_act=True)
    clock.now += QUIET - 0.1
    assert catch_up.wanted(4, asked=False) is None
    clock.now += 0.2
    assert catch_up.wanted(4, asked=False) == 4


def test_nothing_is_asked_while_a_question_is_open_or_another_seat_acts() -> None:
    clock = FakeClock()
    catch_up = CatchUp(clock)
    catch_up.position(4, to_act=True)
    clock.now += 100
    assert catch_up.wanted(4, asked=True) is None
    catch_up.position(7, to_act=False)
    clock.now += 100
    assert catch_up.wanted(7, asked=False) is None
    assert catch_up.due_at(7, asked=False) is None and catch_up.asked == 0


def test_still_stuck_it_asks_again_ever_more_slowly_and_never_closer_than_the_host_allows(
        ) -> None:
    clock = FakeClock()
    catch_up = CatchUp(clock)
    catch_up.position(3, to_act=True)
    asked_at = []
    for _ in range(2000):  # a thousand seconds, looked at each half second
        clock.now += 0.5
        if catch_up.wanted(3, asked=False) is not None:
            asked_at.append(clock.now)
    gaps = [later - sooner for sooner, later in itertools.pairwise(asked_at)]
    assert gaps[0] == FIRST_PAUSE > RESEND_GAP
    assert gaps == sorted(gaps) and max(gaps) == MOST_PAUSE
    assert len(asked_at) < 40  # over a thousand seconds


def test_the_pauses_start_anew_once_the_seat_has_caught_up() -> None:
    clock = FakeClock()
    catch_up = CatchUp(clock)
    catch_up.told(2, 0)
    assert catch_up.wanted(0, asked=False) == 0
    clock.now += FIRST_PAUSE
    assert catch_up.wanted(0, asked=False) == 0  # its answer lost too
    for number in range(3):  # told again
        catch_up.told(number, number)
    assert catch_up.wanted(3, asked=False) is None
    catch_up.told(5, 3)
    assert catch_up.wanted(3, asked=False) == 3  # at once: a new loss


def test_what_comes_in_order_after_asking_puts_the_next_ask_off() -> None:
    """A long game told again comes over many frames: no ask while it is coming."""
    clock = FakeClock()
    catch_up = CatchUp(clock)
    catch_up.told(40, 0)
    assert catch_up.wanted(0, asked=False) == 0
    for number in range(30):
        clock.now += FIRST_PAUSE / 2
        catch_up.told(number, number)
        assert catch_up.wanted(number + 1, asked=False) is None


def test_a_message_missing_asks_again_after_a_quiet_moment_and_ever_more_slowly() -> None:
    """The game over here with no `end` come, say: nothing is behind, nobody is to act."""
    clock = FakeClock()
    catch_up = CatchUp(clock)
    catch_up.told(9, 9)
    catch_up.position(10, to_act=False)
    assert catch_up.wanted(10, asked=False, missing=False) is None
    clock.now += QUIET - 0.1
    assert catch_up.wanted(10, asked=False, missing=True) is None
    clock.now += 0.2
    assert catch_up.wanted(10, asked=False, missing=True) == 10
    clock.now += FIRST_PAUSE - 0.2
    assert catch_up.wanted(10, asked=False, missing=True) is None
    clock.now += 0.2
    assert catch_up.wanted(10, asked=False, missing=True) == 10  # its answer lost too
    assert catch_up.due_at(10, asked=False, missing=True) == clock.now + 2 * FIRST_PAUSE


# The window's seat, fed a hosted table's messages, one lost -------------------------------
class LossyWire:
    """What a `SeatLink` is to `AtFriends`, in this process (as in test_net_seat_review):
    the host's messages to one connection come into its inbox, but the first for which
    `lost` is true (given the message, and the one sent after it if there is one yet);
    what the friend sends goes to the hosted table, and is kept."""

    def __init__(self, game: HostedGame, connection: int, lost: Lost) -> None:
        self.game, self.connection, self.lost = game, connection, lost
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.dropped: JsonObject | None = None
        self.sent: list[JsonObject] = []
        self._read = 0

    def deliver(self) -> None:
        mine = [json.loads(sent.text) for sent in self.game.sent[self._read:]
                if sent.connection == self.connection]
        for message, after in zip(mine, [*mine[1:], None], strict=False):
            if self.dropped is None and self.lost(message, after):
                self.dropped = message
                continue
            self.inbox.put(message)
        self._read = len(self.game.sent)

    def send(self, message: JsonObject) -> None:
        self.sent.append(message)
        self.game.table.received(self.connection, message)

    def heard(self, told: int) -> None:
        pass

    def close(self) -> None:
        pass

    def resends(self) -> list[int]:
        return [message["since"] for message in self.sent if message["type"] == "resend"]


Lost = Callable[[JsonObject, JsonObject | None], bool]


def nth(kind: str, number: int) -> Lost:
    """Is it the `number`th message of `kind` looked at?"""
    seen = [0]

    def lost(message: JsonObject, after: JsonObject | None) -> bool:
        if message["type"] != kind:
            return False
        seen[0] += 1
        return seen[0] == number
    return lost


def played_losing(lost: Lost, seed: int = 5
                  ) -> tuple[HostedGame, AtFriends, LossyWire]:
    """A game of Coup, the friend in seat 0 deciding at random through his seat's session
    as the table does, the host's first message for which `lost` is true lost on the way.
    The test's clock goes on a twentieth of a second at each look; the game must end
    before STUCK_FOR seconds of it pass with nothing new for the seat."""
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=seed)
    friend = game.connect({"name": "Zoé"})
    game.table.start()
    wire, clock = LossyWire(game, friend, lost), FakeClock()
    at = AtFriends(wire, clock=clock)  # type: ignore[arg-type]  # the link's part, here
    game.answered_elsewhere.add(friend)
    rng = random.Random(seed)
    moved = [clock.now, 0]  # when the seat last heard something new, and how much it had

    def stuck() -> bool:
        wire.deliver()
        at.pump()
        clock.now += 0.05
        known = 0 if at.session is None else len(at.session.match.events)
        if known != moved[1]:
            moved[:] = [clock.now, known]
        return clock.now - moved[0] > STUCK_FOR

    def his_turn() -> bool:
        session = at.session
        return stuck() or (session is not None and session.to_act == session.seat
                           and bool(session.match.legal()))

    while at.result is None:
        game.play(until=his_turn)
        assert not stuck(), f"stuck after {wire.dropped} was lost"
        session = at.session
        if session is not None and session.to_act == session.seat and session.match.legal():
            session.submit(rng.choice(list(session.match.legal())))
    return game, at, wire


def the_seat_saw_the_game(game: HostedGame, at: AtFriends) -> None:
    session, truth = at.session, game.table.session
    assert session is not None and truth is not None and session.over
    assert len(session.match.events) == len(truth.match.events)
    assert [turn.seat for turn in session.match.turns] == [turn.seat for turn in
                                                           truth.match.turns]


def test_a_lost_question_is_asked_for_again_and_the_game_goes_on_to_its_end() -> None:
    game, at, wire = played_losing(nth("decide", 2))
    with game:
        assert wire.dropped is not None and wire.dropped["type"] == "decide"
        the_seat_saw_the_game(game, at)
        assert len(wire.resends()) == 1  # one question lost: one resend
        at.close()


def test_a_lost_told_is_asked_for_again_from_the_number_the_seat_has() -> None:
    game, at, wire = played_losing(nth("told", 12))
    with game:
        assert wire.dropped is not None and wire.dropped["n"] == 11
        the_seat_saw_the_game(game, at)
        assert wire.resends() == [11]
        at.close()


def test_a_lost_told_just_before_the_position_is_asked_for_again() -> None:
    """No later told shows the gap: the position's number does."""
    def before_a_position(message: JsonObject, after: JsonObject | None) -> bool:
        return message["type"] == "told" and message["n"] >= 5 and after is not None \
            and after["type"] == "state"

    game, at, wire = played_losing(before_a_position)
    with game:
        assert wire.dropped is not None
        the_seat_saw_the_game(game, at)
        assert wire.resends() == [wire.dropped["n"]]
        at.close()


def test_a_lost_end_is_asked_for_again_and_the_friend_s_game_ends_with_the_host_s_result(
        ) -> None:
    """Every event told, nobody to act: only the seat's game over, with no `end` come
    for a quiet moment, shows it lost; the host answers the resend with the end again."""
    game, at, wire = played_losing(nth("end", 1))
    with game:
        assert wire.dropped is not None and wire.dropped["type"] == "end"
        the_seat_saw_the_game(game, at)
        truth = game.table.session
        assert truth is not None
        assert at.result == wire.dropped["result"] == final_result(truth.match)
        assert wire.resends() == [len(truth.match.events)]
        answer = [sent.message["type"] for sent in game.to(wire.connection)][-2:]
        assert answer == ["state", "end"]  # nothing to tell again: the position, the end
        at.close()


def test_a_position_lost_as_the_seat_is_taken_up_again_is_asked_for_again() -> None:
    """A seat taken up again is shown once the host's position has come with all it told
    again (joining.py): that position lost, nothing is behind and its question has come,
    and yet it asks again after a quiet moment."""
    clock = FakeClock()
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    friend = game.connect({"name": "Zoé"})
    game.table.start()
    game.answered_elsewhere.add(friend)
    with game:
        game.play(until=lambda: any(sent.message["type"] == "decide"
                                    for sent in game.to(friend)))
        game.drop(friend)
        back = game.connect({"token": game.token(0), "since": 0})
        wire = LossyWire(game, back, nth("state", 1))
        at = AtFriends(wire, clock=clock)  # type: ignore[arg-type]
        wire.deliver()
        at.pump()
        session = at.session
        assert wire.dropped is not None and wire.dropped["type"] == "state"
        assert session is not None and session.match.asked is not None
        assert not at.caught_up and wire.resends() == []
        clock.now += QUIET
        at.pump()
        assert wire.resends() == [len(session.match.events)]
        wire.deliver()
        at.pump()
        assert at.caught_up and session.match.asked is not None and at.look_in() is None
        at.close()


def test_a_game_begun_after_a_long_lobby_waits_a_quiet_moment_for_its_first_position(
        ) -> None:
    clock = FakeClock()
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    friend = game.connect({"name": "Zoé"})
    wire = LossyWire(game, friend, lambda message, after: False)
    at = AtFriends(wire, clock=clock)  # type: ignore[arg-type]
    with game:
        wire.deliver()
        at.pump()
        clock.now += 100  # the lobby waits
        game.table.start()
        wire.inbox.put(next(sent.message for sent in game.to(friend)
                            if sent.message["type"] == "start"))  # the rest still coming
        at.pump()
        assert at.session is not None and not at.caught_up
        assert wire.resends() == [] and at.look_in() == pytest.approx(QUIET)
        wire.deliver()
        at.pump()
        assert at.caught_up and at.look_in() is None and wire.resends() == []
        at.close()


def test_a_question_sent_again_once_settled_is_not_opened_again() -> None:
    """The seat answered; a resend it asked before the answer reached the host brings the
    same question again: the host's `accepted` settles it, before or after."""
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    friend = game.connect({"name": "Zoé"})
    game.table.start()
    wire = LossyWire(game, friend, lambda message, after: False)
    at = AtFriends(wire)  # type: ignore[arg-type]
    game.answered_elsewhere.add(friend)
    with game:
        game.play(until=lambda: bool(wire.deliver() or at.pump() or
                                     (at.session and at.session.match.asked)))
        session = at.session
        assert session is not None and session.match.asked is not None
        question = next(json.loads(sent.text) for sent in reversed(game.sent)
                        if sent.connection == friend and sent.message["type"] == "decide")
        session.submit(session.match.legal()[0])
        wire.inbox.put(question)  # before the accepted: open again, until it comes
        wire.deliver()
        at.pump()
        assert session.match.asked is None or session.match.asked[0] != question["id"]
        wire.inbox.put(question)  # after it: settled already
        at.pump()
        assert session.match.asked is None or session.match.asked[0] != question["id"]
        wire.inbox.put({"type": "refused", "reason": "That answers question ...",
                        "id": question["id"]})
        at.pump()
        assert session.match.asked is None or session.match.asked[0] != question["id"]
        at.close()


def test_a_resting_window_is_woken_when_its_seat_is_to_ask_again() -> None:
    clock = FakeClock()
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    friend = game.connect({"name": "Zoé"})
    game.table.start()
    wire = LossyWire(game, friend, nth("decide", 1))
    at = AtFriends(wire, clock=clock)  # type: ignore[arg-type]
    game.answered_elsewhere.add(friend)
    with game:
        game.play(until=lambda: bool(wire.deliver() or at.pump() or wire.dropped))
        wire.deliver()
        at.pump()
        assert at.session is not None and at.session.match.asked is None
        assert at.look_in() == pytest.approx(QUIET)
        clock.now += QUIET
        assert at.look_in() == 0.0
        at.pump()
        assert wire.resends() == [len(at.session.match.events)]
        assert at.look_in() == pytest.approx(FIRST_PAUSE)
        wire.deliver()
        at.pump()
        assert at.session.match.asked is not None and at.look_in() is None
        at.close()


# join --bot's seat, fed a hosted table's messages, one lost -------------------------------
class HostSocket:
    """What a WebSocket is to `BotAtTable._follow`, in this process: the frames of the
    host's messages to the bot's connection, but the first for which `lost` is true; what
    the bot sends goes to the hosted table (its hello makes the connection, and the game
    starts). While no frame waits, the table's computers play and the test's `clock` goes
    on a twentieth of a second; with nothing for STUCK_FOR seconds of it, the connection
    ends (the bot's `_follow` then returns None)."""

    def __init__(self, game: HostedGame, lost: Lost, clock: FakeClock) -> None:
        self.game, self.lost, self.clock = game, lost, clock
        self.connection: int | None = None
        self.sent: list[JsonObject] = []
        self.dropped: JsonObject | None = None
        self._read = 0
        self._moved = clock.now

    async def send(self, text: str) -> None:
        message = json.loads(text)
        self.sent.append(message)
        if self.connection is None:
            self.connection = self.game.connect(message)
            self.game.table.start()
        else:
            self.game.table.received(self.connection, message)

    def __aiter__(self) -> HostSocket:
        return self

    async def __anext__(self) -> str:
        while self.clock.now - self._moved < STUCK_FOR:
            frame = self._next()
            if frame is not None:
                self._moved = self.clock.now
                return frame
            self.game.table.step()
            self.clock.now += 0.05
            await asyncio.sleep(0.01)
        raise StopAsyncIteration

    def _next(self) -> str | None:
        while self._read < len(self.game.sent):
            sent = self.game.sent[self._read]
            self._read += 1
            if sent.connection != self.connection:
                continue
            if self.dropped is None and self.lost(sent.message, None):
                self.dropped = sent.message
                continue
            return sent.text
        return None

    def resends(self) -> list[int]:
        return [message["since"] for message in self.sent if message["type"] == "resend"]


def test_join_bot_asks_for_a_lost_end_again_and_ends_with_the_host_s_result(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's seat counts what it is told, and reads its game over in the host's
    position: no `end` come a quiet moment after it, it asks again."""
    monkeypatch.setattr(client, "LOOK_EVERY", 0.02)  # seconds of this machine's clock
    clock = FakeClock()
    game = HostedGame("coup", [OPEN, "easy", "easy"], {"players": 3}, seed=5)
    socket = HostSocket(game, nth("end", 1), clock)
    bot = client.BotAtTable(client.Address("127.0.0.1", 1), "ABCDEF", "Ada",
                            f"{sys.executable} {RANDOM_BOT}")
    bot.catch_up = CatchUp(clock)
    with game:
        try:
            result = asyncio.run(bot._follow(socket))  # type: ignore[arg-type]
        finally:
            if bot.player is not None:
                bot.player.abandon()
        truth = game.table.session
        assert truth is not None and truth.over
        assert socket.dropped is not None and socket.dropped["type"] == "end"
        assert result == socket.dropped["result"] == final_result(truth.match)
        assert socket.resends() == [len(truth.match.events)] == [bot.seat.told]


# Whole games, through a proxy that loses one message -------------------------------------
def play(scenario: str, folder: Path) -> dict[str, Any]:
    done = netns_kit.run_python(f"import lossy_kit; lossy_kit.main({scenario!r}, "
                                f"{str(folder)!r})", timeout=SCENARIO_TIMEOUT)
    assert done.returncode == 0, done.stderr[-3000:]
    facts: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert "failed" not in facts, facts
    return facts


def ended_well(facts: dict[str, Any], *names: str) -> None:
    for name in names:
        assert facts[name]["status"] == 0, facts[name]


@pytest.mark.parametrize("lost", ["decide", "told"])
def test_join_bot_plays_to_the_end_when_a_message_of_its_host_is_lost(
        lost: str, tmp_path: Path) -> None:
    facts = play(f"bot_loses_a_{lost}", tmp_path)
    assert facts["dropped"]["type"] == lost, facts
    ended_well(facts, "ada", "host")
    assert facts["told"] == list(range(facts["events"]))  # every event told, once at least
    assert len(facts["resends"]) == 1, facts


@pytest.mark.parametrize("lost", ["decide", "told"])
def test_the_window_s_seat_plays_to_the_end_when_a_message_of_its_host_is_lost(
        lost: str, tmp_path: Path) -> None:
    facts = play(f"window_seat_loses_a_{lost}", tmp_path)
    assert facts["dropped"]["type"] == lost, facts
    assert facts["result"] is not None, facts
    ended_well(facts, "host")
    assert facts["known"] == facts["events"]
    assert len(facts["resends"]) == facts["asked_again"] == 1, facts
