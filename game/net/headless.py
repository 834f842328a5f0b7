"""A hosted table with no window (`coup-detat host`): the server, the table, and the loop
of the game's thread between them, until the game is over or the run is stopped. The
table is kept in the player's folder as its game goes (kept_table.py), so that `host
--continue` opens it again if the run ends first."""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ifaddr

from game.engine.saves import SavedGame
from game.net.discovery import Announcement, Seats
from game.net.hosted import DEFAULT_GRACE, OPEN, PERSON, HostedTable
from game.net.hosted_tables import HostedTables, hosted_table
from game.net.kept_table import Keeping, KeptTable, TableKeeper
from game.net.server import Arrival, TableServer
from game.net.wire import CODE_ALPHABET, CODE_LENGTH, JsonObject
from game.services.session import HUMAN

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


AnyTable = HostedTable | HostedTables  # one table, or a match at two


def deliver(table: AnyTable, arrival: Arrival) -> None:
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

    def __init__(self, table: AnyTable, server: TableServer, listen: str) -> None:
        self.table, self.server, self.listen = table, server, listen
        self.announcement: Announcement | None = None

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

    def announce(self, name: str | None, port: int, log: Callable[[str], None] | None = None
                 ) -> None:
        """Tell the local network of the table, listening on `port`, named `name` (None:
        this machine's name): discovery.py; followed by `follow_seats`."""
        addresses, interfaces = announced_where(self.listen)
        self.announcement = Announcement(name, self.table.ruleset.id, port,
                                         addresses=addresses, interfaces=interfaces, log=log)
        self.announcement.start(announced_seats(self.table))

    def follow_seats(self) -> None:
        """The announcement says the seats as they are now (it sends only what changed)."""
        if self.announcement is not None:
            self.announcement.update(announced_seats(self.table))

    def close(self, wait: bool = True, *, for_good: bool = True) -> None:
        """Withdraw the announcement, close every connection (once what it was sent has
        gone), then the table; `wait` False: the server closes in its own time (the window
        does not wait). `for_good` False: the table is kept to be opened again, and the
        friends' programs wait for it (TableServer.stop)."""
        if self.announcement is not None:
            self.announcement.stop()
        self.server.stop(wait=wait, for_good=for_good)
        self.table.close()


def hosting(ruleset_id: str, options: Mapping[str, object], plan: Sequence[str], *,
            listen: str = "0.0.0.0", port: int = 0, code: str | None = None,
            wake: Callable[[], None] | None = None,
            send: Callable[[int, JsonObject], None] | None = None,
            close: Callable[[int, str], None] | None = None, **table: Any) -> Hosting:
    """A table for friends, not yet listening (`Hosting.open`); `wake`: called (from any
    thread) when the table has something to do; `send` and `close`: what the table sends
    and closes a connection through (by default the server); `table`: HostedTable's own
    arguments (its seed, grace, log, names, session's options)."""
    code = code or new_code()
    server = TableServer(code, listen=listen, port=port, wake=wake, log=table.get("log"))
    hosted = hosted_table(ruleset_id, options, plan, send=send or server.send,
                          close=close or server.close_connection, wake=wake, **table)
    return Hosting(hosted, server, listen)


def kept_plan(kept: KeptTable) -> list[str]:
    """The plan of a kept table's chairs: a friend's (with a token), a person's at the
    host's screen, a computer's level."""
    return [OPEN if token is not None else PERSON if seat.kind == HUMAN else seat.level
            for token, seat in zip(kept.tokens, kept.game.seats, strict=True)]


def table_kept(table: HostedTable, code: str, listen: str, port: int, save: str | None,
               relay: str | None = None, relay_key: str | None = None) -> KeptTable:
    """What is kept of a table whose game has begun (opened on `relay` as well, if it
    was), to open it again."""
    session = table.session
    assert session is not None
    return KeptTable(code, listen, port, table.grace, save, table.seed,
                     tuple(chair.token for chair in table.chairs),
                     SavedGame(session.match, session.seats), relay,
                     table.decision_clock.seconds, relay_key)


