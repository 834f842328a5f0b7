"""A hosted table with no window (`coup-detat host`): the server, the table, and the loop
of the game's thread between them, until the game is over or the run is stopped."""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import ifaddr

from game.net.discovery import Announcement, Seats
from game.net.hosted import DEFAULT_GRACE, HostedTable
from game.net.server import Arrival, TableServer
from game.net.wire import CODE_ALPHABET, CODE_LENGTH

TICK = 0.05  # seconds the game's thread waits for a message before looking again


@dataclass(frozen=True)
class Listening:
    """Where friends reach the table."""

    address: str
    port: int
    code: str


def new_code() -> str:
    """A table code to read out: CODE_LENGTH letters and digits, none easily misheard."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def reachable_address(listen: str) -> str:
    """The address friends type to reach a table listening on `listen`: itself, unless it
    listens on every interface; then this machine's first address on a network (from the
    interfaces' own list: nothing is sent to find it), else the loopback address."""
    if listen not in ("0.0.0.0", "::", ""):
        return listen
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                return ip.ip
    return "127.0.0.1"


def deliver(table: HostedTable, arrival: Arrival) -> None:
    """Hand one arrival from the server to the table."""
    if arrival.kind == "hello":
        assert arrival.message is not None
        table.hello(arrival.connection, arrival.message)
    elif arrival.kind == "message":
        assert arrival.message is not None
        table.received(arrival.connection, arrival.message)
    else:
        table.dropped(arrival.connection)


def announced_seats(table: HostedTable) -> Seats:
    """What the table's announcement says of its seats now."""
    friends = [chair for chair in table.chairs if chair.is_friends]
    taken = sum(chair.taken for chair in friends)
    return Seats(len(table.chairs), len(friends) - taken, taken, playing=table.started)


def announced_where(listen: str) -> tuple[list[str] | None, list[str] | None]:
    """The addresses announced for a table listening on `listen`, and the interfaces it is
    announced on: those of every network, or only that address's."""
    every = listen in ("0.0.0.0", "::", "")
    return (None, None) if every else ([listen], [listen])


class HeadlessHost:
    """A table that starts once every friend's seat is taken, and runs to the game's end."""

    def __init__(self, ruleset_id: str, options: Mapping[str, object], plan: Sequence[str],
                 *, listen: str = "0.0.0.0", port: int = 0, code: str | None = None,
                 seed: int | None = None, grace: float = DEFAULT_GRACE,
                 log: Callable[[str], None] | None = None,
                 announce: bool = False, table_name: str | None = None) -> None:
        """`announce`: tell the local network of the table (discovery.py), named
        `table_name` (default: this machine's name)."""
        self.code = code or new_code()
        self._woken = threading.Event()
        self.server = TableServer(self.code, listen=listen, port=port, wake=self._woken.set,
                                  log=log)
        self.table = HostedTable(ruleset_id, options, plan, send=self.server.send,
                                 close=self.server.close_connection, seed=seed, grace=grace,
                                 log=log)
        self.listen = listen
        self.stopped = threading.Event()
        self.announcement: Announcement | None = None
        self._announce, self._table_name, self._log = announce, table_name, log

    def open(self) -> Listening:
        """Listen (`OSError` if the port cannot be had); where friends reach the table."""
        port = self.server.start()
        if self._announce:
            addresses, interfaces = announced_where(self.listen)
            self.announcement = Announcement(self._table_name, self.table.ruleset.id, port,
                                             addresses=addresses, interfaces=interfaces,
                                             log=self._log)
            self.announcement.start(announced_seats(self.table))
        return Listening(reachable_address(self.listen), port, self.code)

    def run(self) -> bool:
        """Play the game to its end (True), or until `stopped` is set (False)."""
        table = self.table
        while not self.stopped.is_set():
            self._woken.wait(TICK)
            self._woken.clear()
            while True:
                try:
                    arrival = self.server.inbox.get_nowait()
                except queue.Empty:
                    break
                deliver(table, arrival)
            if not table.started and table.ready:
                table.start()
            table.step()
            if self.announcement is not None:
                self.announcement.update(announced_seats(table))
            if table.over:
                return True
        return False

    def close(self) -> None:
        """Withdraw the announcement, close every connection (once what it was sent has
        gone), then the table."""
        if self.announcement is not None:
            self.announcement.stop()
        self.server.stop()
        self.table.close()
