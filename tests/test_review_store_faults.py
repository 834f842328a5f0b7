"""A kept review, whatever its file holds, is read or judged again; reading it never fails.

A review on disk is derived from the game: a file that does not hold a review of this game
(huge numbers, floats where whole numbers belong, wrong nesting, booleans, negative
indices...) is judged again and written over, by the window and by `coup-detat review`.
"""

from __future__ import annotations

import copy
import json
import math
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.levels import make_player
from game.cli import main
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.services import review_store, reviewing
from game.services.catalogue import CATALOGUE
from game.services.review import Depth, Judgement, seat_turns

SEAT = 0
DEPTH = Depth(seconds=30.0, worlds=8, workers=1)
NAMES = ["Ada", "Blaise", "Colette"]
EXAMPLES = int(os.environ.get("REVIEW_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SAMPLE = Path(__file__).resolve().parent.parent / "saves" / "short-game-3-players.json"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-10**400, 10**400)
    | st.floats() | st.sampled_from([1e308, -1e308, 0.5, -1, 10**19])
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=10)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("home")
        patch.setenv("COUP_DETAT_HOME", str(folder))
        yield folder


@pytest.fixture(scope="module")
def match(home: Path) -> Match:
    """A short 1966 game between Medium players (its values are francs)."""
    rules = get_ruleset("coup-detat")
    played = Match(rules, rules.parse_options({"players": 3, "short_game": True}),
                   chance=seeded_chance(rules, 5))
    players = [make_player("medium", f"5:{seat}", ruleset="coup-detat") for seat in range(3)]
    while not (pending := played.pending).over:
        assert pending.seat is not None
        played.submit(players[pending.seat].decide(played.view(pending.seat), played.legal()))
    return played


@pytest.fixture(scope="module")
def valid(match: Match) -> dict[str, object]:
    """A kept review of every decision of the seat, as `keep` writes it: Hard's best the
    first legal decision wherever there was a choice, and sure it costs 300 F."""
    judgements = [Judgement(turn, 0, 1_000.0, 1_300.0, 8, True)
                  if len(match.ruleset.legal(match.turns[turn].state_before)) > 1
                  else Judgement(turn) for turn in seat_turns(match, SEAT)]
    assert review_store.keep(match, SEAT, DEPTH, judgements, complete=True) is None
    document = json.loads(review_store.review_path(match).read_text(encoding="utf-8"))
    assert review_store.load(match, SEAT, DEPTH) == review_store.Kept(tuple(judgements), True)
    return document


def places(value: object, at: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every place in a JSON document (keys and indices from its top), the top excepted."""
    children = (value.items() if isinstance(value, dict)
                else enumerate(value) if isinstance(value, list) else ())
    for key, child in children:
        yield (*at, key)
        yield from places(child, (*at, key))


def put(document: object, place: tuple[object, ...], value: object) -> None:
    *way, last = place
    for key in way:
        document = document[key]  # type: ignore[index]
    document[last] = value  # type: ignore[index]


def write(match: Match, document: object) -> None:
    review_store.review_path(match).write_text(json.dumps(document), encoding="utf-8")


def with_entry_field(valid: dict[str, object], field: int, value: object) -> dict[str, object]:
    """The valid review with one field of its first judged decision replaced."""
    document = copy.deepcopy(valid)
    entries = document["seats"]["0"]["judgements"]  # type: ignore[index]
    judged = next(entry for entry in entries if entry[1] is not None)
    judged[field] = value
    return document


def assert_usable(match: Match, kept: review_store.Kept) -> None:
    """A kept review loaded is one of this seat's decisions in order, each judgement one
    the words and the JSON report can say."""
    turns = seat_turns(match, SEAT)
    assert [judgement.turn for judgement in kept.judgements] == turns[:len(kept.judgements)]
    for judgement in kept.judgements:
        assert math.isfinite(judgement.played_value) and math.isfinite(judgement.best_value)
        assert math.isfinite(judgement.cost) and judgement.worlds >= 0
        if judgement.best is None:
            assert judgement == Judgement(judgement.turn), "a decision not judged has no values"
        else:
            legal = match.ruleset.legal(match.turns[judgement.turn].state_before)
            assert 0 <= judgement.best < len(legal)
    run = reviewing.ReviewRun(match, SEAT, DEPTH)
    assert run.judgements == list(kept.judgements)
    json.dumps(reviewing.report(run, NAMES), allow_nan=False)
    assert reviewing.told(run, NAMES)


@FUZZ
@given(data=st.data())
def test_any_value_anywhere_in_a_kept_review_is_read_or_judged_again(
        match: Match, valid: dict[str, object], data: st.DataObject) -> None:
    document = copy.deepcopy(valid)
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        place = data.draw(st.sampled_from(list(places(document))), label="place")
        put(document, place, data.draw(json_values, label="value"))
    write(match, document)
    kept = review_store.load(match, SEAT, DEPTH)
    if kept is not None:
        assert_usable(match, kept)


@pytest.mark.parametrize(("field", "value"), [
    (2, int("9" * 400)),  # the value played: too big for a float
    (3, -int("9" * 400)),
    (2, 1e308),  # a float, but no game's value: the cost would be infinite
    (3, -1e308),
    (2, True),
    (4, 10.0),  # worlds: a float where a whole number belongs
    (4, -1),
    (1, -1),  # Hard's best: a negative index
    (1, 1.0),
    (1, False),
    (0, [0]),  # the turn: wrong nesting
    (5, 1),  # sure: a number where a boolean belongs
], ids=["huge played", "huge best", "too large a float", "too small a float",
        "a boolean value", "float worlds", "negative worlds", "negative best", "float best",
        "boolean best", "nested turn", "number for sure"])
def test_a_damaged_judgement_makes_the_review_judged_again(
        match: Match, valid: dict[str, object], field: int, value: object) -> None:
    write(match, with_entry_field(valid, field, value))
    assert review_store.load(match, SEAT, DEPTH) is None
    assert reviewing.ReviewRun(match, SEAT, DEPTH).done == 0


def test_a_decision_not_judged_has_no_values(match: Match, valid: dict[str, object]) -> None:
    """Kept as not judged (no best) yet with a cost would be said as a mistake without a
    better move to name."""
    document = copy.deepcopy(valid)
    entries = document["seats"]["0"]["judgements"]  # type: ignore[index]
    entries[0] = [entries[0][0], None, 0.0, 5_000.0, 8, True]
    write(match, document)
    assert review_store.load(match, SEAT, DEPTH) is None


def test_a_valid_kept_review_still_loads(match: Match, valid: dict[str, object]) -> None:
    write(match, valid)
    kept = review_store.load(match, SEAT, DEPTH)
    assert kept is not None and kept.complete
    assert_usable(match, kept)


def test_the_command_line_judges_a_damaged_kept_review_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`coup-detat review` over a kept review whose value has 400 digits: judged again,
    said, and written over with a review that loads."""
    monkeypatch.setenv("COUP_DETAT_HOME", str(tmp_path / "home"))
    assert main(["review", str(SAMPLE), "--seat", "1", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    game = saves.read(SAMPLE, catalogue=CATALOGUE).match
    path = review_store.review_path(game)
    document = json.loads(path.read_text(encoding="utf-8"))
    entries = document["seats"]["1"]["judgements"]
    judged = next(entry for entry in entries if entry[1] is not None)
    judged[2] = int("9" * 400)
    path.write_text(json.dumps(document), encoding="utf-8")

    assert main(["review", str(SAMPLE), "--seat", "1", "--json"]) == 0
    captured = capsys.readouterr()
    again = json.loads(captured.out)
    assert "Traceback" not in captured.err
    assert again["complete"] and again["decisions"] == first["decisions"]
    assert [entry["turn"] for entry in again["judged"]] == \
        [entry["turn"] for entry in first["judged"]]
    rewritten = json.loads(path.read_text(encoding="utf-8"))
    assert all(abs(entry[2]) < 10**9 for entry in rewritten["seats"]["1"]["judgements"]), \
        "the damage was written over"
    assert main(["review", str(SAMPLE), "--seat", "1"]) == 0  # in words, from the new file
    assert "judged by the Hard player" in capsys.readouterr().out


# Where a review cannot be kept ------------------------------------------------------------

def test_a_reviews_folder_that_is_a_file_is_told_so_in_the_players_words(
        match: Match, home: Path) -> None:
    """Not the system's bare "File exists": what is wrong, and where."""
    folder = review_store.review_path(match).parent
    kept = folder.with_name("reviews.kept")
    if folder.exists():
        folder.rename(kept)
    folder.write_text("not a folder", encoding="utf-8")
    try:
        problem = review_store.keep(match, SEAT, DEPTH, [], complete=False)
    finally:
        folder.unlink()
        if kept.exists():
            kept.rename(folder)
    assert problem == f"The review could not be kept in {folder}: it is a file, not a folder."


def test_a_file_where_the_games_folder_should_be_is_named(
        match: Match, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own folder (COUP_DETAT_HOME here) is a file: the message names it."""
    in_the_way = tmp_path / "home"
    in_the_way.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("COUP_DETAT_HOME", str(in_the_way))
    problem = review_store.keep(match, SEAT, DEPTH, [], complete=False)
    folder = review_store.review_path(match).parent
    assert problem == (f"The review could not be kept in {folder}: "
                       f"{in_the_way} is a file, not a folder.")
