"""`python -m game` and the `coup-detat` command."""

import multiprocessing
import sys

from game import cli


def main() -> int:
    _speak_utf8()
    return cli.main()


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
