"""A person's place in the statistics, as each game's rules rank it (RULES_NOTES.md, "Places
in the statistics"): the bluffing games by the order the players went out of each round and,
in a match of rounds, by round wins; the 1966 game by final worth, at one table or across
two; the game for two by points. Equal standings share the place, said as such ("Lost,
shared 2nd of 4"). Each test plays whole games through the rules with seeded random players,
records them as the table does, and reads the history back; the places expected are worked
out from the game's log or its final state. Then the best results built on them, and a
history file whose places make no sense."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Sequence
from datetime import UTC, datetime, timedelta

import pytest

from game.engine.match import Match, seeded_chance
from game.engine.saves import Seat
from game.engine.tables import TablesMatch
from game.games import get_ruleset
from game.games.coup.rules import events as bluff
from game.services import history, stats, stats_summary, tables
from game.services.history import Finished
from game.system import paths

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own

WHEN = datetime(2026, 11, 27, 18, 30, tzinfo=UTC)
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
SEEDS = range(80)  # where a game with the tie a test needs is looked for


# Playing and recording whole games.


def played(ruleset_id: str, options: dict[str, object], seed: int) -> Match:
    """A game of `ruleset_id` played to its end by random players, seeded."""
    rules = get_ruleset(ruleset_id)
    match = Match(rules, rules.parse_options(options), chance=seeded_chance(rules, seed))
    rng = random.Random(seed)
    while not match.pending.over:
        match.submit(rng.choice(match.legal()))
    return match


def bluff_match(ruleset_id: str, seed: int, players: int = 4, rounds: int = 1) -> Match:
    return played(ruleset_id, {"players": players, "rounds": rounds}, seed)


def two_tables(players: int, seed: int) -> TablesMatch:
    rules = get_ruleset("coup-detat")
    match = TablesMatch.new(rules, {"players": players, "short_game": True},
                            tables.sizes_for("coup-detat", players), seed=seed)
    rng = random.Random(seed)
    while not match.over:
        table = rng.choice([game for game in match.matches if not game.pending.over])
        table.submit(rng.choice(table.legal()))
    return match


def first(make: Callable[[int], Match], wanted: Callable[[Match], bool]) -> Match:
    for seed in SEEDS:
        match = make(seed)
        if wanted(match):
            return match
    raise AssertionError("no seed gives such a game")


def recorded(record: stats.GameRecord, players: int, persons: Collection[int],
             minutes: int = 0) -> Finished:
    """The game's entry in the history, as the table records it for `persons`."""
    seats = tuple(Seat(f"P{seat}", "human" if seat in persons else "computer", "easy")
                  for seat in range(players))
    told = stats.record_game(record, table=stats.Table({"players": players}, seats),
                             now=WHEN + timedelta(minutes=minutes))
    assert told is None, told
    return history.read(history.path_beside(paths.stats_path())).games[-1]


def words_for(match: Match, persons: Collection[int]) -> str:
    """"Lost, 3rd of 4": the match as the history tells it, for `persons`."""
    entry = recorded(stats.game_record(match, persons), match.players, persons)
    return stats_summary.outcome_words(entry)


def words(place: int, shared: bool, players: int) -> str:
    said = f"{'Won' if place == 1 else 'Lost'}, {ORDINALS[place - 1]} of {players}"
    return said.replace(", ", ", shared ", 1) if shared else said


def ranked(standing: Sequence[object]) -> list[str]:
    """Each seat's words when the seats rank by `standing` (higher first), equals sharing."""
    return [words(1 + sum(other > mine for other in standing),  # type: ignore[operator]
                  standing.count(mine) > 1, len(standing)) for mine in standing]


# The bluffing games: the order the players went out, and a match of rounds.


def went_out(match: Match) -> list[list[int]]:
    """Each round's seats in the order they went out, its winner last (from the log)."""
    rounds, order = [], []
    for event in match.events:
        if isinstance(event, bluff.Exiled):
            order.append(event.seat)
        elif isinstance(event, bluff.RoundWon):
            rounds.append([*order, event.seat])
            order = []
    return rounds


def match_standing(match: Match) -> list[tuple[int, ...]]:
    """The rule of RULES_NOTES.md told plainly: the match's winners share the first place;
    the others follow by round wins, then by their places in the rounds added up (the
    lower the better); still equal, they share the place."""
    rounds, players = went_out(match), match.players
    winners = {seat for seat in range(players)
               if sum(order[-1] == seat for order in rounds)
               == max(sum(order[-1] == other for order in rounds) for other in range(players))}
    assert winners == set(match.state.winners)
    return [(1,) if seat in winners else
            (0, sum(order[-1] == seat for order in rounds),
             -sum(players - order.index(seat) for order in rounds))
            for seat in range(players)]


