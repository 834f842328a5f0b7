"""The release workflow (.github/workflows/release.yml) can only run on GitHub's runners;
these tests read it and check what can be checked here: when it runs, on which desktops and
Python, that it builds with build.spec and plays the four games with what it built, that
the files it names are the repository's, and that each desktop's file reaches the release."""

from __future__ import annotations

import fnmatch
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

REPOSITORY = Path(__file__).resolve().parent.parent
WORKFLOW = REPOSITORY / ".github" / "workflows" / "release.yml"
RUNNERS = {"ubuntu-latest", "windows-latest", "macos-latest"}
# What `pyinstaller build.spec` makes on each runner (tests/test_executable.py finds the same)
BUILT = {"ubuntu-latest": "dist/coup-detat", "windows-latest": "dist/coup-detat.exe",
         "macos-latest": "dist/*.app"}
MADE_BY_THE_WORKFLOW = ("dist/", "release/")
MATRIX_VALUE = re.compile(r"\$\{\{\s*matrix\.([\w-]+)\s*\}\}")


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def build(workflow: dict[Any, Any]) -> dict[str, Any]:
    return workflow["jobs"]["build"]


def steps_using(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    return [step for step in job["steps"] if step.get("uses", "").startswith(action + "@")]


def step_running(job: dict[str, Any], words: str) -> dict[str, Any]:
    found = [step for step in job["steps"] if words in step.get("run", "")]
    assert len(found) == 1, f"one step runs {words!r}"
    return found[0]


def for_entry(text: str, entry: dict[str, str]) -> str:
    """`text` with each ${{ matrix.KEY }} replaced by the matrix entry's value."""
    return MATRIX_VALUE.sub(lambda match: entry[match.group(1)], text)


def test_a_pushed_version_tag_or_a_click_starts_it(workflow: dict[Any, Any]) -> None:
    triggers = workflow["on" if "on" in workflow else True]  # YAML 1.1 reads `on` as true
    assert triggers["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in triggers


def test_it_builds_on_windows_macos_and_linux_with_python_3_11(build: dict[str, Any]) -> None:
    entries = build["strategy"]["matrix"]["include"]
    assert {entry["os"] for entry in entries} == RUNNERS
    assert build["runs-on"] == "${{ matrix.os }}"
    (python,) = steps_using(build, "actions/setup-python")
    assert python["with"]["python-version"] == "3.11"  # a string: 3.10 would read as 3.1


def test_it_installs_the_test_extra_builds_with_build_spec_then_plays(
    build: dict[str, Any],
) -> None:
    install = step_running(build, "pip install")
    builder = step_running(build, "pyinstaller")
    played = step_running(build, "pytest")
    assert "-e '.[test]'" in install["run"]
    assert shlex.split(builder["run"]) == ["pyinstaller", "build.spec"]
    assert "tests/test_executable.py" in shlex.split(played["run"])
    assert played["env"]["COUP_DETAT_DIST"] == "dist"  # the build just made, not its own
    assert {build["env"]["SDL_VIDEODRIVER"], build["env"]["SDL_AUDIODRIVER"]} == {"dummy"}
    order = [build["steps"].index(step) for step in (install, builder, played)]
    assert order == sorted(order)


def test_every_repository_path_it_names_exists(build: dict[str, Any]) -> None:
    named = [word for step in build["steps"] for word in shlex.split(step.get("run", ""))
             if _names_a_file(word)]
    assert {"build.spec", "tests/test_executable.py"} <= set(named)
    for path in named:
        assert (REPOSITORY / path).exists(), path


def _names_a_file(word: str) -> bool:
    if word.startswith(("-", "$", "http")) or word.startswith(MADE_BY_THE_WORKFLOW):
        return False
    return "/" in word or word.endswith((".py", ".spec", ".toml"))


def test_each_desktops_build_is_packed_uploaded_and_attached_to_the_release(
    workflow: dict[Any, Any], build: dict[str, Any],
) -> None:
    (upload,) = steps_using(build, "actions/upload-artifact")
    packing = step_running(build, "matrix.package")
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build"
    assert release["if"].startswith("startsWith(github.ref, 'refs/tags/")
    (download,) = steps_using(release, "actions/download-artifact")
    (attach,) = steps_using(release, "softprops/action-gh-release")
    attached = [line.strip() for line in attach["with"]["files"].splitlines()]

    for entry in build["strategy"]["matrix"]["include"]:
        file = f"release/{entry['asset']}"
        packed = shlex.split(for_entry(packing["run"], entry))
        assert BUILT[entry["os"]] in packed and file in packed, entry["os"]
        assert for_entry(upload["with"]["path"], entry) == file
        # every artifact is downloaded, each one's file straight into the folder attached
        assert "name" not in download["with"] and download["with"]["merge-multiple"]
        assert file.startswith(download["with"]["path"] + "/")
        assert any(fnmatch.fnmatch(file, pattern) for pattern in attached), file


def test_each_desktop_gets_the_file_it_opens(build: dict[str, Any]) -> None:
    assets = {entry["os"]: entry["asset"] for entry in build["strategy"]["matrix"]["include"]}
    assert assets["windows-latest"].endswith(".exe")
    assert assets["macos-latest"].endswith(".zip")  # the .app folder, zipped
    assert "." not in assets["ubuntu-latest"]  # the bare executable


def test_it_may_write_the_release(workflow: dict[Any, Any]) -> None:
    assert workflow["permissions"]["contents"] == "write"
