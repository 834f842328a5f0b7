"""`python -m game` and the `coup-detat` command."""

import multiprocessing
import os
import sys

from game import cli


def main() -> int:
    _speak_utf8()
    try:
        return cli.main()
    except BrokenPipeError:  # the reader went away (`coup-detat replay SAVE | head`)
        _quiet_stdout()
        return 1


def _quiet_stdout() -> None:
    """Send what is still buffered for standard output nowhere, so that Python's own flush
    at exit does not fail on the closed pipe a second time."""
    if sys.stdout is not None:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _speak_utf8() -> None:
    """Words (suits, accents) go out as UTF-8 on every system: Windows would otherwise
    write a redirected output in its own code page and fail on a ♠."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # no stream in a windowed .exe
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="replace")


if __name__ == "__main__":
    multiprocessing.freeze_support()  # the Hard player's worker processes, when frozen
    sys.exit(main())
