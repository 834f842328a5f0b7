"""A file that one process at a time may hold: how two copies of the game on one home
folder find out about each other.

The lock is the system's own (`flock` on POSIX, `msvcrt.locking` on Windows), taken on an
open file: the system lets it go when the holder closes it or ends, however it ends, so a
killed copy never leaves a stale lock behind. Two holders in one process exclude each other
too (each opens the file anew).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path


class FileLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: int | None = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> bool:
        """Hold the lock unless another holder has it; True when it is held (already, or
        now), and True too when the lock file cannot be made at all (a read-only or full
        disk): whatever the holder meant to write will say why it could not."""
        if self._handle is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0),
                             0o644)
        except OSError:
            return True
        if not _lock(handle):
            os.close(handle)
            return False
        self._handle = handle
        return True

    def release(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            with contextlib.suppress(OSError):
                _unlock(handle)
            os.close(handle)


if sys.platform == "win32":
    import msvcrt

    def _lock(handle: int) -> bool:
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: int) -> None:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: int) -> bool:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # held elsewhere
            return False
        except OSError:  # a file system without locks: nothing to learn, nothing to stop
            pass
        return True

    def _unlock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_UN)
