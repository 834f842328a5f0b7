"""The commands of a seat at a friend's table and of the tables found on the network,
`coup-detat join` and `coup-detat tables`: their arguments, here apart from the rest of
the command line, and their work loaded only when they run (the network's libraries are
not imported for the other commands, nor for the window)."""

from __future__ import annotations

import argparse
from typing import Any

from game.cli.arguments import seconds, whole

MOST_TIME_LIMIT = 3600.0  # seconds: the longest --time-limit an outside program may answer in
MOST_WAIT = 600.0  # seconds: the longest --wait of tables
DEFAULT_WAIT = 3.0  # seconds tables looks for tables on the network, unless told


def add_join_and_tables(commands: Any) -> None:
    """`join` and `tables`, as sub-commands of `commands` (argparse's sub-parsers)."""
    join = commands.add_parser("join", help="take a seat at a table a friend hosts")
    join.add_argument("address", metavar="ADDRESS:PORT", help="where the table is")
    join.add_argument("--relay", action="store_true",
                      help="ADDRESS:PORT is a relay's, on which the host opened the table")
    join.add_argument("--code", required=True, help="the table's code")
    join.add_argument("--name", default="", help="your name at the table")
    join.add_argument("--bot", default=None, metavar="COMMAND",
                      help="an outside program plays the seat (docs/BOT_PROTOCOL.md)")
    join.add_argument("--time-limit", type=seconds(MOST_TIME_LIMIT), default=None,
                      help="seconds the program has per answer (default 10)")
    join.add_argument("--record", default=None, metavar="FILE",
                      help="write every message the seat receives here, one JSON object a "
                           "line")
    join.set_defaults(run=_run_join)

    tables = commands.add_parser("tables", help="list the tables hosted on the local network")
    tables.add_argument("--wait", type=seconds(MOST_WAIT), default=DEFAULT_WAIT,
                        help=f"seconds to look for them (default {DEFAULT_WAIT:g})")
    tables.add_argument("--json", action="store_true", help="print them as JSON")
    tables.set_defaults(run=_run_tables)


def add_relay(commands: Any, host: argparse.ArgumentParser) -> None:
    """`relay`, a sub-command of `commands`, and host's --relay."""
    host.add_argument("--relay", default=None, metavar="ADDRESS:PORT",
                      help="open the table on a relay as well (coup-detat relay, run on a "
                           "machine you and your friends can all reach): friends join "
                           "through it with --relay, and nobody opens a port")
    relay = commands.add_parser("relay", help="pass tables' messages between hosts and "
                                "their friends who cannot reach each other (docs/NETWORK.md)")
    relay.add_argument("--listen", default="0.0.0.0", metavar="ADDRESS",
                       help="the address to listen on (default: every interface)")
    relay.add_argument("--port", type=whole(least=0, most=65535), default=None,
                       help="the port (default 4748; 0: any free port)")
    relay.add_argument("--json", action="store_true", help="say where it listens as JSON")
    relay.set_defaults(run=_run_relay)


def _run_relay(args: argparse.Namespace) -> int:
    from game.cli import online

    return online.run_relay(args)


def _run_join(args: argparse.Namespace) -> int:
    from game.cli import online

    return online.run_join(args)


def _run_tables(args: argparse.Namespace) -> int:
    from game.cli import local_tables

    return local_tables.run_tables(args)
