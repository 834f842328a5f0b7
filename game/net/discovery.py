"""Finding the tables hosted on the local network, without typing an address: a hosted
table is announced by DNS-SD over multicast DNS (python-zeroconf), and a `Browser` lists
the tables announced (docs/NETWORK.md).

A table is a service of our own type, SERVICE_TYPE, its instance named after the table
("Zoé's table", or the host's machine name). Its TXT properties say what a friend needs
to choose a table: the wire's version, the ruleset, the seats open and taken, whether the
game has begun. Never its code: that is read out by the host, and announcing it would let
anyone on the network sit down.

Zeroconf has threads of its own, and its calls wait (an announcement is probed, then sent
three times): here each `Announcement` and each `Browser` works in a thread of its own
besides, so that the game's thread and the window's only set what is wanted and read
what was found, and never wait. What arrives from the network is trusted in nothing: a
table announced with unreadable properties is listed with what can be read, one with no
address or port is left out, and there are at most MOST_TABLES.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import secrets
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange
from zeroconf import Zeroconf as _Zeroconf

from game.engine.texts import cleaned
from game.net.wire import VERSION

SERVICE_TYPE = "_coup-detat._tcp.local."
TXT_VERSION = "1"  # the version of the properties' layout (DNS-SD's txtvers)
TTL = 60  # seconds an announcement is believed: a table whose host vanished goes then
MOST_NAME_BYTES = 63  # DNS's limit on an instance's name
MOST_NAME = 60  # characters of a table's name shown
MOST_TABLES = 50  # tables listed at most; more are not looked at
MOST_SEATS = 16
MOST_RULESET = 40  # characters of a ruleset's id
RESOLVE_WAIT = 1.5  # seconds to wait for a table's address, port and properties
STOP_WAIT = 3.0  # seconds `stop` and `close` wait for their thread
LOG = logging.getLogger("coup-detat.net")


@dataclass(frozen=True)
class Seats:
    """What a table's announcement says of its seats."""

    total: int
    open: int  # friends' seats nobody has taken yet
    taken: int  # friends' seats taken
    playing: bool = False  # the game has begun


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the network: where it is, and what could be read of the rest
    (None: not said, or not readable)."""

    name: str
    address: str
    port: int
    ruleset: str | None
    version: int | None
    seats: int | None
    open: int | None
    taken: int | None
    playing: bool | None


def table_name(name: str | None) -> str:
    """The name a table is announced as: `name` cleaned, else this machine's name, at most
    MOST_NAME_BYTES bytes (a dot would end the name early: it is a space)."""
    text = cleaned((name or "").replace(".", " "), MOST_NAME) or machine_name()
    while len(text.encode("utf-8")) > MOST_NAME_BYTES:
        text = text[:-1]
    return text.strip() or "Coup d'État"


def machine_name() -> str:
    return cleaned(socket.gethostname().split(".")[0], MOST_NAME) or "Coup d'État"


def properties(ruleset: str, seats: Seats) -> dict[str, str]:
    """The TXT properties of a table's announcement (docs/NETWORK.md). No code."""
    return {"txtvers": TXT_VERSION, "version": str(VERSION), "ruleset": ruleset,
            "seats": str(seats.total), "open": str(seats.open), "taken": str(seats.taken),
            "state": "playing" if seats.playing else "lobby"}


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on a network (not the loopback's), from the
    interfaces' own list."""
    return [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ip.ip.startswith("127.")]


def _zeroconf(interfaces: Sequence[str] | None) -> _Zeroconf:
    if interfaces is None:
        if not any(ip.is_IPv4 for adapter in ifaddr.get_adapters() for ip in adapter.ips):
            raise OSError("this machine has no network address")
        return _Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)
    return _Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)


def _why(error: BaseException) -> str:
    return str(error) or type(error).__name__


