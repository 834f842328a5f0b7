"""The command line: `coup-detat scenario | simulate | replay | review | play | stats`."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Iterable, Sequence

from game.cli import game_options, online_commands
from game.cli.arguments import (
    OneLineParser,
    bots_given,
    screenshot_path,
    seconds,
    whole,
    window_size,
)
from game.cli.online_commands import MOST_TIME_LIMIT
from game.cli.stopping import stopped, stopping_on_signals
from game.engine.texts import quoted
from game.games import DEFAULT, GAMES
from game.games.plugin import Game, Toggle
from game.services.tally import EXEC
from game.system import paths

PROGRAM = "coup-detat"
MOST_BUDGET = 60.0  # seconds: the longest --budget Hard may think about a decision
MOST_GAMES = 100_000  # the most games one simulate runs (its summary keeps each game's counts)
MOST_SEED = 2**64 - 1  # the largest --seed of simulate
MOST_GRACE = 24 * 3600.0  # seconds: the longest --grace of host
MOST_TIME = 3600  # seconds: the longest --time of host (for each decision)
DEFAULT_PORT = 4747  # where a hosted table listens, unless told


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    unusable_home = paths.home_problem()
    if unusable_home is not None:
        return _fail(unusable_home)
    if args.install_desktop_entry:
        return _run_install_desktop_entry(args)
    if args.command is None:
        return _run_window(args)
    if args.window_players is not None:
        return _fail(f"--players goes after the command: {PROGRAM} {args.command} --players N")
    return args.run(args)


def _games_words() -> str:
    """The games by id, for the help: "a; or b, c, d"."""
    first, *others = GAMES
    return f"{first}; or {', '.join(others)}" if others else first


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROGRAM, description="Coup d'État (1966) and its cousins at an offline table. "
        "Without a command, the game opens in a window."
    )
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="Linux: add the game, with its icon, to the desktop's menu of "
                             "programs (in ~/.local/share, or $XDG_DATA_HOME)")
    window = parser.add_argument_group("the window")
    window.add_argument("--autoplay", nargs="?", const=DEFAULT, default=None,
                        metavar="RULESET", choices=list(GAMES),
                        help=f"open a table of computer players only, of RULESET "
                             f"(default {_games_words()})")
    window.add_argument("--players", type=whole(least=1), default=None,
                        dest="window_players", metavar="N",
                        help="with --autoplay: how many play (default: up to four; six to "
                             "eight play Coup d'État at two tables)")
    window.add_argument("--lesson", metavar="RULESET", default=None,
                        choices=[game_id for game_id, game in GAMES.items() if game.lesson],
                        help="open the lesson of RULESET (Learn to play); with --autoplay it "
                             "plays itself, the coach speaking")
    window.add_argument("--frames", type=whole(least=1), default=None,
                        help="stop after this many frames")
    window.add_argument("--until-over", action="store_true",
                        help="with --autoplay: stop once the game is over and its final "
                             "screen drawn (exit status 1 if --frames ran out first)")
    window.add_argument("--screenshot", metavar="PATH", type=screenshot_path,
                        help="save the last frame as a PNG")
    window.add_argument("--stats", action="store_true",
                        help="print frame times (p50, p99) and peak memory at the end")
    window.add_argument("--size", metavar="WxH", type=window_size,
                        help="window size, e.g. 1280x800")
    window.add_argument("--seed", type=whole(least=0), default=None,
                        help="deal the same cards each time")
    window.add_argument("--seat", action="append", default=[], metavar='N=exec:"COMMAND"',
                        dest="window_bots",
                        help="offer seat N to an outside program in New game (with "
                             "--autoplay: it plays seat N; docs/BOT_PROTOCOL.md)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    scenario = commands.add_parser("scenario", help="play a scenario file and print the result")
    scenario.add_argument("file", help="a scenario (docs/SCENARIOS.md)")
    scenario.set_defaults(run=_run_scenario)

    simulate = commands.add_parser("simulate", help="play games between computer players")
    simulate.add_argument("--ruleset", default=DEFAULT, help=f"default {_games_words()}")
    simulate.add_argument("--players", type=whole(least=1), default=None,
                          help="how many play (default: as many as --seats, else the most "
                               "one table seats); six to eight play Coup d'État at two "
                               "tables")
    simulate.add_argument("--games", type=whole(least=1, most=MOST_GAMES), default=100)
    simulate.add_argument("--seed", type=whole(least=0, most=MOST_SEED), default=0)
    _add_switches(simulate, GAMES.values())
    simulate.add_argument("--seats", default=None,
                          help="a level per seat: random, easy, medium or hard, e.g. "
                               "hard,medium,medium,medium (default: all random); seats move "
                               "round the table from game to game")
    simulate.add_argument("--seat", action="append", default=[], metavar='N=exec:"COMMAND"',
                          help="an outside program plays seat N (docs/BOT_PROTOCOL.md)")
    simulate.add_argument("--budget", type=seconds(MOST_BUDGET), default=None,
                          help="Hard's thinking time per decision in seconds (default 0.8)")
    simulate.add_argument("--time-limit", type=seconds(MOST_TIME_LIMIT),
                          default=None,
                          help="seconds an outside program has per answer (default 10)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(run=_run_simulate)

    replay = commands.add_parser("replay", help="tell a saved game in words")
    replay.add_argument("save", help="a saved game (.json)")
    replay.set_defaults(run=_run_replay)

    review = commands.add_parser("review", help="a saved game's decisions judged by the "
                                 "Hard player, from one seat's view")
    review.add_argument("save", help="a saved game (.json)")
    review.add_argument("--seat", type=whole(least=0), default=None,
                        help="the seat whose decisions are judged (default: the first "
                             "person's); at two tables, seats count across the tables")
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.set_defaults(run=_run_review)

    stats = commands.add_parser("stats", help="print your statistics and history of games")
    stats.add_argument("--json", action="store_true", help="print them as JSON")
    stats.set_defaults(run=_run_stats)

    host = commands.add_parser("host", help="hold a table that friends on other machines "
                               "join (docs/NETWORK.md); it starts once every open seat is "
                               "taken, and ends with the game")
    host.add_argument("--ruleset", default=None, help=f"default {_games_words()}")
    host.add_argument("--seats", default=None,
                      help="a seat each: open (a friend's) or a computer's level, e.g. "
                           "open,open,medium,medium; six to eight play Coup d'État at two "
                           "tables, who sits where drawn at random")
    _add_switches(host, GAMES.values())
    host.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help=game_options.option_help(GAMES.values()))
    host.add_argument("--continue", action="store_true", dest="continue_table",
                      help="open again the table of the last host whose game did not end "
                           "(stopped, killed, the machine restarted): the same code, seats "
                           "and game, on the same port; its friends' programs take their "
                           "seats up again, on the relay it was opened on too. --listen, "
                           "--port, --grace, --time, --relay and --save given win over what "
                           "was kept")
    host.add_argument("--listen", default=None, metavar="ADDRESS",
                      help="the address to listen on (default: every interface)")
    host.add_argument("--port", type=whole(least=0, most=65535), default=None,
                      help=f"the port (default {DEFAULT_PORT}; 0: any free port)")
    host.add_argument("--code", default=None, help="the table's code (default: a new one)")
    host.add_argument("--save", default=None, metavar="FILE",
                      help="write the game's save here when it ends")
    host.add_argument("--grace", type=seconds(MOST_GRACE), default=None,
                      help="seconds a friend who lost the connection is waited for before a "
                           "computer decides in the seat's place (default 60)")
    host.add_argument("--time", type=whole(least=1, most=MOST_TIME), default=None,
                      metavar="SECONDS",
                      help="seconds a person has for each decision, after which a computer "
                           "decides that one for the seat (default: no time)")
    host.add_argument("--seed", type=whole(least=0, most=MOST_SEED), default=None,
                      dest="host_seed", help="deal the same cards each time")
    host.add_argument("--json", action="store_true",
                      help="say where the table listens, and its result, as JSON lines")
    host.add_argument("--announce", nargs="?", const="", default=None, metavar="NAME",
                      help="announce the table on the local network, as NAME (default: "
                           "this machine's name); never its code")
    host.set_defaults(run=_run_host)
    online_commands.add_relay(commands, host)
    online_commands.add_join_and_tables(commands)

    terminal = _terminal_game()
    play = commands.add_parser("play", help="play in the terminal against computer players")
    play.add_argument("--players", type=whole(least=1), default=terminal.setup.usual_players,
                      choices=sorted(terminal.setup.player_counts))
    _add_switches(play, [terminal])
    play.add_argument("--seed", type=whole(least=0), dest="play_seed", default=None)
    play.set_defaults(run=_run_play)
    return parser


def _add_switches(parser: argparse.ArgumentParser, games: Iterable[Game]) -> None:
    """A switch for each toggle of the games' options that has one (`Toggle.flag`: the
    1966 game's --short), which turns it on."""
    switched: dict[str, list[tuple[Game, Toggle]]] = {}
    for game in games:
        for toggle in game.setup.toggles:
            if toggle.flag:
                switched.setdefault(toggle.flag, []).append((game, toggle))
    for flag, having in switched.items():
        first = having[0][1]
        parser.add_argument(f"--{flag}", action="store_true", dest=_switch(flag),
                            help=f"{first.label} ({', '.join(game.id for game, _ in having)})"
                                 f": {first.tip}")


