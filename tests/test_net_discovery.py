"""Tables found on the local network (game/net/discovery.py, `host --announce`, `tables`):
a table announced on one machine is found from another, with its port and ruleset, its
seats as they are taken, and never its code; joined at the address found, it plays; it
goes from the list when the host closes it; a hostile announcer on the network (our
service type, broken TXT records, garbage packets) crashes nothing.

The two machines are two network namespaces joined by a veth pair (netns_pair_kit): every
announcement stays inside them.
"""

from __future__ import annotations

import ipaddress
import json
import queue
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import netns_kit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from netns_pair_kit import ADDRESSES, Machines, two_machines
from zeroconf import ServiceInfo

from game.cli import main
from game.cli.local_tables import described
from game.net.discovery import (
    MOST_NAME,
    MOST_TABLES,
    RESOLVE_WAIT,
    SERVICE_TYPE,
    FoundTable,
    Seats,
    found_table,
    properties,
)
from game.net.wire import VERSION

HOST, FRIEND = 0, 1  # the machines
RANDOM_BOT = f"{sys.executable} docs/bots/random_bot.py"
GONE_WITHIN = 5.0  # seconds from the host's end to the table's going from a friend's list
SEEN_WITHIN = 15.0  # seconds for what is announced to be seen

# On the friend's machine: a Browser's list, printed as a JSON line each time it changes
# (with when, by the system's monotonic clock), until stdin closes.
WATCHER = f"""
import json, select, sys, time, dataclasses
from game.net.discovery import Browser
browser = Browser([{ADDRESSES[FRIEND]!r}])
browser.start()
last = None
ended = time.monotonic() + 120
while time.monotonic() < ended:
    if select.select([sys.stdin], [], [], 0.02)[0] and not sys.stdin.read(1):
        break
    now = browser.tables()
    if now != last:
        print(json.dumps({{"when": time.monotonic(), "failure": browser.failure,
                          "tables": [dataclasses.asdict(table) for table in now]}}),
              flush=True)
        last = now
browser.close()
"""

# On the friend's machine: the raw TXT strings of every table announced.
RAW_TXT = f"""
import json, time
from zeroconf import Zeroconf, ServiceBrowser
zeroconf = Zeroconf(interfaces=[{ADDRESSES[FRIEND]!r}])
names = set()
ServiceBrowser(zeroconf, {SERVICE_TYPE!r}, handlers=[lambda name, **_: names.add(name)])
ended = time.monotonic() + 10
while not names and time.monotonic() < ended:
    time.sleep(0.05)
texts = {{}}
for name in names:
    info = zeroconf.get_service_info({SERVICE_TYPE!r}, name, timeout=2000)
    texts[name] = None if info is None else info.text.decode("latin-1")
zeroconf.close()
print(json.dumps(texts))
"""


@pytest.fixture
def machines() -> Iterator[Machines]:
    with two_machines() as pair:
        yield pair


class Watcher:
    """The friend's Browser, in a program of its own on the friend's machine; what it
    prints is read by a thread (a line read ahead would hide from `select`)."""

    def __init__(self, machines: Machines) -> None:
        self.process = machines.start(FRIEND, [sys.executable, "-c", WATCHER],
                                      stdin=subprocess.PIPE)
        self.seen: list[dict[str, Any]] = []
        self._lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put("")

    def until(self, wanted: Any, within: float = SEEN_WITHIN) -> dict[str, Any]:
        """The next list seen for which `wanted(tables)` holds."""
        ended = time.monotonic() + within
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, ended - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"not seen within {within} s; seen: {self.seen}") \
                    from None
            assert line, f"the browser ended; seen: {self.seen}"
            seen = json.loads(line)
            self.seen.append(seen)
            if wanted(seen["tables"]):
                return seen

    def close(self) -> str:
        """End the watcher: what it said on stderr."""
        assert self.process.stdin is not None and self.process.stderr is not None
        self.process.stdin.close()
        self._reader.join(timeout=15)
        self.process.wait(timeout=15)
        err = self.process.stderr.read()
        assert self.process.returncode == 0, err
        while not self._lines.empty():
            line = self._lines.get()
            if line:
                self.seen.append(json.loads(line))
        return err


def host_line(host: subprocess.Popen[str]) -> dict[str, Any]:
    assert host.stdout is not None
    ready, _, _ = select.select([host.stdout], [], [], 30)
    assert ready, "the host said nothing"
    return json.loads(host.stdout.readline())


