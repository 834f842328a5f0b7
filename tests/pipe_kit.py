"""Reading a named pipe put where a file should be: the reader must not wait for a writer."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")
PATIENCE = 5.0  # seconds: far more than reading a file takes; a reader that waits fails


def read_from_a_pipe(path: Path, read: Callable[[Path], T]) -> T:
    """Make `path` a named pipe with no writer, and return what `read(path)` gives; fail
    the test (and release the reader) if it waits for a writer."""
    os.mkfifo(path)
    results: list[T] = []
    reader = threading.Thread(target=lambda: results.append(read(path)), daemon=True)
    reader.start()
    reader.join(PATIENCE)
    if reader.is_alive():
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"reading {path.name} waited for a writer")
    return results[0]
