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
from game.games import GAMES, get_game, get_ruleset
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
    return GameRecord(ruleset, won, worth, {"coups_attempted": attempted, "coups_won": succeeded})


def coup_detat_stats(played: int, won: int, best: int | None, attempted: int,
                     succeeded: int) -> RulesetStats:
    return RulesetStats(played, won, best, {"coups_attempted": attempted,
                                            "coups_won": succeeded})


# Recording a finished game.


def test_a_finished_game_is_recorded_from_the_human_seat() -> None:
    match = first_finished(lambda m: len(m.state.winners) == 1)
    winner = match.state.winners[0]
    loser = next(seat for seat in range(3) if seat != winner)
    worths = [match.state.worth(seat) for seat in range(3)]
    for seat, won in ((winner, True), (loser, False)):
        made = coup_detat_records.record(match, [seat])
        assert made == GameRecord(
            ruleset="coup-detat",
            human_won=won,
            best=match.state.worth(seat),
            counts={"coups_attempted": coups(match, ev.CoupAttempted, {seat}),
                    "coups_won": coups(match, ev.CoupSucceeded, {seat})},
            place=1 if won else 1 + sum(1 for worth in worths if worth > worths[seat]),
            score=worths[seat], result=f"Final worth: {worths[seat]:,} F",
        )


def test_the_record_counts_the_coups_in_the_events() -> None:
    match = first_finished(lambda m: any(type(e) is ev.CoupSucceeded for e in m.events))
    everyone = coup_detat_records.record(match, range(3))
    attempts = [e for e in match.events if type(e) is ev.CoupAttempted]
    successes = [e for e in match.events if type(e) is ev.CoupSucceeded]
    assert everyone.counts["coups_attempted"] == len(attempts) > 0
    assert everyone.counts["coups_won"] == len(successes) > 0
    per_seat = [coup_detat_records.record(match, [seat]) for seat in range(3)]
    assert sum(made.counts["coups_attempted"] for made in per_seat) == len(attempts)
    assert sum(made.counts["coups_won"] for made in per_seat) == len(successes)


def test_pass_and_play_counts_once_with_the_best_human_worth() -> None:
    match = first_finished(lambda m: len(m.state.winners) == 1)
    losers = [seat for seat in range(3) if seat not in match.state.winners]
    made = coup_detat_records.record(match, losers)
    assert made.human_won is False
    assert made.best == max(match.state.worth(seat) for seat in losers)
    assert made.counts["coups_attempted"] == coups(match, ev.CoupAttempted, set(losers))


def test_a_shared_win_is_a_win_for_each_sharer() -> None:
    match = first_finished(lambda m: len(m.state.winners) > 1)
    for seat in match.state.winners:
        assert coup_detat_records.record(match, {seat}).human_won
    loser = next(seat for seat in range(3) if seat not in match.state.winners)
    assert not coup_detat_records.record(match, {loser}).human_won


def test_a_game_without_humans_has_no_winner_and_no_worth() -> None:
    match = finished_match(1)
    made = coup_detat_records.record(match, ())
    assert made == GameRecord("coup-detat", False, None,
                              {"coups_attempted": 0, "coups_won": 0})


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
    assert bluff_records.record(match, [0]) == GameRecord("coup", True, counts=dict(
        rounds_played=1, rounds_won=1, challenges=1, challenges_won=1, influences_lost=1),
        place=1, score=1, result="Rounds won: 1 of 1")
    assert bluff_records.record(match, [1]) == GameRecord("coup", False, counts=dict(
        rounds_played=1, rounds_won=0, challenges=2, challenges_won=1, influences_lost=2),
        place=2, score=0, result="Rounds won: 0 of 1")


