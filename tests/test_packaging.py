"""What `pip install .` copies: every file the package reads beside its modules is named
as package data (a non-editable install once lacked the window's theme)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_data_file_of_the_package_is_installed_with_it() -> None:
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    named = set(setup["tool"]["setuptools"]["package-data"]["game"])
    package = ROOT / "game"
    data = {path.relative_to(package).as_posix() for path in package.rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc")}
    assert data and data <= named, sorted(data - named)
