"""`coup-detat host` and `coup-detat join`: a table for friends on other machines without
a window, and a seat at one played by an outside program (docs/NETWORK.md)."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import IO

from game.cli.local_tables import announce_refused
from game.engine.texts import quoted
from game.games import get_ruleset
from game.net import wire
from game.net.hosted import DEFAULT_GRACE
from game.system.files import why_unwritten, write_atomically
from game.system.paths import APP_NAME as PROGRAM


def run_host(args: argparse.Namespace, ruleset_id: str, options: dict[str, object],
             plan: Sequence[str]) -> int:
    from game.net.headless import HeadlessHost

    ruleset = get_ruleset(ruleset_id)
    if len(plan) > ruleset.max_players:
        return _fail(f"a table online seats at most {ruleset.max_players} at {ruleset_id}: "
                     "two tables are played at one screen only, in this version")
    code = wire.normal_code(args.code) if args.code is not None else None
    if code is not None and not wire.valid_code(code):
        return _fail(f"a table code is {wire.CODE_LENGTH} letters and digits of "
                     f"{wire.CODE_ALPHABET}, not {quoted(args.code, 24)}")
    save = Path(args.save) if args.save is not None else None
    if save is not None and save.is_dir():
        return _fail(f"--save names a folder, not a file: {quoted(args.save, 80)}")
    grace = args.grace if args.grace is not None else DEFAULT_GRACE
    unannounced = announce_refused(args.listen) if args.announce is not None else None
    if unannounced is not None:
        return _fail(unannounced)
    try:
        host = HeadlessHost(ruleset_id, options, plan, listen=args.listen, port=args.port,
                            code=code, seed=args.host_seed, grace=grace,
                            log=lambda line: print(line, file=sys.stderr, flush=True),
                            announce=args.announce is not None,
                            table_name=args.announce or None)
    except ValueError as error:
        return _fail(str(error))
    try:
        try:
            where = host.open()
        except OSError as error:
            return _trouble(f"cannot listen on {args.listen} port {args.port}: "
                            f"{why_unwritten(error)}")
        _say_listening(args.json, where.address, where.port, where.code, ruleset.title)
        with _stopped_by_signals(host.stopped):
            finished = host.run()
    finally:
        host.close()
    if not finished:
        print(f"{PROGRAM}: the table was closed before the game ended.", file=sys.stderr)
        return 130
    return _ended(host, save, args.json)


def _say_listening(as_json: bool, address: str, port: int, code: str, title: str) -> None:
    if as_json:
        print(json.dumps({"listening": True, "address": address, "port": port, "code": code,
                          "version": wire.VERSION}), flush=True)
    else:
        print(f"{title}: friends join at {address}:{port} with the code {code}.", flush=True)


def _ended(host: object, save: Path | None, as_json: bool) -> int:
    from game.formats.support import final_result
    from game.net.headless import HeadlessHost

    assert isinstance(host, HeadlessHost)
    session = host.table.session
    assert session is not None
    if save is not None:
        try:
            write_atomically(save, session.dumps())
        except OSError as error:
            return _trouble(f"the game could not be saved: {why_unwritten(error)}")
    result = final_result(session.match)
    names = session.names
    if as_json:
        print(json.dumps({"result": result, "names": names,
                          "save": str(save) if save is not None else None}), flush=True)
    else:
        winners = [names[seat] for seat in result.get("winners", [])]  # type: ignore[attr-defined]
        print(f"The game is over: {' and '.join(winners) or 'nobody'} won.", flush=True)
    return 0


def run_join(args: argparse.Namespace) -> int:
    from game.net.client import BotAtTable, JoinFailed, parse_address

    try:
        address = parse_address(args.address)
    except ValueError as error:
        return _fail(str(error))
    if args.bot is None:
        return _fail("joining in a window is not built yet: give --bot COMMAND for a program "
                     "to play the seat")
    with _record(args.record) as record:
        if isinstance(record, str):
            return _trouble(record)
        kwargs = {} if args.time_limit is None else {"time_limit": args.time_limit}
        seat = BotAtTable(address, args.code, args.name, args.bot, record=record,
                          say=lambda line: print(line, file=sys.stderr, flush=True),
                          **kwargs)
        try:
            result = seat.play()
        except JoinFailed as failure:
            return _trouble(str(failure))
        except KeyboardInterrupt:
            return 130
    print(json.dumps(result), flush=True)
    return 0


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
def _stopped_by_signals(stopped: object) -> Iterator[None]:
    """Ctrl+C or SIGTERM close the table (its friends are told), not a traceback."""
    import threading

    assert isinstance(stopped, threading.Event)

    def stop(number: int, frame: FrameType | None) -> None:
        stopped.set()

    previous = {number: signal.signal(number, stop)
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