def _flags() -> list[str]:
    """The switches of the games' toggles (`_add_switches`)."""
    return sorted({toggle.flag for game in GAMES.values() for toggle in game.setup.toggles
                   if toggle.flag})


def _switch(flag: str) -> str:
    return "switch_" + flag.replace("-", "_")


def _toggle_of(game: Game, flag: str) -> Toggle | None:
    return next((toggle for toggle in game.setup.toggles if toggle.flag == flag), None)


def _options(args: argparse.Namespace, game: Game, players: int) -> dict[str, object] | str:
    """The game's options (as JSON) for `players` and the switches given; or why a switch
    is refused (not an option of this game, or not for this number of players)."""
    options: dict[str, object] = {"players": players}
    for flag in _flags():
        if not getattr(args, _switch(flag), False):
            continue
        toggle = _toggle_of(game, flag)
        if toggle is None or toggle not in game.setup.offered(players):
            return f"--{flag} is not an option of {game.id} for {players} players"
        options[toggle.key] = True
    chosen = game_options.given_options(getattr(args, "option", []), game, players)
    if isinstance(chosen, str):
        return chosen
    return game_options.checked({**options, **chosen}, game)


def _terminal_game() -> Game:
    """The game `play` plays in the terminal (the first that can be)."""
    return next(game for game in GAMES.values() if game.terminal is not None)


