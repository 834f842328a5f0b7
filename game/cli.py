"""The command line: `coup-detat scenario | simulate | replay | play`."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence

from game.rules import RULESETS

PROGRAM = "coup-detat"


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.install_desktop_entry:
        return _run_install_desktop_entry(args)
    if args.command is None:
        return _run_window(args)
    return args.run(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Coup d'État (1966) and its cousins at an offline table. "
        "Without a command, the game opens in a window."
    )
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="Linux: add the game, with its icon, to the desktop's menu of "
                             "programs (in ~/.local/share, or $XDG_DATA_HOME)")
    window = parser.add_argument_group("the window")
    window.add_argument("--autoplay", nargs="?", const="coup-detat", default=None,
                        metavar="RULESET", choices=sorted(RULESETS),
                        help="open a table of computer players only, of RULESET "
                             "(default coup-detat; or coup-detat-duel, coup, coup-inquisitor)")
    window.add_argument("--frames", type=int, default=None,
                        help="stop after this many frames")
    window.add_argument("--until-over", action="store_true",
                        help="with --autoplay: stop once the game is over and its final "
                             "screen drawn (exit status 1 if --frames ran out first)")
    window.add_argument("--screenshot", metavar="PATH", help="save the last frame as a PNG")
    window.add_argument("--stats", action="store_true",
                        help="print frame times (p50, p99) and peak memory at the end")
    window.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    window.add_argument("--seed", type=int, default=None, help="deal the same cards each time")
    window.add_argument("--seat", action="append", default=[], metavar='N=exec:"COMMAND"',
                        dest="window_bots",
                        help="offer seat N to an outside program in New game "
                             "(docs/BOT_PROTOCOL.md)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    scenario = commands.add_parser("scenario", help="play a scenario file and print the result")
    scenario.add_argument("file", help="a scenario (conformance/FORMAT.md)")
    scenario.set_defaults(run=_run_scenario)

    simulate = commands.add_parser("simulate", help="play games between computer players")
    simulate.add_argument("--ruleset", default="coup-detat",
                          help="coup-detat (default), coup-detat-duel, coup or "
                               "coup-inquisitor")
    simulate.add_argument("--players", type=int, default=None,
                          help="3 or 4 for coup-detat (default: as many as --seats, else the "
                               "most the ruleset has)")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--short", action="store_true", help="the short game")
    simulate.add_argument("--seats", default=None,
                          help="a level per seat: random, easy, medium or hard, e.g. "
                               "hard,medium,medium,medium (default: all random); seats move "
                               "round the table from game to game")
    simulate.add_argument("--seat", action="append", default=[], metavar='N=exec:"COMMAND"',
                          help="an outside program plays seat N (docs/BOT_PROTOCOL.md)")
    simulate.add_argument("--budget", type=float, default=None,
                          help="Hard's thinking time per decision in seconds (default 0.8)")
    simulate.add_argument("--time-limit", type=float, default=None,
                          help="seconds an outside program has per answer (default 10)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(run=_run_simulate)

    replay = commands.add_parser("replay", help="tell a saved game in words")
    replay.add_argument("save", help="a saved game (.json)")
    replay.set_defaults(run=_run_replay)

    play = commands.add_parser("play", help="play in the terminal against computer players")
    play.add_argument("--players", type=int, default=4, choices=(3, 4))
    play.add_argument("--short", action="store_true", help="the short game")
    play.add_argument("--seed", type=int, dest="play_seed", default=None)
    play.set_defaults(run=_run_play)
    return parser


def _fail(message: str) -> int:
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return 2


def _run_scenario(args: argparse.Namespace) -> int:
    from game import scenario

    try:
        output, status = scenario.run(scenario.load(args.file))
    except scenario.ScenarioError as error:
        return _fail(f"not a valid scenario: {error}")
    print(json.dumps(output, indent=2))
    return status


def _run_simulate(args: argparse.Namespace) -> int:
    from game import simulate
    from game.ai.bot import DEFAULT_TIME_LIMIT
    from game.ai.hard import DEFAULT_BUDGET
    from game.ai.levels import levels_for
    from game.rules import get_ruleset

    if args.games < 1:
        return _fail("--games must be at least 1")
    try:
        rules = get_ruleset(args.ruleset)
    except KeyError as error:
        return _fail(str(error.args[0]))
    seats = args.seats.split(",") if args.seats else None
    players = args.players or (len(seats) if seats else rules.max_players)
    seats = seats or ["random"] * players
    if not rules.min_players <= players <= rules.max_players:
        counts = " or ".join(map(str, sorted({rules.min_players, rules.max_players})))
        return _fail(f"{rules.id} is for {counts} players, not {players}")
    if len(seats) != players:
        return _fail(f"--seats must name {players} seats")
    levels = levels_for(rules.id)
    unknown = [level for level in seats if level not in levels]
    if unknown:
        return _fail(f"no level {unknown[0]!r} for {rules.id}: choose from {', '.join(levels)}")
    for given in args.seat:
        seat, _, command = given.partition("=")
        if not (seat.isdigit() and int(seat) < players and command.startswith("exec:")
                and command.removeprefix("exec:").strip()):
            return _fail(f'--seat wants N=exec:"COMMAND" with N from 0 to {players - 1}, '
                         f"not {given!r}")
        seats[int(seat)] = command
    summary = simulate.run(players, args.games, args.seed, args.short, seats,
                           ruleset=rules.id, budget=args.budget or DEFAULT_BUDGET,
                           time_limit=args.time_limit or DEFAULT_TIME_LIMIT, echo=True)
    print(json.dumps(summary.to_json(), indent=2) if args.json else summary.describe())
    return 0


def _run_replay(args: argparse.Namespace) -> int:
    from game import replay
    from game.engine.errors import SaveError

    try:
        text = replay.tell(args.save)
    except SaveError as error:
        return _fail(str(error))
    print(text)
    return 0


def _run_play(args: argparse.Namespace) -> int:
    from game import terminal

    return terminal.play(players=args.players, short_game=args.short, seed=args.play_seed)


def _run_install_desktop_entry(args: argparse.Namespace) -> int:
    from game import desktop

    if args.command is not None:
        return _fail(f"--install-desktop-entry goes alone, not with {args.command}")
    if not desktop.has_desktop_entries():
        return _trouble("--install-desktop-entry is for Linux desktops; on Windows and "
                        "macOS, pin the program or drag it where you want it instead")
    try:
        installed = desktop.install()
    except OSError as error:
        return _trouble(f"could not install the desktop entry: {_reason(error)}")
    print(f"Coup d'État is now in your desktop's menu of programs (Games).\n"
          f"  entry: {installed.entry}\n"
          f"  icons: {len(installed.icons)} sizes, such as {installed.icons[-1]}\n"
          f"  it runs: {shlex.join(installed.command)}\n"
          f"If you move the program, install the entry again from its new place.")
    return 0


def _trouble(message: str) -> int:
    """Something the command could not do (not a mistake in the command line)."""
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return 1


def _reason(error: OSError) -> str:
    """The error in words: `Permission denied: /the/path`, not `[Errno 13] ...`."""
    if error.strerror and error.filename:
        return f"{error.strerror}: {error.filename}"
    return str(error)


def _run_window(args: argparse.Namespace) -> int:
    size = None
    if args.size:
        try:
            width, height = (int(part) for part in args.size.lower().split("x"))
        except ValueError:
            return _fail(f"--size wants WIDTHxHEIGHT, such as 1280x800, not {args.size!r}")
        size = (width, height)
    if args.frames is not None and args.frames < 1:
        return _fail("--frames must be at least 1")
    if args.until_over and not args.autoplay:
        return _fail("--until-over goes with --autoplay")
    bots = {}
    for given in args.window_bots:
        seat, _, command = given.partition("=")
        if not (seat.isdigit() and int(seat) < 4 and command.startswith("exec:")
                and command.removeprefix("exec:").strip()):
            return _fail(f'--seat wants N=exec:"COMMAND" with N from 0 to 3, not {given!r}')
        bots[int(seat)] = command.removeprefix("exec:").strip()
    from game.ui import main as window

    return window.run(autoplay=args.autoplay, frames=args.frames, screenshot=args.screenshot,
                      stats=args.stats, size=size, seed=args.seed, bots=bots,
                      until_over=args.until_over)
