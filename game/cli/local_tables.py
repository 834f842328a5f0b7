"""`coup-detat tables`: the tables hosted on the local network, found for a few seconds
(discovery.py), so that a person without a window can find one; and what `host
--announce` asks of the address a table listens on."""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import json
import sys
import time

from game.engine.texts import quoted
from game.games import GAMES
from game.net.discovery import Browser, FoundTable
from game.net.wire import VERSION
from game.system.paths import APP_NAME as PROGRAM

EVERY_INTERFACE = ("0.0.0.0", "::", "")


def announce_refused(listen: str) -> str | None:
    """Why a table listening on `listen` cannot be announced, if it cannot: announced
    tables are found from other machines, over IPv4."""
    if listen in EVERY_INTERFACE:
        return None
    try:
        address = ipaddress.ip_address(listen)
    except ValueError:
        address = None
    if address is None or address.version != 4 or address.is_loopback:
        return (f"a table listening on {quoted(listen, 40)} cannot be found from another "
                "machine: --announce needs --listen on every interface (the default) or on "
                "an IPv4 address of this machine on a network")
    return None


def run_tables(args: argparse.Namespace) -> int:
    browser = Browser()
    browser.start()
    try:
        ended = time.monotonic() + args.wait
        while browser.failure is None and time.monotonic() < ended:
            time.sleep(min(0.1, max(0.0, ended - time.monotonic())))
    except KeyboardInterrupt:
        return 130
    finally:
        browser.close()
    if browser.failure is not None:
        print(f"{PROGRAM}: cannot look for tables on the local network: "
              f"{browser.failure.rstrip('.')}.", file=sys.stderr)
        return 1
    found = browser.tables()
    if args.json:
        print(json.dumps({"tables": [dataclasses.asdict(table) for table in found]}),
              flush=True)
    elif not found:
        print(f"No table was found on the local network in {args.wait:g} "
              f"second{'' if args.wait == 1 else 's'}.")
    else:
        for table in found:
            print(described(table))
    return 0


def described(table: FoundTable) -> str:
    """One line for a table found: its name, its game, its seats, where to join it."""
    return (f"{table.name}: {_game(table)}, {_seats(table)}; join at "
            f"{table.address}:{table.port} with the code the host reads out.")


def _game(table: FoundTable) -> str:
    if table.version is not None and table.version != VERSION:
        return (f"a table of another version of {PROGRAM} (its wire is version "
                f"{table.version}, this one's {VERSION})")
    game = GAMES.get(table.ruleset or "")
    if game is not None:
        return game.title
    if table.ruleset is not None:
        return f"a game this version does not know ({table.ruleset})"
    return "its game could not be read"


def _seats(table: FoundTable) -> str:
    if table.playing:
        return "the game has begun"
    if table.open is None:
        return "its seats could not be read"
    total = f" of {table.seats}" if table.seats is not None else ""
    return f"{table.open} seat{'' if table.open == 1 else 's'}{total} open"
