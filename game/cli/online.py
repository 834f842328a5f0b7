"""`coup-detat host` and `coup-detat join`: a table for friends on other machines without
a window, and a seat at one played by an outside program (docs/NETWORK.md)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import IO, TYPE_CHECKING, Any

from game.cli.local_tables import announce_refused
from game.engine.texts import quoted
from game.games import get_ruleset
from game.net import wire
from game.net.hosted import DEFAULT_GRACE
from game.system.files import why_unwritten, write_atomically
from game.system.paths import APP_NAME as PROGRAM

if TYPE_CHECKING:
    from game.net.client import Address
    from game.net.headless import HeadlessHost
    from game.net.kept_seats import SeatKeeper
    from game.net.kept_table import Loaded, TableKeeper


def run_host(args: argparse.Namespace, ruleset_id: str, options: dict[str, object],
             plan: Sequence[str]) -> int:
    from game.net.headless import HeadlessHost
    from game.services.tables import at_several_tables

    ruleset = get_ruleset(ruleset_id)
    if len(plan) > ruleset.max_players and not at_several_tables(ruleset_id, len(plan)):
        return _fail(f"a table online seats at most {ruleset.max_players} at {ruleset_id}")
    code = wire.normal_code(args.code) if args.code is not None else None
    if code is not None and not wire.valid_code(code):
        return _fail(f"a table code is {wire.CODE_LENGTH} letters and digits of "
                     f"{wire.CODE_ALPHABET}, not {quoted(args.code, 24)}")
    unannounced = announce_refused(args.listen) if args.announce is not None else None
    if unannounced is not None:
        return _fail(unannounced)
    relay = _relay_address(args.relay)
    if isinstance(relay, str):
        return _fail(relay)
    try:
        save = _save_path(args.save)
    except ValueError as error:
        return _fail(str(error))
    grace = args.grace if args.grace is not None else DEFAULT_GRACE
    keeper = _keeper()
    try:
        host = HeadlessHost(ruleset_id, options, plan, listen=args.listen, port=args.port,
                            code=code, seed=args.host_seed, grace=grace, time=args.time,
                            log=_log,
                            keeper=keeper, save=save, announce=args.announce is not None,
                            table_name=args.announce or None,
                            relay=None if relay is None else str(relay))
    except ValueError as error:
        if keeper is not None:
            keeper.release()
        return _fail(str(error))
    return _serve(host, args.json, ruleset.title, relay)


def continue_host(args: argparse.Namespace) -> int:
    """`host --continue`: the table kept from a host whose game did not end, open again."""
    from game.net.headless import HeadlessHost
    from game.net.kept_table import TableKeeper

    try:
        save = _save_path(args.save)
    except ValueError as error:
        return _fail(str(error))
    given_relay = _relay_address(args.relay)
    if isinstance(given_relay, str):
        return _fail(given_relay)
    keeper = TableKeeper()
    if not keeper.hold():
        return _trouble(f"the table kept in {keeper.path} is being hosted now, by another "
                        f"{PROGRAM} host")
    loaded = keeper.read()
    kept = loaded.table
    if kept is None or kept.game.over:
        problem = _nothing_to_continue(keeper, loaded)
        keeper.release()
        return _trouble(problem)
    try:
        host = HeadlessHost.again(kept, listen=args.listen, port=args.port, grace=args.grace,
                                  time=args.time, save=save, log=_log, keeper=keeper,
                                  relay=None if given_relay is None else str(given_relay))
    except ValueError as error:
        keeper.release()
        return _trouble(f"the table kept in {keeper.path} cannot be opened again: {error}")
    relay = _relay_address(host.relay)  # the kept one's, unless --relay was given
    assert not isinstance(relay, str), "a kept relay's address is read as one"
    return _serve(host, args.json, kept.game.ruleset.title, relay)


def _nothing_to_continue(keeper: TableKeeper, loaded: Loaded) -> str:
    """Why no kept table is opened again, in a sentence."""
    if loaded.table is not None:  # over: the host was stopped as its game ended
        keeper.forget()
        return "the game of the table kept is over: there is nothing to continue"
    notice = loaded.notice(keeper.path)
    if notice is not None:
        return f"there is no table to continue: {notice[0].lower()}{notice[1:].rstrip('.')}"
    return (f"there is no table to continue: a host keeps its table in {keeper.path} from "
            "the start of its game to its end")


def _keeper() -> TableKeeper | None:
    """The kept table of a new host; None if another host on these folders keeps one now
    (this table then plays, but cannot be continued)."""
    from game.net.kept_table import TableKeeper

    keeper = TableKeeper()
    if keeper.hold():
        return keeper
    _log(f"Another host on this machine keeps its table in {keeper.path}: this table is not "
         "kept, and cannot be continued if it stops before its game ends.")
    return None


def _save_path(given: str | None) -> str | None:
    """Where --save writes, as a full path (a table continued may be opened from another
    folder); `ValueError` if it cannot be a file."""
    if given is None:
        return None
    if Path(given).is_dir():
        raise ValueError(f"--save names a folder, not a file: {quoted(given, 80)}")
    return os.path.abspath(given)


def _relay_address(given: str | None) -> Address | str | None:
    """--relay's address; what is wrong with it, in a sentence."""
    from game.net.client import parse_address

    if given is None:
        return None
    try:
        return parse_address(given)
    except ValueError as error:
        return f"--relay: {error}"


