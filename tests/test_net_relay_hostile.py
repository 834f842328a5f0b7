"""The relay (game/net/relay.py) against what arrives, in this process, on loopback (the
whole run is in a network namespace of its own: conftest.py): it passes frames on as they
were sent and adds none; it refuses in one line what it does not hold (unknown codes
after a pause that doubles, a second host of the same code, a hello it cannot read, a
pipe nobody accepts, more tables or pipes than it counts); a friend's oversized frame or
flood ends that friend's pipe only, the host's own share cutting the flood as at its door
(server.py); a host's control connection that ends ends its pipes and frees its code; and
`host --relay` says in one line why the relay did not open its table. Each relay and
connection ends with its test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.cli import main
from game.net import relay as relay_module
from game.net import relay_wire, wire
from game.net.client import Address
from game.net.relay import BURST, MISS_PAUSE, RATE, Relay
from game.net.relay_wire import RelayRefused, said_to_relay
from game.net.server import TableServer

CODE = "K7MQ2D"
LIMIT = 20.0  # seconds any one test's network waits may take, at most


@pytest.fixture
def relay() -> Iterator[Relay]:
    relay = Relay(listen="127.0.0.1", port=0, accept_wait=1.0, log=lambda line: None)
    relay.start()
    yield relay
    relay.stop()
    assert relay._thread is not None and not relay._thread.is_alive()


def run(coroutine: Any) -> Any:
    async def bounded() -> Any:
        async with asyncio.timeout(LIMIT):
            return await coroutine
    return asyncio.run(bounded())


async def opened(relay: Relay) -> ClientConnection:
    return await connect(f"ws://127.0.0.1:{relay.port}/", proxy=None,
                         max_size=wire.MOST_FROM_HOST, compression=None)


async def hosting(relay: Relay, code: str = CODE, key: str = "the host's") -> ClientConnection:
    control = await opened(relay)
    await said_to_relay(control, "relay-host", "relay-hosting", table=code, key=key)
    return control


async def refused(relay: Relay, kind: str, **fields: object) -> str:
    """What the relay says, closing, to a connection that says `kind`."""
    socket = await opened(relay)
    answer = {"relay-host": "relay-hosting"}.get(kind, "relay-joined")
    with pytest.raises(RelayRefused) as refusal:
        await said_to_relay(socket, kind, answer, **fields)
    return str(refusal.value)


class Piped:
    """A fake host's control connection, and the pipes it accepted, by arrival."""

    def __init__(self, relay: Relay, control: ClientConnection) -> None:
        self.relay, self.control = relay, control

    async def friend(self) -> tuple[ClientConnection, ClientConnection]:
        """A friend joined through the relay, and the host's end of its pipe."""
        friend = await opened(self.relay)
        joining = asyncio.create_task(
            said_to_relay(friend, "relay-join", "relay-joined", table=CODE.lower()))
        told = json.loads(await self.control.recv())
        assert set(told) == {"type", "pipe"} and told["type"] == "relay-friend"
        host_end = await opened(self.relay)
        await said_to_relay(host_end, "relay-accept", "relay-joined", pipe=told["pipe"])
        await joining
        return friend, host_end


async def nothing_more(socket: ClientConnection) -> bool:
    try:
        async with asyncio.timeout(0.3):
            await socket.recv()
    except TimeoutError:
        return True
    return False


def test_frames_go_through_untouched_both_ways_and_none_is_added(relay: Relay) -> None:
    frames_to_host = [wire.encode({"type": "hello", "version": 1, "code": CODE,
                                   "name": "Zoé 🂡"}), "{not JSON", "x" * 16_000, b"\x00\xff"]
    frames_to_friend = [wire.encode({"type": "lobby", "seats": []}), "é" * 1_000_000,
                        b"binary"]

    async def exchange() -> tuple[list[Any], list[Any], bool, bool]:
        piped = Piped(relay, await hosting(relay))
        friend, host_end = await piped.friend()
        for frame in frames_to_host:
            await friend.send(frame)
        at_host = [await host_end.recv() for _ in frames_to_host]
        for frame in frames_to_friend:
            await host_end.send(frame)
        at_friend = [await friend.recv() for _ in frames_to_friend]
        quiet = await nothing_more(host_end) and await nothing_more(friend)
        await host_end.close()
        with pytest.raises(ConnectionClosed):  # the host's end closed: the friend's too
            async with asyncio.timeout(5):
                await friend.recv()
        return at_host, at_friend, quiet, await nothing_more(piped.control)

    at_host, at_friend, quiet, control_quiet = run(exchange())
    assert at_host == frames_to_host
    assert at_friend == frames_to_friend
    assert quiet and control_quiet


def test_unknown_codes_are_answered_after_pauses_that_double(relay: Relay) -> None:
    async def misses() -> list[tuple[str, float]]:
        said = []
        for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
            began = time.monotonic()
            reason = await refused(relay, "relay-join", table=code)
            said.append((reason, time.monotonic() - began))
        return said

    said = run(misses())
    assert {reason for reason, _ in said} == {"No table with this code is open on this relay."}
    for number, (_, seconds) in enumerate(said):
        assert MISS_PAUSE * 2 ** number <= seconds < MISS_PAUSE * 2 ** number + 1.5


