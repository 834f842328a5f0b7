"""The command line: `coup-detat scenario | simulate | replay | play`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

PROGRAM = "coup-detat"


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play"])
    return args.run(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Coup d'État (1966) and its cousins at an offline table."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    scenario = commands.add_parser("scenario", help="play a scenario file and print the result")
    scenario.add_argument("file", help="a scenario (conformance/FORMAT.md)")
    scenario.set_defaults(run=_run_scenario)

    simulate = commands.add_parser("simulate", help="play games between random players")
    simulate.add_argument("--players", type=int, default=4, choices=(3, 4))
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--short", action="store_true", help="the short game")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(run=_run_simulate)

    replay = commands.add_parser("replay", help="tell a saved game in words")
    replay.add_argument("save", help="a saved game (.json)")
    replay.set_defaults(run=_run_replay)

    play = commands.add_parser("play", help="play in the terminal against computer players")
    play.add_argument("--players", type=int, default=4, choices=(3, 4))
    play.add_argument("--short", action="store_true", help="the short game")
    play.add_argument("--seed", type=int, default=None)
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

    if args.games < 1:
        return _fail("--games must be at least 1")
    summary = simulate.run(players=args.players, games=args.games, seed=args.seed,
                           short_game=args.short)
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

    return terminal.play(players=args.players, short_game=args.short, seed=args.seed)
