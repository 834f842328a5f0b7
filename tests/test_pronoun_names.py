"""A seat named as a pronoun ("You", older saves' default) is written of in the third
person as a name, in quotation marks, so the verb still matches: never "You holds COUP"."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_review import played
from test_ui_words import THIRD_PERSON_AFTER_YOU

from game.cli import main
from game.engine import saves
from game.engine.saves import Seat
from game.games import GAMES
from game.rules.words import Naming, as_name


@pytest.mark.parametrize("name", ["You", "you", "He", "They", " It "])
def test_a_pronoun_is_quoted_as_a_name(name: str) -> None:
    assert as_name(name) == f"“{name}”"


@pytest.mark.parametrize("name", ["Ada", "Yousef", "Hero", "Youssou N'Dour"])
def test_a_name_that_only_starts_like_a_pronoun_is_left_alone(name: str) -> None:
    assert as_name(name) == name


def test_the_reader_is_still_you_and_the_others_are_named() -> None:
    naming = Naming(["You", "She", "Ada"], you=0)
    assert naming.does(0, "holds COUP") == "you hold COUP"
    assert naming.does(1, "holds COUP") == "“She” holds COUP"
    assert naming.owner(1) == "“She”'s" and naming.owner(2) == "Ada's"


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_replay_never_tells_a_seat_called_you_in_the_third_person(
        ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = played(ruleset, 5)
    names = ["You", "Brigitte", "Camille", "Didier", "Émile", "Fanny"][:match.players]
    path = tmp_path / "game.json"
    saves.write(path, match, tuple(Seat(name, "computer", "medium") for name in names))
    assert main(["replay", str(path)]) == 0
    told = capsys.readouterr().out
    assert "“You”" in told
    broken = [line for line in told.splitlines() if THIRD_PERSON_AFTER_YOU.search(line)]
    assert broken == []