@pytest.mark.parametrize("ruleset_id", ["coup", "coup-inquisitor"])
def test_in_a_round_the_last_out_is_first_and_the_first_out_last(ruleset_id: str) -> None:
    match = bluff_match(ruleset_id, seed=1)
    [order] = went_out(match)
    assert len(order) == 4
    for place, seat in enumerate(reversed(order), start=1):
        assert words_for(match, [seat]) == words(place, False, 4)
    assert words_for(match, [order[0]]) == "Lost, 4th of 4", "the first out is last"
    assert words_for(match, order[:2]) == "Lost, 3rd of 4", "two persons: the better place"


def test_a_match_of_three_rounds_ranks_by_round_wins_then_by_the_places_in_the_rounds() -> None:
    def tie_broken(match: Match) -> bool:
        standing = match_standing(match)
        wins = [key[1] for key in standing if len(key) > 1]
        return len(set(wins)) < len(wins) and len(set(standing)) == len(standing)

    match = first(lambda seed: bluff_match("coup", seed, rounds=3), tie_broken)
    assert [words_for(match, [seat]) for seat in range(4)] == ranked(match_standing(match))
    assert not any("shared" in said for said in ranked(match_standing(match)))


def test_equal_round_wins_and_equal_places_in_the_rounds_share_the_place() -> None:
    def tied(match: Match) -> bool:
        standing = match_standing(match)
        return any(standing.count(key) > 1 for key in standing if len(key) > 1)

    match = first(lambda seed: bluff_match("coup", seed, rounds=3), tied)
    said = [words_for(match, [seat]) for seat in range(4)]
    assert said == ranked(match_standing(match))
    assert sum(", shared " in words and words.startswith("Lost") for words in said) >= 2


def test_a_match_shared_by_equal_round_wins_is_a_shared_first_place() -> None:
    match = first(lambda seed: bluff_match("coup-inquisitor", seed, rounds=3),
                  lambda match: len(match.state.winners) > 1)
    said = [words_for(match, [seat]) for seat in range(4)]
    assert said == ranked(match_standing(match))
    for seat in match.state.winners:
        assert said[seat] == "Won, shared 1st of 4"


# The 1966 game: final worth, at one table and across two.


def worths(match: Match) -> list[int]:
    return [match.state.worth(seat) for seat in range(match.players)]


def test_the_1966_game_ranks_by_final_worth_and_equal_worth_shares_the_place() -> None:
    def game(seed: int) -> Match:
        return played("coup-detat", {"players": 3, "short_game": True}, seed)

    def equal_below_the_winner(match: Match) -> bool:
        below = [worth for worth in worths(match) if worth < max(worths(match))]
        return len(set(below)) < len(below)

    for wanted in (equal_below_the_winner, lambda match: len(match.state.winners) > 1):
        match = first(game, wanted)
        said = [words_for(match, [seat]) for seat in range(3)]
        assert said == ranked(worths(match))
        assert any("shared" in words for words in said)


def test_two_tables_rank_everyone_by_final_worth_across_both() -> None:
    def everyones_worth(match: TablesMatch) -> list[int]:
        worth = [0] * match.players
        for seats, game in zip(match.split.tables, match.matches, strict=True):
            for local, seat in enumerate(seats):
                worth[seat] = game.state.worth(local)
        return worth

    def shared_place(match: TablesMatch) -> bool:
        worth = everyones_worth(match)
        return any(worth.count(value) > 1 for value in worth)

    for players in (6, 7):
        match = next(match for match in map(lambda seed: two_tables(players, seed), SEEDS)
                     if shared_place(match))
        said = [stats_summary.outcome_words(
            recorded(tables.record(match, [seat]), players, [seat])) for seat in range(players)]
        assert said == ranked(everyones_worth(match))
        assert any(", shared " in words for words in said)


# The game for two: points, a tie settled by the tiebreak hand.


def test_the_game_for_two_ranks_by_points_the_tiebreak_included() -> None:
    match = first(lambda seed: played("coup-detat-duel", {"players": 2}, seed),
                  lambda match: sum(match.state.points) == 13)  # twelve hands and the tiebreak
    points = list(match.state.points)
    assert sorted(points) == [6, 7]
    assert [words_for(match, [seat]) for seat in range(2)] == ranked(points)


# The best results, built on the places.


def test_the_best_result_is_the_best_place_not_the_most_rounds() -> None:
    def lost_with_two_wins(match: Match) -> bool:
        return any(wins == 2 for seat, wins in enumerate(match.state.round_wins)
                   if seat not in match.state.winners)

    five = first(lambda seed: bluff_match("coup", seed, rounds=5), lost_with_two_wins)
    loser = next(seat for seat, wins in enumerate(five.state.round_wins)
                 if wins == 2 and seat not in five.state.winners)
    one = bluff_match("coup", seed=1)
    recorded(stats.game_record(five, [loser]), 4, [loser])
    recorded(stats.game_record(one, one.state.winners), 4, one.state.winners, minutes=1)
    summary = stats_summary.read()
    [best] = summary.best_results()
    assert (best.won, best.result) == (True, "Rounds won: 1 of 1"), "a win, not 2 of 5 lost"
    assert "  Coup: Won, 1st of 4, Rounds won: 1 of 1 (2026-11-27)" in \
        stats_summary.text_lines(summary)


