"""The table a host holds (without a window, or in the window), kept in the player's data
folder as its game goes, so that `coup-detat host --continue` (or the window's Continue)
opens it again after the program ended before the game did (stopped, killed, the machine
restarted, the window closed): the same code on the same port, the same chairs with their
names and seat tokens (the friends' programs come back with them), and the game itself as
a save (engine/saves.py), written after every decision and before anyone is told of it,
so that no friend ever saw what the table opened again would not know.

    {"format": "coup-detat-hosted-table", "version": 3, "table": {
      "code": "K7MQ2D", "listen": "0.0.0.0", "port": 4747, "grace": 60.0,
      "save": "/home/ada/sunday.json", "seed": null,
      "relay": "203.0.113.5:4748", "relay_key": "b3Qx...", "time": 60.0,
      "tokens": ["Gq3...", null, "x1A..."],
      "game": {"format": "coup-detat-save", "version": 3, ...}}}

`tokens` holds each friend's seat token (null at a computer's seat, and at a person's who
plays at the host's own screen), seat by seat; `save` is where the game's save goes when
it ends (null: nowhere); `relay`, the relay the table was opened on as well (null: none),
with the secret key that takes its code up again there (the relay holds a code a minute
for its host's key); `time`, the seconds a person has for each decision (null: no time).
The question open when the table is opened again has the whole time once more (the time
left is not kept: the table is written before each question is asked, not as its time
runs). One table is kept: from the start of its game to its end, when it is removed. The
file holds the seat tokens and the
whole game, every hidden card: it is written for the player alone (mode 0600).

Reading never fails, as the records files' (records_file.py): a missing file keeps no
table; a damaged one (or one whose game does not replay by the rules) keeps none either,
and it is kept aside (`hosted-table.damaged-20261202-012000.json`) before another table
is kept in its place; a newer version's file is never written over. A host keeping its
table holds the table's lock (the system's, let go however the program ends): a second
host on the same folders plays without keeping its own.

Version 1 (before the window hosted) had a token at every person's seat: such a file is
read as it is, a table with no person at the host's screen. Versions 1 and 2 (before
the relay and the time were kept) are read as a table on no relay, with no time.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from game.engine.errors import SaveError
from game.engine.saves import SavedGame, from_json, snapshot_json
from game.engine.texts import seat_name
from game.net.kept_seats import is_token, online_dir
from game.net.wire import valid_code
from game.services import records_file
from game.services.catalogue import CATALOGUE
from game.services.records_file import is_int
from game.system import files
from game.system.locks import FileLock

FORMAT = "coup-detat-hosted-table"
VERSION = 3
LONGEST_PATH = 4096
LONGEST_GRACE = 24 * 3600.0
MOST_SEED = 2**64 - 1
LONGEST_TIME = 24 * 3600.0  # seconds for a decision, at most
LONGEST_RELAY = 300  # characters of a relay's address
KIND = records_file.Kind("a table kept to continue", FORMAT, VERSION, key="table", body=dict,
                         oldest=1)


def table_path() -> Path:
    return online_dir() / "hosted-table.json"


@dataclass(frozen=True)
class KeptTable:
    code: str
    listen: str
    port: int
    grace: float
    save: str | None  # where the save goes at the end
    seed: int | None
    tokens: tuple[str | None, ...]
    game: SavedGame
    relay: str | None = None  # the relay's address (HOST:PORT) the table was opened on
    time: float | None = None  # the seconds for each decision (None: no time)
    relay_key: str | None = None  # the table's key on the relay (relay_link.py)

    def to_json(self) -> dict[str, object]:
        return self.json_later()()

    def json_later(self) -> Callable[[], dict[str, object]]:
        """`to_json` of the table as it stands now, made when called: in a thread of its
        own, the game gone on since (its decisions, written out, are most of the work:
        near a long game's end, milliseconds the window's thread is spared)."""
        head = {"code": self.code, "listen": self.listen, "port": self.port,
                "grace": self.grace, "save": self.save, "seed": self.seed,
                "relay": self.relay, "relay_key": self.relay_key, "time": self.time,
                "tokens": list(self.tokens)}
        game = snapshot_json(self.game.match, self.game.seats)
        return lambda: {**head, "game": game()}

    @property
    def persons_here(self) -> tuple[int, ...]:
        """The seats of persons at the host's own screen (a person's seat with no token)."""
        return tuple(seat for seat, (token, info) in enumerate(zip(self.tokens,
                                                                   self.game.seats,
                                                                   strict=True))
                     if token is None and info.kind == "human")

    @property
    def friends(self) -> tuple[str, ...]:
        """The names of the friends at the table, seat by seat."""
        return tuple(info.name for token, info in zip(self.tokens, self.game.seats, strict=True)
                     if token is not None)


@dataclass(frozen=True)
class Loaded(records_file.Troubled):
    table: KeptTable | None = None
    trouble: records_file.Trouble | None = None
    why: str = ""  # what was wrong with a damaged file, when it is known

    def notice(self, path: Path) -> str | None:
        """What the host is told of the file, when it cannot be used."""
        if self.trouble is records_file.Trouble.NEWER:
            return (f"The table kept in {path} is from a newer version of the game: this "
                    "one neither continues it nor keeps a table in its place.")
        if self.trouble is not None:
            why = f" ({self.why})" if self.why else ""
            return (f"The table kept in {path} could not be read{why}: it will be kept as it "
                    "is, under another name, when another table is kept.")
        return None


def read(path: Path) -> Loaded:
    """The table kept in `path` and what was wrong with the file. Never raises."""
    body, trouble = records_file.read_body(path, KIND)
    table = table_from_json(body) if isinstance(body, Mapping) else None
    if isinstance(table, str):
        return Loaded(trouble=records_file.Trouble.DAMAGED, why=table)
    return Loaded(table, trouble)


def table_from_json(raw: Mapping[str, object]) -> KeptTable | str:
    """The kept table `raw` holds, or what is wrong with it."""
    code, listen, port, grace = (raw.get(key) for key in ("code", "listen", "port", "grace"))
    save, seed, tokens = raw.get("save"), raw.get("seed"), raw.get("tokens")
    if not (isinstance(code, str) and valid_code(code)):
        return "its code is not a table's code"
    if not (isinstance(listen, str) and 0 < len(listen) <= 100 and listen.isprintable()
            and not any(char.isspace() for char in listen)):
        return "its address is not one"
    if not (is_int(port) and 0 < port < 65536):
        return "its port is not one"
    if not (isinstance(grace, int | float) and not isinstance(grace, bool)
            and math.isfinite(grace) and 0 <= grace <= LONGEST_GRACE):
        return "its grace is not a time"
    if not (save is None or (isinstance(save, str) and 0 < len(save) <= LONGEST_PATH
                             and "\0" not in save)):
        return "the file its save goes to is not one"
    if not (seed is None or (is_int(seed) and 0 <= seed <= MOST_SEED)):
        return "its seed is not one"
    try:
        game = from_json(raw.get("game"), catalogue=CATALOGUE)
    except SaveError as error:
        return f"its game: {error}"
    if not isinstance(game, SavedGame):
        return "its game is played at several tables"
    if not isinstance(tokens, list) or len(tokens) != len(game.seats):
        return "it does not hold a token for each seat"
    for token, seat in zip(tokens, game.seats, strict=True):
        if not (token is None or (seat.kind == "human" and is_token(token))):
            return "a seat's token is not one"
    if len({token for token in tokens if token is not None}) < sum(t is not None for t in tokens):
        return "two seats have the same token"
    relay, time, key = raw.get("relay"), raw.get("time"), raw.get("relay_key")
    if not (relay is None or is_relay(relay)):
        return "its relay is not an address"
    if not (key is None or is_token(key)):
        return "its key on the relay is not one"
    if not (time is None or (isinstance(time, int | float) and not isinstance(time, bool)
                             and math.isfinite(time) and 0 < time <= LONGEST_TIME)):
        return "its time for each decision is not a time"
    return KeptTable(code, listen, port, float(grace), save, seed, tuple(tokens), game,
                     relay, None if time is None else float(time), key)


def is_relay(raw: object) -> TypeGuard[str]:
    """Is `raw` a relay's address as kept (HOST:PORT, as `join` and `host` take it)?"""
    from game.net.client import parse_address

    if not (isinstance(raw, str) and 0 < len(raw) <= LONGEST_RELAY and raw.isprintable()):
        return False
    try:
        parse_address(raw)
    except ValueError:
        return False
    return True