def only_table(tables: list[dict[str, Any]], **expected: Any) -> bool:
    return len(tables) == 1 and all(tables[0].get(key) == value
                                    for key, value in expected.items())


def test_a_table_announced_on_one_machine_is_found_from_another_joined_and_gone_at_its_end(
    machines: Machines, tmp_path: Path,
) -> None:
    watcher = Watcher(machines)
    host = machines.start(HOST, netns_kit.program(
        "host", "--ruleset", "coup", "--seats", "open,open,medium", "--port", "0", "--json",
        "--announce", "Zoé's table", "--seed", "3"), home=tmp_path)
    listening = host_line(host)
    port, code = listening["port"], listening["code"]

    listed = machines.run(FRIEND, netns_kit.program("tables", "--wait", "3", "--json"),
                          timeout=30)
    assert listed.returncode == 0, listed.stderr
    found = json.loads(listed.stdout)
    assert found == {"tables": [{
        "name": "Zoé's table", "address": ADDRESSES[HOST], "port": port, "ruleset": "coup",
        "version": VERSION, "seats": 3, "open": 2, "taken": 0, "playing": False}]}
    where = f"{found['tables'][0]['address']}:{found['tables'][0]['port']}"

    raw = machines.run(FRIEND, [sys.executable, "-c", RAW_TXT], timeout=30)
    texts = json.loads(raw.stdout)
    assert len(texts) == 1 and "ruleset=coup" in next(iter(texts.values()))
    assert code not in next(iter(texts.values()))

    watcher.until(lambda tables: only_table(tables, port=port, open=2, taken=0))
    first = machines.start(FRIEND, netns_kit.program(
        "join", where, "--code", code, "--name", "Zoé", "--bot", RANDOM_BOT), home=tmp_path)
    watcher.until(lambda tables: only_table(tables, open=1, taken=1, playing=False))
    second = machines.start(FRIEND, netns_kit.program(
        "join", where, "--code", code, "--name", "Brigitte", "--bot", RANDOM_BOT),
        home=tmp_path)
    for friend in (first, second):
        out, err = friend.communicate(timeout=120)
        assert friend.returncode == 0, err
        assert json.loads(out.splitlines()[-1])["game_over"] is True
    out, err = host.communicate(timeout=30)
    ended = time.monotonic()
    assert host.returncode == 0, err
    assert json.loads(out.splitlines()[-1])["names"][:2] == ["Zoé", "Brigitte"]

    gone = watcher.until(lambda tables: not tables)
    assert gone["when"] - ended < GONE_WITHIN
    assert "Traceback" not in watcher.close()
    told = [seen["tables"][0] for seen in watcher.seen if seen["tables"]]
    assert [(table["open"], table["taken"]) for table in told][:2] == [(2, 0), (1, 1)]


