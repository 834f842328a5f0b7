"""The history of finished games beside the statistics: each game recorded with its date,
game, options, players and levels, result and the game's own score; bounded; read back
whatever the file holds; what it adds up to (streaks, win rates, best results); a reset
that keeps the old files; and `coup-detat stats [--json]`."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from test_hostile_input import (
    ACCEPTED,
    GENERIC,
    REFUSED,
    Hostile,
    assert_writable,
    bounded,
    surrogates,
)
from ui_kit import bluff_table, frames, open_app, two_tables_recorded

from game.cli import main
from game.engine.match import Match, seeded_chance
from game.engine.saves import Seat
from game.games import get_ruleset
from game.games.coup_detat.services import records as coup_detat_records
from game.services import history, stats, stats_summary
from game.services.history import Finished, Player
from game.services.stats import GameRecord
from game.system import paths

WHEN = datetime(2026, 11, 27, 18, 30, tzinfo=UTC)
SEATS = (Seat("You", "human"), Seat("Anna", "computer", "hard"), Seat("Bob", "computer", "hard"))
TABLE = stats.Table({"players": 3, "short_game": True}, SEATS)
A_WIN = GameRecord("coup-detat", True, 12_300, {"coups_attempted": 1, "coups_won": 1},
                   place=1, score=12_300, result="Final worth: 12,300 F")
A_LOSS = GameRecord("coup-detat", False, 4_000, {"coups_attempted": 0, "coups_won": 0},
                    place=3, score=4_000, result="Final worth: 4,000 F")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "statistics.json"


def history_of(path: Path) -> history.Loaded:
    return history.read(history.path_beside(path))


def entry(**changes: object) -> dict[str, object]:
    """A good entry of the file, with some fields changed."""
    good: dict[str, object] = {
        "when": "2026-11-27T18:30:00+01:00", "ruleset": "coup-detat",
        "options": {"players": 3, "short_game": False},
        "players": [{"name": "You", "kind": "human"},
                    {"name": "Anna", "kind": "computer", "level": "easy"},
                    {"name": "Bob", "kind": "computer", "level": "easy"}],
        "persons": [0], "won": True, "place": 1, "score": 9000,
        "result": "Final worth: 9,000 F"}
    return good | changes


def history_file(games: list[object], version: object = 1) -> str:
    return json.dumps({"format": history.FORMAT, "version": version, "games": games})


def finished(won: bool, *, ruleset: str = "coup", levels: tuple[str, ...] = ("hard",),
             score: int | None = None, minutes: int = 0) -> Finished:
    players = (Player("You", "human"), *(Player(f"C{n}", "computer", level)
                                         for n, level in enumerate(levels)))
    return Finished(WHEN + timedelta(minutes=minutes), ruleset, {"players": len(players)},
                    players, (0,), won, 1 if won else 2, score, f"Score {score}")


# Recording a game in the history.


def test_a_recorded_game_goes_into_the_history_with_who_sat_and_how_it_ended(path: Path) -> None:
    assert stats.record_game(A_WIN, path, table=TABLE, now=WHEN) is None
    [game] = history_of(path).games
    assert game == Finished(WHEN, "coup-detat", {"players": 3, "short_game": True},
                            (Player("You", "human"), Player("Anna", "computer", "hard"),
                             Player("Bob", "computer", "hard")), (0,), True, 1, 12_300,
                            "Final worth: 12,300 F")
    written = json.loads(history.path_beside(path).read_text(encoding="utf-8"))
    assert written["games"][0]["when"] == "2026-11-27T18:30:00+00:00"
    assert stats.load(path).get("coup-detat").played == 1, "and in the totals, as before"


def test_the_history_is_beside_the_statistics_in_the_data_folder(home: Path) -> None:
    stats.record_game(A_WIN, table=TABLE)
    assert sorted(entry.name for entry in home.iterdir()) == ["history.json", "statistics.json"]


def test_a_real_game_is_recorded_in_the_games_own_words() -> None:
    rules = get_ruleset("coup-detat")
    match = Match(rules, rules.parse_options({"players": 3}), chance=seeded_chance(rules, 2))
    rng = random.Random(2)
    while not match.pending.over:
        match.submit(rng.choice(match.legal()))
    worths = [match.state.worth(seat) for seat in range(3)]
    order = sorted(range(3), key=lambda seat: -worths[seat])
    last = order[-1]
    made = coup_detat_records.record(match, [last])
    assert made.score == worths[last] and made.result == f"Final worth: {worths[last]:,} F"
    assert made.place == 1 + sum(1 for worth in worths if worth > worths[last]) >= 2


def test_old_statistics_keep_their_totals_and_stay_version_1(path: Path) -> None:
    old = {"format": stats.FORMAT, "version": 1, "rulesets": {"coup-detat": {
        "played": 250, "won": 90, "best_worth": 14_000, "coups_attempted": 30,
        "coups_won": 12}}}
    path.write_text(json.dumps(old), encoding="utf-8")
    stats.record_game(A_WIN, path, table=TABLE, now=WHEN)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["version"] == 1
    assert written["rulesets"]["coup-detat"] == {"played": 251, "won": 91, "best_worth": 14_000,
                                                 "coups_attempted": 31, "coups_won": 13}
    assert len(history_of(path).games) == 1


def test_the_history_keeps_the_last_thousand_games(path: Path) -> None:
    games = [entry(when=(WHEN + timedelta(minutes=n)).isoformat(), score=n)
             for n in range(history.MOST_GAMES)]
    history.path_beside(path).write_text(history_file(games), encoding="utf-8")
    stats.record_game(A_WIN, path, table=TABLE, now=WHEN + timedelta(days=9))
    kept = history_of(path).games
    assert len(kept) == history.MOST_GAMES
    assert kept[0].score == 1, "the oldest went"
    assert kept[-1].score == 12_300, "the newest came"


def test_a_match_at_two_tables_is_in_the_history_with_its_place_across_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        session, _ = two_tables_recorded(app)
        [game] = history.read(history.path_beside(paths.stats_path())).games
        [ada] = [standing for standing in session.standings() if standing.seat == 0]
        assert (len(game.players), game.persons, game.place) == (6, (0,), ada.place)
        assert game.options["players"] == 6 and game.result.startswith("Final worth")


def test_a_match_at_the_table_is_in_the_history(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hc", seed=4)
        rng = random.Random(3)
        for _ in range(20000):
            frames(app)
            if scene.session.over and app.scene is not scene:
                break
            if (scene.controller.caught_up and scene.controller.human_to_act() is not None
                    and not scene.session.over):
                scene.turns.decide(rng.choice(scene.session.match.legal()))
        [game] = history.read(history.path_beside(paths.stats_path())).games
        assert game.ruleset == "coup" and game.persons == (0,)
        assert [player.kind for player in game.players] == ["human", "computer"]
        assert game.won == (0 in scene.session.match.state.winners)
        assert game.result.startswith("Rounds won: ")


# Whatever the file holds.


HOSTILE_ENTRIES = {
    "not an object": "game",
    "no date": entry(when=None),
    "a date without its offset": entry(when="2026-11-27T18:30:00"),
    "a date that is no date": entry(when="yesterday"),
    "a date too long": entry(when="2026-11-27T18:30:00+01:00" + " " * 100),
    "no game": entry(ruleset=""),
    "a game that is a number": entry(ruleset=7),
    "options that are a list": entry(options=[1, 2]),
    "an option nested": entry(options={"players": {"a": 1}}),
    "too many options": entry(options={f"o{n}": n for n in range(100)}),
    "no players": entry(players=[]),
    "a player of no kind": entry(players=[{"name": "You", "kind": "ghost"}]),
    "a name with a line break": entry(players=[{"name": "Y\nou", "kind": "human"}]),
    "a name too long": entry(players=[{"name": "x" * 5000, "kind": "human"}]),
    "too many players": entry(players=[{"name": "P", "kind": "human"}] * 100),
    "no person": entry(persons=[]),
    "a person at no seat": entry(persons=[7]),
    "a person twice": entry(persons=[0, 0]),
    "won that is not yes or no": entry(won=1),
    "a place beyond the players": entry(place=9),
    "a place of 0": entry(place=0),
    "a score that is a float": entry(score=1.5),
    "a score too big": entry(score=10**30),
    "a result that is not words": entry(result=["won"]),
}


@pytest.mark.parametrize("bad", list(HOSTILE_ENTRIES.values()), ids=list(HOSTILE_ENTRIES))
def test_an_entry_that_makes_no_sense_is_left_out_and_kept_aside_before_writing(
        path: Path, bad: object) -> None:
    file = history.path_beside(path)
    text = history_file([entry(), bad, entry(score=5)])
    file.write_text(text, encoding="utf-8")
    loaded = history.read(file)
    assert [game.score for game in loaded.games] == [9000, 5]
    assert loaded.trouble is history.Trouble.ENTRIES and loaded.left_out == 1
    assert "1 game of your history" in (loaded.notice(file) or "")
    notice = stats.record_game(A_WIN, path, table=TABLE, now=WHEN)
    [aside] = path.parent.glob("history.damaged-*.json")
    assert aside.read_text(encoding="utf-8") == text, "the file as it was, kept"
    assert notice is not None and aside.name in notice
    assert [game.score for game in history.read(file).games] == [9000, 5, 12_300]


@pytest.mark.parametrize("text", ["{oops", "[]", '{"format": "coup-detat-history"}',
                                  history_file("games"), "\udcff".encode("utf-8", "surrogatepass")
                                  .decode("latin-1")],
                         ids=["not json", "a list", "no version", "games not a list", "not utf-8"])
def test_a_damaged_history_is_kept_aside_and_the_game_still_recorded(path: Path,
                                                                     text: str) -> None:
    file = history.path_beside(path)
    file.write_text(text, encoding="utf-8")
    assert history.read(file).trouble is history.Trouble.DAMAGED
    notice = stats.record_game(A_WIN, path, table=TABLE, now=WHEN)
    [aside] = path.parent.glob("history.damaged-*.json")
    assert aside.read_text(encoding="utf-8") == text
    assert notice is not None and "kept as" in notice
    assert len(history.read(file).games) == 1
    assert stats.load(path).get("coup-detat").played == 1


def test_a_newer_history_is_never_written_over(path: Path) -> None:
    file = history.path_beside(path)
    text = history_file([entry()], version=2)
    file.write_text(text, encoding="utf-8")
    notice = stats.record_game(A_WIN, path, table=TABLE, now=WHEN)
    assert file.read_text(encoding="utf-8") == text
    assert notice is not None and "newer version" in notice
    assert stats.load(path).get("coup-detat").played == 1, "the totals still count it"


def test_a_folder_in_the_historys_place_is_moved_aside(path: Path) -> None:
    history.path_beside(path).mkdir()
    stats.record_game(A_WIN, path, table=TABLE, now=WHEN)
    assert len(list(path.parent.glob("history.damaged-*.json"))) == 1
    assert len(history_of(path).games) == 1


VALID_HISTORY = history_file([entry(), entry(score=5, won=False, place=2)]).encode()


@pytest.mark.parametrize("kind", [pytest.param(kind, id=kind.name) for kind in
                                  [*GENERIC, *surrogates(VALID_HISTORY)]])
def test_the_history_file_whatever_it_is(kind: Hostile, tmp_path: Path) -> None:
    """The hostile files every reader is fed (test_hostile_input.py), made from a valid
    history: read within the time limit, never a crash; what is read can be drawn."""
    if not kind.available():
        pytest.skip(f"no {kind.name} on this system")
    file = tmp_path / "history.json"
    kind.make(file, VALID_HISTORY)
    loaded = bounded(lambda: history.read(file), tmp_path)
    for game in loaded.games:
        assert_writable(game.ruleset, game.result, *(player.name for player in game.players),
                        *(str(value) for value in game.options.values()),
                        stats_summary.game_line(game))
    if kind.outcome == ACCEPTED:
        assert [game.score for game in loaded.games] == [9000, 5]
    elif kind.outcome == REFUSED:
        assert loaded.games == ()
        assert loaded.notice(file) is not None or kind.name == "dangling link"  # as no file
    history.save(loaded.games, tmp_path / "kept.json")  # as after the next game


# What the history adds up to.


def test_streaks_count_games_won_in_a_row() -> None:
    results = [True, True, False, True, True, True, False, True]
    games = [finished(won, minutes=n) for n, won in enumerate(results)]
    assert stats_summary.streaks(games) == stats_summary.Streaks(current=1, best=3)
    assert stats_summary.streaks(games[:6]) == stats_summary.Streaks(current=3, best=3)
    assert stats_summary.streaks([]) == stats_summary.Streaks(0, 0)


def test_win_rates_by_the_opponents_level() -> None:
    games = [finished(True, levels=("hard", "hard")), finished(False, levels=("hard",)),
             finished(True, levels=("easy",)), finished(False, levels=("easy", "hard"))]
    people = Finished(WHEN, "coup", {}, (Player("A", "human"), Player("B", "human")), (0, 1),
                      True)
    rates = stats_summary.by_level([*games, people])
    assert [(rate.key, rate.played, rate.won) for rate in rates] == [
        ("easy", 1, 1), ("hard", 2, 1), ("mixed", 1, 0), ("people", 1, 1)]
    assert rates[1].words() == "Hard 50% (1 of 2)"


def test_win_rates_by_game_come_from_the_totals_which_keep_every_game() -> None:
    totals = stats.Statistics({"coup": stats.RulesetStats(10, 4),
                               "coup-detat": stats.RulesetStats(3, 3)})
    rates = stats_summary.by_game(totals)
    assert [(rate.key, rate.played, rate.won) for rate in rates] == [
        ("coup-detat", 3, 3), ("coup", 10, 4)]


def test_the_best_result_of_each_game_is_a_win_first_then_the_highest_score() -> None:
    games = [finished(True, ruleset="coup-detat", score=900), finished(False, score=1),
             finished(False, ruleset="coup-detat", score=20_000),
             finished(True, ruleset="coup-detat", score=12_000, minutes=1),
             finished(True, ruleset="coup-detat", score=12_000, minutes=2),
             finished(True, ruleset="coup-detat-duel")]
    best = stats_summary.best_results(games)
    assert [(game.ruleset, game.score, game.when) for game in best] == [
        ("coup-detat", 12_000, WHEN + timedelta(minutes=1)), ("coup-detat-duel", None, WHEN),
        ("coup", 1, WHEN)]
    assert stats_summary.best_words(best[2]) == \
        "Coup: not won yet; best 2nd of 2, Score 1"


def test_a_game_in_a_line_says_its_place_result_and_opponents() -> None:
    game = finished(False, ruleset="coup-detat", levels=("hard", "hard"), score=4)
    assert stats_summary.game_line(game) == (
        "2026-11-27 18:30  Coup d'État  Lost, 2nd of 3  Score 4  against hard")
    assert stats_summary.ordinal(11) == "11th" and stats_summary.ordinal(23) == "23rd"


def test_the_place_is_after_every_higher_standing_and_equals_share_it() -> None:
    places = stats.ranked([(5,), (9,), (9,), (1,)])
    assert places == [3, 1, 1, 4]
    assert stats.ranked([(1, 0), (0, 2, -5), (0, 2, -7), (0, 2, -5)]) == [1, 2, 4, 2]
    assert stats.best_place(places, [0]) == (3, False)
    assert stats.best_place(places, [3]) == (4, False)
    assert stats.best_place(places, [0, 3]) == (3, False), "the persons' best"
    assert stats.best_place(places, [2]) == (1, True), "a shared place"
    assert stats.best_place(places, []) == (None, False)


# A reset asks first (the screen) and loses nothing.


def test_a_reset_keeps_both_files_aside_and_starts_again(path: Path) -> None:
    stats.record_game(A_WIN, path, table=TABLE, now=WHEN)
    before = path.read_text(encoding="utf-8"), history.path_beside(path).read_text("utf-8")
    said = stats.reset(path)
    [kept_stats] = path.parent.glob("statistics.reset-*.json")
    [kept_history] = path.parent.glob("history.reset-*.json")
    assert (kept_stats.read_text("utf-8"), kept_history.read_text("utf-8")) == before
    assert kept_stats.name in said and kept_history.name in said
    assert stats.read(path).statistics == stats.Statistics()
    assert history_of(path).games == () and history_of(path).trouble is None


def test_a_reset_with_nothing_to_reset_says_so(path: Path) -> None:
    assert stats.reset(path) == "There were no statistics to reset."


def test_a_reset_that_cannot_keep_the_old_file_removes_nothing(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stats.record_game(A_WIN, path, table=TABLE, now=WHEN)

    def refuse(held: Path, why: str) -> Path:
        raise PermissionError(13, "denied")

    monkeypatch.setattr(stats.files, "keep_aside", refuse)
    said = stats.reset(path)
    assert said.startswith("Your statistics were not reset")
    assert stats.load(path).get("coup-detat").played == 1


# coup-detat stats


@pytest.mark.usefixtures("home")
def test_stats_prints_totals_streaks_rates_and_the_last_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    for n, record in enumerate((A_WIN, A_WIN, A_LOSS)):
        stats.record_game(record, table=TABLE, now=WHEN + timedelta(hours=n))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Games played: 3    won: 2" in out
    assert "Winning streak: 0 now, best 2" in out
    assert "Win rate by opponents' level: Hard 67% (2 of 3)" in out
    assert "Coup d'État: Won, 1st of 3, Final worth: 12,300 F (2026-11-27)" in out
    lines = out.splitlines()
    first = lines.index(next(line for line in lines if line.startswith("Last games")))
    assert "Lost, 3rd of 3" in lines[first + 1], "newest first"
    assert "keeps the last 1,000" in lines[first]


@pytest.mark.usefixtures("home")
def test_stats_json_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    stats.record_game(A_WIN, table=TABLE, now=WHEN)
    stats.record_game(A_LOSS, table=TABLE, now=WHEN + timedelta(hours=1))
    assert main(["stats", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["totals"]["coup-detat"]["played"] == 2
    assert printed["streaks"] == {"current": 0, "best": 1}
    assert [game["won"] for game in printed["history"]] == [False, True]
    assert printed["win_rate_by_game"] == [{"key": "coup-detat", "label": "Coup d'État",
                                            "played": 2, "won": 1}]
    assert printed["best_results"][0]["score"] == 12_300


def test_stats_of_damaged_files_says_so_in_a_line_and_shows_the_rest(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "statistics.json").write_text("{oops", encoding="utf-8")
    (home / "history.json").write_text(history_file([entry(), "junk"]), encoding="utf-8")
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    errors = captured.err.splitlines()
    assert len(errors) == 2 and all(line.startswith("coup-detat: ") for line in errors)
    assert "Traceback" not in captured.err
    assert len(json.loads(captured.out)["history"]) == 1
    assert (home / "statistics.json").read_text(encoding="utf-8") == "{oops", "only read"
