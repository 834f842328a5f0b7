"""`python -m game` and the `coup-detat` command."""

import contextlib
import errno
import multiprocessing
import os
import sys
from typing import IO

from game import cli
from game.system.files import why_unwritten


class OutputFailed(Exception):
    """Standard output could not be written (a full disk, a closed pipe): the `OSError`
    raised by the stream, told apart from the commands' own (a save that failed)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _Output:
    """Standard output, whose failures raise `OutputFailed`; the rest is the stream's."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as error:
            raise OutputFailed(error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputFailed(error) from None

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def main() -> int:
    _speak_utf8()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a normal start prints nothing
    if sys.stdout is not None:  # None in a windowed executable started from Windows' shell
        sys.stdout = _Output(sys.stdout)
    try:
        status = cli.main()
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk is told here, not in Python's flush at exit
        return status
    except OutputFailed as failure:
        _quiet_stdout()
        if failure.error.errno != errno.EPIPE:  # a reader that went away wants no word
            with contextlib.suppress(OSError):  # the terminal itself may be gone (SIGHUP)
                print(f"{cli.PROGRAM}: the output could not be written: "
                      f"{why_unwritten(failure.error)}.", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`coup-detat replay SAVE | head`)
        _quiet_stdout()
        return 1


def _quiet_stdout() -> None:
    """Send what is still buffered for standard output nowhere, so that Python's own flush
    at exit does not fail on the closed pipe or the full disk a second time."""
    if sys.stdout is not None:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _speak_utf8() -> None:
    """Words (suits, accents) go out as UTF-8 on every system: Windows would otherwise
    write a redirected output in its own code page and fail on a ♠."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # no stream in a windowed .exe
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="replace")


def _launcher() -> int | None:
    """The game's executable run as an outside program's launcher, as the frozen game
    runs it (game/ai/bot_launcher.py, POSIX): its exit status; None if it is not run as
    one."""
    from game.ai.bot_processes import LAUNCHER_FLAG

    if sys.argv[1:2] != [LAUNCHER_FLAG] or os.name == "nt":
        return None
    from game.ai import bot_launcher

    return bot_launcher.main(sys.argv[2:])


if __name__ == "__main__":
    multiprocessing.freeze_support()  # the Hard player's worker processes, when frozen
    launched = _launcher()
    sys.exit(main() if launched is None else launched)
