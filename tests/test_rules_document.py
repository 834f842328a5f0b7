"""The rules text (game/services/rules_text.py): docs/RULES.md is written from it and kept in step,
and the Rules screen and the document both carry every figure of the charts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.games.coup.rules import charts as bluff
from game.games.coup_detat.rules import charts as classic
from game.games.coup_detat_duel.rules import charts as duel
from game.rules.words import capitalized
from game.services import rules_text

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "RULES.md"


def test_docs_rules_md_is_the_generated_document() -> None:
    assert DOCUMENT.read_text(encoding="utf-8") == rules_text.markdown(), (
        "docs/RULES.md is out of step with game/services/rules_text.py: "
        f"run `{rules_text.REGENERATE}`")


def test_the_document_says_it_is_generated_and_how_to_regenerate_it() -> None:
    head = rules_text.markdown().splitlines()[:4]
    assert any("generated" in line.lower() and rules_text.REGENERATE in line for line in head)


def test_the_document_has_a_heading_a_section_in_the_order_of_the_contents() -> None:
    headings = re.findall(r"^## (.+)$", rules_text.markdown(), flags=re.MULTILINE)
    assert headings == [section.heading for section in rules_text.SECTIONS.values()]
    assert list(rules_text.CONTENTS) == ["coup-detat", "coup-detat-duel", "coup",
                                         "coup-inquisitor", "levels"]


def _figures() -> dict[str, list[str]]:
    """Each section's chart figures, as the charts word them."""
    coup_detat = []
    for hand_type in classic.HandType:
        line = classic.COUP_CHART[hand_type]
        coup_detat += [classic.DIRECTORS_GOALS[hand_type], classic.describe_penalties(hand_type),
                       capitalized(line.goal), f"{line.reward:,} F", f"{line.failure:,} F"]
    the_duel = [capitalized(text) for line in duel.CHART.values()
                for text in (line.prime_ministers_goal, line.coup_goal)]
    return {
        "coup-detat": coup_detat,
        "coup-detat-duel": the_duel,
        **{variant.id: [bluff.ABILITIES[character] for character in variant.characters]
           for variant in (bluff.COUP, bluff.INQUISITOR)},
    }


@pytest.mark.parametrize("section", ["coup-detat", "coup-detat-duel", "coup",
                                     "coup-inquisitor"])
def test_every_chart_figure_is_on_the_screen_and_in_the_document(section: str) -> None:
    markdown = " ".join(rules_text.markdown().split())  # the document's lines are wrapped
    page = rules_text.html(section)
    for figure in _figures()[section]:
        assert figure in page, figure
        assert figure in markdown, figure


def test_the_screen_uses_only_the_markup_pygame_gui_reads() -> None:
    for section in rules_text.SECTIONS:
        tags = set(re.findall(r"</?([a-z]+)", rules_text.html(section)))
        assert tags <= {"b", "br", "font"}, (section, tags)


def test_the_rules_text_needs_no_pygame() -> None:
    probe = "import sys, game.services.rules_text; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "False"


def test_running_the_module_writes_the_document_in_utf8() -> None:
    result = subprocess.run([sys.executable, "-m", "game.services.rules_text"], cwd=ROOT,
                            capture_output=True, check=True,
                            env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert result.stdout.decode("utf-8") == rules_text.markdown()