class TableKeeper:
    """The kept table of one host: written as its game goes, removed at its end."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or table_path()
        self._lock = FileLock(self.path.with_name(f"{self.path.stem}.lock"))

    def hold(self) -> bool:
        """Hold the table's lock: False if another host holds it now."""
        return self._lock.acquire()

    def read(self) -> Loaded:
        return read(self.path)

    def keep(self, table: KeptTable, loaded: Loaded) -> Path | None:
        """Write the table (`files.write_atomically`: whole, or not at all) over what was
        `loaded` from the file, which is kept aside first if it could not be read: where
        it was kept, if it was. `records_file.NotAdded` if nothing was written."""
        return self.keep_json(table.to_json(), loaded)

    def keep_json(self, table: Mapping[str, object], loaded: Loaded) -> Path | None:
        """`keep`, with the table as its JSON already (made where the game is played: a
        thread of its own may write it while the game goes on)."""
        text = json.dumps({"format": FORMAT, "version": VERSION, "table": table},
                          separators=(",", ":"), ensure_ascii=False)
        return records_file.rewrite(self.path, loaded,
                                    lambda: files.write_atomically(self.path, text))

    def forget(self) -> None:
        """The game is over: nothing is kept to continue."""
        with contextlib.suppress(OSError):
            self.path.unlink()

    def release(self) -> None:
        self._lock.release()


