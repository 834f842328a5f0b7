"""Statistics across games: per ruleset, from the humans' point of view, never lost to a
damaged file by an exception."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from coup_kit import bluff_match, play
from pipe_kit import read_from_a_pipe

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup.rules import events as bluff
from game.games.coup.services import records as bluff_records
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.services import records as coup_detat_records
from game.services import stats
from game.services.stats import GameRecord, RulesetStats, Statistics

RULES = get_ruleset("coup-detat")


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own


def new_match(seed: int) -> Match:
    options = RULES.parse_options({"players": 3, "short_game": True})
    return Match(RULES, options, chance=seeded_chance(RULES, seed))


def finished_match(seed: int) -> Match:
    match = new_match(seed)
    while not match.pending.over:
        match.submit(match.legal()[0])
    return match


def first_finished(condition: Callable[[Match], bool]) -> Match:
    for seed in range(1, 40):
        match = finished_match(seed)
        if condition(match):
            return match
    raise AssertionError("no seed gives such a game")


def coups(match: Match, kind: type[ev.CoupAttempted | ev.CoupSucceeded], seats: set[int]) -> int:
    return sum(isinstance(event, kind) and event.seat in seats for event in match.events)


def record(ruleset: str = "coup-detat", won: bool = False, worth: int | None = 10_000,
           attempted: int = 0, succeeded: int = 0) -> GameRecord:
    return GameRecord(ruleset, won, worth, attempted, succeeded)


# Recording a finished game.


def test_a_finished_game_is_recorded_from_the_human_seat() -> None:
    match = first_finished(lambda m: len(m.state.winners) == 1)
    winner = match.state.winners[0]
    loser = next(seat for seat in range(3) if seat != winner)
    for seat, won in ((winner, True), (loser, False)):
        made = coup_detat_records.record(match, [seat])
        assert made == GameRecord(
            ruleset="coup-detat",
            human_won=won,
            best_human_worth=match.state.worth(seat),
            coups_attempted=coups(match, ev.CoupAttempted, {seat}),
            coups_won=coups(match, ev.CoupSucceeded, {seat}),
        )


def test_the_record_counts_the_coups_in_the_events() -> None:
    match = first_finished(lambda m: any(type(e) is ev.CoupSucceeded for e in m.events))
    everyone = coup_detat_records.record(match, range(3))
    attempts = [e for e in match.events if type(e) is ev.CoupAttempted]
    successes = [e for e in match.events if type(e) is ev.CoupSucceeded]
    assert everyone.coups_attempted == len(attempts) > 0
    assert everyone.coups_won == len(successes) > 0
    per_seat = [coup_detat_records.record(match, [seat]) for seat in range(3)]
    assert sum(made.coups_attempted for made in per_seat) == len(attempts)
    assert sum(made.coups_won for made in per_seat) == len(successes)


def test_pass_and_play_counts_once_with_the_best_human_worth() -> None:
    match = first_finished(lambda m: len(m.state.winners) == 1)
    losers = [seat for seat in range(3) if seat not in match.state.winners]
    made = coup_detat_records.record(match, losers)
    assert made.human_won is False
    assert made.best_human_worth == max(match.state.worth(seat) for seat in losers)
    assert made.coups_attempted == coups(match, ev.CoupAttempted, set(losers))


def test_a_shared_win_is_a_win_for_each_sharer() -> None:
    match = first_finished(lambda m: len(m.state.winners) > 1)
    for seat in match.state.winners:
        assert coup_detat_records.record(match, {seat}).human_won
    loser = next(seat for seat in range(3) if seat not in match.state.winners)
    assert not coup_detat_records.record(match, {loser}).human_won


def test_a_game_without_humans_has_no_winner_and_no_worth() -> None:
    match = finished_match(1)
    made = coup_detat_records.record(match, ())
    assert made == GameRecord("coup-detat", False, None, 0, 0)


def test_only_a_finished_game_can_be_recorded() -> None:
    match = new_match(1)
    for _ in range(30):
        match.submit(match.legal()[0])
    with pytest.raises(ValueError, match="not over"):
        coup_detat_records.record(match, [0])


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="No such seats"):
        coup_detat_records.record(finished_match(1), [3])


# The bluffing games.


def scripted_bluff_match() -> Match:
    """Two players of coup: each catches the other's bluff, then Ada (seat 0) proves her
    Duke and Blaise loses his last influence."""
    match = bluff_match("coup", ("assassin duke", "contessa captain"))
    play(match, "0 steal 1", "1 challenge", "0 lose assassin",
         "1 tax", "0 challenge", "1 lose contessa",
         "0 tax", "1 challenge", "0 reveal duke", "1 lose captain")
    return match


def random_bluff_match(ruleset_id: str, seed: int, rounds: int) -> Match:
    rules = get_ruleset(ruleset_id)
    match = Match(rules, rules.parse_options({"players": 3, "rounds": rounds}),
                  chance=seeded_chance(rules, seed))
    rng = random.Random(seed)
    while not match.pending.over:
        match.submit(rng.choice(match.legal()))
    return match


def test_a_bluff_match_counts_challenges_won_and_influences_lost_per_seat() -> None:
    match = scripted_bluff_match()
    assert bluff_records.record(match, [0]) == GameRecord(
        "coup", True, None, 0, 0, rounds_played=1, rounds_won=1, challenges=1,
        challenges_won=1, influences_lost=1)
    assert bluff_records.record(match, [1]) == GameRecord(
        "coup", False, None, 0, 0, rounds_played=1, rounds_won=0, challenges=2,
        challenges_won=1, influences_lost=2)


@pytest.mark.parametrize("ruleset_id", ["coup", "coup-inquisitor"])
def test_a_finished_bluff_match_of_rounds_is_recorded_from_the_human_seats(
        ruleset_id: str) -> None:
    match = random_bluff_match(ruleset_id, seed=4, rounds=3)
    per_seat = [bluff_records.record(match, [seat]) for seat in range(3)]
    winners = match.state.winners
    for seat, made in enumerate(per_seat):
        assert made.ruleset == ruleset_id and made.human_won == (seat in winners)
        assert made.rounds_played == 3 and made.rounds_won == match.state.round_wins[seat]
        assert made.challenges_won <= made.challenges
    events = match.events
    assert sum(made.challenges for made in per_seat) == sum(
        isinstance(e, bluff.Challenged) for e in events)
    assert sum(made.challenges_won for made in per_seat) == sum(
        isinstance(e, bluff.ClaimFailed) for e in events)
    assert sum(made.influences_lost for made in per_seat) == sum(
        isinstance(e, bluff.InfluenceLost) for e in events)
    everyone = bluff_records.record(match, range(3))
    assert everyone.human_won and everyone.rounds_won == 3


def test_only_a_finished_bluff_match_is_recorded() -> None:
    with pytest.raises(ValueError, match="not over"):
        bluff_records.record(bluff_match("coup", ("assassin duke", "contessa captain")), [0])
    with pytest.raises(ValueError, match="Not a Coup match"):
        bluff_records.record(finished_match(1), [0])


def test_bluff_matches_accumulate_and_survive_the_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    match = scripted_bluff_match()
    total = Statistics().with_game(bluff_records.record(match, [0]))
    total = total.with_game(bluff_records.record(match, [1]))
    stats.save(total, path)
    assert stats.load(path).get("coup") == RulesetStats(
        played=2, won=1, rounds_played=2, rounds_won=1, challenges=3, challenges_won=2,
        influences_lost=3)


def test_an_old_file_without_the_bluff_counts_loads(tmp_path: Path) -> None:
    old = {"format": stats.FORMAT, "version": 1, "rulesets": {
        "coup-detat": {"played": 4, "won": 1, "best_worth": 12_000, "coups_attempted": 3,
                       "coups_won": 1},
        "coup-detat-duel": {"played": 2, "won": 2, "best_worth": None, "coups_attempted": 0,
                            "coups_won": 0}}}
    (tmp_path / "statistics.json").write_text(json.dumps(old), encoding="utf-8")
    loaded = stats.load(tmp_path / "statistics.json")
    assert loaded.get("coup-detat") == RulesetStats(4, 1, 12_000, 3, 1)
    assert loaded.get("coup-detat-duel").played == 2
    assert loaded.get("coup") == RulesetStats()


# Accumulating.


def test_records_accumulate() -> None:
    total = Statistics()
    for made in (record(won=True, worth=9_000, attempted=2, succeeded=1),
                 record(won=False, worth=12_500, attempted=1, succeeded=0),
                 record(won=True, worth=11_000, attempted=3, succeeded=2)):
        total = total.with_game(made)
    assert total.get("coup-detat") == RulesetStats(
        played=3, won=2, best_worth=12_500, coups_attempted=6, coups_won=3
    )


def test_the_best_worth_keeps_the_maximum_and_ignores_games_without_one() -> None:
    total = Statistics().with_game(record(worth=None))
    assert total.get("coup-detat").best_worth is None
    total = total.with_game(record(worth=-400))  # in debt: still the best so far
    assert total.get("coup-detat").best_worth == -400
    total = total.with_game(record(worth=14_000)).with_game(record(worth=8_000))
    total = total.with_game(record(worth=None))
    assert total.get("coup-detat").best_worth == 14_000


def test_each_ruleset_keeps_its_own_statistics() -> None:
    total = Statistics().with_game(record(won=True)).with_game(record("coup", worth=50))
    assert total.get("coup-detat") == RulesetStats(1, 1, 10_000, 0, 0)
    assert total.get("coup") == RulesetStats(1, 0, 50, 0, 0)
    assert total.get("coup-inquisitor") == RulesetStats()


def test_adding_a_game_leaves_the_old_statistics_unchanged() -> None:
    before = Statistics().with_game(record())
    after = before.with_game(record(won=True))
    assert before.get("coup-detat").played == 1
    assert after.get("coup-detat").played == 2


def test_the_statistics_cannot_be_changed_in_place() -> None:
    source = {"coup-detat": RulesetStats(played=1)}
    total = Statistics(source)
    source["coup"] = RulesetStats(played=5)
    assert "coup" not in total.by_ruleset
    with pytest.raises(TypeError):
        total.by_ruleset["coup"] = RulesetStats()  # type: ignore[index]


# The file.


def test_statistics_survive_a_round_trip(home: Path) -> None:
    total = Statistics().with_game(record(won=True, attempted=2, succeeded=1))
    total = total.with_game(record("coup", worth=None))
    stats.save(total)
    assert (home / "statistics.json").is_file()
    assert stats.load() == total
    assert [entry.name for entry in home.iterdir()] == ["statistics.json"]  # no temporary


def test_a_real_game_is_recorded_saved_and_loaded(tmp_path: Path) -> None:
    match = finished_match(3)
    total = stats.load(tmp_path / "statistics.json")
    assert total == Statistics()
    total = total.with_game(coup_detat_records.record(match, [0]))
    stats.save(total, tmp_path / "statistics.json")
    loaded = stats.load(tmp_path / "statistics.json").get("coup-detat")
    assert loaded.played == 1
    assert loaded.best_worth == match.state.worth(0)


def test_saving_replaces_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    stats.save(Statistics().with_game(record()), path)
    stats.save(Statistics().with_game(record()).with_game(record()), path)
    assert stats.load(path).get("coup-detat").played == 2


@pytest.mark.parametrize("text", [
    "{oops",
    "",
    "[]",
    '{"format": "coup-detat-save", "version": 1, "rulesets": {}}',
    '{"format": "coup-detat-statistics", "version": 99, "rulesets": {"coup-detat": {}}}',
    '{"format": "coup-detat-statistics", "version": 1, "rulesets": []}',
], ids=["not json", "empty", "a list", "another format", "newer version", "rulesets a list"])
def test_a_damaged_file_gives_empty_statistics(tmp_path: Path, text: str) -> None:
    (tmp_path / "statistics.json").write_text(text, encoding="utf-8")
    assert stats.load(tmp_path / "statistics.json") == Statistics()


def test_a_missing_or_unreadable_file_gives_empty_statistics(tmp_path: Path) -> None:
    assert stats.load(tmp_path / "absent.json") == Statistics()
    (tmp_path / "folder.json").mkdir()
    assert stats.load(tmp_path / "folder.json") == Statistics()
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    assert stats.load(tmp_path / "binary.json") == Statistics()


def test_a_number_too_long_for_python_gives_empty_statistics(tmp_path: Path) -> None:
    (tmp_path / "statistics.json").write_text('{"version": 1' + "0" * 5_000 + "}")
    assert stats.load(tmp_path / "statistics.json") == Statistics()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_place_of_the_file_gives_empty_statistics_without_waiting(
        tmp_path: Path) -> None:
    assert read_from_a_pipe(tmp_path / "statistics.json", stats.load) == Statistics()


@pytest.mark.parametrize("entry", [
    {"played": -1},
    {"played": "3"},
    {"played": True},
    {"played": 1, "won": 2},
    {"coups_attempted": 1, "coups_won": 2},
    {"rounds_played": 1, "rounds_won": 2},
    {"challenges": 0, "challenges_won": 1},
    {"influences_lost": -2},
    {"best_worth": "lots"},
    [1, 2],
])
def test_a_damaged_entry_is_dropped_alone(tmp_path: Path, entry: object) -> None:
    good = {"played": 4, "won": 1, "best_worth": 12_000, "coups_attempted": 3, "coups_won": 1}
    data = {"format": stats.FORMAT, "version": stats.VERSION,
            "rulesets": {"coup-detat": good, "coup": entry}}
    (tmp_path / "statistics.json").write_text(json.dumps(data), encoding="utf-8")
    loaded = stats.load(tmp_path / "statistics.json")
    assert loaded.by_ruleset == {"coup-detat": RulesetStats(4, 1, 12_000, 3, 1)}