def _fail(message: str) -> int:
    """A refusal, in one line (a path given may hold a line break), exit status 2."""
    print(f"{PROGRAM}: {' '.join(message.split())}", file=sys.stderr)
    return 2


def _run_stats(args: argparse.Namespace) -> int:
    from game.cli.stats import run

    return run(args.json)


def _run_scenario(args: argparse.Namespace) -> int:
    from game.formats import scenario

    try:
        output, status = scenario.run(scenario.load(args.file))
    except scenario.ScenarioError as error:
        return _fail(f"not a valid scenario: {error}")
    print(json.dumps(output, indent=2))
    return status


def _run_simulate(args: argparse.Namespace) -> int:
    from game.ai.bot import DEFAULT_TIME_LIMIT
    from game.ai.levels import levels_for
    from game.ai.search import DEFAULT_BUDGET
    from game.games import get_game
    from game.services import simulate

    try:
        game = get_game(args.ruleset)
    except KeyError as error:
        return _fail(str(error.args[0]))
    seats = args.seats.split(",") if args.seats else None
    players = args.players if args.players is not None else (
        len(seats) if seats else game.ruleset.max_players)
    refused = _players_refused(game.id, players)  # before a list of `players` is made
    if refused:
        return _fail(refused)
    seats = seats or ["random"] * players
    if len(seats) != players:
        return _fail(f"--seats must name {players} seats")
    levels = levels_for(game.id)
    unknown = [level for level in seats if level not in levels]
    if unknown:
        return _fail(f"no level {unknown[0]!r} for {game.id}: choose from {', '.join(levels)}")
    bots = bots_given(args.seat, players)
    if isinstance(bots, str):
        return _fail(bots)
    for seat, command in bots.items():
        seats[seat] = f"{EXEC}{command}"
    options = _options(args, game, players)
    if isinstance(options, str):
        return _fail(options)
    summary = None
    with stopping_on_signals():
        try:
            summary = simulate.run(options, args.games, args.seed, seats,
                                   ruleset=game.id, budget=args.budget or DEFAULT_BUDGET,
                                   time_limit=args.time_limit or DEFAULT_TIME_LIMIT,
                                   echo=True)
            print(json.dumps(summary.to_json(), indent=2) if args.json
                  else summary.describe())
        except simulate.Stopped as stop:
            return stopped(stop, 0 if summary is None else summary.games, args.games)
    return 0