class Announcement:
    """A table's announcement on the local network: `start`, `update` and `stop` set what
    is wanted and return at once; a thread of its own tells the network. `failure` says
    why the table could not be announced (the table goes on without)."""

    def __init__(self, name: str | None, ruleset: str, port: int, *,
                 addresses: Sequence[str] | None = None,
                 interfaces: Sequence[str] | None = None,
                 log: Callable[[str], None] | None = None) -> None:
        """`addresses`: where friends reach the table (default: this machine's on every
        network); `interfaces`: the addresses of the interfaces announced on (default:
        every one)."""
        self.name = table_name(name)
        self.ruleset, self.port = ruleset, port
        self.addresses = list(addresses) if addresses is not None else None
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.failure: str | None = None
        self._log = log or LOG.info
        self._wanted: Seats | None = None
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="table-announcement",
                                        daemon=True)

    def start(self, seats: Seats) -> None:
        self._wanted = seats
        self._thread.start()

    def update(self, seats: Seats) -> None:
        """Announce `seats` now (nothing is sent if they have not changed)."""
        if seats == self._wanted:
            return
        with self._changed:
            self._wanted = seats
            self._changed.notify()

    def stop(self) -> None:
        """Withdraw the announcement (browsers are told the table has gone), waiting at
        most STOP_WAIT."""
        with self._changed:
            self._stopping = True
            self._changed.notify()
        if self._thread.is_alive():
            self._thread.join(STOP_WAIT)

    def _run(self) -> None:
        try:
            zeroconf = _zeroconf(self.interfaces)
        except Exception as error:  # zeroconf raises OSError, RuntimeError, its own errors
            self._failed(error)
            return
        try:
            self._announce(zeroconf)
        except Exception as error:
            self._failed(error)
        finally:
            with contextlib.suppress(Exception):
                zeroconf.close()

    def _announce(self, zeroconf: _Zeroconf) -> None:
        addresses = self.addresses if self.addresses is not None else network_addresses()
        if not addresses:
            raise OSError("this machine has no address on a network")
        told = self._wanted
        assert told is not None
        info = ServiceInfo(SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}", port=self.port,
                           properties=properties(self.ruleset, told),
                           server=f"coup-detat-{secrets.token_hex(4)}.local.",
                           parsed_addresses=addresses, host_ttl=TTL, other_ttl=TTL)
        zeroconf.register_service(info, allow_name_change=True)
        self.name = info.name.removesuffix(f".{SERVICE_TYPE}")
        self._log(f"The table is announced on the local network as “{self.name}”.")
        while True:
            with self._changed:
                while not self._stopping and self._wanted == told:
                    self._changed.wait()
                if self._stopping:
                    break
                told = self._wanted
            assert told is not None
            info = replace_properties(info, properties(self.ruleset, told))
            zeroconf.update_service(info)
        zeroconf.unregister_service(info)

    def _failed(self, error: BaseException) -> None:
        self.failure = _why(error)
        self._log(f"The table could not be announced on the local network: {self.failure}.")


def replace_properties(info: ServiceInfo, told: dict[str, str]) -> ServiceInfo:
    """The same announcement with other properties."""
    return ServiceInfo(info.type, info.name, port=info.port, properties=told,
                       server=info.server, addresses=info.addresses,
                       host_ttl=info.host_ttl, other_ttl=info.other_ttl)


