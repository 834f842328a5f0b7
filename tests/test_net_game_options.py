"""The options New game offers, at a table hosted without a window (`host --option
NAME=VALUE`, as each game declares its options): whole games over `join --bot` with them,
in a network namespace (net_games_kit), each friend told them in the welcome; and every
value that is not one, refused in a line before anything listens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_net_games import whole_game

from game.cli import main
from game.engine import saves
from game.net.hosted import OPEN
from game.services.catalogue import CATALOGUE


def welcomed_with(tmp_path: Path) -> list[dict[str, object]]:
    """The table's options, as each friend's welcome said them."""
    options = []
    for record in sorted(tmp_path.glob("record-*.jsonl")):
        messages = [json.loads(line) for line in record.read_text().splitlines() if line]
        options.append(next(m for m in messages if m.get("type") == "welcome")["table"]["options"])
    return options


def saved_options(tmp_path: Path) -> dict[str, object]:
    saved = saves.read(tmp_path / "game.json", catalogue=CATALOGUE)
    return saved.ruleset.options_to_json(saved.match.options)


def test_a_match_of_three_rounds_with_the_inquisitor_and_five_lives_off(
        tmp_path: Path) -> None:
    whole_game(tmp_path, "coup-inquisitor", [OPEN, OPEN], seed=4,
               flags=["--option", "rounds=3", "--option", "five-lives=no"])
    told = welcomed_with(tmp_path)
    assert len(told) == 2
    for options in told:
        assert (options["rounds"], options["five_lives"]) == (3, False)
        assert options.get("call_the_coup", True) is True  # as New game has it
    assert saved_options(tmp_path) == {"players": 2, "alternative_deal": False,
                                       "call_the_coup": True, "five_lives": False,
                                       "rounds": 3}


def test_coup_for_two_with_the_alternative_deal(tmp_path: Path) -> None:
    whole_game(tmp_path, "coup", [OPEN, "easy"], seed=6,
               flags=["--option", "alternative_deal=yes"])
    assert [options["alternative_deal"] for options in welcomed_with(tmp_path)] == [True]
    assert saved_options(tmp_path)["alternative_deal"] is True


@pytest.mark.parametrize(("ruleset", "seats", "option", "said"), [
    ("coup", "open,easy,easy", "alternative_deal=yes",
     "--option alternative_deal is not an option of coup for 3 players: its options are "
     "rounds=1|3|5"),
    ("coup-inquisitor", "open,easy", "rounds=2",
     "--option rounds is a match of 1, 3 or 5 rounds at coup-inquisitor, not '2'"),
    ("coup-inquisitor", "open,easy", "call_the_coup=maybe",
     "--option call_the_coup is yes or no, not 'maybe'"),
    ("coup-detat-duel", "open,easy", "rounds=3",
     "--option rounds is not an option of coup-detat-duel for 2 players: it has none"),
    ("coup-detat", "open,easy,easy", "short",
     "--option takes NAME=VALUE, such as rounds=3, not 'short'"),
])
def test_an_option_that_is_not_one_is_refused_in_a_line(
        capsys: pytest.CaptureFixture[str], ruleset: str, seats: str, option: str,
        said: str) -> None:
    assert main(["host", "--ruleset", ruleset, "--seats", seats, "--option", option,
                 "--listen", "127.0.0.1", "--port", "0"]) == 2
    assert capsys.readouterr().err == f"coup-detat: {said}\n"


def test_the_options_are_kept_with_the_table_not_given_again_with_continue(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "--continue", "--option", "rounds=3"]) == 2
    assert "--option goes without it" in capsys.readouterr().err