@pytest.mark.parametrize("ruleset_id", ["coup", "coup-inquisitor"])
def test_a_finished_bluff_match_of_rounds_is_recorded_from_the_human_seats(
        ruleset_id: str) -> None:
    match = random_bluff_match(ruleset_id, seed=4, rounds=3)
    per_seat = [bluff_records.record(match, [seat]) for seat in range(3)]
    winners = match.state.winners
    for seat, made in enumerate(per_seat):
        counts = made.counts
        assert made.ruleset == ruleset_id and made.human_won == (seat in winners)
        assert counts["rounds_played"] == 3
        assert counts["rounds_won"] == match.state.round_wins[seat]
        assert counts["challenges_won"] <= counts["challenges"]
    events = match.events
    assert sum(made.counts["challenges"] for made in per_seat) == sum(
        isinstance(e, bluff.Challenged) for e in events)
    assert sum(made.counts["challenges_won"] for made in per_seat) == sum(
        isinstance(e, bluff.ClaimFailed) for e in events)
    assert sum(made.counts["influences_lost"] for made in per_seat) == sum(
        isinstance(e, bluff.InfluenceLost) for e in events)
    everyone = bluff_records.record(match, range(3))
    assert everyone.human_won and everyone.counts["rounds_won"] == 3


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
    assert stats.load(path).get("coup") == RulesetStats(played=2, won=1, counts=dict(
        rounds_played=2, rounds_won=1, challenges=3, challenges_won=2, influences_lost=3))


def test_an_old_file_without_the_bluff_counts_loads(tmp_path: Path) -> None:
    old = {"format": stats.FORMAT, "version": 1, "rulesets": {
        "coup-detat": {"played": 4, "won": 1, "best_worth": 12_000, "coups_attempted": 3,
                       "coups_won": 1},
        "coup-detat-duel": {"played": 2, "won": 2, "best_worth": None, "coups_attempted": 0,
                            "coups_won": 0}}}
    (tmp_path / "statistics.json").write_text(json.dumps(old), encoding="utf-8")
    loaded = stats.load(tmp_path / "statistics.json")
    assert loaded.get("coup-detat") == coup_detat_stats(4, 1, 12_000, 3, 1)
    assert loaded.get("coup-detat-duel").played == 2
    assert loaded.get("coup") == RulesetStats()


# Accumulating.


def test_records_accumulate() -> None:
    total = Statistics()
    for made in (record(won=True, worth=9_000, attempted=2, succeeded=1),
                 record(won=False, worth=12_500, attempted=1, succeeded=0),
                 record(won=True, worth=11_000, attempted=3, succeeded=2)):
        total = total.with_game(made)
    assert total.get("coup-detat") == coup_detat_stats(
        played=3, won=2, best=12_500, attempted=6, succeeded=3
    )


def test_the_best_worth_keeps_the_maximum_and_ignores_games_without_one() -> None:
    total = Statistics().with_game(record(worth=None))
    assert total.get("coup-detat").best is None
    total = total.with_game(record(worth=-400))  # in debt: still the best so far
    assert total.get("coup-detat").best == -400
    total = total.with_game(record(worth=14_000)).with_game(record(worth=8_000))
    total = total.with_game(record(worth=None))
    assert total.get("coup-detat").best == 14_000


def test_each_ruleset_keeps_its_own_statistics() -> None:
    total = Statistics().with_game(record(won=True)).with_game(
        record("coup-detat-duel", worth=None, attempted=1))
    assert total.get("coup-detat") == RulesetStats(1, 1, 10_000)
    assert total.get("coup-detat-duel") == RulesetStats(1, 0, None, {"coups_attempted": 1})
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
    total = total.with_game(bluff_records.record(scripted_bluff_match(), [0]))
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
    assert loaded.best == match.state.worth(0)


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


