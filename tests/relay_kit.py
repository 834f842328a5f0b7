"""A table met on a relay whose connections fail, played out inside a network namespace:
what tests/test_net_relay.py runs there (`netns_kit.run_python`), one scenario at a time,
with rejoin_kit's scene (its processes, homes, records) and its proxy (between the host
and the relay, to cut the host's connections there). Each scenario prints one JSON object
of what it saw; everything it starts ends before it returns, whatever happened.
"""

from __future__ import annotations

import contextlib
import json
import subprocess

import rejoin_kit
from rejoin_kit import (
    BOT,
    RULESET,
    Proxy,
    Scene,
    _kept_seats,
    _welcome,
    count,
    seat_news,
    views_true_to_the_game,
    wait_for,
)


def relay(scene: Scene) -> tuple[subprocess.Popen[bytes], int]:
    """A relay on loopback, and its port."""
    process = scene.start("relay", "relay", "--listen", "127.0.0.1", "--port", "0", "--json")

    def port() -> int | None:
        for line in scene.output("relay").splitlines():
            with contextlib.suppress(ValueError):
                return int(json.loads(line)["port"])
        return None

    return process, wait_for("the relay to listen", port)


def join(scene: Scene, name: str, port: int, code: str) -> subprocess.Popen[bytes]:
    """`name`'s random bot, at the table through the relay on `port`."""
    scene.mark(f"{name} joins through the relay")
    return scene.start(name, "join", f"127.0.0.1:{port}", "--relay", "--code", code,
                       "--name", name.capitalize(), "--bot", BOT,
                       "--record", str(scene.record_path(name)))


def table(scene: Scene, host_reaches: int, relay_port: int, decisions: int, *flags: str
          ) -> tuple[subprocess.Popen[bytes], str, subprocess.Popen[bytes],
                     subprocess.Popen[bytes], int]:
    """A host opened on the relay (reached at `host_reaches`), saving to game.json, and
    Ada and Bob at it through the relay, once Ada made `decisions`: the host, its code,
    Ada, Bob and Ada's seat. `flags`: the host's own besides."""
    host, said = scene.host("host", *RULESET, "--port", "0", "--grace", "60", "--save",
                            str(scene.folder / "game.json"), "--relay",
                            f"127.0.0.1:{host_reaches}", *flags)
    ada = join(scene, "ada", relay_port, said["code"])
    bob = join(scene, "bob", relay_port, said["code"])
    seat = scene.seat_of("ada")
    scene.after_decisions("ada", decisions)
    return host, said["code"], ada, bob, seat


def stopped(scene: Scene, process: subprocess.Popen[bytes]) -> None:
    """The relay stopped as its operator would (SIGTERM): its status, as a fact."""
    process.terminate()
    try:
        status: int | str = process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        status = "still running"
    scene.facts["relay"] = {"status": status, "err": scene.output("relay", "err")[-1500:]}


# Scenarios -----------------------------------------------------------------------------
def friend_killed_comes_back(scene: Scene) -> None:
    """Ada's join is SIGKILLed mid-game and run again the same way: through the relay."""
    relay_process, port = relay(scene)
    host, code, ada, bob, seat = table(scene, port, port, 10)
    kept = wait_for("Ada's seat to be kept", lambda: _kept_seats(scene, "ada"))
    scene.kill(ada)
    wait_for("Bob to be told Ada dropped", lambda: seat_news(scene.record("bob"), seat))
    first = scene.record("ada")
    scene.record_path("ada").rename(scene.folder / "ada-before.jsonl")
    ada = join(scene, "ada", port, code)
    scene.finish(("ada", ada), ("bob", bob), ("host", host))
    again = scene.record("ada")
    stopped(scene, relay_process)
    scene.facts.update(
        seat=seat, relay_port=port, kept_address=kept[0]["address"],
        same_token=kept[0]["token"] == _welcome(first)["token"] == _welcome(again)["token"],
        welcomed_again=_welcome(again), accepted_after=count(again, "accepted"),
        replays=scene.replays(), views_true=views_true_to_the_game(scene, first + again, seat),
        bob_told=seat_news(scene.record("bob"), seat))


def control_cut(scene: Scene) -> None:
    """The host reaches the relay through a proxy, which drops every connection of the
    host's there (its control connection and its friends' pipes) mid-game."""
    relay_process, port = relay(scene)
    proxy = Proxy(port)
    try:
        host, _, ada, bob, _ = table(scene, proxy.port, port, 10)
        accepted = count(scene.record("ada"), "accepted")
        proxy.drop()
        scene.mark("the host's connections to the relay dropped")
        wait_for("Ada to be welcomed again", lambda: count(scene.record("ada"), "welcome") >= 2)
        scene.finish(("ada", ada), ("bob", bob), ("host", host))
    finally:
        proxy.close()
    stopped(scene, relay_process)
    scene.facts.update(
        ada_welcomes=count(scene.record("ada"), "welcome"),
        bob_welcomes=count(scene.record("bob"), "welcome"),
        accepted_after_cut=count(scene.record("ada"), "accepted") - accepted,
        replays=scene.replays())


def host_killed_continues(scene: Scene) -> None:
    """The host, opened on the relay with a time for each decision, is SIGKILLed mid-game
    and started again with --continue alone: the kept table has the relay and the time."""
    relay_process, port = relay(scene)
    host, code, ada, bob, _ = table(scene, port, port, 10, "--time", "30")
    scene.kill(host)
    kept_file = scene.folder / "home-host" / "online" / "hosted-table.json"
    kept = json.loads(kept_file.read_text(encoding="utf-8"))
    before = len(scene.record("ada"))
    host, again = scene.host("host2", "--continue")
    wait_for("Ada to be welcomed again", lambda: count(scene.record("ada"), "welcome") >= 2)
    scene.finish(("ada", ada), ("bob", bob), ("host2", host))
    stopped(scene, relay_process)
    asked_after = [message for message in scene.record("ada")[before:]
                   if message.get("type") == "decide"]
    scene.facts.update(
        relay_port=port, code=code, again=again, kept_version=kept["version"],
        kept_relay=kept["table"]["relay"], kept_time=kept["table"]["time"],
        ada_welcomes=count(scene.record("ada"), "welcome"),
        bob_welcomes=count(scene.record("bob"), "welcome"),
        asked_after=len(asked_after),
        times_left=sorted({message.get("time_left") is not None for message in asked_after}),
        most_left=max((message.get("time_left") or 0 for message in asked_after), default=0),
        replays=scene.replays(), kept_after=kept_file.exists())


SCENARIOS = {function.__name__: function for function in (
    friend_killed_comes_back, control_cut, host_killed_continues)}


def main(name: str, folder: str) -> None:
    """Play scenario `name` in `folder`; print what was seen as one JSON line."""
    rejoin_kit.main(name, folder, SCENARIOS)
