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


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.fail("ruff is part of the test extra: pip install -e '.[test]'")
    run = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
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
