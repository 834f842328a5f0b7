"""The table's chat over the network, run in a network namespace of its own (netns_kit):
a headless host of Coup for two friends and a computer, in this process; Zoé, a friend
driven here over the WebSocket (she says hello and lines, floods the chat, is cut off and
comes back with her token, and lets the host's Easy player decide each of her questions);
Bob, a `join --bot` with a random bot and `--record`. What each saw is printed as one JSON
line for tests/test_net_chat.py to judge. Every wait is bounded; the programs started
here end with it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import netns_kit
from net_games_kit import random_bot
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import chat
from game.net.headless import HeadlessHost

WITHIN = 60.0  # seconds the whole game may take
LONG_LINE = "x" * 201
Facts = dict[str, Any]


class Zoe:
    """A friend's machine played by hand: what she was sent, kept by connection."""

    def __init__(self, port: int, code: str) -> None:
        self.port, self.code = port, code
        self.token: str | None = None
        self.heard: list[list[dict[str, Any]]] = []  # the messages of each connection

    async def connection(self, *, lines: list[dict[str, Any]] = (),  # type: ignore[assignment]
                         at_start: list[dict[str, Any]] = (),  # type: ignore[assignment]
                         flood: int = 0, until: str, heard_herself: asyncio.Event | None = None
                         ) -> None:
        """Say hello (with the token, once she has one), send `lines` once seated, and
        `at_start` then `flood` lines at once when the game starts; answer each question
        with a stand-in; stop once sent a message of type `until` (or the connection
        ends). `heard_herself` is set when the table tells her a line of hers."""
        heard: list[dict[str, Any]] = []
        self.heard.append(heard)
        async with connect(f"ws://127.0.0.1:{self.port}/", compression=None) as socket:
            hello: dict[str, Any] = {"type": "hello", "version": 1, "code": self.code}
            hello.update({"token": self.token} if self.token else {"name": "Zoé"})
            await socket.send(json.dumps(hello))
            with contextlib.suppress(ConnectionClosed):
                async for frame in socket:
                    message = json.loads(frame)
                    heard.append(message)
                    await self._answer(socket, message, lines, at_start, flood)
                    if message["type"] == "said" and message["name"] == "Zoé" \
                            and heard_herself is not None:
                        heard_herself.set()
                    if message["type"] == until:
                        return

    async def _answer(self, socket: Any, message: dict[str, Any], lines: list[dict[str, Any]],
                      at_start: list[dict[str, Any]], flood: int) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.token = message["token"]
            said: list[dict[str, Any]] = lines
        elif kind == "start":
            said = [*at_start, *({"text": f"flood {n}"} for n in range(flood))]
        elif kind == "decide":
            said = []
            await socket.send(json.dumps({"type": "stand_in", "id": message["id"]}))
        else:
            said = []
        for line in said:
            await socket.send(json.dumps({"type": "say", **line}))


def headless_says(folder: str) -> Facts:
    """`coup-detat host --json` in a process of its own: what it prints once Zoé has said
    a line in its lobby (stdout: the listening line alone; stderr: the line said)."""
    host = subprocess.Popen(
        netns_kit.program("host", "--ruleset", "coup", "--seats", "open,open,medium",
                          "--listen", "127.0.0.1", "--port", "0", "--json"),
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=netns_kit.environment(Path(folder) / "headless"))
    try:
        assert host.stdout is not None
        listening = json.loads(host.stdout.readline())
        zoe = Zoe(listening["port"], listening["code"])
        heard = asyncio.Event()
        asyncio.run(asyncio.wait_for(zoe.connection(
            lines=[{"text": "Salut\x1b[2J !"}], until="said", heard_herself=heard), 20))
        time.sleep(0.3)
        host.terminate()
        out, err = host.communicate(timeout=20)
        return {"status": host.returncode, "out": out.splitlines(), "err": err.splitlines()}
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def main(folder: str) -> None:
    facts: Facts = {}
    logged: list[str] = []
    host = HeadlessHost("coup", {"players": 3}, ["open", "open", "medium"],
                        listen="127.0.0.1", port=0, seed=5, log=logged.append)
    bob: subprocess.Popen[str] | None = None
    try:
        where = host.open()
        running = threading.Thread(target=host.run, daemon=True)
        running.start()
        zoe = Zoe(where.port, where.code)
        record = Path(folder) / "bob.jsonl"

        async def scenario() -> None:
            nonlocal bob
            # in the lobby she says hello to the table before Bob is there; at the table
            # a phrase, a line too long, one of controls only, a phrase of her own, a flood
            heard_herself = asyncio.Event()
            first = asyncio.create_task(zoe.connection(
                lines=[{"text": "Bonjour à tous"}],
                at_start=[{"phrase": "good_luck"}, {"text": LONG_LINE},
                          {"text": "\x1b\x07\n"}, {"phrase": "I have the Duke"}],
                flood=int(chat.BURST) + chat.MOST_FLOODED + 5, until="bye",
                heard_herself=heard_herself))
            await asyncio.wait_for(heard_herself.wait(), 20)
            bob = subprocess.Popen(netns_kit.program(
                "join", f"127.0.0.1:{where.port}", "--code", where.code, "--name", "Bob",
                "--bot", random_bot(), "--record", str(record)),
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, env=netns_kit.environment(Path(folder)))
            await asyncio.wait_for(first, 40)
            # back with her token: the recent lines again, then she plays to the end
            await asyncio.wait_for(zoe.connection(until="end"), WITHIN)

        asyncio.run(scenario())
        assert bob is not None
        out, err = bob.communicate(timeout=30)
        facts["bob"] = {"status": bob.returncode, "out": out.strip().splitlines()[-1:],
                        "err": err[-2000:]}
        facts["record"] = [json.loads(line) for line in record.read_text().splitlines()]
        facts["zoe"] = zoe.heard
        deadline = time.monotonic() + 15
        while not host.table.over and time.monotonic() < deadline:
            time.sleep(0.05)
        facts["host_over"] = host.table.over
        facts["host_lines"] = [[line.seat, line.name, line.text]
                               for line in host.table.chat.lines]
        facts["logged"] = logged
        facts["headless"] = headless_says(folder)
    except Exception as error:  # said, for the test to show
        facts["failed"] = repr(error)
    finally:
        host.stopped.set()
        host.close()
        if bob is not None and bob.poll() is None:
            bob.kill()
            bob.wait()
        print(json.dumps(facts), flush=True)
        sys.stdout.flush()
