"""The review's words as a player reads them: a figure is never parted from its unit at the
end of a line ("(−194" then "F)" on the next), so each game writes a no-break space between
them; and the bluffing games say where the game is without "Round 1 of 1, 4 players in"."""

from __future__ import annotations

import re
from itertools import pairwise

import pygame
import pytest
from test_review import GAMES, QUICK, names_of, played

from game.ai.levels import make_player
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.services import review, reviewing
from game.ui import text

UNITS = {"coup-detat": "F", "coup-detat-duel": "points?", "coup": "chances?",
         "coup-inquisitor": "chances?"}

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own


def everything_said(match: Match, seat: int) -> list[str]:
    """All the review says of a seat's game: each judged decision's values and cost, the
    ledger, the threshold and the costliest decisions."""
    words = review.words_for(match.ruleset.id)
    run = reviewing.ReviewRun(match, seat, QUICK)
    run.run()
    said = [words.size(words.threshold), *words.ledger(match, seat, names_of(match))]
    for judgement in run.judgements:
        said += [words.figure(judgement.played_value), words.figure(judgement.best_value),
                 words.size(judgement.cost), words.gain(judgement.cost)]
    said += [mistake.sentence for mistake in
             review.mistakes(match, run.judgements, words, names_of(match))]
    said += reviewing.told(run, names_of(match)).splitlines()
    return said


@pytest.mark.parametrize("ruleset_id", list(GAMES))
def test_a_figure_and_its_unit_are_joined_by_a_no_break_space(ruleset_id: str) -> None:
    said = everything_said(played(ruleset_id), 1)
    unit = UNITS[ruleset_id]
    assert any(re.search(rf"\d\u00a0{unit}\b", line) for line in said), "the unit is named"
    parted = [line for line in said if re.search(rf"\d {unit}\b", line)]
    assert not parted


@pytest.mark.parametrize("ruleset_id", ["coup-detat", "coup-detat-duel"])
def test_wrapped_in_a_narrow_column_a_figure_keeps_its_unit(ruleset_id: str) -> None:
    pygame.font.init()
    try:
        unit = UNITS[ruleset_id]
        for line in everything_said(played(ruleset_id), 1):
            for room in range(90, 260, 7):
                lines = text.wrap(line, 11, room)
                for first, second in pairwise(lines):
                    assert not (first.rstrip("(−+").endswith(tuple("0123456789"))
                                and re.match(rf"{unit}\b", second)), (first, second)
    finally:
        text.forget_fonts()


@pytest.mark.parametrize("ruleset_id", ["coup", "coup-inquisitor"])
def test_a_bluffing_game_of_one_round_says_who_is_still_in_without_round_1_of_1(
        ruleset_id: str) -> None:
    match = played(ruleset_id)
    words = review.words_for(ruleset_id)
    moments = {words.moment(turn.state_before) for turn in match.turns}
    assert not any("Round" in moment for moment in moments), moments
    assert f"{match.players} players still in" in moments
    assert "2 players still in" in moments or match.players == 2


def test_a_bluffing_match_of_rounds_names_the_round() -> None:
    rules = get_ruleset("coup")
    match = Match(rules, rules.parse_options({"players": 3, "rounds": 3}),
                  chance=seeded_chance(rules, 4))
    players = [make_player("medium", f"4:{seat}", ruleset="coup") for seat in range(3)]
    while not (pending := match.pending).over:
        assert pending.seat is not None
        match.submit(players[pending.seat].decide(match.view(pending.seat), match.legal()))
    words = review.words_for("coup")
    moments = [words.moment(turn.state_before) for turn in match.turns]
    assert "Round 1 of 3: 3 players still in" in moments
    assert any(moment.startswith("Round 2 of 3: ") for moment in moments)