def test_a_game_never_won_shows_its_best_place_and_says_it_is_not_won_yet() -> None:
    match = bluff_match("coup-inquisitor", seed=2)
    [order] = went_out(match)
    recorded(stats.game_record(match, [order[0]]), 4, [order[0]])  # out first: 4th
    recorded(stats.game_record(match, [order[2]]), 4, [order[2]], minutes=1)  # 2nd
    recorded(stats.game_record(match, [order[1]]), 4, [order[1]], minutes=2)  # 3rd
    lines = stats_summary.text_lines(stats_summary.read())
    assert ("  Coup with the Inquisitor: not won yet; best 2nd of 4, Rounds won: 0 of 1 "
            "(2026-11-27)") in lines


def test_the_1966_games_best_is_a_win_before_a_loss_of_a_higher_worth() -> None:
    def game(seed: int) -> Match:
        return played("coup-detat", {"players": 3, "short_game": True}, seed)

    match = first(game, lambda match: len(match.state.winners) == 1
                  and sorted(worths(match))[0] < sorted(worths(match))[1])
    [winner] = match.state.winners
    runner_up = max((seat for seat in range(3) if seat != winner),
                    key=lambda seat: worths(match)[seat])

    def richer_loser(other: Match) -> int | None:
        return next((seat for seat in range(3) if seat not in other.state.winners
                     and worths(other)[seat] > worths(match)[winner]), None)

    rich = first(game, lambda other: richer_loser(other) is not None)
    rich_loser = richer_loser(rich)
    assert rich_loser is not None
    recorded(stats.game_record(rich, [rich_loser]), 3, [rich_loser])
    recorded(stats.game_record(match, [runner_up]), 3, [runner_up], minutes=1)
    recorded(stats.game_record(match, [winner]), 3, [winner], minutes=2)
    [best] = stats_summary.read().best_results()
    assert best.won and best.score == worths(match)[winner]


# A history file whose places make no sense: never a crash.


def an_entry(**changes: object) -> dict[str, object]:
    good: dict[str, object] = {
        "when": "2026-11-27T18:30:00+01:00", "ruleset": "coup",
        "options": {"players": 4, "rounds": 1},
        "players": [{"name": "You", "kind": "human"},
                    *({"name": f"C{n}", "kind": "computer", "level": "easy"} for n in range(3))],
        "persons": [0], "won": False, "place": 3, "shared": False, "ranking": 2, "score": 0,
        "result": "Rounds won: 0 of 1"}
    return good | changes


LEFT_OUT = {
    "a place of 0": an_entry(place=0), "a place below 0": an_entry(place=-3),
    "a place beyond the players": an_entry(place=5), "a huge place": an_entry(place=10**30),
    "a place that is words": an_entry(place="2"), "a place that is a float": an_entry(place=2.0),
    "a place that is yes": an_entry(place=True), "shared that is words": an_entry(shared="yes"),
    "shared that is a number": an_entry(shared=1), "a ranking of 0": an_entry(ranking=0),
    "a ranking that is words": an_entry(ranking="2"),
    "a huge ranking": an_entry(ranking=10**30),
}
NOT_SHOWN = {  # in range, but not the place of such a result: kept, shown without it
    "lost and first": an_entry(place=1), "won and last": an_entry(won=True, place=4),
    "old: written before the places were ranked": an_entry(ranking=1, place=2),
}


def test_places_that_make_no_sense_are_left_out_or_not_shown_never_a_crash() -> None:
    file = history.path_beside(paths.stats_path())
    file.parent.mkdir(parents=True, exist_ok=True)
    games = [an_entry(), *LEFT_OUT.values(), *NOT_SHOWN.values(), an_entry(place=2)]
    file.write_text(json.dumps({"format": history.FORMAT, "version": 1, "games": games}),
                    encoding="utf-8")
    summary = stats_summary.read()
    assert len(summary.games) == 2 + len(NOT_SHOWN)
    assert f"{len(LEFT_OUT)} games of your history" in " ".join(summary.notices)
    assert [stats_summary.outcome_words(game) for game in summary.games] == [
        "Lost, 3rd of 4", "Lost", "Won", "Lost", "Lost, 2nd of 4"]
    stats_summary.text_lines(summary)
    json.dumps(stats_summary.to_json(summary))
    assert file.read_text(encoding="utf-8").count('"place"') == len(games), "left as it was"
