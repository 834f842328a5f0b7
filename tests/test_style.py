"""The code's own rules: ruff clean, and no pygame below the UI."""

from __future__ import annotations

import ast
import importlib.util
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
    # --no-cache: a cached verdict once hid an import of a module that had moved
    command = [tool("ruff"), "check", "--no-cache", str(ROOT)]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout


def test_the_sample_maker_imports_what_exists() -> None:
    """The script sits outside the package mypy checks: importing it finds a name that moved."""
    script = ROOT / "saves" / "make_samples.py"
    spec = importlib.util.spec_from_file_location("make_samples", script)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


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