def _most_seated() -> int:
    """The most players New game seats, whatever the game (at one table or several)."""
    from game.games import table_games

    return max(max(game.player_counts()) for game in table_games())


def _players_refused(ruleset_id: str, players: int) -> str | None:
    """Why the game cannot seat `players` (at one table or several), or None if it can."""
    from game.games import get_game

    counts = get_game(ruleset_id).player_counts()
    if players in counts:
        return None
    *most, last = map(str, counts)
    told = f"{', '.join(most)} or {last}" if most else last
    return f"{ruleset_id} is for {told} players, not {quoted(players)}"


def _run_replay(args: argparse.Namespace) -> int:
    from game.engine.errors import SaveError
    from game.services import replay

    try:
        text = replay.tell(args.save)
    except SaveError as error:
        return _fail(str(error))
    print(text)
    return 0


def _run_review(args: argparse.Namespace) -> int:
    from game.engine import saves
    from game.engine.errors import SaveError
    from game.services import reviewing
    from game.services.catalogue import CATALOGUE

    try:
        saved = saves.read(args.save, catalogue=CATALOGUE)
        chosen = reviewing.seat_in(saved, args.seat)
        run = reviewing.ReviewRun(chosen.match, chosen.seat)
    except (SaveError, ValueError) as error:
        return _fail(str(error))
    if sys.stderr is not None and sys.stderr.isatty():  # progress, over one line
        run.run(judged=lambda _: print(f"\rjudged {run.done} of {run.total} decisions",
                                       end="", file=sys.stderr))
        print(file=sys.stderr)
    else:
        run.run()
    if args.json:
        print(json.dumps(reviewing.report(run, chosen.names), indent=2, ensure_ascii=False))
    else:
        print(reviewing.told(run, chosen.names))
    return 0


def _run_play(args: argparse.Namespace) -> int:
    game = _terminal_game()
    assert game.terminal is not None
    options = _options(args, game, args.players)
    if isinstance(options, str):
        return _fail(options)
    return int(game.terminal.load()(options, seed=args.play_seed))


def _run_host(args: argparse.Namespace) -> int:
    from game.cli import online

    if args.continue_table:
        kept = _kept_as_it_was(args)
        return _fail(f"--continue opens the table kept as it was: {kept} goes without it") \
            if kept else online.continue_host(args)
    if args.seats is None:
        return _fail("host needs --seats: a seat each, open (a friend's) or a computer's "
                     "level; or --continue, to open again the table kept")
    args.ruleset = args.ruleset or DEFAULT
    args.listen = args.listen or "0.0.0.0"
    args.port = DEFAULT_PORT if args.port is None else args.port
    try:
        game = GAMES[args.ruleset]
    except KeyError:
        return _fail(f"there is no game {quoted(args.ruleset)}: choose from {_games_words()}")
    plan = [seat.strip() for seat in args.seats.split(",")]
    refused = _players_refused(game.id, len(plan))
    if refused:
        return _fail(refused)
    options = _options(args, game, len(plan))
    if isinstance(options, str):
        return _fail(options)
    return online.run_host(args, game.id, options, plan)


def _kept_as_it_was(args: argparse.Namespace) -> str | None:
    """The option given with --continue that a kept table keeps as it was, if any."""
    given = [f"--{name}" for name, value in (("seats", args.seats), ("ruleset", args.ruleset),
                                              ("code", args.code), ("seed", args.host_seed))
             if value is not None]
    given += [f"--{flag}" for flag in _flags() if getattr(args, _switch(flag), False)]
    given += ["--option"] if args.option else []
    return given[0] if given else None


def _run_install_desktop_entry(args: argparse.Namespace) -> int:
    from game.system import desktop

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
    if args.until_over and not args.autoplay:
        return _fail("--until-over goes with --autoplay")
    if args.lesson and (args.window_players is not None or args.window_bots):
        return _fail("a lesson seats its own players: --lesson goes without --players "
                     "and --seat")
    players = args.window_players
    if players is not None:
        refused = "--players goes with --autoplay" if not args.autoplay else \
            _players_refused(args.autoplay, players)
        if refused:
            return _fail(refused)
    bots = bots_given(args.window_bots, players or _most_seated())
    if isinstance(bots, str):
        return _fail(bots)
    from game.ui import main as window

    return window.run(autoplay=args.autoplay, frames=args.frames, screenshot=args.screenshot,
                      stats=args.stats, size=args.size, seed=args.seed, bots=bots,
                      until_over=args.until_over, players=players, lesson=args.lesson)