@pytest.mark.parametrize(("ruleset", "entry"), [
    ("coup", {"played": -1}),
    ("coup", {"played": "3"}),
    ("coup", {"played": True}),
    ("coup", {"played": 1, "won": 2}),
    ("coup-detat", {"coups_attempted": 1, "coups_won": 2}),
    ("coup", {"rounds_played": 1, "rounds_won": 2}),
    ("coup", {"challenges": 0, "challenges_won": 1}),
    ("coup", {"influences_lost": -2}),
    ("coup-detat", {"best_worth": "lots"}),
    ("coup", [1, 2]),
    ("chess", {"played": 1, "won": 2}),
])
def test_a_damaged_entry_is_dropped_alone(tmp_path: Path, ruleset: str, entry: object) -> None:
    good = {"played": 4, "won": 1, "coups_attempted": 3, "coups_won": 1}
    data = {"format": stats.FORMAT, "version": stats.VERSION,
            "rulesets": {"coup-detat-duel": good, ruleset: entry}}
    (tmp_path / "statistics.json").write_text(json.dumps(data), encoding="utf-8")
    loaded = stats.read(tmp_path / "statistics.json")
    assert loaded.statistics.by_ruleset == {"coup-detat-duel": RulesetStats(
        4, 1, None, {"coups_attempted": 3, "coups_won": 1})}
    assert loaded.left_out == (ruleset,)


# What each game keeps: its own counts, declared in its entry.


PREVIOUS_VERSION = {  # as the version before each game declared its counts wrote it
    "format": "coup-detat-statistics", "version": 1, "rulesets": {
        "coup-detat": {"played": 12, "won": 5, "best_worth": 14_600, "coups_attempted": 7,
                       "coups_won": 3, "rounds_played": 0, "rounds_won": 0, "challenges": 0,
                       "challenges_won": 0, "influences_lost": 0},
        "coup-detat-duel": {"played": 6, "won": 2, "best_worth": None, "coups_attempted": 4,
                            "coups_won": 1, "rounds_played": 0, "rounds_won": 0,
                            "challenges": 0, "challenges_won": 0, "influences_lost": 0},
        "coup": {"played": 9, "won": 4, "best_worth": None, "coups_attempted": 0,
                 "coups_won": 0, "rounds_played": 21, "rounds_won": 10, "challenges": 13,
                 "challenges_won": 6, "influences_lost": 17},
        "coup-inquisitor": {"played": 2, "won": 0, "best_worth": None,
                            "coups_attempted": 0, "coups_won": 0, "rounds_played": 2,
                            "rounds_won": 0, "challenges": 1, "challenges_won": 1,
                            "influences_lost": 4}}}


def test_a_file_of_the_previous_version_loads_with_every_count(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(PREVIOUS_VERSION), encoding="utf-8")
    loaded = stats.read(path)
    assert loaded.trouble is None
    for ruleset, entry in PREVIOUS_VERSION["rulesets"].items():
        counts = loaded.statistics.get(ruleset)
        kept = get_game(ruleset).records
        assert (counts.played, counts.won) == (entry["played"], entry["won"])
        assert counts.best == (entry[kept.best.key] if kept.best else None)
        for count in kept.counts:
            assert counts[count.key] == entry[count.key], (ruleset, count.key)


def test_the_file_written_again_keeps_each_games_counts_under_their_names(
        tmp_path: Path) -> None:
    """What the previous version reads back: the same names, each game's counts only."""
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps(PREVIOUS_VERSION), encoding="utf-8")
    stats.save(stats.load(path), path)
    written = json.loads(path.read_text(encoding="utf-8"))["rulesets"]
    old = PREVIOUS_VERSION["rulesets"]
    assert written["coup-detat"] == {key: old["coup-detat"][key] for key in (
        "played", "won", "best_worth", "coups_attempted", "coups_won")}
    assert written["coup-detat-duel"] == {key: old["coup-detat-duel"][key] for key in (
        "played", "won", "coups_attempted", "coups_won")}
    assert written["coup"] == {key: value for key, value in old["coup"].items()
                               if key.startswith(("played", "won", "rounds", "challenges",
                                                  "influences"))}
    assert stats.load(path) == stats.load(path), "and reads as it was"