def _serve(host: HeadlessHost, as_json: bool, title: str, relay: Address | None) -> int:
    """Open the table (on the relay as well), play its game, say how it ended."""
    try:
        try:
            where = host.open()
        except OSError as error:
            return _trouble(f"cannot listen on {host.listen} port {host.port}: "
                            f"{why_unwritten(error)}")
        unrelayed = _opened_on_relay(host, relay) if relay is not None else None
        if unrelayed is not None:
            return _trouble(unrelayed)
        _say_listening(as_json, where.address, where.port, where.code, title, relay)
        with _stopped_by_signals(host.stopped.set):
            finished = host.run()
    finally:
        host.close()
    if not finished:
        again = (f": `{PROGRAM} host --continue` opens it again" if host.keeper is not None
                 and host.table.started else "")
        print(f"{PROGRAM}: the table was closed before the game ended{again}.",
              file=sys.stderr)
        return 130
    save = Path(host.save) if host.save is not None else None
    return _ended(host, save, as_json)


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _opened_on_relay(host: HeadlessHost, relay: Address) -> str | None:
    """Open the table on the relay; why it could not be, if the relay refused it or could
    not be reached at first (later, its connection lost is taken up again)."""
    from game.net.client import OPEN_WAIT
    from game.net.relay_wire import ANSWER_WAIT

    link = host.server.open_on_relay(relay, host.relay_key)
    host.relay_key = link.key  # kept with the table, to take its code up again there
    link.answered.wait(OPEN_WAIT + ANSWER_WAIT + 1)
    if link.open:
        return None
    state = link.state if link.answered.is_set() else f"the relay at {relay} did not answer."
    return f"the table could not be opened on the relay: {state[0].lower()}{state[1:]}"


def _say_listening(as_json: bool, address: str, port: int, code: str, title: str,
                   relay: Address | None) -> None:
    if as_json:
        print(json.dumps({"listening": True, "address": address, "port": port, "code": code,
                          "version": wire.VERSION,
                          "relay": None if relay is None else str(relay)}), flush=True)
    elif relay is None:
        print(f"{title}: friends join at {address}:{port} with the code {code}.", flush=True)
    else:
        print(f"{title}: friends join at {address}:{port} with the code {code}, or from "
              f"anywhere through the relay: {PROGRAM} join {relay} --relay --code {code}.",
              flush=True)


