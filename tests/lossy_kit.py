"""A friend whose host's messages are lost on the way, played out inside a network
namespace: what tests/test_net_resend.py runs there (`netns_kit.run_python`), one
scenario at a time, with rejoin_kit's scenes (and `LateProxy`, whose messages come late,
for tests/in_namespace/late_question_window.py).

Between a headless host and the friend stands a WebSocket proxy (`LossyProxy`, on
127.0.0.1 of the namespace) that passes every frame on, both ways, but one: the `nth`
message of one type (a `decide`, a `told`) from the host, which it drops, once. The
friend is `join --bot` (the random bot of docs/bots), or the window's own reading of its
seat (`AtFriends` over a real `SeatLink`, deciding at random, as a person at the table
would, without a window). Each scenario prints what it saw, as one JSON line.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import rejoin_kit
from rejoin_kit import InItsThread, Scene, count
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from game.net.at_friends import AtFriends
from game.net.client import parse_address
from game.net.link import SeatLink

SEATS = ("--ruleset", "coup", "--seats", "open,random", "--seed", "7")
WITHIN = 45.0  # seconds the game has to end once the message is lost


class LossyProxy(InItsThread):
    """Frames between friends and the host at `target`, on a port of its own; the `nth`
    message of type `lose` from the host dropped, once."""

    def __init__(self, target: int, lose: str, nth: int) -> None:
        self.lose, self.nth = lose, nth
        self.seen = 0  # messages of that type from the host, so far
        self.dropped: dict[str, Any] | None = None  # the one dropped
        self.resends: list[int] = []  # the friend's resend messages' `since`
        super().__init__(target)

    async def _listen(self) -> None:
        self._server = await serve(self._connected, "127.0.0.1", 0, max_size=None,
                                   compression=None)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _connected(self, friend: ServerConnection) -> None:
        async with connect(f"ws://127.0.0.1:{self.target}/", max_size=None,
                           compression=None, proxy=None) as host:
            ways = [asyncio.create_task(self._to_host(friend, host)),
                    asyncio.create_task(self._to_friend(host, friend))]
            await asyncio.wait(ways, return_when=asyncio.FIRST_COMPLETED)
            for way in ways:
                way.cancel()

    async def _to_host(self, friend: Any, host: Any) -> None:
        async for frame in friend:
            message = json.loads(frame)
            if message.get("type") == "resend":
                self.resends.append(message["since"])
            await host.send(frame)

    async def _to_friend(self, host: Any, friend: Any) -> None:
        async for frame in host:
            message = json.loads(frame)
            if message.get("type") == self.lose and self.dropped is None:
                self.seen += 1
                if self.seen == self.nth:
                    self.dropped = {key: message.get(key) for key in ("type", "n", "id")}
                    continue
            await friend.send(frame)

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._server.close)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


class LateProxy(LossyProxy):
    """Frames between friends and the host at `target`, each message of type `kind` from
    the host held back `late` seconds (and what follows it behind it), none lost."""

    def __init__(self, target: int, kind: str, late: float) -> None:
        self.late = late
        super().__init__(target, kind, 0)

    async def _to_friend(self, host: Any, friend: Any) -> None:
        async for frame in host:
            if json.loads(frame).get("type") == self.lose:
                self.seen += 1
                await asyncio.sleep(self.late)
            await friend.send(frame)


def through_the_proxy(scene: Scene, lose: str, nth: int) -> tuple[Any, dict, LossyProxy]:
    """A headless host of SEATS, and the proxy before it: the host, what it said, the
    proxy (whose port the friend joins at)."""
    host, said = scene.host("host", *SEATS, "--port", "0", "--save",
                            str(scene.folder / "game.json"))
    return host, said, LossyProxy(said["port"], lose, nth)


def ended_within(scene: Scene, *named: tuple[str, Any]) -> None:
    """Wait WITHIN seconds at most for the programs, then their statuses as facts."""
    deadline = time.monotonic() + WITHIN
    for _, process in named:
        while process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
    for name, process in named:
        if process.poll() is None:
            scene.facts[name] = {"status": "still running", "err": scene.output(name, "err")}
    scene.finish(*[(name, process) for name, process in named if process.poll() is not None])


def bot_loses(scene: Scene, lose: str, nth: int) -> None:
    """`join --bot` through the proxy, its host's `nth` message `lose` lost."""
    host, said, proxy = through_the_proxy(scene, lose, nth)
    try:
        bot = scene.join("ada", proxy.port, said["code"])
        ended_within(scene, ("ada", bot), ("host", host))
        record = scene.record("ada")
        scene.facts.update(dropped=proxy.dropped, resends=proxy.resends,
                           told=sorted({m["n"] for m in record if m.get("type") == "told"}),
                           events=_events(scene), decided=count(record, "accepted"))
    finally:
        proxy.close()


def bot_loses_a_decide(scene: Scene) -> None:
    bot_loses(scene, "decide", 2)


def bot_loses_a_told(scene: Scene) -> None:
    bot_loses(scene, "told", 8)


def window_seat_loses(scene: Scene, lose: str, nth: int) -> None:
    """The window's seat (`AtFriends`, a real `SeatLink`) through the proxy, deciding at
    random each time it is asked, as a person would; its host's `nth` `lose` lost."""
    host, said, proxy = through_the_proxy(scene, lose, nth)
    link = SeatLink(parse_address(f"127.0.0.1:{proxy.port}"), said["code"], "Ada")
    at = AtFriends(link)
    rng = random.Random(3)
    try:
        link.start()
        deadline = time.monotonic() + WITHIN
        while at.result is None and not at.over and time.monotonic() < deadline:
            at.pump()
            session = at.session
            if session is not None and session.to_act == session.seat and session.match.legal():
                session.submit(rng.choice(list(session.match.legal())))
            time.sleep(0.01)
        ended_within(scene, ("host", host))
        session = at.session
        scene.facts.update(dropped=proxy.dropped, resends=proxy.resends,
                           result=at.result, ended=at.ended, events=_events(scene),
                           known=None if session is None else len(session.match.events),
                           asked_again=getattr(getattr(at, "catch_up", None), "asked", None))
    finally:
        at.close()
        link.join(5)
        proxy.close()


def window_seat_loses_a_decide(scene: Scene) -> None:
    window_seat_loses(scene, "decide", 2)


def window_seat_loses_a_told(scene: Scene) -> None:
    window_seat_loses(scene, "told", 8)


def _events(scene: Scene) -> int | None:
    """The events of the host's save (written at the game's end), if there is one."""
    path = scene.folder / "game.json"
    if not path.exists():
        return None
    from game.engine import saves
    from game.services.catalogue import CATALOGUE

    saved = saves.read(path, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedGame)
    return len(saved.match.events)


SCENARIOS = {function.__name__: function for function in (
    bot_loses_a_decide, bot_loses_a_told, window_seat_loses_a_decide,
    window_seat_loses_a_told)}


def main(name: str, folder: str) -> None:
    rejoin_kit.main(name, folder, SCENARIOS)