# On the host's machine: a real table, then announcements a program of ours would never
# send, in raw packets (no probing, no checks): broken TXT records, a name with control
# characters, tables without a port or a usable address, garbage datagrams; on a line on
# stdin, a flood of tables past the browser's bound.
HOSTILE = f"""
import os, socket, sys, time
from zeroconf import (DNSAddress, DNSOutgoing, DNSPointer, DNSService, DNSText, Zeroconf)
from zeroconf.const import _CLASS_IN, _FLAGS_AA, _FLAGS_QR_RESPONSE, _TYPE_A, _TYPE_PTR
from zeroconf.const import _TYPE_SRV, _TYPE_TXT
from game.net.discovery import Announcement, Seats
TYPE, HERE = {SERVICE_TYPE!r}, {ADDRESSES[HOST]!r}
real = Announcement("Zoé's table", "coup", 4747, addresses=[HERE], interfaces=[HERE])
real.start(Seats(4, 2, 1))
zeroconf = Zeroconf(interfaces=[HERE])

def records(number, name, text, port=4747, address=HERE):
    full, server = name + "." + TYPE, "hostile-" + str(number) + ".local."
    told = [DNSPointer(TYPE, _TYPE_PTR, _CLASS_IN, 120, full),
            DNSService(full, _TYPE_SRV, _CLASS_IN, 120, 0, 0, port, server),
            DNSText(full, _TYPE_TXT, _CLASS_IN, 120, text)]
    if address is not None:
        told.append(DNSAddress(server, _TYPE_A, _CLASS_IN, 120, socket.inet_aton(address)))
    return told

def send(told):
    for start in range(0, len(told), 12):
        out = DNSOutgoing(_FLAGS_QR_RESPONSE | _FLAGS_AA)
        for record in told[start:start + 12]:
            out.add_answer_at_time(record, 0)
        zeroconf.send(out)

BROKEN = [
    ("past the end", b"\\x7fversion=1"),
    ("not utf-8", b"\\x0aruleset=\\xff\\xfe\\x08seats=\\xff\\xff"),
    ("absurd", b"\\x1eseats=99999999999999999999999\\x07open=-3\\x0ataken=1e9\\x09version=x"),
    ("no values", b"\\x05seats\\x00\\x04open="),
    ("huge", b"".join(b"\\xffruleset=" + b"x" * 247 for _ in range(16))),
    ("Bad\\x07\\nname\\u202e", b"\\x0cruleset=coup"),
]
UNREACHABLE = [("port 0", 0, HERE), ("multicast", 4747, "224.0.0.251"),
               ("nowhere", 4747, "0.0.0.0"), ("no address", 4747, None)]
told = [record for number, (name, text) in enumerate(BROKEN)
        for record in records(number, name, text)]
told += [record for number, (name, port, address) in enumerate(UNREACHABLE, 100)
         for record in records(number, name, b"\\x0cruleset=coup", port, address)]
garbage = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
garbage.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(HERE))
for size in range(0, 1500, 30):
    garbage.sendto(os.urandom(size), ("224.0.0.251", 5353))
for _ in range(3):
    send(told)
    time.sleep(0.5)
print("sent", flush=True)
sys.stdin.readline()
flood = [record for number in range(200, 320)
         for record in records(number, f"flood {{number}}", b"")]
send(flood)
print("flooded", flush=True)
sys.stdin.readline()
real.stop()
zeroconf.close()
"""
BROKEN_TXT = ("past the end", "not utf-8", "absurd", "no values", "huge")
UNREACHABLE = ("port 0", "multicast", "nowhere", "no address")


def test_hostile_announcements_are_listed_with_what_can_be_read_or_left_out(
    machines: Machines,
) -> None:
    watcher = Watcher(machines)
    watcher.until(lambda tables: True)  # it is looking
    hostile = machines.start(HOST, [sys.executable, "-c", HOSTILE], stdin=subprocess.PIPE)
    assert hostile.stdin is not None and hostile.stdout is not None

    def by_name(tables: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        return {table["name"]: table for table in tables}

    seen = watcher.until(lambda tables: {"Zoé's table", *BROKEN_TXT} <= set(by_name(tables)))
    assert hostile.stdout.readline() == "sent\n"
    time.sleep(RESOLVE_WAIT + 1)  # the tables without an address are given up
    hostile.stdin.write("flood\n")
    hostile.stdin.flush()
    assert hostile.stdout.readline() == "flooded\n"
    flooded = watcher.until(lambda tables: len(tables) >= MOST_TABLES)
    time.sleep(2)
    hostile.stdin.write("end\n")
    hostile.stdin.flush()
    hostile.wait(timeout=15)
    errors = watcher.close()
    assert "Traceback" not in errors and not any(seen["failure"] for seen in watcher.seen)

    tables = by_name(seen["tables"])
    assert tables["Zoé's table"] == {
        "name": "Zoé's table", "address": ADDRESSES[HOST], "port": 4747, "ruleset": "coup",
        "version": VERSION, "seats": 4, "open": 2, "taken": 1, "playing": False}
    for name in BROKEN_TXT:
        assert tables[name]["address"] == ADDRESSES[HOST] and tables[name]["port"] == 4747
        assert {key: tables[name][key] for key in ("ruleset", "seats", "open", "taken",
                                                   "playing")} == dict.fromkeys(
            ("ruleset", "seats", "open", "taken", "playing"))
    every = [table for seen in watcher.seen for table in seen["tables"]]
    assert not {table["name"] for table in every} & set(UNREACHABLE)
    assert all(table["name"].isprintable() and len(table["name"]) <= MOST_NAME
               for table in every)
    assert max(len(seen["tables"]) for seen in watcher.seen) == MOST_TABLES
    assert "Zoé's table" in by_name(flooded["tables"])  # a table found stays found


def announced(name: str, text: bytes | dict[str, str], port: int = 4747,
              addresses: list[str] | None = None) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}", port=port, properties=text,
                       parsed_addresses=addresses or ["10.47.0.1"])


