"""Files the program ships with and reads: the sample saves, the theme, the fonts.

From source they are read where they lie in the repository (and pygame-gui's fonts where
pip installed pygame-gui). The executable built by build.spec carries the same files in the
same layout and unpacks them into `sys._MEIPASS` when it starts, so a relative path finds
a file either way:

    resource_path("saves")                          # the sample saved games
    resource_path("game", "ui", "theme.json")       # the pygame-gui theme
    package_data("pygame_gui", "data", "NotoSans-Bold.ttf")
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def frozen() -> bool:
    """Whether this is the executable built by PyInstaller rather than Python and source."""
    return bool(getattr(sys, "frozen", False))


def resource_root() -> Path:
    """The repository from source; the folder the executable unpacked itself into, frozen."""
    if frozen():
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """A file of ours, by its path relative to the repository."""
    return resource_root().joinpath(*parts)


def package_data(package: str, *parts: str) -> Path:
    """A data file installed with another package (pygame-gui's fonts), by its path relative
    to that package's folder: in site-packages from source, under the package's name in the
    executable."""
    if frozen():
        return resource_path(*package.split("."), *parts)
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"{package} is not installed; its data is needed", name=package)
    return Path(next(iter(spec.submodule_search_locations))).joinpath(*parts)