class Browser:
    """The tables announced on the local network, kept up to date as they come, change and
    go, by a thread of its own. `tables()` never waits (a window reads it each frame);
    `wake`, if given, is called (from that thread) when the list has changed. `failure`
    says why the network could not be looked at."""

    def __init__(self, interfaces: Sequence[str] | None = None, *,
                 wake: Callable[[], None] | None = None) -> None:
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.failure: str | None = None
        self._wake = wake or (lambda: None)
        self._found: tuple[FoundTable, ...] = ()
        self._known: dict[str, FoundTable] = {}
        self._pending: dict[str, ServiceStateChange] = {}  # by the browser's thread
        self._lock = threading.Lock()
        self._woken = threading.Event()
        self._closing = False
        self._networks = local_networks()
        self._thread = threading.Thread(target=self._run, name="table-browser", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def tables(self) -> tuple[FoundTable, ...]:
        """The tables found now, by name."""
        return self._found

    def close(self) -> None:
        """Stop looking, waiting at most STOP_WAIT."""
        self._closing = True
        self._woken.set()
        if self._thread.is_alive():
            self._thread.join(STOP_WAIT)

    # zeroconf's browser thread -----------------------------------------------------------
    def _changed(self, zeroconf: _Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        with self._lock:
            known = name in self._pending or name in self._known
            if known or len(self._pending) + len(self._known) < MOST_TABLES:
                self._pending[name] = state_change
        self._woken.set()

    # this browser's thread ---------------------------------------------------------------
    def _run(self) -> None:
        try:
            zeroconf = _zeroconf(self.interfaces)
        except Exception as error:  # zeroconf raises OSError, RuntimeError, its own errors
            self.failure = _why(error)
            return
        browser: ServiceBrowser | None = None
        try:
            browser = ServiceBrowser(zeroconf, SERVICE_TYPE, handlers=[self._changed])
            while not self._closing:
                self._woken.wait()
                self._woken.clear()
                self._look(zeroconf)
        except Exception as error:
            self.failure = _why(error)
        finally:
            with contextlib.suppress(Exception):
                if browser is not None:
                    browser.cancel()
            with contextlib.suppress(Exception):
                zeroconf.close()

    def _look(self, zeroconf: _Zeroconf) -> None:
        while not self._closing:
            with self._lock:
                if not self._pending:
                    return
                name, change = self._pending.popitem()
            found = None
            if change is not ServiceStateChange.Removed:
                found = self._resolve(zeroconf, name)
                if found is None and name in self._known:
                    continue  # what it was, until it can be read again
            self._publish(name, found)

    def _resolve(self, zeroconf: _Zeroconf, name: str) -> FoundTable | None:
        try:
            info = zeroconf.get_service_info(SERVICE_TYPE, name,
                                             timeout=int(RESOLVE_WAIT * 1000))
            return None if info is None else found_table(info, self._networks)
        except Exception:  # a name or records zeroconf cannot take: left out
            return None

    def _publish(self, name: str, found: FoundTable | None) -> None:
        with self._lock:
            if found is None:
                self._known.pop(name, None)
            elif name in self._known or len(self._known) < MOST_TABLES:
                self._known[name] = found
            self._found = tuple(sorted(self._known.values(),
                                       key=lambda table: (table.name.casefold(), table.port)))
        self._wake()


def local_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this machine is on."""
    networks = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str):
                with contextlib.suppress(ValueError):
                    networks.append(ipaddress.IPv4Network(f"{ip.ip}/{ip.network_prefix}",
                                                          strict=False))
    return networks


def found_table(info: ServiceInfo,
                networks: Sequence[ipaddress.IPv4Network] = ()) -> FoundTable | None:
    """A table as its announcement says, with what can be read of it; None without an
    address or a port to reach it at."""
    address = _address(info, networks)
    port = info.port
    if address is None or not isinstance(port, int) or not 0 < port < 65536:
        return None
    told = _texts(info)
    seats = _whole(told.get("seats"), MOST_SEATS)
    most = seats if seats is not None else MOST_SEATS
    state = told.get("state")
    ruleset = told.get("ruleset")
    name = info.name.removesuffix(f".{SERVICE_TYPE}") if isinstance(info.name, str) else ""
    return FoundTable(
        name=cleaned(name, MOST_NAME) or "A table", address=address, port=port,
        ruleset=ruleset if ruleset is not None and _an_id(ruleset) else None,
        version=_whole(told.get("version"), 10**6), seats=seats,
        open=_whole(told.get("open"), most), taken=_whole(told.get("taken"), most),
        playing={"playing": True, "lobby": False}.get(state or ""))


def _address(info: ServiceInfo, networks: Sequence[ipaddress.IPv4Network]) -> str | None:
    """The table's address on a network this machine is on, else its first."""
    addresses = []
    for text in info.parsed_addresses(IPVersion.V4Only)[:MOST_SEATS]:
        with contextlib.suppress(ValueError):
            address = ipaddress.IPv4Address(text)
            if not (address.is_multicast or address.is_unspecified):
                addresses.append(address)
    near = [address for address in addresses if any(address in net for net in networks)]
    chosen = near or addresses
    return str(chosen[0]) if chosen else None


def _texts(info: ServiceInfo) -> dict[str, str]:
    """The properties that are short texts, by key."""
    told = {}
    for key, value in list(info.properties.items())[:32]:
        if isinstance(key, bytes) and isinstance(value, bytes) and len(value) <= MOST_RULESET:
            told[key.decode("ascii", "replace").lower()] = value.decode("utf-8", "replace")
    return told


def _whole(text: str | None, most: int) -> int | None:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 7:
        return None
    number = int(text)
    return number if number <= most else None


def _an_id(text: str) -> bool:
    return 0 < len(text) <= MOST_RULESET and all(
        c.isascii() and (c.isalnum() or c == "-") for c in text)