def test_a_second_host_of_the_same_code_is_refused_even_while_the_first_is_away(
        relay: Relay) -> None:
    async def hosts() -> tuple[str, str]:
        first = await hosting(relay)
        reason = await refused(relay, "relay-host", table=CODE, key="another's")
        await first.close()
        await asyncio.sleep(0.2)
        # its code is held for its key a while: another's is refused, its own takes it
        held = await refused(relay, "relay-host", table=CODE, key="another's")
        again = await hosting(relay)
        await again.close()
        return reason, held

    reason, held = run(hosts())
    assert reason == held == "Another host holds a table with this code on this relay."


@pytest.mark.parametrize(("kind", "fields", "reason"), [
    ("relay-host", {"table": "not a code", "key": "k"}, "That is not a table code."),
    ("relay-host", {"table": CODE, "key": "k", "version": 2},
     "This relay speaks version 1 of its messages and your program 2."),
    ("relay-join", {"table": CODE, "extra": 1},
     "The relay could not read your hello: a relay-join message has no field 'extra'."),
    ("hello", {"code": CODE},
     "The relay could not read your hello: no message of type 'hello'."),
])
def test_a_hello_the_relay_cannot_take_is_refused_in_one_line(
        relay: Relay, kind: str, fields: dict[str, object], reason: str) -> None:
    async def said() -> str:
        socket = await opened(relay)
        await socket.send(wire.encode({"type": kind, "version": 1, **fields}))
        with pytest.raises(ConnectionClosed) as closed:
            await socket.recv()
        assert closed.value.rcvd is not None
        return closed.value.rcvd.reason

    assert run(said()) == reason


def test_a_friend_whose_host_does_not_accept_is_told_so(relay: Relay) -> None:
    async def unanswered() -> tuple[str, float]:
        control = await hosting(relay)  # it never opens the pipe it is told of
        began = time.monotonic()
        reason = await refused(relay, "relay-join", table=CODE)
        await control.close()
        return reason, time.monotonic() - began

    reason, seconds = run(unanswered())
    assert reason == "The table's host did not answer through the relay."
    assert 1.0 <= seconds < 3.0  # the relay's accept_wait here


def test_an_oversized_frame_ends_that_friends_pipe_only(relay: Relay) -> None:
    async def oversized() -> tuple[int | None, bool, str]:
        piped = Piped(relay, await hosting(relay))
        (big, big_host), (other, other_host) = await piped.friend(), await piped.friend()
        await big.send("x" * (wire.MOST_FROM_FRIEND + 1))
        with pytest.raises(ConnectionClosed) as closed:
            async with asyncio.timeout(5):
                await big.recv()
        await big_host.wait_closed()
        await other.send("still here")
        echoed = await other_host.recv()
        return closed.value.rcvd.code if closed.value.rcvd else None, \
            big_host.close_code is not None, str(echoed)

    code, host_end_closed, echoed = run(oversized())
    assert code == 1009  # too big, said by the relay
    assert host_end_closed
    assert echoed == "still here"


def test_a_flood_is_paced_by_the_relay_the_other_pipe_untouched(relay: Relay) -> None:
    flood = int(BURST + 2 * RATE)  # two seconds' worth past the burst

    async def flooding() -> tuple[float, float]:
        piped = Piped(relay, await hosting(relay))
        (flooder, flooded), (other, other_host) = await piped.friend(), await piped.friend()
        began = time.monotonic()
        sender = asyncio.create_task(send_many(flooder, flood))
        await asyncio.sleep(1.5)  # mid-flood: the other pipe answers at once
        asked = time.monotonic()
        await other.send("ping")
        assert await other_host.recv() == "ping"
        answered = time.monotonic() - asked
        for _ in range(flood):
            await flooded.recv()
        await sender
        return time.monotonic() - began, answered

    seconds, answered = run(flooding())
    assert seconds >= (flood - BURST) / RATE - 0.2  # no faster than the relay's RATE
    assert answered < 0.5


async def send_many(socket: ClientConnection, count: int) -> None:
    for _ in range(count):
        await socket.send(wire.encode({"type": "undo"}))