def announced_seats(table: AnyTable) -> Seats:
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
    """A table that starts once every friend's seat is taken, and runs to the game's end.
    With a `keeper`, the table is kept as its game goes (kept_table.py), `save` being
    where its save goes at the end; `again` opens a kept table again."""

    def __init__(self, ruleset_id: str, options: Mapping[str, object], plan: Sequence[str],
                 *, listen: str = "0.0.0.0", port: int = 0, code: str | None = None,
                 seed: int | None = None, grace: float = DEFAULT_GRACE,
                 time: float | None = None,
                 log: Callable[[str], None] | None = None, keeper: TableKeeper | None = None,
                 save: str | None = None, announce: bool = False,
                 table_name: str | None = None, relay: str | None = None) -> None:
        """`announce`: tell the local network of the table (discovery.py), named
        `table_name` (default: this machine's name). `time`: the seconds a friend has
        for each decision (None: no time). `relay`: the relay's address the table is
        opened on as well (by the caller, once it listens), kept with the table."""
        self._woken = threading.Event()
        # a computer's decision wakes the loop as a friend's does: else each waited a TICK
        self.hosting = hosting(ruleset_id, options, plan, listen=listen, port=port,
                               code=code, wake=self._woken.set, send=self._send, seed=seed,
                               grace=grace, time=time, log=log)
        self.table, self.server = self.hosting.table, self.hosting.server
        self.code = self.server.code
        self.listen, self.port = listen, port
        self.stopped = threading.Event()
        self._log = log or (lambda line: None)
        if keeper is not None and isinstance(self.table, HostedTables):
            keeper.release()
            keeper = None
            self._log("A match at two tables is not kept: it cannot be continued if the "
                      "host stops before it ends.")
        self.keeper, self.save = keeper, save
        self._resumed: tuple[SavedGame, tuple[str | None, ...]] | None = None
        self._keeping: Keeping | None = None
        self._kept = -1  # the decisions of the game when it was last kept
        self._announce, self._table_name = announce, table_name
        self.relay = relay
        self.relay_key: str | None = None  # the table's key there, once opened on it

    @classmethod
    def again(cls, kept: KeptTable, *, listen: str | None = None, port: int | None = None,
              grace: float | None = None, time: float | None = None,
              save: str | None = None, relay: str | None = None,
              log: Callable[[str], None] | None = None,
              keeper: TableKeeper | None = None) -> HeadlessHost:
        """The kept table, to open again: its code, chairs and game; where it listens, its
        grace, its time for each decision, its relay and where its save goes as kept,
        unless given (what is given wins)."""
        game = kept.game
        if kept.persons_here:
            raise ValueError("it was hosted in the window, with a person at its screen "
                             "(the window's Continue opens it again)")
        host = cls(game.ruleset.id, game.ruleset.options_to_json(game.match.options),
                   kept_plan(kept),
                   listen=listen or kept.listen, port=kept.port if port is None else port,
                   code=kept.code, seed=kept.seed,
                   grace=kept.grace if grace is None else grace,
                   time=kept.time if time is None else time, log=log, keeper=keeper,
                   save=save or kept.save, relay=relay or kept.relay)
        host._resumed = (game, kept.tokens)
        host.relay_key = kept.relay_key
        return host

    def open(self) -> Listening:
        """Listen (`OSError` if the port cannot be had); where friends reach the table."""
        where = self.hosting.open()
        self.port = where.port
        if self._resumed is not None:
            self.table.resume(*self._resumed)
            self._keep_moved()  # where it listens now, its grace, its save
        if self._announce:
            self.hosting.announce(self._table_name, where.port, log=self._log)
        return where

    def _send(self, connection: int, message: JsonObject) -> None:
        """Send, the table kept first if its game has moved on: nothing a friend is told,
        or asked, is missing from the table opened again after the host was killed."""
        self._keep_moved()
        self.server.send(connection, message)

    def _keep_moved(self) -> None:
        table = self.table  # (a match of two tables is not kept)
        if self.keeper is None or not isinstance(table, HostedTable) or table.session is None \
                or len(table.session.match.turns) == self._kept:
            return
        self._kept = len(table.session.match.turns)
        if self._keeping is None:
            self._keeping = Keeping(self.keeper, self._log, resumed=self._resumed is not None)
        self._keeping.keep(table_kept(table, self.code, self.listen, self.port,
                                      self.save, self.relay, self.relay_key).to_json())

    def run(self) -> bool:
        """Play the game to its end (True), or until `stopped` is set (False)."""
        table = self.table
        moved = False
        while not self.stopped.is_set():
            if not moved:  # a step that decided may have a computer to ask at once
                self._woken.wait(TICK)
            self._woken.clear()
            self.hosting.pump()
            if not table.started and table.ready:
                table.start()
            decisions = self._decisions()
            table.step()
            self.hosting.follow_seats()
            moved = self._decisions() != decisions
            if table.over:
                return True
        return False

    def _decisions(self) -> int:
        table = self.table
        if isinstance(table, HostedTables):
            return table.decisions()
        return 0 if table.session is None else len(table.session.match.turns)

    def close(self) -> None:
        """Withdraw the announcement, close every connection (once what it was sent has
        gone), then the table."""
        self.hosting.close()
        if self.keeper is not None:
            self.keeper.release()

    def forget(self) -> None:
        """The game is over and its save written: nothing is kept to continue."""
        if self.keeper is not None:
            self.keeper.forget()
