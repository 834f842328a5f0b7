"""The README and the documents point only inside the repository (files and headings that
exist), save the one link a reader needs outside it: the Releases page, where the game is
downloaded. And the README opens with the two commands a newcomer runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
RELEASES = "../../releases"  # the repository's Releases page, wherever it is hosted


def anchors(path: Path) -> set[str]:
    """The headings of a Markdown file as GitHub names their anchors."""
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            words = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", words).replace(" ", "-"))
    return found


def broken_links(path: Path) -> list[str]:
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:")) or target == RELEASES:
            continue
        file, _, anchor = target.partition("#")
        landing = (path.parent / file).resolve() if file else path
        outside = bool(file) and not landing.is_relative_to(ROOT)
        if outside or not landing.exists() or (
                anchor and landing.suffix == ".md" and anchor not in anchors(landing)):
            broken.append(target)
    return broken


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_link_lands_inside_the_repository(document: Path) -> None:
    assert broken_links(document) == []


def test_the_reader_is_told_where_to_download_the_game() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"[Releases page]({RELEASES})" in readme


def test_no_document_names_a_folder_beside_the_repository() -> None:
    beside = [f"{path.name}: {line.strip()}" for path in DOCUMENTS
              for line in path.read_text(encoding="utf-8").splitlines()
              if re.search(r"\.\./shared|\.\./conformance|/work/", line)]
    assert beside == []


def test_the_readme_opens_with_the_commands_to_play_and_to_test() -> None:
    commands = [line.strip() for line in
                (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:12]
                if line.startswith("    ")]
    assert len(commands) == 2
    play, test = commands
    assert "pip install -e ." in play and play.endswith("coup-detat")
    assert "pip install -e '.[test]'" in test and "pytest" in test


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    page = ROOT / "docs" / "TESTING.md"
    assert broken_links(page) == []
    fake = tmp_path / "x.md"
    fake.write_text("[a](nowhere.md) [b](#no-heading) [c](../../outside.md)\n# Here\n[d](#here)",
                    encoding="utf-8")
    assert broken_links(fake) == ["nowhere.md", "#no-heading", "../../outside.md"]