def test_what_a_table_announces_is_read_back_as_it_was_told_and_holds_no_code() -> None:
    told = properties("coup-inquisitor", Seats(6, 3, 2, playing=True))
    assert set(told) == {"txtvers", "version", "ruleset", "seats", "open", "taken", "state"}
    assert found_table(announced("Zoé's table", told)) == FoundTable(
        "Zoé's table", "10.47.0.1", 4747, "coup-inquisitor", VERSION, 6, 3, 2, True)


def test_the_address_chosen_is_the_one_on_a_network_this_machine_is_on() -> None:
    info = announced("Zoé's table", {}, addresses=["192.168.9.4", "10.47.0.1"])
    assert found_table(info, [ipaddress.IPv4Network("10.47.0.0/24")]).address == "10.47.0.1"
    assert found_table(info, []).address == "192.168.9.4"


@settings(max_examples=300, deadline=None)
@given(text=st.binary(max_size=600), port=st.integers(-5, 70_000),
       name=st.text(min_size=1, max_size=70), address=st.ip_addresses(v=4))
def test_any_announcement_is_read_for_what_it_can_be_never_raising(
    text: bytes, port: int, name: str, address: Any,
) -> None:
    try:
        info = announced(name, text, port=port, addresses=[str(address)])
    except Exception:  # zeroconf itself takes no such name: nothing reaches us
        return
    found = found_table(info)
    reachable = 0 < port < 65536 and not (address.is_multicast or address.is_unspecified)
    assert (found is not None) == reachable
    if found is None:
        return
    assert found.name.isprintable() and 0 < len(found.name) <= MOST_NAME
    assert found.ruleset is None or len(found.ruleset) <= 40
    assert found.seats is None or 0 <= found.seats <= 16
    for count in (found.open, found.taken):
        assert count is None or 0 <= count <= (found.seats or 16)


@pytest.mark.parametrize(("table", "words"), [
    (FoundTable("Zoé's table", "10.47.0.1", 4747, "coup", VERSION, 4, 1, 1, False),
     "Zoé's table: Coup, 1 seat of 4 open; join at 10.47.0.1:4747 with the code the host "
     "reads out."),
    (FoundTable("Salon", "10.47.0.1", 4747, "coup-detat", VERSION, 4, 0, 2, True),
     "Salon: Coup d'État, the game has begun; join at 10.47.0.1:4747 with the code the "
     "host reads out."),
    (FoundTable("Later", "10.47.0.1", 4747, "coup", VERSION + 1, 4, 2, 0, False),
     f"Later: a table of another version of coup-detat (its wire is version {VERSION + 1}, "
     f"this one's {VERSION}), 2 seats of 4 open; join at 10.47.0.1:4747 with the code the "
     "host reads out."),
    (FoundTable("Odd", "10.47.0.1", 4747, "chess", None, None, None, None, None),
     "Odd: a game this version does not know (chess), its seats could not be read; join at "
     "10.47.0.1:4747 with the code the host reads out."),
    (FoundTable("Broken", "10.47.0.1", 4747, None, None, None, 3, None, None),
     "Broken: its game could not be read, 3 seats open; join at 10.47.0.1:4747 with the "
     "code the host reads out."),
])
def test_tables_says_each_table_found_in_one_line(table: FoundTable, words: str) -> None:
    assert described(table) == words


@pytest.mark.parametrize("listen", ["127.0.0.1", "::1", "fe80::1", "localhost"])
def test_a_table_listening_where_no_other_machine_reaches_is_not_announced(
    listen: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["host", "--seats", "open,medium,medium", "--listen", listen,
                 "--announce"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("coup-detat: a table listening on") and err.count("\n") == 1
    assert "--announce needs --listen on every interface" in err


def test_tables_on_a_machine_alone_finds_none_and_says_so() -> None:
    lone = netns_kit.run_python(
        "import subprocess, sys; sys.exit(subprocess.run(" +
        repr(netns_kit.program("tables", "--wait", "1")) + ").returncode)", timeout=30)
    assert lone.returncode == 0, lone.stderr
    assert lone.stdout == "No table was found on the local network in 1 second.\n"