def _ended(host: object, save: Path | None, as_json: bool) -> int:
    from game.formats.support import final_result
    from game.net.headless import HeadlessHost
    from game.net.hosted_tables import HostedTables

    assert isinstance(host, HeadlessHost)
    session = host.table.session
    assert session is not None
    if save is not None:
        try:
            write_atomically(save, session.dumps())
        except OSError as error:
            return _trouble(f"the game could not be saved: {why_unwritten(error)}")
    host.forget()
    table = host.table
    result: dict[str, Any] = table.result() if isinstance(table, HostedTables) \
        else final_result(table.session.match) if table.session is not None else {}
    names = session.names
    if as_json:
        print(json.dumps({"result": result, "names": names,
                          "save": str(save) if save is not None else None}), flush=True)
    else:
        winners = [names[seat] for seat in result.get("winners", [])]
        print(f"The game is over: {' and '.join(winners) or 'nobody'} won.", flush=True)
    return 0


def run_join(args: argparse.Namespace) -> int:
    from game.net.client import BotAtTable, JoinFailed, parse_address
    from game.net.kept_seats import SeatKeeper

    try:
        address = parse_address(args.address)
    except ValueError as error:
        return _fail(str(error))
    address.relay = args.relay
    if args.bot is None:
        return _fail("join takes a seat for a program (--bot COMMAND); to play the seat "
                     "yourself, open the game and choose Play with friends, then Join a table")
    with _record(args.record) as record:
        if isinstance(record, str):
            return _trouble(record)
        kwargs = {} if args.time_limit is None else {"time_limit": args.time_limit}
        keeper = SeatKeeper(address.kept_as, wire.normal_code(args.code), say=_log)
        seat = BotAtTable(address, args.code, args.name, args.bot, record=record,
                          say=_log, keeper=keeper, **kwargs)
        try:
            result = seat.play()
        except JoinFailed as failure:
            status = _trouble(str(failure))
            _say_kept(keeper)
            return status
        except KeyboardInterrupt:
            _say_kept(keeper)
            return 130
    print(json.dumps(result), flush=True)
    return 0


def _say_kept(keeper: SeatKeeper) -> None:
    if keeper.kept is not None:
        _log(f"Your seat is kept: the same {PROGRAM} join, run again, takes it up.")


@contextlib.contextmanager
def _record(path: str | None) -> Iterator[IO[str] | str | None]:
    if path is None:
        yield None
        return
    try:
        stream = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        yield f"cannot write the record: {why_unwritten(error)}"
        return
    with stream:
        yield stream


@contextlib.contextmanager
def _stopped_by_signals(stop: Callable[[], None]) -> Iterator[None]:
    """Ctrl+C or SIGTERM `stop` the table (its friends are told) or the relay, not a
    traceback."""

    def stopped(number: int, frame: FrameType | None) -> None:
        stop()

    previous = {number: signal.signal(number, stopped)
                for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _fail(message: str) -> int:
    print(f"{PROGRAM}: {' '.join(message.split())}", file=sys.stderr)
    return 2


def _trouble(message: str) -> int:
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return 1


def run_relay(args: argparse.Namespace) -> int:
    """`coup-detat relay`: pass tables' messages on until stopped."""
    import asyncio

    from game.net.relay import DEFAULT_PORT, Relay

    port = DEFAULT_PORT if args.port is None else args.port
    relay = Relay(listen=args.listen, port=port, log=_log)

    def listening(port: int) -> None:
        if args.json:
            print(json.dumps({"relaying": True, "address": args.listen, "port": port}),
                  flush=True)
        else:
            print(f"The relay listens on {args.listen} port {port}: a host opens a table "
                  f"on it with {PROGRAM} host --relay ADDRESS:{port}, where ADDRESS is this "
                  "machine's, as the host and its friends reach it.", flush=True)

    try:
        with _stopped_by_signals(relay.stop_soon):
            asyncio.run(relay.serve(listening))
    except OSError as error:
        return _trouble(f"cannot listen on {args.listen} port {port}: {why_unwritten(error)}")
    return 0

