"""The table a window hosts, kept as its game goes (kept_table.py) by a thread of its own:
the window's render loop never waits on the disk. Everything the table sends to the
friends goes through the same thread, in order, after the table as it stood then is
written: as at a host without a window, no friend is ever told what the table opened
again would not know. What the friends are told of the game's events, each seat's
position and question, and the kept table's document are built here too (telling.py): the
window's thread only numbers the events and takes the match as it stands. What the host
should hear of the file (kept aside, not kept) waits in `said` for the window to read."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from game.engine import texts
from game.net.headless import table_kept
from game.net.hosted import HostedTable
from game.net.kept_table import Keeping, TableKeeper
from game.net.telling import Built
from game.net.wire import JsonObject

Send = Callable[[int, JsonObject], None]
Close = Callable[[int, str], None]
LOOK_EVERY = 0.2  # seconds between looks at whether the program is ending


class KeepingThread:
    """Between a window's hosted table and its server: `send` and `close_connection` as the
    table calls them (they never wait), passed on by the thread once the table is kept."""

    def __init__(self, keeper: TableKeeper | None, *, resumed: bool = False) -> None:
        """`keeper`: None when another host keeps its table on these folders (this one is
        then not kept, and its messages go on all the same)."""
        self.keeper = keeper
        self.said: queue.Queue[str] = queue.Queue()
        self._keeping = Keeping(keeper, self.said.put, resumed=resumed) \
            if keeper is not None else None
        self._work: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._send: Send = lambda connection, message: None
        self._close: Close = lambda connection, reason: None
        self.table: HostedTable | None = None
        self.where = ("", 0, "")  # (listen, port, code) as kept
        self.relay: str | None = None  # the relay's address the table is opened on, if one
        self.relay_key: str | None = None  # and its key there
        self._kept = -1  # the game's decisions when it was last kept
        self._forgotten = False
        # not a daemon: what is queued when the window closes is still written (the thread
        # ends once the program's main thread has, and nothing is left to do)
        self._thread = threading.Thread(target=self._run, name="table-keeping")
        self._thread.start()

    def pass_to(self, send: Send, close: Close) -> None:
        """Where the messages go once the table is kept (the server's own, from now on)."""
        self._send, self._close = send, close

    # From the window's thread --------------------------------------------------------------
    def send(self, connection: int, message: JsonObject) -> None:
        self._keep_moved()
        self._work.put(lambda: self._send(connection, message))

    def later(self, built: Built) -> None:
        """Messages built in the thread (`HostedTable.later`), then sent, in their turn."""
        self._keep_moved()
        self._work.put(lambda: built(self._send))

    def close_connection(self, connection: int, reason: str) -> None:
        self._keep_moved()
        self._work.put(lambda: self._close(connection, reason))

    def keep_now(self) -> None:
        """Keep the table now if its game has moved on (after a game opened again)."""
        self._keep_moved()

    def forget(self) -> None:
        """The game is over: the kept table goes (once what is queued has gone)."""
        keeper = self.keeper
        if keeper is not None and not self._forgotten:
            self._forgotten = True
            self._work.put(keeper.forget)

    def stop(self) -> None:
        """Write what is queued, then let the table's lock go (not waited for)."""
        self._work.put(None)

    def join(self, timeout: float) -> None:
        """Wait for the thread to end (after `stop`), at most `timeout` seconds."""
        self._thread.join(timeout)

    def _keep_moved(self) -> None:
        table, keeping = self.table, self._keeping
        session = table.session if table is not None else None
        if keeping is None or table is None or session is None or self._forgotten \
                or len(session.match.turns) == self._kept:
            return
        self._kept = len(session.match.turns)
        listen, port, code = self.where
        # taken here (the game moves on while it is written), written out in the thread
        document = table_kept(table, code, listen, port, None, self.relay,
                              self.relay_key).json_later()
        self._work.put(lambda: keeping.keep(document()))

    # In the thread ---------------------------------------------------------------------------
    def _run(self) -> None:
        main = threading.main_thread()
        while True:
            try:
                work = self._work.get(timeout=LOOK_EVERY)
            except queue.Empty:
                if not main.is_alive():
                    break
                continue
            if work is None:
                break
            try:
                work()
            except Exception as error:  # the window goes on; the host hears of it
                self.said.put(f"The table could not be kept: {texts.brief(error)}.")
        if self.keeper is not None:
            self.keeper.release()