def test_a_flood_through_the_relay_is_cut_by_the_hosts_share_others_untouched(
        relay: Relay) -> None:
    """A real table server opened on the relay: a friend that floods it is cut by the
    host's own share of messages, as at its door (server.py); another goes on."""
    server = TableServer(CODE, listen="127.0.0.1", port=0, log=lambda line: None)
    server.start()
    link = server.open_on_relay(Address("127.0.0.1", relay.port))
    try:
        assert link.answered.wait(10) and link.open, link.state
        said = run(cut_flood(relay.port))
    finally:
        server.stop()
    arrivals = []
    while not server.inbox.empty():
        arrivals.append(server.inbox.get_nowait())
    assert "Too many messages." in said
    names = {arrival.connection: arrival.message["name"] for arrival in arrivals
             if arrival.kind == "hello" and arrival.message is not None}
    steady = next(number for number, name in names.items() if name == "Steady")
    flooder = next(number for number, name in names.items() if name == "Flood")
    of_steady = [arrival.kind for arrival in arrivals if arrival.connection == steady]
    assert of_steady == ["hello", *["message"] * 5, "dropped"]  # dropped: closed at the end
    dropped = [index for index, arrival in enumerate(arrivals)
               if arrival.kind == "dropped" and arrival.connection == flooder]
    steadys = [index for index, arrival in enumerate(arrivals)
               if arrival.kind == "message" and arrival.connection == steady]
    assert dropped and dropped[0] < steadys[0]  # the flooder was cut, then Steady spoke


async def cut_flood(port: int) -> list[str]:
    address = Address("127.0.0.1", port, relay=True)
    flooder, steady = await joined_through(address, "Flood"), await joined_through(
        address, "Steady")
    said: list[str] = []
    reader = asyncio.create_task(read_all(flooder, said))
    with contextlib.suppress(ConnectionClosed):
        while not reader.done():
            await flooder.send(wire.encode({"type": "undo"}))
            await asyncio.sleep(0)
    await reader
    await send_many(steady, 5)
    await asyncio.sleep(0.5)
    await steady.close()
    return said


async def joined_through(address: Address, name: str) -> ClientConnection:
    from game.net.client import connect_to

    socket = await connect_to(address, CODE)
    await socket.send(wire.encode({"type": "hello", "version": wire.VERSION, "code": CODE,
                                   "name": name}))
    return socket


async def read_all(socket: ClientConnection, said: list[str]) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for frame in socket:
            message = json.loads(frame)
            if message["type"] == "bye":
                said.append(message["reason"])


def test_the_relays_own_messages_are_checked_like_the_wires() -> None:
    with pytest.raises(wire.WireError):
        relay_wire.relay_message("x" * (relay_wire.MOST_RELAY_HELLO + 1))
    assert relay_wire.relay_message(relay_wire.hello("relay-join", table=CODE)) == \
        {"type": "relay-join", "version": relay_wire.RELAY_VERSION, "table": CODE}


def test_host_says_in_one_line_that_the_relay_refused_its_table(
        relay: Relay, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`coup-detat host --relay` whose code another host holds there: one line, status 1;
    and a relay where none listens: the same."""
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path))
    host = ["host", "--ruleset", "coup", "--seats", "open,easy", "--listen", "127.0.0.1",
            "--port", "0", "--code", CODE, "--relay"]

    async def held() -> int:
        control = await hosting(relay, key="another host's")
        try:
            return await asyncio.to_thread(main, [*host, f"127.0.0.1:{relay.port}"])
        finally:
            await control.close()

    assert run(held()) == 1
    refused = capsys.readouterr().err.splitlines()
    assert refused == [f"coup-detat: the table could not be opened on the relay: the relay at "
                       f"127.0.0.1:{relay.port} refused the table: Another host holds a table "
                       "with this code on this relay."]
    assert main([*host, "127.0.0.1:1"]) == 1
    unreached = capsys.readouterr().err.splitlines()
    assert len(unreached) == 1 and unreached[0].startswith(
        "coup-detat: the table could not be opened on the relay: the relay at 127.0.0.1:1 "
        "cannot be reached: ")


def test_the_relay_holds_no_more_tables_and_pipes_than_it_counts(
        relay: Relay, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(relay_module, "MOST_TABLES", 1)
    monkeypatch.setattr(relay_module, "MOST_TABLE_PIPES", 1)

    async def counted() -> tuple[str, str]:
        piped = Piped(relay, await hosting(relay))
        tables = await refused(relay, "relay-host", table="ABCDEF", key="k")
        friend, host_end = await piped.friend()
        pipes = await refused(relay, "relay-join", table=CODE)
        await friend.send("still here")  # the pipe there is goes on
        assert await host_end.recv() == "still here"
        await piped.control.close()
        return tables, pipes

    tables, pipes = run(counted())
    assert tables == "This relay holds all the tables it can: try later."
    assert pipes == "This relay has as many friends at tables as it can."


def test_a_hosts_control_connection_that_ends_ends_its_pipes_and_frees_its_code(
        relay: Relay) -> None:
    async def ended() -> tuple[bool, bool, str]:
        piped = Piped(relay, await hosting(relay))
        friend, host_end = await piped.friend()
        await piped.control.close()
        async with asyncio.timeout(5):
            await friend.wait_closed()
            await host_end.wait_closed()
        reason = await refused(relay, "relay-join", table=CODE)
        return friend.close_code is not None, host_end.close_code is not None, reason

    friend_closed, host_end_closed, reason = run(ended())
    assert friend_closed and host_end_closed
    assert reason == "No table with this code is open on this relay."
