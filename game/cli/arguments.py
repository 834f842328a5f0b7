"""What each argument of the command line may be: argparse's types for whole numbers,
seconds, a window's size and a screenshot's path, the outside programs of `--seat`, and a
parser that says a mistake in one line."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from game.engine.texts import quoted
from game.services.settings import WINDOW_SIDE
from game.services.tally import EXEC

SHOWN = 24  # characters of a mistaken argument quoted in its refusal (then an ellipsis)
SHOWN_COMMAND = 80  # ...and of a mistaken --seat


class OneLineParser(argparse.ArgumentParser):
    """A mistake in the command line is said in one line (not the usage, then the error),
    with exit status 2, as every other refusal of the command."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def whole(*, least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number (`ascii_whole`) of at least `least` (and at most
    `most`, if given)."""
    wanted = f"a whole number of at least {least}" if most is None else \
        f"a whole number from {least} to {most:,}"

    def parse(text: str) -> int:
        number = ascii_whole(text)
        if number is None or number < least or (most is not None and number > most):
            raise argparse.ArgumentTypeError(f"{wanted}, not {quoted(text, SHOWN)}")
        return number

    return parse


def seconds(most: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds above 0 and at most `most`."""
    def parse(text: str) -> float:
        try:
            seconds = float(text) if text.isascii() else math.nan
        except ValueError:
            seconds = math.nan
        if not 0 < seconds <= most:  # false for nan
            raise argparse.ArgumentTypeError(f"seconds above 0 and at most {most:g}, "
                                             f"not {quoted(text, SHOWN)}")
        return seconds

    return parse


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: WIDTHxHEIGHT in pixels, each side within WINDOW_SIDE."""
    low, high = WINDOW_SIDE
    given_width, _, given_height = text.lower().partition("x")
    width, height = ascii_whole(given_width), ascii_whole(given_height)
    if width is None or height is None or not (low <= width <= high and low <= height <= high):
        raise argparse.ArgumentTypeError(f"WIDTHxHEIGHT, such as 1280x800, each from {low} "
                                         f"to {high}, not {quoted(text, SHOWN)}")
    return width, height


def seat_command(given: str, seats: int) -> tuple[int, str] | None:
    """`--seat N=exec:COMMAND` as (N, COMMAND); None unless N is a seat from 0 to
    `seats` - 1 and COMMAND is not empty."""
    number, _, command = given.partition("=")
    seat = ascii_whole(number)
    command = command.removeprefix(EXEC).strip() if command.startswith(EXEC) else ""
    if seat is None or seat >= seats or not command:
        return None
    return seat, command


def ascii_whole(text: str) -> int | None:
    """`text` as a whole number if it is one in ASCII digits ("²" and "٣" are digits to
    Python, not here) that Python converts (at most 4,300 of them); None otherwise."""
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:
        return None


def screenshot_path(text: str) -> str:
    """A path a picture can be saved at: in a folder that exists, ending in .png (the
    format pygame chooses by the suffix); checked before the window opens."""
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"a screenshot is a .png file, not {text!r}")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"there is no folder {str(path.parent)!r} to save "
                                         "the screenshot in")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file's path")
    return text


def bots_given(given: Sequence[str], seats: int) -> dict[int, str] | str:
    """The outside programs of `--seat N=exec:COMMAND`, by seat; or why they are refused
    (a seat given twice is, rather than its first program silently replaced)."""
    bots: dict[int, str] = {}
    for one in given:
        chosen = seat_command(one, seats)
        if chosen is None:
            return (f'--seat wants N=exec:"COMMAND" with N from 0 to {seats - 1}, '
                    f"not {quoted(one, SHOWN_COMMAND)}")
        seat, command = chosen
        if seat in bots:
            return f"--seat {seat} is given twice: one program a seat"
        bots[seat] = command
    return bots