class Keeping:
    """A host's table kept as its game goes (in `keeper`'s file), and what the host is told
    of it in `log`, once each: the table kept before replaced, or kept aside because it
    could not be read; this table not kept. `resumed`: the table is the one kept (opened
    again), which replaces nothing."""

    def __init__(self, keeper: TableKeeper, log: Callable[[str], None], *,
                 resumed: bool = False) -> None:
        self.keeper, self._log, self._resumed = keeper, log, resumed
        self._before: Loaded | None = None  # the file as read before the first write
        self._unkept = False  # the table could not be kept (said once)

    def keep(self, table: Mapping[str, object]) -> None:
        """Write the kept table (its JSON); the game goes on whatever the disk does."""
        if self._before is None:
            self._before = self.keeper.read()
            self._say_replaced(self._before)
        try:
            aside = self.keeper.keep_json(table, self._before)
        except records_file.NotAdded as refused:
            self._unkeepable(refused.sentence("This table is not kept to continue",
                                              "the file of the kept table"))
            if isinstance(refused, records_file.Unwritten) and refused.aside is not None:
                self._before = Loaded()  # kept aside already: not once more
            return
        self._before = Loaded()  # read whole from now on: it is this table's
        if aside is not None:
            self._log(f"The table kept before could not be read: it is kept as {aside.name} "
                      f"in {aside.parent}.")

    def _say_replaced(self, before: Loaded) -> None:
        kept = before.table
        if not self._resumed and kept is not None:
            self._log(f"The table kept from before (code {kept.code}) is replaced by this one: "
                      "it cannot be continued any more.")

    def _unkeepable(self, sentence: str) -> None:
        if not self._unkept:
            self._unkept = True
            self._log(sentence)


@dataclass(frozen=True)
class Glance:
    """What a kept table's file says of it, read without replaying its game (which takes
    long: the Title shows it; Continue reads the table whole, trusting nothing, first)."""

    title: str  # the game's
    friends: tuple[str, ...]  # the friends' names, seat by seat
    over: bool  # as the save's header says it


def glance(path: Path) -> tuple[Glance | None, Loaded]:
    """A glance at the table kept in `path`, and what was wrong with the file (only what
    can be told without the game's replay). Never raises."""
    body, trouble = records_file.read_body(path, KIND)
    if not isinstance(body, Mapping):
        return None, Loaded(trouble=trouble)
    seen = glance_from_json(body)
    if isinstance(seen, str):
        return None, Loaded(trouble=records_file.Trouble.DAMAGED, why=seen)
    return seen, Loaded()


def glance_from_json(raw: Mapping[str, object]) -> Glance | str:
    game, tokens = raw.get("game"), raw.get("tokens")
    if not (isinstance(raw.get("code"), str) and valid_code(str(raw.get("code")))):
        return "its code is not a table's code"
    if not isinstance(game, Mapping) or game.get("ruleset") not in CATALOGUE.rulesets:
        return "its game is not one of this version's"
    seats = game.get("seats")
    if not (isinstance(seats, list) and isinstance(tokens, list) and len(seats) == len(tokens)
            and all(isinstance(seat, Mapping) for seat in seats)):
        return "it does not hold a token for each seat"
    friends = [seat_name(seat.get("name")) for seat, token in zip(seats, tokens, strict=True)
               if token is not None]
    if not all(friends):
        return "a friend's name is not one"
    return Glance(CATALOGUE.rulesets[str(game["ruleset"])].title,
                  tuple(name for name in friends if name), game.get("over") is True)
