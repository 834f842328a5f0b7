"""The code's own rules: ruff clean, and no pygame below the UI."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("engine", "rules", "ai")


def tool(name: str) -> str:
    """A command of the test extra, from this interpreter's environment first."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is part of the test extra: pip install -e '.[test]'")
    return found


def test_ruff_finds_nothing() -> None:
    run = subprocess.run([tool("ruff"), "check", str(ROOT)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout


def test_the_type_hints_check() -> None:
    run = subprocess.run([tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_engine_rules_and_ai_never_import_pygame(package: str) -> None:
    for path in (ROOT / "game" / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0].startswith("pygame") for name in names), path
