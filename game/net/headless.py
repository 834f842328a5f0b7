"""A hosted table with no window (`coup-detat host`): the server, the table, and the loop
of the game's thread between them, until the game is over or the run is stopped."""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

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


class Hosting:
    """A table this machine holds for friends: its server and the table, and what the
    game's thread does at each turn (`pump`: hand the table what has arrived)."""

    def __init__(self, table: HostedTable, server: TableServer, listen: str) -> None:
        self.table, self.server, self.listen = table, server, listen

    def open(self) -> Listening:
        """Listen (`OSError` if the port cannot be had); where friends reach the table."""
        port = self.server.start()
        return Listening(reachable_address(self.listen), port, self.server.code)

    def pump(self) -> int:
        """Hand the table everything that has arrived; how many arrivals there were."""
        count = 0
        while True:
            try:
                arrival = self.server.inbox.get_nowait()
            except queue.Empty:
                return count
            deliver(self.table, arrival)
            count += 1

    def close(self, wait: bool = True) -> None:
        """Close every connection (once what it was sent has gone), then the table;
        `wait` False: the server closes in its own time (the window does not wait)."""
        self.server.stop(wait=wait)
        self.table.close()


def hosting(ruleset_id: str, options: Mapping[str, object], plan: Sequence[str], *,
            listen: str = "0.0.0.0", port: int = 0, code: str | None = None,
            wake: Callable[[], None] | None = None, **table: Any) -> Hosting:
    """A table for friends, not yet listening (`Hosting.open`); `table`: HostedTable's
    own arguments (its seed, grace, log, names, session's options)."""
    code = code or new_code()
    server = TableServer(code, listen=listen, port=port, wake=wake, log=table.get("log"))
    hosted = HostedTable(ruleset_id, options, plan, send=server.send,
                         close=server.close_connection, **table)
    return Hosting(hosted, server, listen)


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
        self._woken = threading.Event()
        # a computer's decision wakes the loop as a friend's does: else each waited a TICK
        self.hosting = hosting(ruleset_id, options, plan, listen=listen, port=port,
                               code=code, wake=self._woken.set, seed=seed, grace=grace,
                               log=log, session_options={"on_thinking_done": self._woken.set})
        self.table, self.server = self.hosting.table, self.hosting.server
        self.code = self.server.code
        self.stopped = threading.Event()
        self.announcement: Announcement | None = None
        self._announce, self._table_name, self._log = announce, table_name, log

    def open(self) -> Listening:
        """Listen (`OSError` if the port cannot be had); where friends reach the table."""
        where = self.hosting.open()
        if self._announce:
            addresses, interfaces = announced_where(self.hosting.listen)
            self.announcement = Announcement(self._table_name, self.table.ruleset.id,
                                             where.port, addresses=addresses,
                                             interfaces=interfaces, log=self._log)
            self.announcement.start(announced_seats(self.table))
        return where

    def run(self) -> bool:
        """Play the game to its end (True), or until `stopped` is set (False)."""
        table = self.table
        while not self.stopped.is_set():
            self._woken.wait(TICK)
            self._woken.clear()
            self.hosting.pump()
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
        self.hosting.close()