def test_a_name_the_game_does_not_keep_is_left_out_not_refused(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": stats.FORMAT, "version": 1, "rulesets": {
        "coup": {"played": 2, "won": 1, "coups_attempted": 1, "coups_won": 5,
                 "best_worth": "lots", "rounds_played": 3}}}), encoding="utf-8")
    loaded = stats.read(path)
    assert loaded.trouble is None
    assert loaded.statistics.get("coup") == RulesetStats(2, 1, None, {"rounds_played": 3})


def test_a_game_this_version_does_not_know_keeps_its_counts(tmp_path: Path) -> None:
    """A game of a later version in the same format: nothing of it is lost by this one."""
    path = tmp_path / "statistics.json"
    chess = {"played": 5, "won": 2, "best_rating": -40, "mates": 3}
    path.write_text(json.dumps({"format": stats.FORMAT, "version": 1,
                                "rulesets": {"chess": chess}}), encoding="utf-8")
    assert stats.record_game(A_RECORD, path) is None
    rulesets = json.loads(path.read_text(encoding="utf-8"))["rulesets"]
    assert rulesets["chess"] == chess
    assert rulesets["coup-detat"]["played"] == 1


A_RECORD = GameRecord("coup-detat", True, 9_000, {"coups_attempted": 1, "coups_won": 0})


def test_a_record_of_a_count_its_game_does_not_keep_is_refused() -> None:
    """It would be lost at the next reading: a game declares every count it records."""
    with pytest.raises(ValueError, match="coup keeps no"):
        Statistics().with_game(GameRecord("coup", True, counts={"coups_won": 1}))
    with pytest.raises(ValueError, match="best result"):
        Statistics().with_game(GameRecord("coup", True, best=3))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_games_lines_show_the_counts_it_keeps(game_id: str) -> None:
    records = GAMES[game_id].records
    counts = RulesetStats(played=90, won=40, best=12_345 if records.best else None,
                          counts={count.key: 11 + number
                                  for number, count in enumerate(records.counts)})
    told = " ".join(records.lines.load()(counts))
    assert "90" in told and "40" in told
    for count in records.counts:
        assert str(counts[count.key]) in told, count.key
    keys = [count.key for count in records.counts]
    assert len(set(keys)) == len(keys) and not set(keys) & {"played", "won"}
    assert all(count.at_most in keys for count in records.counts if count.at_most)


# The Statistics screen: each game's lines, in columns of about the same height.


def test_the_games_are_balanced_down_the_columns_in_their_order() -> None:
    from game.ui.scenes.statistics import balanced

    a, b, c, d = ["a"] * 4, ["b"] * 3, ["c"] * 5, ["d"] * 5
    assert balanced([a, b, c, d], 2) == [[*a, "", *b], [*c, "", *d]]
    assert balanced([c, a, b], 2) == [c, [*a, "", *b]]
    assert balanced([a], 2) == [a]
    assert balanced([a, b, c], 3) == [a, b, c]


def test_a_fifth_game_has_its_lines_on_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from fifth_game import entry

    from game.ui.scenes.statistics import game_lines

    monkeypatch.setitem(GAMES, entry.GAME.id, entry.GAME)  # type: ignore[arg-type]
    shown = game_lines(Statistics())
    assert len(shown) == len(GAMES) and shown[-1][0] == "**High card"


def not_a_record(match: Match, human_seats: object) -> dict[str, object]:
    return {"ruleset": match.ruleset.id, "won": True}


def test_a_game_whose_record_is_not_a_game_record_is_refused_by_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's reference is typed only as far as the registry knows: what it made
    is checked where it is used, and the reference is named."""
    from dataclasses import replace

    from game.games.plugin import Ref

    game = get_game("coup")
    wrong = replace(game, records=replace(game.records, record=Ref("test_stats:not_a_record")))
    monkeypatch.setitem(GAMES, "coup", wrong)
    match = random_bluff_match("coup", seed=3, rounds=1)
    with pytest.raises(TypeError, match="test_stats:not_a_record made a dict"):
        stats.game_record(match, [0])
